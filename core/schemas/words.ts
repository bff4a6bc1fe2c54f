import { z } from "zod";
import { WORD_STATUSES } from "./lexicon";
import { wordLookupQuerySchema } from "./lessons";
import { queryIntegerField } from "./query";

/** The most word tokens a transcript line has (a line is a sentence or two). */
export const MAX_LINE_WORDS = 500;

/**
 * `GET /api/lessons/{id}/words`: the word (`w`), and, when the click names it, the line (`cue`) and the word's
 * place among the line's words (`i`, from 0), so the answer is that token's meaning in that sentence. Both or
 * neither.
 */
export const tokenLookupQuerySchema = wordLookupQuerySchema
  .extend({
    w: wordLookupQuerySchema.shape.w.describe("The word, in Arabic script."),
    cue: queryIntegerField("cue must be a line's numeric id.", { max: Number.MAX_SAFE_INTEGER })
      .optional()
      .describe("The line the word was clicked in (its id)."),
    i: queryIntegerField(`i must be a word's place in the line, from 0 to ${MAX_LINE_WORDS - 1}.`, {
      min: 0,
      max: MAX_LINE_WORDS - 1,
    })
      .optional()
      .describe("The word's place among the line's words, from 0."),
  })
  .refine((query) => (query.cue === undefined) === (query.i === undefined), {
    message: "Give both cue and i, or neither.",
    path: ["i"],
  });

/** `PUT /api/words/{lemmaId}/status`. */
export const wordStatusBodySchema = z.strictObject({
  status: z
    .enum(WORD_STATUSES, { message: `status must be one of ${WORD_STATUSES.join(", ")}.` })
    .describe('"new" forgets the word (no status); "known" counts it as known from now.'),
});
export type WordStatusBody = z.infer<typeof wordStatusBodySchema>;
