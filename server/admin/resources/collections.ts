import { isNull } from "drizzle-orm";
import { z } from "zod";
import {
  playlists,
  playlistVideos,
  series,
  seriesVideos,
  studyTracks,
  studyTrackTeachers,
  studyTrackVideos,
} from "#drizzle/schema";
import { LEVELS } from "#core/levels";
import { booleanField, idList, integerField, mediaKeyField, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource, type AdminBeforeChangeHook } from "../types";
import { LEVEL_OPTIONS, LEVEL_TONES } from "./shared";

// Series, courses (study tracks) and curated collections: ordered lists of lessons. No cached public page
// shows them (the landing page, the library and the blog do not), so their changes purge nothing.

/** A collection made here is a curated one: it has no owner. */
const curated: AdminBeforeChangeHook = (_ctx, { operation, values }) =>
  operation === "create" ? { ...values, ownerId: null } : values;

const LESSONS_MAX = 500;

export const seriesResource = defineResource({
  slug: "series",
  label: "Series",
  description: "Ordered sets of lessons that tell one story.",
  singular: "series",
  table: series,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 160),
    titleAr: textWithDefault(160),
    description: textWithDefault(10_000),
    level: z.enum(LEVELS, { error: "Choose a level." }).default("beginner"),
    isPublished: booleanField(false),
    thumbnailKey: mediaKeyField("thumbnails/"),
    videoIds: idList(LESSONS_MAX),
  }),
  columns: [
    { field: "thumbnailKey", label: "Cover", render: "thumbnail" },
    { field: "title", label: "Title", sortable: true },
    { field: "titleAr", label: "Arabic title", lang: "ar" },
    { field: "level", label: "Level", render: "badge", badgeTones: LEVEL_TONES, sortable: true },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title", "titleAr", "slug", "description"],
  filters: [
    { field: "level", label: "Level", type: "select", options: LEVEL_OPTIONS },
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Draft" },
  ],
  defaultSort: { field: "updatedAt", direction: "desc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text" }, required: true },
    { name: "titleAr", label: "Arabic title", widget: { type: "text" }, lang: "ar" },
    { name: "description", label: "Description", widget: { type: "markdown", rows: 5 } },
    { name: "level", label: "Level", widget: { type: "select", options: LEVEL_OPTIONS }, required: true },
    { name: "isPublished", label: "Published", widget: { type: "boolean" } },
    { name: "thumbnailKey", label: "Cover image", widget: { type: "upload", kind: "image", prefix: "thumbnails/" } },
    {
      name: "videoIds",
      label: "Lessons, in order",
      widget: {
        type: "relation-many",
        resource: "videos",
        ordered: true,
        through: {
          table: seriesVideos,
          from: seriesVideos.seriesId,
          to: seriesVideos.lessonId,
          position: seriesVideos.position,
        },
      },
      section: "Lessons",
    },
  ],
  defaultValues: { level: "beginner", isPublished: false },
  hooks: { beforeChange: [slugFrom("title")] },
});

export const studyTrackResource = defineResource({
  slug: "study-track",
  label: "Courses",
  description: "Structured courses (study tracks) by level.",
  singular: "course",
  table: studyTracks,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 160),
    titleAr: textWithDefault(160),
    description: textWithDefault(10_000),
    level: z.enum(LEVELS, { error: "Choose a level." }).default("beginner"),
    isPublished: booleanField(false),
    position: integerField({ max: 10_000 }),
    thumbnailKey: mediaKeyField("thumbnails/"),
    videoIds: idList(LESSONS_MAX),
    teacherIds: idList(20),
  }),
  columns: [
    { field: "thumbnailKey", label: "Cover", render: "thumbnail" },
    { field: "title", label: "Title", sortable: true },
    { field: "level", label: "Level", render: "badge", badgeTones: LEVEL_TONES, sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title", "titleAr", "slug", "description"],
  filters: [
    { field: "level", label: "Level", type: "select", options: LEVEL_OPTIONS },
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Draft" },
  ],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text" }, required: true },
    { name: "titleAr", label: "Arabic title", widget: { type: "text" }, lang: "ar" },
    { name: "description", label: "Description", widget: { type: "markdown", rows: 5 } },
    { name: "level", label: "Level", widget: { type: "select", options: LEVEL_OPTIONS }, required: true },
    { name: "position", label: "Order on the courses page", widget: { type: "number", min: 0, step: 1 } },
    { name: "isPublished", label: "Published", widget: { type: "boolean" } },
    { name: "thumbnailKey", label: "Cover image", widget: { type: "upload", kind: "image", prefix: "thumbnails/" } },
    {
      name: "teacherIds",
      label: "Teachers",
      widget: {
        type: "relation-many",
        resource: "teacher",
        through: { table: studyTrackTeachers, from: studyTrackTeachers.studyTrackId, to: studyTrackTeachers.teacherId },
      },
      section: "Lessons and teachers",
    },
    {
      name: "videoIds",
      label: "Lessons, in order",
      widget: {
        type: "relation-many",
        resource: "videos",
        ordered: true,
        through: {
          table: studyTrackVideos,
          from: studyTrackVideos.studyTrackId,
          to: studyTrackVideos.videoId,
          position: studyTrackVideos.position,
        },
      },
      section: "Lessons and teachers",
    },
  ],
  defaultValues: { level: "beginner", isPublished: false, position: 0 },
  hooks: { beforeChange: [slugFrom("title")] },
});

/** Curated playlists every learner sees: the playlists without an owner. */
export const collectionResource = defineResource({
  slug: "collection",
  label: "Collections",
  description: "Curated playlists shown to every learner.",
  singular: "collection",
  table: playlists,
  titleField: "title",
  scope: () => isNull(playlists.ownerId),
  createSchema: z.object({
    title: requiredText("Enter a title.", 160),
    description: textWithDefault(5000),
    isPublished: booleanField(true),
    videoIds: idList(LESSONS_MAX),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "slug", label: "Slug" },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title", "slug", "description"],
  filters: [
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Hidden" },
  ],
  defaultSort: { field: "updatedAt", direction: "desc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text" }, required: true },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 4 } },
    { name: "isPublished", label: "Shown to learners", widget: { type: "boolean" } },
    {
      name: "videoIds",
      label: "Lessons, in order",
      widget: {
        type: "relation-many",
        resource: "videos",
        ordered: true,
        through: {
          table: playlistVideos,
          from: playlistVideos.playlistId,
          to: playlistVideos.lessonId,
          position: playlistVideos.position,
        },
      },
      section: "Lessons",
    },
  ],
  defaultValues: { isPublished: true },
  hooks: { beforeChange: [slugFrom("title"), curated] },
});
