import { z } from "zod";
import { globalVocabularyDeckCategories } from "#drizzle/schema";
import { integerField, requiredText } from "../schema-helpers";
import { defineResource } from "../types";

export const globalVocabularyDeckCategoryResource = defineResource({
  slug: "global-vocabulary-deck-category",
  label: "Deck categories",
  description: "Categories that sort vocabulary decks.",
  singular: "deck category",
  table: globalVocabularyDeckCategories,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 120),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title"],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text", maxLength: 120 }, required: true },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0 },
      help: "Decks are grouped by category in this order.",
    },
  ],
});
