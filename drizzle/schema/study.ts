import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, LEVELS, timestamp, timestamps } from "./columns";
import { transcriptCues, videos } from "./catalogue";
import { lemmas } from "./lexicon";
import { users } from "./users";

// Relative, not `#core/`: drizzle-kit loads the schema without the project's path aliases.
import { CARD_TYPES, NOTE_KINDS, type CardType } from "../../core/cards";

export { CARD_TYPES, NOTE_KINDS, type CardType, type NoteKind } from "../../core/cards";

export const vocabularyLists = sqliteTable(
  "vocabulary_lists",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index("vocabulary_lists_user_idx").on(t.userId)],
);

export const vocabularyListItems = sqliteTable(
  "vocabulary_list_items",
  {
    id: id(),
    listId: integer("list_id")
      .notNull()
      .references(() => vocabularyLists.id, { onDelete: "cascade" }),
    arabic: text("arabic").notNull(),
    transliteration: text("transliteration").notNull().default(""),
    english: text("english").notNull().default(""),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "set null" }),
    cueId: integer("cue_id").references(() => transcriptCues.id, { onDelete: "set null" }),
    startMs: integer("start_ms"),
    /** The end of the line (cue) the note was heard in: with `start_ms`, the range its audio plays. */
    endMs: integer("end_ms"),
    /** A saved word, or a whole transcript line saved as a sentence card (docs/cards.md). */
    kind: text("kind", { enum: NOTE_KINDS }).notNull().default("word"),
    /** Which cards the note makes, each with its own FSRS state (docs/cards.md). */
    cardTypes: text("card_types", { mode: "json" }).$type<CardType[]>().notNull().default(["recognition"]),
    /** A suspended note stays in its list but is left out of reviews until unsuspended. */
    suspendedAt: timestamp("suspended_at"),
    missCount: integer("miss_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("vocabulary_list_items_list_idx").on(t.listId),
    uniqueIndex("vocabulary_list_items_word_unique").on(t.listId, t.kind, t.arabic),
  ],
);

/** A member's daily review limits, counted per local day (core/local-day.ts). No row: the defaults. */
export const reviewSettings = sqliteTable("review_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newPerDay: integer("new_per_day").notNull(),
  reviewsPerDay: integer("reviews_per_day").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

export const flashcollections = sqliteTable("flashcollections", {
  id: id(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  level: text("level", { enum: LEVELS }).notNull().default("beginner"),
  isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

export const flashcards = sqliteTable(
  "flashcards",
  {
    id: id(),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => flashcollections.id, { onDelete: "cascade" }),
    arabic: text("arabic").notNull(),
    transliteration: text("transliteration").notNull().default(""),
    english: text("english").notNull(),
    audioKey: text("audio_key"),
    imageKey: text("image_key"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("flashcards_collection_idx").on(t.collectionId, t.position)],
);

/**
 * The card types a member chose for one curated collection (docs/cards.md): every card of it makes these, each
 * with its own state. No row: recognition only.
 */
export const flashcollectionCardTypes = sqliteTable(
  "flashcollection_card_types",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => flashcollections.id, { onDelete: "cascade" }),
    cardTypes: text("card_types", { mode: "json" }).$type<CardType[]>().notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.collectionId] })],
);

/** A curated card a member suspended: left out of their reviews (every card type) until unsuspended. */
export const flashcardSuspensions = sqliteTable(
  "flashcard_suspensions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    suspendedAt: timestamp("suspended_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.flashcardId] })],
);

/** FSRS card state per learner per card (ts-fsrs field names). */
export const flashcardStates = sqliteTable(
  "flashcard_states",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    cardType: text("card_type", { enum: CARD_TYPES }).notNull().default("recognition"),
    due: timestamp("due").notNull(),
    stability: real("stability").notNull(),
    difficulty: real("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: integer("state").notNull(),
    lastReview: timestamp("last_review"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.flashcardId, t.cardType] }),
    index("flashcard_states_due_idx").on(t.userId, t.due),
  ],
);

export const flashcardReviewLogs = sqliteTable(
  "flashcard_review_logs",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    flashcardId: integer("flashcard_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    cardType: text("card_type", { enum: CARD_TYPES }).notNull().default("recognition"),
    rating: integer("rating").notNull(),
    reviewedAt: timestamp("reviewed_at").notNull(),
    requestId: text("request_id").notNull(),
    /** The card's state before this review (null when it was new): what an undo restores. */
    previousState: text("previous_state", { mode: "json" }).$type<ReviewStateSnapshot>(),
    /** The device an offline review was made on (docs/offline.md "Sync"); null for a review made online. */
    device: text("device"),
  },
  (t) => [
    uniqueIndex("flashcard_review_logs_request_unique").on(t.userId, t.requestId),
    index("flashcard_review_logs_user_idx").on(t.userId, t.reviewedAt),
  ],
);

/** FSRS fields of a state row as stored in a review log (dates as epoch milliseconds). */
export interface ReviewStateSnapshot {
  due: number;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: number | null;
}

/** FSRS state of a learner's saved word (a vocabulary list item), reviewed like a flashcard. */
export const vocabularyReviewStates = sqliteTable(
  "vocabulary_review_states",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => vocabularyListItems.id, { onDelete: "cascade" }),
    cardType: text("card_type", { enum: CARD_TYPES }).notNull().default("recognition"),
    due: timestamp("due").notNull(),
    stability: real("stability").notNull(),
    difficulty: real("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: integer("state").notNull(),
    lastReview: timestamp("last_review"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId, t.cardType] }),
    index("vocabulary_review_states_due_idx").on(t.userId, t.due),
  ],
);

export const vocabularyReviewLogs = sqliteTable(
  "vocabulary_review_logs",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => vocabularyListItems.id, { onDelete: "cascade" }),
    cardType: text("card_type", { enum: CARD_TYPES }).notNull().default("recognition"),
    rating: integer("rating").notNull(),
    reviewedAt: timestamp("reviewed_at").notNull(),
    requestId: text("request_id").notNull(),
    previousState: text("previous_state", { mode: "json" }).$type<ReviewStateSnapshot>(),
    device: text("device"),
  },
  (t) => [
    uniqueIndex("vocabulary_review_logs_request_unique").on(t.userId, t.requestId),
    index("vocabulary_review_logs_user_idx").on(t.userId, t.reviewedAt),
  ],
);

export const globalVocabularyThemes = sqliteTable("global_vocabulary_themes", {
  id: id(),
  title: text("title").notNull(),
  titleAr: text("title_ar").notNull().default(""),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  imageKey: text("image_key"),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

export const globalVocabularyDeckCategories = sqliteTable("global_vocabulary_deck_categories", {
  id: id(),
  title: text("title").notNull(),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

export const globalVocabularyDecks = sqliteTable(
  "global_vocabulary_decks",
  {
    id: id(),
    themeId: integer("theme_id")
      .notNull()
      .references(() => globalVocabularyThemes.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => globalVocabularyDeckCategories.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    titleAr: text("title_ar").notNull().default(""),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    level: text("level", { enum: LEVELS }).notNull().default("beginner"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("global_vocabulary_decks_theme_idx").on(t.themeId, t.position)],
);

export const globalVocabularyWords = sqliteTable(
  "global_vocabulary_words",
  {
    id: id(),
    deckId: integer("deck_id")
      .notNull()
      .references(() => globalVocabularyDecks.id, { onDelete: "cascade" }),
    arabic: text("arabic").notNull(),
    transliteration: text("transliteration").notNull().default(""),
    english: text("english").notNull(),
    exampleArabic: text("example_arabic").notNull().default(""),
    exampleEnglish: text("example_english").notNull().default(""),
    audioKey: text("audio_key"),
    position: integer("position").notNull().default(0),
    lemmaId: integer("lemma_id").references(() => lemmas.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("global_vocabulary_words_deck_idx").on(t.deckId, t.position),
    index("global_vocabulary_words_lemma_idx").on(t.lemmaId),
    index("global_vocabulary_words_arabic_idx").on(t.arabic),
  ],
);

export const deckProgress = sqliteTable(
  "deck_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deckId: integer("deck_id")
      .notNull()
      .references(() => globalVocabularyDecks.id, { onDelete: "cascade" }),
    bestScore: integer("best_score").notNull().default(0),
    plays: integer("plays").notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.deckId] })],
);

export const exerciseAttempts = sqliteTable(
  "exercise_attempts",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["sentence-order", "sentence-gap", "vocabulary-quiz"] }).notNull(),
    exerciseId: integer("exercise_id").notNull(),
    answer: text("answer").notNull(),
    isCorrect: integer("is_correct", { mode: "boolean" }).notNull(),
    createdAt: timestamps.createdAt,
    /** An answer given offline: the outbox event's random id, so a retried sync stores it once (ADR 049). */
    requestId: text("request_id"),
  },
  (t) => [
    index("exercise_attempts_user_idx").on(t.userId, t.kind, t.exerciseId),
    uniqueIndex("exercise_attempts_request_unique").on(t.userId, t.requestId),
  ],
);

export const listeningActivityGroups = sqliteTable("listening_activity_groups", {
  id: id(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

export const listeningActivities = sqliteTable(
  "listening_activities",
  {
    id: id(),
    groupId: integer("group_id")
      .notNull()
      .references(() => listeningActivityGroups.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    level: text("level", { enum: LEVELS }).notNull().default("beginner"),
    mediaKey: text("media_key"),
    mediaType: text("media_type", { enum: ["audio", "video"] })
      .notNull()
      .default("audio"),
    transcript: text("transcript").notNull().default(""),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("listening_activities_group_idx").on(t.groupId, t.position)],
);

export const listeningQuestions = sqliteTable(
  "listening_questions",
  {
    id: id(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => listeningActivities.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["choice", "dictation"] }).notNull(),
    prompt: text("prompt").notNull(),
    options: text("options", { mode: "json" }).$type<string[]>().notNull().default([]),
    answer: text("answer").notNull(),
    acceptedVariants: text("accepted_variants", { mode: "json" }).$type<string[]>().notNull().default([]),
    acceptArabizi: integer("accept_arabizi", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("listening_questions_activity_idx").on(t.activityId, t.position)],
);

export const listeningAttempts = sqliteTable(
  "listening_attempts",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityId: integer("activity_id")
      .notNull()
      .references(() => listeningActivities.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    answers: text("answers", { mode: "json" }).$type<Record<string, string>>().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("listening_attempts_user_idx").on(t.userId, t.activityId)],
);

/**
 * What a member studied on each day of their own calendar (their time zone): seconds of lessons watched
 * and cards reviewed. The progress page's charts, streaks, daily goal and reminders read it.
 */
export const studyDays = sqliteTable(
  "study_days",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member's local date, YYYY-MM-DD. */
    day: text("day").notNull(),
    secondsWatched: integer("seconds_watched").notNull().default(0),
    cardsReviewed: integer("cards_reviewed").notNull().default(0),
    updatedAt: timestamp("updated_at").notNull(),
    /** Seconds of speaking practice recorded (shadowing, docs/speaking.md); not part of the daily goal. */
    secondsSpoken: integer("seconds_spoken").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
