import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";

/**
 * One entry of the Shami lexicon, shared by every lesson (docs/words.md "The data model"). The list-valued
 * fields are JSON text checked by core/schemas/lexicon.ts when read and written.
 */
export const lemmas = sqliteTable(
  "lemmas",
  {
    id: id(),
    /** Stable ASCII id built from the transliteration ("ballash", "3ind"); unique. */
    key: text("key").notNull(),
    /** Dictionary form, with tashkeel where it helps; verbs in the 3rd masc. sing. past. */
    arabic: text("arabic").notNull(),
    /** `normalizeArabic(arabic)`: what lookups and search compare. */
    arabicPlain: text("arabic_plain").notNull(),
    transliteration: text("transliteration").notNull(),
    arabizi: text("arabizi").notNull().default(""),
    /** JSON string[]: English meanings, most common first. */
    meanings: text("meanings").notNull().default("[]"),
    partOfSpeech: text("part_of_speech").notNull(),
    root: text("root").notNull().default(""),
    gender: text("gender"),
    plural: text("plural").notNull().default(""),
    /** JSON { past, present, imperative?, masdar? } for verbs, else null. */
    verbForms: text("verb_forms"),
    /** JSON string[]: other written stems of the lemma (present stems, plurals, construct forms…). */
    forms: text("forms").notNull().default("[]"),
    /** JSON { syrian?, lebanese?, palestinian?, jordanian? }: where usage differs. */
    regions: text("regions").notNull().default("{}"),
    notes: text("notes").notNull().default(""),
    /** The example line: a transcript cue where the lemma is heard (the lesson and moment come with it). */
    exampleCueId: integer("example_cue_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("lemmas_key_unique").on(t.key), index("lemmas_arabic_plain_idx").on(t.arabicPlain)],
);

/**
 * Every normalized written stem of every lemma (its dictionary form, `forms`, the verb's present and past),
 * kept in step with `lemmas` by the lexicon service: what the word analysis looks a stem up by.
 */
export const lemmaForms = sqliteTable(
  "lemma_forms",
  {
    lemmaId: integer("lemma_id")
      .notNull()
      .references(() => lemmas.id, { onDelete: "cascade" }),
    form: text("form").notNull(),
    isVerb: integer("is_verb", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("lemma_forms_unique").on(t.form, t.lemmaId), index("lemma_forms_lemma_idx").on(t.lemmaId)],
);
