import { z } from "zod";
import { globalVocabularyThemes } from "#drizzle/schema";
import { integerField, mediaKeyField, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource } from "../types";

export const globalVocabularyThemeResource = defineResource({
  slug: "global-vocabulary-theme",
  label: "Vocabulary themes",
  description: "Top-level themes of the global vocabulary.",
  singular: "vocabulary theme",
  table: globalVocabularyThemes,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 120),
    titleAr: textWithDefault(120),
    description: textWithDefault(2000),
    imageKey: mediaKeyField("thumbnails/"),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "imageKey", label: "Image", render: "thumbnail" },
    { field: "title", label: "Title", sortable: true },
    { field: "titleAr", label: "Arabic title", lang: "ar" },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["title", "titleAr", "description"],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text", maxLength: 120 }, required: true },
    { name: "titleAr", label: "Arabic title", widget: { type: "text", maxLength: 120 }, lang: "ar" },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 3 } },
    {
      name: "imageKey",
      label: "Image",
      widget: { type: "upload", kind: "image", prefix: "thumbnails/", maxBytes: 2 * 1024 * 1024 },
    },
    { name: "position", label: "Order", widget: { type: "number", min: 0 }, help: "Lower numbers are listed first." },
  ],
  hooks: { beforeChange: [slugFrom("title")] },
  editLinks: (row) => [{ label: "Decks in this theme", to: `/admin/global-vocabulary-deck?themeId=${String(row.id)}` }],
});
