import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, LEVELS, timestamp, timestamps } from "./columns";
import { DURATION_SOURCES } from "../../core/duration-source";
import { lemmas } from "./lexicon";
import { users } from "./users";

export const countries = sqliteTable(
  "countries",
  {
    id: id(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    dialect: text("dialect").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("countries_code_unique").on(t.code)],
);

export const teachers = sqliteTable(
  "teachers",
  {
    id: id(),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    slug: text("slug").notNull(),
    bio: text("bio").notNull().default(""),
    countryId: integer("country_id").references(() => countries.id, { onDelete: "set null" }),
    avatarKey: text("avatar_key"),
    ...timestamps,
  },
  (t) => [index("teachers_country_idx").on(t.countryId)],
);

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug)],
);

export const videos = sqliteTable(
  "videos",
  {
    id: id(),
    title: text("title").notNull(),
    titleAr: text("title_ar").notNull().default(""),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    level: text("level", { enum: LEVELS }).notNull().default("beginner"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** Where the duration came from (core/duration-source.ts): read from the media, or typed by hand before that. */
    durationSource: text("duration_source", { enum: DURATION_SOURCES }).notNull().default("typed"),
    isFree: integer("is_free", { mode: "boolean" }).notNull().default(false),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: timestamp("published_at"),
    countryId: integer("country_id").references(() => countries.id, { onDelete: "set null" }),
    videoKey: text("video_key"),
    thumbnailKey: text("thumbnail_key"),
    viewsCount: integer("views_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("videos_published_idx").on(t.isPublished, t.publishedAt),
    index("videos_level_idx").on(t.level, t.publishedAt),
    // "For you": lessons at the member's level in their dialect region, newest first (server/services/recommendations.ts).
    index("videos_level_country_idx").on(t.level, t.countryId, t.publishedAt),
    index("videos_country_idx").on(t.countryId),
    index("videos_duration_idx").on(t.durationSeconds),
    index("videos_views_idx").on(t.viewsCount),
    // The library (server/services/catalog/library.ts): "popular" and "shortest" stop after one page instead of
    // sorting every lesson, and totals and per-level counts under any of these filters read one index.
    index("videos_published_views_idx").on(t.isPublished, t.viewsCount),
    index("videos_published_duration_idx").on(t.isPublished, t.durationSeconds),
    index("videos_library_filters_idx").on(t.isPublished, t.level, t.isFree, t.durationSeconds, t.countryId),
    // The landing's sample lesson (the earliest free one with a video) and its "starter" row (free first, by
    // level, newest first: one short walk per free/level pair) stop after a few rows instead of sorting every lesson.
    index("videos_free_published_idx")
      .on(t.isPublished, t.isFree, t.publishedAt)
      .where(sql`${t.videoKey} IS NOT NULL`),
    index("videos_starter_idx").on(t.isPublished, t.isFree, t.level, t.publishedAt),
  ],
);

/** What a catalogue counter counts (server/services/catalog/counters.ts). */
export const CATALOGUE_COUNTER_KINDS = [
  "lessons",
  "free",
  "level",
  "country",
  "countries",
  "teacher",
  "teachers",
] as const;
export type CatalogueCounterKind = (typeof CATALOGUE_COUNTER_KINDS)[number];

/**
 * Published-lesson figures the public pages show (per level, per country, per teacher, free lessons, and how
 * many teachers and countries have one), so a page reads a few rows instead of counting the catalogue.
 * Rewritten in the same D1 batch as every admin write that can change them, and checked by the cron
 * (server/services/catalog/counters.ts, ADR 047). `ref` is the level, or the country's or teacher's id as
 * text; "" for the totals. A figure that is 0 may have no row.
 */
export const catalogueCounters = sqliteTable(
  "catalogue_counters",
  {
    kind: text("kind", { enum: CATALOGUE_COUNTER_KINDS }).notNull(),
    ref: text("ref").notNull().default(""),
    value: integer("value").notNull().default(0),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.ref] }),
    // The landing's busiest teachers: the top of one kind by value.
    index("catalogue_counters_kind_value_idx").on(t.kind, t.value),
  ],
);

export const videoCategories = sqliteTable(
  "video_categories",
  {
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.categoryId] }), index("video_categories_category_idx").on(t.categoryId)],
);

export const videoTeachers = sqliteTable(
  "video_teachers",
  {
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.teacherId] }), index("video_teachers_teacher_idx").on(t.teacherId)],
);

export const videoAttachments = sqliteTable(
  "video_attachments",
  {
    id: id(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    fileKey: text("file_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("video_attachments_video_idx").on(t.videoId)],
);

/** One transcript cue: the three lines a learner reads, stored in one transliteration scheme. */
export const transcriptCues = sqliteTable(
  "transcript_cues",
  {
    id: id(),
    lessonId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
    arabic: text("arabic").notNull(),
    transliteration: text("transliteration").notNull().default(""),
    english: text("english").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("transcript_cues_video_idx").on(t.lessonId, t.startMs)],
);

export const videoVocabulary = sqliteTable(
  "video_vocabulary",
  {
    id: id(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    arabic: text("arabic").notNull(),
    transliteration: text("transliteration").notNull().default(""),
    english: text("english").notNull(),
    startMs: integer("start_ms"),
    lemmaId: integer("lemma_id").references(() => lemmas.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("video_vocabulary_video_idx").on(t.videoId), index("video_vocabulary_lemma_idx").on(t.lemmaId)],
);

export const videoSentenceOrders = sqliteTable(
  "video_sentence_orders",
  {
    id: id(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    cueId: integer("cue_id").references(() => transcriptCues.id, { onDelete: "set null" }),
    sentence: text("sentence").notNull(),
    translation: text("translation").notNull().default(""),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("video_sentence_orders_video_idx").on(t.videoId)],
);

export const videoSentenceGaps = sqliteTable(
  "video_sentence_gaps",
  {
    id: id(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    cueId: integer("cue_id").references(() => transcriptCues.id, { onDelete: "set null" }),
    sentence: text("sentence").notNull(),
    answer: text("answer").notNull(),
    acceptedVariants: text("accepted_variants", { mode: "json" }).$type<string[]>().notNull().default([]),
    options: text("options", { mode: "json" }).$type<string[]>().notNull().default([]),
    translation: text("translation").notNull().default(""),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("video_sentence_gaps_video_idx").on(t.videoId)],
);

export const videoComments = sqliteTable(
  "video_comments",
  {
    id: id(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    editedAt: timestamp("edited_at"),
    deletedAt: timestamp("deleted_at"),
    ...timestamps,
  },
  (t) => [index("video_comments_video_idx").on(t.videoId, t.createdAt), index("video_comments_user_idx").on(t.userId)],
);

export const videoAiSettings = sqliteTable("video_ai_settings", {
  lessonId: integer("video_id")
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  contextNotes: text("context_notes").notNull().default(""),
  ...timestamps,
});

export const videoAiMessages = sqliteTable(
  "video_ai_messages",
  {
    id: id(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("video_ai_messages_conversation_idx").on(t.videoId, t.userId, t.createdAt)],
);

export const series = sqliteTable(
  "series",
  {
    id: id(),
    title: text("title").notNull(),
    titleAr: text("title_ar").notNull().default(""),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    level: text("level", { enum: LEVELS }).notNull().default("beginner"),
    thumbnailKey: text("thumbnail_key"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index("series_published_idx").on(t.isPublished)],
);

export const seriesVideos = sqliteTable(
  "series_videos",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    lessonId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.lessonId] }), index("series_videos_video_idx").on(t.lessonId)],
);

/** Courses in the UI. */
export const studyTracks = sqliteTable(
  "study_tracks",
  {
    id: id(),
    title: text("title").notNull(),
    titleAr: text("title_ar").notNull().default(""),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    level: text("level", { enum: LEVELS }).notNull().default("beginner"),
    thumbnailKey: text("thumbnail_key"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("study_tracks_published_idx").on(t.isPublished, t.position)],
);

export const studyTrackVideos = sqliteTable(
  "study_track_videos",
  {
    studyTrackId: integer("study_track_id")
      .notNull()
      .references(() => studyTracks.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyTrackId, t.videoId] }), index("study_track_videos_video_idx").on(t.videoId)],
);

export const studyTrackTeachers = sqliteTable(
  "study_track_teachers",
  {
    studyTrackId: integer("study_track_id")
      .notNull()
      .references(() => studyTracks.id, { onDelete: "cascade" }),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.studyTrackId, t.teacherId] })],
);

/** Playlists: admin-curated ("collection" in the admin, ownerId null) or a learner's own. */
export const playlists = sqliteTable(
  "playlists",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index("playlists_owner_idx").on(t.ownerId)],
);

export const playlistVideos = sqliteTable(
  "playlist_videos",
  {
    playlistId: integer("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    lessonId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.lessonId] }), index("playlist_videos_video_idx").on(t.lessonId)],
);

export const videoProgress = sqliteTable(
  "video_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    watchedSeconds: integer("watched_seconds").notNull().default(0),
    completedAt: timestamp("completed_at"),
    /**
     * Where and when watched time was last settled (server/services/progress.ts): the next save is credited
     * against this point, which a save too soon to judge leaves in place. Null: the next save is the baseline.
     */
    creditedPositionSeconds: integer("credited_position_seconds").notNull().default(0),
    creditedAt: timestamp("credited_at"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index("video_progress_recent_idx").on(t.userId, t.updatedAt)],
);

/** Metadata of every object we put in R2, for admin listings and clean-up. */
export const mediaObjects = sqliteTable("media_objects", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamps.createdAt,
});

export const STREAM_STATES = ["packaged", "failed"] as const;

/**
 * A lesson video's adaptive-streaming package (docs/video.md, ADR 046): the renditions in R2 under
 * `hls/<videoId>/<version>/`, or why the last packaging run failed. No row: not packaged (the MP4 plays).
 */
export const videoStreams = sqliteTable("video_streams", {
  videoId: integer("video_id")
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  state: text("state", { enum: STREAM_STATES }).notNull(),
  /** The R2 folder of the packaged renditions; kept from the last success when a later run fails. */
  version: text("version"),
  /** JSON: core/hls.ts PackagedRendition[] of `version`. */
  renditions: text("renditions").notNull().default("[]"),
  error: text("error"),
  ...timestamps,
});
