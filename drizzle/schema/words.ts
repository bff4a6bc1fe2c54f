import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp, timestamps } from "./columns";
import { transcriptCues, videos } from "./catalogue";
import { lemmas } from "./lexicon";
import { users } from "./users";

/**
 * One word of one transcript line, tokenised when the line is saved (docs/words.md): its lemma and its
 * meaning in this sentence, and how the written word splits into proclitics + stem + enclitics.
 */
export const cueTokens = sqliteTable(
  "cue_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cueId: integer("cue_id")
      .notNull()
      .references(() => transcriptCues.id, { onDelete: "cascade" }),
    lessonId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    /** 0-based index among the line's word tokens (`splitArabicWords`, words only). */
    position: integer("position").notNull(),
    /** The token exactly as written in the line. */
    surface: text("surface").notNull(),
    lemmaId: integer("lemma_id").references(() => lemmas.id, { onDelete: "set null" }),
    /** The meaning in this sentence; "" until someone glosses it. */
    gloss: text("gloss").notNull().default(""),
    /** JSON string[]: proclitics as written, outermost first. */
    prefixes: text("prefixes").notNull().default("[]"),
    stem: text("stem").notNull().default(""),
    /** JSON string[]: enclitics as written. */
    suffixes: text("suffixes").notNull().default("[]"),
    /** Who set the lemma and gloss: "seed", "team" (by hand), "analysis" (the word analysis's guess), "ai". */
    source: text("source").notNull().default("analysis"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cue_tokens_cue_position_unique").on(t.cueId, t.position),
    index("cue_tokens_video_idx").on(t.lessonId),
    index("cue_tokens_lemma_idx").on(t.lemmaId, t.lessonId),
  ],
);

/** The distinct lemmas of a lesson (names left out), rebuilt with its tokens: what "% known" counts. */
export const lessonLemmas = sqliteTable(
  "lesson_lemmas",
  {
    lessonId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    lemmaId: integer("lemma_id")
      .notNull()
      .references(() => lemmas.id, { onDelete: "cascade" }),
    occurrences: integer("occurrences").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.lemmaId] }), index("lesson_lemmas_lemma_idx").on(t.lemmaId)],
);

/**
 * A lesson's `lesson_lemmas` ids as one JSON array (order undefined), so a card's "% known" reads one row, not
 * one per word. Kept by SQLite triggers on `lesson_lemmas` (migrations/0022_lemma_sets.sql): every write of that
 * table, the rebuild after a transcript save, a lemma's delete cascading, a test fixture, moves it at once.
 */
export const lessonLemmaSets = sqliteTable("lesson_lemma_sets", {
  lessonId: integer("video_id")
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  lemmaIds: text("lemma_ids").notNull().default("[]"),
});

/** What a member knows of a lemma; no row means "new". */
export const memberLemmas = sqliteTable(
  "member_lemmas",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lemmaId: integer("lemma_id")
      .notNull()
      .references(() => lemmas.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["learning", "known", "ignored"] }).notNull(),
    /** When it became known (for /progress's known words over time); null unless known. */
    knownAt: timestamp("known_at"),
    /** A "mark the rest as known" batch, so it can be undone; null for a word set one by one. */
    batchId: text("batch_id"),
    /** Its status before that batch, restored by the undo ("new" when there was no row). */
    previousStatus: text("previous_status"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lemmaId] }),
    index("member_lemmas_user_status_idx").on(t.userId, t.status),
  ],
);

/**
 * A member's `member_lemmas` ids of one status as one JSON array (order undefined): their whole vocabulary in at
 * most three rows, however many words they know. Kept by SQLite triggers on `member_lemmas`
 * (migrations/0022_lemma_sets.sql), so every path that writes a status moves it in the same statement.
 */
export const memberLemmaSets = sqliteTable(
  "member_lemma_sets",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["learning", "known", "ignored"] }).notNull(),
    lemmaIds: text("lemma_ids").notNull().default("[]"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);
