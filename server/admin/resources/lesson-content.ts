import { z } from "zod";
import { videoComments, videoSentenceGaps, videoSentenceOrders, videoVocabulary } from "#drizzle/schema";
import {
  integerField,
  nullableId,
  optionalDate,
  requiredId,
  requiredText,
  stringList,
  textWithDefault,
} from "../schema-helpers";
import { checkWordTime } from "../../services/lesson-content";
import { actorAs } from "../hooks";
import { defineResource, type AdminBeforeChangeHook } from "../types";

// What a lesson teaches (vocabulary, exercises) and what learners say under it (comments). These are the
// rules of these tables for every admin tool: the lesson workspace writes its words and exercises through
// these declarations too (server/services/admin-lesson.ts). No cached public page shows them.

/** A word is said inside the video: checked when its time or its lesson changes. */
const wordInsideVideo: AdminBeforeChangeHook = async (ctx, { values, existing }) => {
  if (!("startMs" in values) && !("videoId" in values)) return values;
  const lessonId = values.videoId ?? existing?.videoId;
  const startMs = "startMs" in values ? values.startMs : existing?.startMs;
  if (typeof lessonId === "number" && typeof startMs === "number") await checkWordTime(ctx.app, { lessonId, startMs });
  return values;
};

export const videoVocabularyResource = defineResource({
  slug: "video-vocabulary",
  label: "Lesson vocabulary",
  description: "Words taught in each lesson, with timing.",
  singular: "word",
  table: videoVocabulary,
  titleField: "arabic",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    arabic: requiredText("Enter the Arabic word.", 200),
    transliteration: textWithDefault(200),
    english: requiredText("Enter the English meaning.", 300),
    startMs: z
      .number({ error: "Enter milliseconds." })
      .int("Enter whole milliseconds.")
      .min(0)
      .max(86_400_000)
      .nullable()
      .optional(),
    lemmaId: nullableId(),
  }),
  columns: [
    { field: "arabic", label: "Arabic", lang: "ar", sortable: true },
    { field: "transliteration", label: "Transliteration" },
    { field: "english", label: "English", sortable: true },
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos" },
    { field: "lemmaId", label: "Lemma", render: "relation", relation: "lemmas" },
    { field: "startMs", label: "At (ms)", render: "number", sortable: true },
  ],
  searchFields: ["arabic", "transliteration", "english"],
  filters: [{ field: "videoId", label: "Lesson", type: "relation", resource: "videos" }],
  defaultSort: { field: "updatedAt", direction: "desc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    { name: "arabic", label: "Arabic", widget: { type: "text" }, required: true, lang: "ar" },
    { name: "transliteration", label: "Transliteration", widget: { type: "text" } },
    { name: "english", label: "English", widget: { type: "text" }, required: true },
    {
      name: "startMs",
      label: "Time in the video (ms)",
      widget: { type: "number", min: 0, step: 1 },
      help: "Where the word is said; empty if nowhere in particular.",
    },
    {
      name: "lemmaId",
      label: "Lemma",
      widget: { type: "relation-one", resource: "lemmas" },
      help: "The lexicon entry this word is a form of (search by Arabic, transliteration or meaning).",
    },
  ],
  hooks: { beforeChange: [wordInsideVideo] },
});

export const videoSentenceOrderResource = defineResource({
  slug: "video-sentence-order",
  label: "Sentence order",
  description: "Put-the-words-in-order exercises per lesson.",
  singular: "sentence-order exercise",
  table: videoSentenceOrders,
  titleField: "sentence",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    sentence: requiredText("Enter the sentence in the right order.", 500),
    translation: textWithDefault(500),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "sentence", label: "Sentence", lang: "ar" },
    { field: "translation", label: "Translation" },
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos" },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["sentence", "translation"],
  filters: [{ field: "videoId", label: "Lesson", type: "relation", resource: "videos" }],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    {
      name: "sentence",
      label: "Sentence (words in the right order)",
      widget: { type: "textarea", rows: 2 },
      required: true,
      lang: "ar",
      help: "Learners get the words shuffled.",
    },
    { name: "translation", label: "Translation", widget: { type: "text" } },
    { name: "position", label: "Order", widget: { type: "number", min: 0, step: 1 } },
  ],
});

export const videoSentenceGapResource = defineResource({
  slug: "video-sentence-gap",
  label: "Sentence gaps",
  description: "Fill-the-gap exercises and accepted answers.",
  singular: "gap exercise",
  table: videoSentenceGaps,
  titleField: "sentence",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    sentence: requiredText("Enter the sentence with ___ where the gap is.", 500).refine(
      (sentence) => sentence.includes("___"),
      "Mark the gap with ___ (three underscores).",
    ),
    answer: requiredText("Enter the answer.", 200),
    acceptedVariants: stringList(20),
    options: stringList(10),
    translation: textWithDefault(500),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "sentence", label: "Sentence", lang: "ar" },
    { field: "answer", label: "Answer", lang: "ar" },
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos" },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["sentence", "answer", "translation"],
  filters: [{ field: "videoId", label: "Lesson", type: "relation", resource: "videos" }],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    {
      name: "sentence",
      label: "Sentence",
      widget: { type: "textarea", rows: 2 },
      required: true,
      lang: "ar",
      help: "Write ___ where the missing word goes.",
    },
    { name: "answer", label: "Answer", widget: { type: "text" }, required: true, lang: "ar" },
    {
      name: "acceptedVariants",
      label: "Other accepted answers",
      widget: { type: "string-list" },
      lang: "ar",
      help: "One per line.",
    },
    {
      name: "options",
      label: "Choices offered",
      widget: { type: "string-list" },
      lang: "ar",
      help: "One per line; empty for free typing.",
    },
    { name: "translation", label: "Translation", widget: { type: "text" } },
    { name: "position", label: "Order", widget: { type: "number", min: 0, step: 1 } },
  ],
});

export const videosCommentsResource = defineResource({
  slug: "videos-comments",
  label: "Lesson comments",
  description: "Comments under lessons, for moderation.",
  singular: "comment",
  table: videoComments,
  titleField: "body",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    body: requiredText("Write the comment.", 2000),
    deletedAt: optionalDate(),
  }),
  columns: [
    { field: "body", label: "Comment" },
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos" },
    { field: "userId", label: "Author id", render: "number" },
    { field: "deletedAt", label: "Hidden on", render: "date", sortable: true },
    { field: "createdAt", label: "Posted", render: "date", sortable: true },
  ],
  searchFields: ["body"],
  filters: [{ field: "videoId", label: "Lesson", type: "relation", resource: "videos" }],
  defaultSort: { field: "createdAt", direction: "desc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    {
      name: "body",
      label: "Comment",
      widget: { type: "textarea", rows: 4 },
      required: true,
      help: "Comments written here are posted under your name.",
    },
    {
      name: "deletedAt",
      label: "Hidden since",
      widget: { type: "date" },
      help: "Set a date to hide the comment from learners; clear it to show it again.",
    },
  ],
  hooks: { beforeChange: [actorAs("userId")] },
});
