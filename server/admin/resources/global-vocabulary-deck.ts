import { z } from "zod";
import { globalVocabularyDecks } from "#drizzle/schema";
import { LEVELS } from "#core/levels";
import { integerField, nullableId, requiredId, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource } from "../types";
import { LEVEL_OPTIONS, LEVEL_TONES } from "./level-options";

export const globalVocabularyDeckResource = defineResource({
  slug: "global-vocabulary-deck",
  label: "Vocabulary decks",
  description: "Decks of words inside each theme.",
  singular: "vocabulary deck",
  table: globalVocabularyDecks,
  titleField: "title",
  createSchema: z.object({
    themeId: requiredId("Choose the theme."),
    categoryId: nullableId(),
    title: requiredText("Enter a title.", 120),
    titleAr: textWithDefault(120),
    description: textWithDefault(2000),
    level: z.enum(LEVELS, { error: "Choose a level." }).default("beginner"),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "titleAr", label: "Arabic title", lang: "ar" },
    { field: "themeId", label: "Theme", render: "relation", relation: "global-vocabulary-theme", sortable: true },
    { field: "categoryId", label: "Category", render: "relation", relation: "global-vocabulary-deck-category" },
    { field: "level", label: "Level", render: "badge", badgeTones: LEVEL_TONES, sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["title", "titleAr", "description"],
  filters: [
    { field: "themeId", label: "Theme", type: "relation", resource: "global-vocabulary-theme" },
    { field: "categoryId", label: "Category", type: "relation", resource: "global-vocabulary-deck-category" },
    { field: "level", label: "Level", type: "select", options: LEVEL_OPTIONS },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { level: "beginner", position: 0 },
  fields: [
    {
      name: "themeId",
      label: "Theme",
      widget: { type: "relation-one", resource: "global-vocabulary-theme" },
      required: true,
    },
    {
      name: "categoryId",
      label: "Category",
      widget: { type: "relation-one", resource: "global-vocabulary-deck-category" },
    },
    { name: "title", label: "Title", widget: { type: "text", maxLength: 120 }, required: true },
    { name: "titleAr", label: "Arabic title", widget: { type: "text", maxLength: 120 }, lang: "ar" },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 3 } },
    { name: "level", label: "Level", widget: { type: "select", options: LEVEL_OPTIONS } },
    { name: "position", label: "Order", widget: { type: "number", min: 0 } },
  ],
  hooks: { beforeChange: [slugFrom("title")] },
  editLinks: (row) => [
    { label: "Words in this deck", to: `/admin/global-vocabulary-single-vocabulary?deckId=${String(row.id)}` },
  ],
});
