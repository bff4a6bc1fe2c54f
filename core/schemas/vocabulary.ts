import { z } from "zod";
import { arabicWordField } from "./lessons";
import { searchTextField } from "./search";

// Shared by the vocabulary forms (Conform) and the JSON API, so both give the same messages.
export const LIST_TITLE_MAX = 80;
export const LISTS_PER_LEARNER_MAX = 100;
export const LIST_ITEMS_MAX = 2000;

export const listTitleField = z
  .string({ error: "Give your list a name." })
  .trim()
  .min(1, "Give your list a name.")
  .max(LIST_TITLE_MAX, `Keep the name to ${LIST_TITLE_MAX} characters or fewer.`);

export const listTitleSchema = z.object({ title: listTitleField });

/** `?q=` of a list's or a deck's words (Arabic, transliteration or meaning, contained anywhere). */
export const wordSearchSchema = z.object({ q: searchTextField() });

const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
/** An id from a form, where it arrives as text. */
const formIdField = (message: string) => z.coerce.number({ error: message }).pipe(idField(message));

/** A word typed by hand (or edited). Empty optional fields arrive as missing from a form. */
export const listItemSchema = z.object({
  arabic: z
    .string({ error: "Write the word in Arabic." })
    .trim()
    .min(1, "Write the word in Arabic.")
    .pipe(arabicWordField),
  transliteration: z
    .string()
    .trim()
    .max(120, "Transliteration is at most 120 characters.")
    .optional()
    .transform((value) => value ?? ""),
  english: z
    .string()
    .trim()
    .max(300, "The meaning is at most 300 characters.")
    .optional()
    .transform((value) => value ?? ""),
});
export type ListItemInput = z.infer<typeof listItemSchema>;

export const moveItemSchema = z.object({ toListId: idField("Choose a list to move the word to.") });
export const moveItemFormSchema = z.object({ toListId: formIdField("Choose a list to move the word to.") });

export const saveGlobalWordSchema = z.object({
  wordId: idField("Choose a word."),
  listId: idField("Choose one of your lists.").optional(),
});
export const saveGlobalWordFormSchema = z.object({
  wordId: formIdField("Choose a word."),
  listId: formIdField("Choose one of your lists.").optional(),
});

/** A finished quiz as the API receives it: the run's seed, the words asked and the keys chosen. */
export const quizResultSchema = z.strictObject({
  seed: z.number({ error: "Send the quiz's seed." }).int().min(1).max(4_294_967_295),
  words: z
    .array(z.string().regex(/^[ig][1-9]\d{0,11}$/, "Each word is a key like i12 or g3."), {
      error: "Send the words the quiz asked about.",
    })
    .min(1, "A quiz asks about at least one word.")
    .max(10, "A quiz asks about at most 10 words."),
  answers: z
    .array(z.string().regex(/^[ig][1-9]\d{0,11}$/, "Each answer is an option key like i12 or g3."), {
      error: "Send one answer per question.",
    })
    .max(10, "A quiz has at most 10 answers."),
});
export type QuizResultInput = z.infer<typeof quizResultSchema>;
