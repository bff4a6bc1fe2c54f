import { z } from "zod";
import { videoAttachments } from "#drizzle/schema";
import { requiredId, requiredMediaKey, requiredText } from "../schema-helpers";
import { defineResource } from "../types";

export const videoAttachmentsResource = defineResource({
  slug: "video-attachments",
  label: "Video attachments",
  description: "Worksheets and files learners download beside a lesson.",
  singular: "attachment",
  table: videoAttachments,
  titleField: "title",
  createSchema: z.object({
    videoId: requiredId("Choose the lesson."),
    title: requiredText("Enter a title.", 160),
    fileKey: requiredMediaKey("attachments/", "Upload the file."),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "videoId", label: "Lesson", render: "relation", relation: "videos" },
    { field: "contentType", label: "Type", render: "badge" },
    { field: "sizeBytes", label: "Size (bytes)", render: "number", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title", "fileKey"],
  filters: [{ field: "videoId", label: "Lesson", type: "relation", resource: "videos" }],
  defaultSort: { field: "updatedAt", direction: "desc" },
  fields: [
    { name: "videoId", label: "Lesson", widget: { type: "relation-one", resource: "videos" }, required: true },
    {
      name: "title",
      label: "Title",
      widget: { type: "text" },
      required: true,
      help: "What learners see, e.g. “Worksheet (PDF)”.",
    },
    {
      name: "fileKey",
      label: "File",
      widget: {
        type: "upload",
        kind: "file",
        prefix: "attachments/",
        maxBytes: 25 * 1024 * 1024,
        metaFields: { contentType: "contentType", sizeBytes: "sizeBytes" },
      },
      required: true,
      help: "PDF, Word/Excel, image, audio or text, up to 25 MB.",
    },
  ],
});
