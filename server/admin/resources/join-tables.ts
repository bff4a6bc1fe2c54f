import { z } from "zod";
import { studyTrackTeachers, studyTrackVideos, videoCategories, videoTeachers } from "#drizzle/schema";
import { recountStatements } from "../../services/catalog/counters";
import { integerField, requiredId } from "../schema-helpers";
import { purgePublicPages } from "../hooks";
import { defineResource } from "../types";

// The join tables have their own admin pages (docs/product-rules.md#admin-pages): one row links two records.
// A lesson's categories and teachers show on public pages (the library's filters, lesson cards, the landing
// page's teachers); a course's lessons and teachers do not.

export const videosCategoriesResource = defineResource({
  slug: "videos-categories",
  label: "Video categories",
  description: "Which categories each lesson belongs to.",
  singular: "lesson category link",
  table: videoCategories,
  primaryKey: ["videoId", "categoryId"],
  titleField: "videoId",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    categoryId: requiredId("Choose the category."),
  }),
  columns: [
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos", sortable: true },
    { field: "categoryId", label: "Category", render: "relation", relation: "categories", sortable: true },
  ],
  filters: [
    { field: "videoId", label: "Lesson", type: "relation", resource: "videos" },
    { field: "categoryId", label: "Category", type: "relation", resource: "categories" },
  ],
  defaultSort: { field: "videoId", direction: "desc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    { name: "categoryId", label: "Category", widget: { type: "relation-one", resource: "categories" }, required: true },
  ],
  hooks: { afterChange: [purgePublicPages()], afterDelete: [purgePublicPages()] },
});

export const videosTeachersResource = defineResource({
  slug: "videos-teachers",
  label: "Video teachers",
  description: "Which teachers appear in each lesson.",
  singular: "lesson teacher link",
  table: videoTeachers,
  primaryKey: ["videoId", "teacherId"],
  titleField: "videoId",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    teacherId: requiredId("Choose the teacher."),
  }),
  columns: [
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos", sortable: true },
    { field: "teacherId", label: "Teacher", render: "relation", relation: "teacher", sortable: true },
  ],
  filters: [
    { field: "videoId", label: "Lesson", type: "relation", resource: "videos" },
    { field: "teacherId", label: "Teacher", type: "relation", resource: "teacher" },
  ],
  defaultSort: { field: "videoId", direction: "desc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    { name: "teacherId", label: "Teacher", widget: { type: "relation-one", resource: "teacher" }, required: true },
  ],
  // A lesson's teachers are counted per teacher: the counters follow in the same batch.
  writeBatch: recountStatements,
  hooks: { afterChange: [purgePublicPages()], afterDelete: [purgePublicPages()] },
});

export const studyTrackVideoResource = defineResource({
  slug: "study-track-video",
  label: "Course lessons",
  description: "The lessons of each course and their order.",
  singular: "course lesson",
  table: studyTrackVideos,
  primaryKey: ["studyTrackId", "videoId"],
  titleField: "videoId",
  createSchema: z.object({
    studyTrackId: requiredId("Choose the course."),
    videoId: requiredId("Choose the lesson."),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "studyTrackId", label: "Course", render: "relation", relation: "study-track", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos", sortable: true },
  ],
  filters: [
    { field: "studyTrackId", label: "Course", type: "relation", resource: "study-track" },
    { field: "videoId", label: "Lesson", type: "relation", resource: "videos" },
  ],
  defaultSort: { field: "studyTrackId", direction: "asc" },
  fields: [
    {
      name: "studyTrackId",
      label: "Course",
      widget: { type: "relation-one", resource: "study-track" },
      required: true,
    },
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    { name: "position", label: "Order", widget: { type: "number", min: 0, step: 1 }, help: "0 is the first lesson." },
  ],
});

export const studyTrackTeacherResource = defineResource({
  slug: "study-track-teacher",
  label: "Course teachers",
  description: "Teachers credited on each course.",
  singular: "course teacher",
  table: studyTrackTeachers,
  primaryKey: ["studyTrackId", "teacherId"],
  titleField: "teacherId",
  createSchema: z.object({
    studyTrackId: requiredId("Choose the course."),
    teacherId: requiredId("Choose the teacher."),
  }),
  columns: [
    { field: "studyTrackId", label: "Course", render: "relation", relation: "study-track", sortable: true },
    { field: "teacherId", label: "Teacher", render: "relation", relation: "teacher", sortable: true },
  ],
  filters: [
    { field: "studyTrackId", label: "Course", type: "relation", resource: "study-track" },
    { field: "teacherId", label: "Teacher", type: "relation", resource: "teacher" },
  ],
  defaultSort: { field: "studyTrackId", direction: "asc" },
  fields: [
    {
      name: "studyTrackId",
      label: "Course",
      widget: { type: "relation-one", resource: "study-track" },
      required: true,
    },
    { name: "teacherId", label: "Teacher", widget: { type: "relation-one", resource: "teacher" }, required: true },
  ],
});
