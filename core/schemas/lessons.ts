import { z } from "zod";
import { LESSON_COMMENT_BODY } from "../post-body";
import { postBodyField } from "./post-body-field";
import { hasArabic } from "../arabic";
import { CAPTION_LANGUAGES, type CaptionLanguage, PLAYBACK_RATES } from "../player";

// Shared by the lesson page (forms, fetchers) and the JSON API under /api/lessons.

export { CAPTION_LANGUAGES, PLAYBACK_RATES, type CaptionLanguage };

/** Longer than any lesson we would publish; anything past it is a forged or broken client. */
const MAX_MEDIA_SECONDS = 12 * 60 * 60;

export const progressSchema = z.object({
  positionSeconds: z
    .number({ error: "positionSeconds must be a number of seconds." })
    .finite()
    .min(0, "positionSeconds can't be negative.")
    .max(MAX_MEDIA_SECONDS, "positionSeconds is longer than any lesson."),
  durationSeconds: z
    .number({ error: "durationSeconds must be a number of seconds." })
    .finite()
    .positive("durationSeconds must be positive.")
    .max(MAX_MEDIA_SECONDS, "durationSeconds is longer than any lesson.")
    .optional(),
});
export type ProgressInput = z.infer<typeof progressSchema>;

export const WORD_MAX_LENGTH = 64;

export const arabicWordField = z
  .string({ error: "Choose an Arabic word." })
  .trim()
  .min(1, "Choose an Arabic word.")
  .max(WORD_MAX_LENGTH, `A word is at most ${WORD_MAX_LENGTH} characters.`)
  .refine(hasArabic, "That is not an Arabic word.");

export const wordLookupQuerySchema = z.object({ w: arabicWordField });

/** No list id on purpose: a learner can only ever save into their own default list. */
export const saveWordSchema = z.strictObject({
  arabic: arabicWordField,
  transliteration: z.string().trim().max(120, "Transliteration is at most 120 characters.").default(""),
  english: z.string().trim().max(300, "The meaning is at most 300 characters.").default(""),
  cueId: z.number().int().positive().nullish(),
  startMs: z
    .number()
    .int()
    .min(0)
    .max(MAX_MEDIA_SECONDS * 1000)
    .nullish(),
});
export type SaveWordInput = z.infer<typeof saveWordSchema>;

/** Saving a whole line of the lesson as a sentence card: the line (cue) by its id. */
export const saveLineSchema = z.strictObject({
  cueId: z
    .number({ error: "cueId: choose a line by its numeric id." })
    .int("cueId: choose a line by its numeric id.")
    .positive("cueId: choose a line by its numeric id.")
    .max(Number.MAX_SAFE_INTEGER, "cueId: choose a line by its numeric id."),
});

export const COMMENT_MAX_LENGTH = LESSON_COMMENT_BODY.maxLength;

export const commentBodyField = postBodyField(LESSON_COMMENT_BODY);

export const commentSchema = z.object({ body: commentBodyField });

/** The lesson page's comment forms (route action), one schema per intent. */
export const commentCreateFormSchema = z.object({ intent: z.literal("comment-create"), body: commentBodyField });
export const commentUpdateFormSchema = z.object({
  intent: z.literal("comment-update"),
  commentId: z.coerce.number().int().positive(),
  body: commentBodyField,
});
export const commentDeleteFormSchema = z.object({
  intent: z.literal("comment-delete"),
  commentId: z.coerce.number().int().positive(),
});

export const captionsQuerySchema = z.object({
  lang: z.enum(CAPTION_LANGUAGES, { error: "lang must be one of ar, en, tr." }),
  scheme: z.enum(["romanized", "arabizi"]).optional(),
});

/** `?t=` on a lesson URL: seconds (fractions allowed), or forms like "1m23s" / "83s". Null when absent or unusable. */
export function parseStartTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d{1,6}(\.\d{1,3})?$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(trimmed);
  if (!match || (!match[1] && !match[2] && !match[3])) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}
