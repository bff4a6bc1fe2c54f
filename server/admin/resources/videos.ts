import { z } from "zod";
import { videoCategories, videos, videoTeachers } from "#drizzle/schema";
import { LEVELS } from "#core/levels";
import { recountStatements } from "../../services/catalog/counters";
import { indexVideo, removeFromSearchIndex } from "../../services/search";
import { coverageByLesson } from "../../services/words/coverage";
import { checklistRefusal, NEW_LESSON_REFUSAL, publishChecklist } from "../../services/publish-checklist";
import { AppError } from "../../lib/errors";
import {
  booleanField,
  idList,
  mediaKeyField,
  nullableId,
  optionalDate,
  requiredText,
  textWithDefault,
} from "../schema-helpers";
import { purgePublicPages, slugFrom } from "../hooks";
import {
  defineResource,
  type AdminAfterChangeHook,
  type AdminAfterDeleteHook,
  type AdminAfterReadHook,
  type AdminBeforeChangeHook,
} from "../types";
import { LEVEL_OPTIONS, LEVEL_TONES } from "./shared";

/** The first time a lesson is published without a date, it is stamped now. */
const stampPublishedAt: AdminBeforeChangeHook = (ctx, { values, existing }) => {
  const publishing = values.isPublished === true && !existing?.publishedAt && !values.publishedAt;
  return publishing ? { ...values, publishedAt: ctx.app.now() } : values;
};

/**
 * Publishing a lesson that fails its checklist (server/services/publish-checklist.ts: a video, a transcript
 * line, a duration read from the media, every word glossed) needs `confirmPublish`: the refusal says what is
 * missing, on the form's field and in the API's `errors`. Creating a lesson already published needs it too.
 */
export const CONFIRM_PUBLISH_FIELD = "confirmPublish";
const checklistBeforePublishing: AdminBeforeChangeHook = async (ctx, { operation, values, existing, input }) => {
  const publishing = values.isPublished === true && (operation === "create" || existing?.isPublished !== true);
  if (!publishing || input[CONFIRM_PUBLISH_FIELD] === true) return values;
  if (operation === "create") {
    throw new AppError(422, [NEW_LESSON_REFUSAL], { [CONFIRM_PUBLISH_FIELD]: [NEW_LESSON_REFUSAL] });
  }
  const checklist = await publishChecklist(ctx.app, { lessonId: Number(existing!.id) });
  if (checklist.complete) return values;
  const message = checklistRefusal(checklist);
  throw new AppError(422, [message], { [CONFIRM_PUBLISH_FIELD]: [message] });
};

/** The list shows how much of each lesson is glossed. */
const showGlossing: AdminAfterReadHook = async (ctx, { rows, view }) => {
  if (view !== "list") return rows;
  const coverage = await coverageByLesson(ctx.app, { lessonIds: rows.map((row) => Number(row.id)) });
  return rows.map((row) => {
    const found = coverage.get(Number(row.id)) ?? { glossed: 0, total: 0 };
    return { ...row, glossing: { done: found.glossed, total: found.total } };
  });
};

/** The library's search index follows the title and description (the transcript: the lesson workspace). */
const reindex: AdminAfterChangeHook = (ctx, { row }) => indexVideo(ctx.app, { lessonId: Number(row.id) });
const removeFromIndex: AdminAfterDeleteHook = (ctx, { row }) =>
  removeFromSearchIndex(ctx.app, { lessonId: Number(row.id) });

/** The landing page, the library and its search show published lessons; a draft's changes purge nothing. */
const purgePublished = purgePublicPages({ shownWhen: (row) => row.isPublished === true });

export const videosResource = defineResource({
  slug: "videos",
  label: "Videos",
  description: "Lessons: titles, level, publishing, video and thumbnail files.",
  singular: "lesson",
  table: videos,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 160),
    titleAr: textWithDefault(160),
    description: textWithDefault(10_000),
    level: z.enum(LEVELS, { error: "Choose a level." }).default("beginner"),
    countryId: nullableId(),
    isFree: booleanField(false),
    isPublished: booleanField(false),
    publishedAt: optionalDate(),
    thumbnailKey: mediaKeyField("thumbnails/"),
    categoryIds: idList(50),
    teacherIds: idList(20),
    [CONFIRM_PUBLISH_FIELD]: booleanField(false),
  }),
  columns: [
    { field: "thumbnailKey", label: "Thumbnail", render: "thumbnail" },
    { field: "title", label: "Title", sortable: true },
    { field: "titleAr", label: "Arabic title", lang: "ar" },
    { field: "level", label: "Level", render: "badge", badgeTones: LEVEL_TONES, sortable: true },
    { field: "countryId", label: "Dialect", render: "relation", relation: "countries" },
    { field: "isFree", label: "Free", render: "boolean", sortable: true },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "glossing", label: "Words glossed", render: "meter" },
    { field: "publishedAt", label: "Published on", render: "date", sortable: true },
  ],
  searchFields: ["title", "titleAr", "slug", "description"],
  filters: [
    { field: "level", label: "Level", type: "select", options: LEVEL_OPTIONS },
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Draft" },
    { field: "isFree", label: "Access", type: "boolean", trueLabel: "Free", falseLabel: "Premium" },
    { field: "countryId", label: "Dialect", type: "relation", resource: "countries" },
  ],
  defaultSort: { field: "publishedAt", direction: "desc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text" }, required: true },
    { name: "titleAr", label: "Arabic title", widget: { type: "text" }, lang: "ar" },
    { name: "description", label: "Description", widget: { type: "markdown", rows: 6 } },
    { name: "level", label: "Level", widget: { type: "select", options: LEVEL_OPTIONS }, required: true },
    { name: "countryId", label: "Dialect (country)", widget: { type: "relation-one", resource: "countries" } },
    {
      name: "isFree",
      label: "Free lesson (no subscription needed)",
      widget: { type: "boolean" },
      section: "Publishing",
    },
    { name: "isPublished", label: "Published", widget: { type: "boolean" }, section: "Publishing" },
    {
      name: CONFIRM_PUBLISH_FIELD,
      label: "Publish even though the publishing checklist is not complete",
      widget: { type: "boolean" },
      section: "Publishing",
      help: "Needed only to publish a lesson without a video, a transcript line, a duration read from the video or every word glossed. The lesson workspace shows the checklist, with where to fix each item; the duration is read from the video there, never typed.",
    },
    {
      name: "publishedAt",
      label: "Publication date",
      widget: { type: "date" },
      section: "Publishing",
      help: "Set automatically the first time the lesson is published.",
    },
    {
      name: "thumbnailKey",
      label: "Thumbnail",
      widget: { type: "upload", kind: "image", prefix: "thumbnails/" },
      section: "Media",
      help: "PNG, JPEG or WebP, 16:9, up to 5 MB. The video file itself is uploaded in the lesson workspace.",
    },
    {
      name: "categoryIds",
      label: "Categories",
      widget: {
        type: "relation-many",
        resource: "categories",
        through: { table: videoCategories, from: videoCategories.videoId, to: videoCategories.categoryId },
      },
      section: "Relations",
    },
    {
      name: "teacherIds",
      label: "Teachers",
      widget: {
        type: "relation-many",
        resource: "teacher",
        through: { table: videoTeachers, from: videoTeachers.videoId, to: videoTeachers.teacherId },
      },
      section: "Relations",
    },
  ],
  defaultValues: { level: "beginner", isFree: false, isPublished: false },
  // Publishing, unpublishing, a level, country, free or teacher change and a delete move the catalogue's
  // counters: recounted in the write's own batch (ADR 047).
  writeBatch: recountStatements,
  hooks: {
    beforeChange: [slugFrom("title"), checklistBeforePublishing, stampPublishedAt],
    afterChange: [reindex, purgePublished],
    afterDelete: [removeFromIndex, purgePublished],
    afterRead: [showGlossing],
  },
  editLinks: (row) => [
    {
      label: "Lesson workspace: media, transcript, vocabulary, exercises",
      to: `/admin/videos/${String(row.id)}/lesson`,
    },
  ],
});
