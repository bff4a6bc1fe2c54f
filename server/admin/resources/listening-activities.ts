import { z } from "zod";
import { listeningActivities } from "#drizzle/schema";
import { LEVELS } from "#core/levels";
import { AppError } from "../../lib/errors";
import { booleanField, integerField, requiredId, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource, type AdminBeforeChangeHook, type AdminRow } from "../types";
import { isMediaKey } from "../../services/media";
import { LEVEL_OPTIONS, LEVEL_TONES } from "./level-options";

const MEDIA_TYPE_OPTIONS = [
  { value: "audio", label: "Audio" },
  { value: "video", label: "Video" },
] as const;

// The clip is audio (audio/) or a short video (videos/); one upload field takes either, so the key's
// prefix is checked against the chosen media type here.
const checkMediaPrefix: AdminBeforeChangeHook = (_ctx, { values, existing }): AdminRow => {
  const key = "mediaKey" in values ? values.mediaKey : existing?.mediaKey;
  const type = values.mediaType ?? existing?.mediaType ?? "audio";
  if (typeof key === "string" && key.length > 0) {
    const prefix = type === "video" ? "videos/" : "audio/";
    if (!key.startsWith(prefix) || !isMediaKey(key)) {
      const message = `Upload the ${type} clip again: it must be stored under ${prefix}.`;
      throw new AppError(422, [message], { mediaKey: [message] });
    }
  }
  return values;
};

export const listeningActivitiesResource = defineResource({
  slug: "listening-activities",
  label: "Listening activities",
  description: "Audio and video clips with their questions.",
  singular: "listening activity",
  table: listeningActivities,
  titleField: "title",
  createSchema: z.object({
    groupId: requiredId("Choose the group."),
    title: requiredText("Enter a title.", 160),
    description: textWithDefault(2000),
    level: z.enum(LEVELS, { error: "Choose a level." }).default("beginner"),
    mediaType: z.enum(["audio", "video"], { error: "Choose audio or video." }).default("audio"),
    mediaKey: z
      .string()
      .max(300)
      .refine((key) => (key.startsWith("audio/") || key.startsWith("videos/")) && isMediaKey(key), "Upload the clip.")
      .nullable()
      .optional(),
    transcript: textWithDefault(20_000),
    isPublished: booleanField(true),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "groupId", label: "Group", render: "relation", relation: "listening-activities-groups", sortable: true },
    { field: "level", label: "Level", render: "badge", badgeTones: LEVEL_TONES, sortable: true },
    { field: "mediaType", label: "Clip", render: "badge" },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["title", "description", "transcript"],
  filters: [
    { field: "groupId", label: "Group", type: "relation", resource: "listening-activities-groups" },
    { field: "level", label: "Level", type: "select", options: LEVEL_OPTIONS },
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Hidden" },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { level: "beginner", mediaType: "audio", isPublished: true, position: 0 },
  fields: [
    {
      name: "groupId",
      label: "Group",
      widget: { type: "relation-one", resource: "listening-activities-groups" },
      required: true,
    },
    { name: "title", label: "Title", widget: { type: "text", maxLength: 160 }, required: true },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 3 } },
    { name: "level", label: "Level", widget: { type: "select", options: LEVEL_OPTIONS } },
    { name: "mediaType", label: "Clip type", widget: { type: "select", options: MEDIA_TYPE_OPTIONS }, section: "Clip" },
    {
      name: "mediaKey",
      label: "Clip",
      widget: { type: "upload", kind: "audio", prefix: "audio/", maxBytes: 20 * 1024 * 1024 },
      section: "Clip",
      help: "An audio clip up to 20 MB. Learners hear it through a short-lived signed link.",
    },
    {
      name: "transcript",
      label: "Transcript",
      widget: { type: "textarea", rows: 6 },
      lang: "ar",
      section: "Clip",
      help: "Shown to learners after they submit their answers.",
    },
    { name: "isPublished", label: "Published", widget: { type: "boolean" } },
    { name: "position", label: "Order", widget: { type: "number", min: 0 } },
  ],
  hooks: { beforeChange: [slugFrom("title"), checkMediaPrefix] },
  editLinks: (row) => [
    { label: "Questions of this activity", to: `/admin/listening-questions?activityId=${String(row.id)}` },
  ],
});
