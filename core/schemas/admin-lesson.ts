import { z } from "zod";
import { hasArabic } from "../arabic";
import { CUE_TEXT_MAX_LENGTH, MAX_CUES_PER_LESSON, parseCueTime, type DraftCue } from "../cue-edits";
import { searchTextField } from "./search";

// Shared by the admin lesson workspace, the subtitles generator, their JSON API and the lesson chat.

const MAX_MS = 12 * 60 * 60 * 1000;
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);

export const cueSchema = z.object({
  id: z.number().int().positive().optional(),
  startMs: z.number({ error: "Start must be a time like 01:02.500." }).int().min(0).max(MAX_MS),
  endMs: z.number({ error: "End must be a time like 01:04.000." }).int().min(0).max(MAX_MS),
  arabic: text(CUE_TEXT_MAX_LENGTH),
  transliteration: text(CUE_TEXT_MAX_LENGTH).default(""),
  english: text(CUE_TEXT_MAX_LENGTH).default(""),
});

export const cueListSchema = z
  .array(cueSchema, { error: "cues must be a list of lines." })
  .max(MAX_CUES_PER_LESSON, `A lesson has at most ${MAX_CUES_PER_LESSON} lines.`);

export const saveCuesSchema = z.strictObject({ cues: cueListSchema });

/**
 * The editor's form fields (`cues[3].start`, `cues[3].arabic`, …, `cues[3].delete`) as draft lines:
 * what the browser posts with or without JavaScript. Unparsable times become NaN so the validation
 * reports them at their line.
 */
export function cuesFromFormData(formData: FormData): DraftCue[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of formData.entries()) {
    const match = /^cues\[(\d{1,4})\]\.(\w+)$/.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2]!] = value;
    rows.set(index, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row)
    .filter((row) => row.delete !== "on")
    .filter(
      (row) => !(row.isNew === "1" && !row.arabic?.trim() && !row.english?.trim() && !row.transliteration?.trim()),
    )
    .map((row) => {
      const id = row.id && /^\d{1,12}$/.test(row.id) ? Number(row.id) : undefined;
      return {
        ...(id ? { id } : {}),
        startMs: parseCueTime(row.start ?? "") ?? Number.NaN,
        endMs: parseCueTime(row.end ?? "") ?? Number.NaN,
        arabic: row.arabic ?? "",
        transliteration: row.transliteration ?? "",
        english: row.english ?? "",
      };
    });
}

const optionalTime = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const ms = parseCueTime(value);
    if (ms === null) {
      context.addIssue({ code: "custom", message: "Write a time like 01:02.500." });
      return z.NEVER;
    }
    return ms;
  });

export const vocabularySchema = z.object({
  arabic: z
    .string({ error: "Write the Arabic word." })
    .trim()
    .min(1, "Write the Arabic word.")
    .max(120)
    .refine(hasArabic, "Write the word in Arabic script."),
  transliteration: z.string().trim().max(120).default(""),
  english: z.string({ error: "Write the meaning." }).trim().min(1, "Write the meaning.").max(200),
  startMs: optionalTime,
});

export const attachmentSchema = z.object({
  title: z.string({ error: "Give the attachment a title." }).trim().min(1, "Give the attachment a title.").max(120),
});

const cueIdField = z.coerce.number({ error: "Choose a line." }).int().positive("Choose a line.");

export const sentenceOrderSchema = z.object({
  cueId: cueIdField,
  sentence: z.string().trim().max(CUE_TEXT_MAX_LENGTH).default(""),
  translation: z.string().trim().max(CUE_TEXT_MAX_LENGTH).default(""),
});

export const sentenceGapSchema = z
  .object({
    cueId: cueIdField,
    sentence: z
      .string({ error: "Write the sentence with ___ where the gap is." })
      .trim()
      .max(CUE_TEXT_MAX_LENGTH)
      .refine((value) => value.includes("___"), "Mark the gap with ___ (three underscores)."),
    answer: z.string({ error: "Write the missing word." }).trim().min(1, "Write the missing word.").max(120),
    options: z
      .string()
      .trim()
      .max(600)
      .default("")
      .transform((value) =>
        value
          .split(/[,،\n]/)
          .map((option) => option.trim())
          .filter(Boolean)
          .slice(0, 8),
      ),
    translation: z.string().trim().max(CUE_TEXT_MAX_LENGTH).default(""),
  })
  .transform((value) => ({
    ...value,
    options: value.options.includes(value.answer) ? value.options : [value.answer, ...value.options],
  }));

import { CHAT_MESSAGE_MAX_LENGTH } from "../player";

export { CHAT_MESSAGE_MAX_LENGTH };
export const chatMessageSchema = z.strictObject({
  message: z
    .string({ error: "Write a question." })
    .trim()
    .min(1, "Write a question.")
    .max(CHAT_MESSAGE_MAX_LENGTH, `A question is at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`),
});

export const aiSettingsSchema = z.object({
  enabled: z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean()),
  contextNotes: z.string().trim().max(4000, "At most 4000 characters.").default(""),
});

/** The subtitles generator's lesson picker: `?q=` contained in a title (English or Arabic). */
export const lessonPickerSearchSchema = z.object({ q: searchTextField() });

/** The lesson assistant's admin page: `?q=` over lesson titles; `?learner=` a member id, or part of a name or email. */
export const assistantSearchSchema = z.object({ q: searchTextField(), learner: searchTextField() });
