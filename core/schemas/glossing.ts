import { z } from "zod";
import { PARTS_OF_SPEECH, REGIONS, type LemmaInput, type Region } from "./lexicon";

// The admin's side of the lexicon (docs/words.md "Glossing"): a lemma as the admin form and /api/admin/lemmas
// write it, a token's gloss from the cue editor, and the answer "Suggest glosses" expects from Workers AI.

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const KEY = /^[a-z0-9][a-z0-9-]*$/;

/** "" (an API client's empty field) reads as "not given", the way an empty form input does. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const arabic = (max: number, message = "Enter the Arabic.") =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters.`)
    .regex(ARABIC_LETTER, "Write it in Arabic letters.");
const optionalArabic = (max: number) => z.preprocess(blank, arabic(max).nullable().optional());
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default("");

/** The four verb forms as the form's separate inputs (stored together in `lemmas.verb_forms`). */
export const VERB_FORM_FIELDS = [
  { name: "verbPast", key: "past", label: "Past (he did)", example: "بلّش" },
  { name: "verbPresent", key: "present", label: "Present stem (without b-)", example: "يبلّش" },
  { name: "verbImperative", key: "imperative", label: "Imperative", example: "بلّش" },
  { name: "verbMasdar", key: "masdar", label: "Verbal noun", example: "تبليش" },
] as const;

/** The region notes as the form's separate inputs (stored together in `lemmas.regions`). */
export const REGION_FIELDS: ReadonlyArray<{ name: string; region: Region; label: string }> = REGIONS.map((region) => ({
  name: `region${region.charAt(0).toUpperCase()}${region.slice(1)}`,
  region,
  label: `${region.charAt(0).toUpperCase()}${region.slice(1)}`,
}));

export const lemmaKeyField = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(60, "At most 60 characters.")
    .regex(KEY, 'Lower-case letters, digits and hyphens ("ballash", "3ind").')
    .nullable()
    .optional(),
);

export const lemmaMeaningsField = z
  .array(z.string().trim().min(1, "A meaning cannot be empty.").max(200, "A meaning is at most 200 characters."), {
    error: "Give at least one meaning.",
  })
  .min(1, "Give at least one meaning.")
  .max(12, "At most 12 meanings.");

const verbShape = Object.fromEntries(VERB_FORM_FIELDS.map((field) => [field.name, optionalArabic(60)])) as Record<
  (typeof VERB_FORM_FIELDS)[number]["name"],
  ReturnType<typeof optionalArabic>
>;
const regionShape = Object.fromEntries(
  REGION_FIELDS.map((field) => [field.name, z.preprocess(blank, z.string().trim().max(300).nullable().optional())]),
);

/**
 * A lemma as the admin writes it (core/schemas/lexicon.ts's `lemmaInputSchema`, with the verb forms and region
 * notes as separate fields and the key optional: an empty key is built from the transliteration).
 */
export const lemmaFormSchema = z.object({
  key: lemmaKeyField,
  arabic: arabic(80),
  transliteration: z
    .string({ error: "Enter the transliteration." })
    .trim()
    .min(1, "Enter the transliteration.")
    .max(80, "At most 80 characters."),
  arabizi: text(80),
  meanings: lemmaMeaningsField,
  partOfSpeech: z.enum(PARTS_OF_SPEECH, { message: "Choose a part of speech." }),
  root: text(20),
  gender: z.preprocess(blank, z.enum(["m", "f"], { message: "Masculine or feminine." }).nullable().optional()),
  plural: text(80),
  forms: z.array(arabic(60)).max(60, "At most 60 forms.").default([]),
  ...verbShape,
  ...regionShape,
  notes: text(500),
});
export type LemmaFormInput = z.infer<typeof lemmaFormSchema>;

/**
 * The verb forms go together: any of them needs the past and the present (checked on the merged values, so a
 * partial update is judged with what is stored). Field errors, none when fine.
 */
export function verbFormErrors(values: Record<string, unknown>): Record<string, string[]> {
  const given = VERB_FORM_FIELDS.some((field) => typeof values[field.name] === "string" && values[field.name]);
  const errors: Record<string, string[]> = {};
  if (!given) return errors;
  if (!values.verbPast) errors.verbPast = ["Give the past form too."];
  if (!values.verbPresent) errors.verbPresent = ["Give the present stem too."];
  return errors;
}

/** The stored shape's verb forms and region notes from the form's separate fields. */
export function lemmaJsonParts(values: Record<string, unknown>): Pick<LemmaInput, "verbForms" | "regions"> {
  const verb: Record<string, string> = {};
  for (const field of VERB_FORM_FIELDS) {
    const value = values[field.name];
    if (typeof value === "string" && value.trim()) verb[field.key] = value.trim();
  }
  const regions: Partial<Record<Region, string>> = {};
  for (const field of REGION_FIELDS) {
    const value = values[field.name];
    if (typeof value === "string" && value.trim()) regions[field.region] = value.trim();
  }
  const verbForms = verb.past && verb.present ? (verb as unknown as NonNullable<LemmaInput["verbForms"]>) : null;
  return { verbForms, regions };
}

// ---------------------------------------------------------------------------------------------------
// A token's gloss, from the cue editor

export const glossTextField = z
  .string({ error: "Write the meaning in this sentence." })
  .trim()
  .min(1, "Write the meaning in this sentence.")
  .max(200, "At most 200 characters.");

/**
 * Glossing one token: an existing lemma (`lemmaId`) or a new one (`lemma`, the admin form's fields), and the
 * meaning in this sentence.
 */
export const glossTokenSchema = z
  .strictObject({
    lemmaId: z.number({ error: "Choose a lemma." }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    lemma: z.looseObject({}).optional(),
    gloss: glossTextField,
  })
  .superRefine((value, context) => {
    if ((value.lemmaId === undefined) === (value.lemma === undefined)) {
      context.addIssue({
        code: "custom",
        path: ["lemmaId"],
        message: "Choose an existing lemma or create a new one (one of the two).",
      });
    }
  });
export type GlossTokenInput = z.infer<typeof glossTokenSchema>;

/**
 * The field errors of one gloss choice (a stored lemma or a new one, and the meaning here), checked as the cue
 * editor's glossing form is: `glossTokenSchema`, and a new lemma by the lexicon's `lemmaFormSchema`. Keys are
 * the fields' paths ("gloss", "lemmaId", "lemma.transliteration") after `prefix` ("items.2."); none when fine.
 * The suggestion rows check each accepted row with it before sending, and the accept route checks each item.
 */
export function glossChoiceErrors(
  choice: { lemmaId?: number; lemma?: Record<string, unknown>; gloss: string },
  prefix = "",
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: PropertyKey[], message: string) =>
    (errors[`${prefix}${path.map(String).join(".")}`] ??= []).push(message);
  const parsed = glossTokenSchema.safeParse(choice);
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path, issue.message);
  if (choice.lemma && choice.lemmaId === undefined) {
    const lemma = lemmaFormSchema.safeParse(choice.lemma);
    if (!lemma.success) for (const issue of lemma.error.issues) add(["lemma", ...issue.path], issue.message);
  }
  return errors;
}

/** Accepting suggestions: each token with the lemma and meaning the admin kept (or edited). */
export const acceptGlossesSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        tokenId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        lemmaId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
        lemma: z.looseObject({}).optional(),
        gloss: glossTextField,
        /** The admin changed the suggestion: written as the team's, not the AI's. */
        edited: z.boolean().default(false),
      }),
    )
    .min(1, "Accept at least one suggestion.")
    .max(500, "At most 500 at a time."),
});
export type AcceptGlossesInput = z.infer<typeof acceptGlossesSchema>;

/** Publishing: below 100 % coverage the request must say it means it. */
export const publishLessonSchema = z.strictObject({ confirm: z.boolean().default(false) });

// ---------------------------------------------------------------------------------------------------
// What Workers AI must answer for "Suggest glosses"

/** One token's suggestion as the model writes it (the prompt gives this shape). */
export const aiTokenSuggestionSchema = z.object({
  line: z.number().int().min(0),
  position: z.number().int().min(0),
  lemma_arabic: z.string().trim().min(1).max(80).regex(ARABIC_LETTER),
  lemma_transliteration: z.string().trim().min(1).max(80),
  part_of_speech: z.enum(PARTS_OF_SPEECH),
  meaning: z.string().trim().min(1).max(200),
});
export const aiGlossAnswerSchema = z.object({ tokens: z.array(aiTokenSuggestionSchema).max(2000) });
export type AiGlossAnswer = z.infer<typeof aiGlossAnswerSchema>;
