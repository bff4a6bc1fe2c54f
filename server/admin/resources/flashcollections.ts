import { z } from "zod";
import { flashcollections } from "#drizzle/schema";
import { LEVELS } from "#core/levels";
import { booleanField, integerField, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource } from "../types";
import { LEVEL_OPTIONS, LEVEL_TONES } from "./level-options";

export const flashcollectionsResource = defineResource({
  slug: "flashcollections",
  label: "Flashcard collections",
  description: "Decks of flashcards grouped by theme and level.",
  singular: "flashcard collection",
  table: flashcollections,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 120),
    description: textWithDefault(2000),
    level: z.enum(LEVELS, { error: "Choose a level." }).default("beginner"),
    isPublished: booleanField(true),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "level", label: "Level", render: "badge", badgeTones: LEVEL_TONES, sortable: true },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title", "description"],
  filters: [
    { field: "level", label: "Level", type: "select", options: LEVEL_OPTIONS },
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Hidden" },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { level: "beginner", isPublished: true, position: 0 },
  fields: [
    { name: "title", label: "Title", widget: { type: "text", maxLength: 120 }, required: true },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 3 } },
    { name: "level", label: "Level", widget: { type: "select", options: LEVEL_OPTIONS } },
    {
      name: "isPublished",
      label: "Published",
      widget: { type: "boolean" },
      help: "Hidden collections are not listed on /flashcards.",
    },
    { name: "position", label: "Order", widget: { type: "number", min: 0 }, help: "Lower numbers are listed first." },
  ],
  hooks: { beforeChange: [slugFrom("title")] },
  editLinks: (row) => [{ label: "Cards in this collection", to: `/admin/flashcards?collectionId=${String(row.id)}` }],
});
