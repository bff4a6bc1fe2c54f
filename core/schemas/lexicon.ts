import { z } from "zod";

export const PARTS_OF_SPEECH = [
  "noun",
  "verb",
  "adjective",
  "adverb",
  "preposition",
  "pronoun",
  "particle",
  "conjunction",
  "interjection",
  "numeral",
  "name",
  "phrase",
] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export const REGIONS = ["syrian", "lebanese", "palestinian", "jordanian"] as const;
export type Region = (typeof REGIONS)[number];

const arabicText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Enter the Arabic.")
    .max(max, `At most ${max} characters.`)
    .regex(/\p{Script=Arabic}/u, "Write it in Arabic letters.");

export const meaningsSchema = z
  .array(z.string().trim().min(1).max(200, "A meaning is at most 200 characters."))
  .min(1, "Give at least one meaning.")
  .max(12, "At most 12 meanings.");
export const formsSchema = z.array(arabicText(60)).max(60, "At most 60 forms.");
export const verbFormsSchema = z
  .object({
    past: arabicText(60),
    present: arabicText(60),
    imperative: arabicText(60).optional(),
    masdar: arabicText(60).optional(),
  })
  .strict();
export type VerbForms = z.infer<typeof verbFormsSchema>;
export const regionNotesSchema = z.partialRecord(z.enum(REGIONS), z.string().trim().min(1).max(300)).default({});
export type RegionNotes = z.infer<typeof regionNotesSchema>;

/** A lemma as the admin and the seed write it (docs/words.md "The data model"). */
export const lemmaInputSchema = z
  .object({
    key: z
      .string()
      .trim()
      .min(1, "Give the entry a key.")
      .max(60, "At most 60 characters.")
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and hyphens ("ballash", "3ind").'),
    arabic: arabicText(80),
    transliteration: z.string().trim().min(1, "Enter the transliteration.").max(80),
    arabizi: z.string().trim().max(80).default(""),
    meanings: meaningsSchema,
    partOfSpeech: z.enum(PARTS_OF_SPEECH, { message: "Choose a part of speech." }),
    root: z.string().trim().max(20).default(""),
    gender: z.enum(["m", "f"]).nullable().default(null),
    plural: z.string().trim().max(80).default(""),
    verbForms: verbFormsSchema.nullable().default(null),
    forms: formsSchema.default([]),
    regions: regionNotesSchema,
    notes: z.string().trim().max(500).default(""),
  })
  .strict();
export type LemmaInput = z.infer<typeof lemmaInputSchema>;

/** The word statuses a member can give a lemma; "new" is the absence of one. */
export const WORD_STATUSES = ["new", "learning", "known", "ignored"] as const;
export type WordStatus = (typeof WORD_STATUSES)[number];
export const wordStatusSchema = z.enum(WORD_STATUSES);

/** The JSON list columns, read back (a row written by hand that breaks them reads as empty). */
export function readJsonList(text: string): string[] {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
