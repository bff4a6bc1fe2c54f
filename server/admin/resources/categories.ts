import { z } from "zod";
import { categories } from "#drizzle/schema";
import { integerField, requiredText } from "../schema-helpers";
import { defineResource } from "../types";
import { purgePublicPages, slugFrom } from "../hooks";

export const categoriesResource = defineResource({
  slug: "categories",
  label: "Categories",
  description: "Topics used to filter the library.",
  singular: "category",
  table: categories,
  titleField: "name",
  createSchema: z.object({
    name: requiredText("Enter a name.", 80),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "name", label: "Name", sortable: true },
    { field: "slug", label: "Slug" },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["name", "slug"],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "name", label: "Name", widget: { type: "text" }, required: true },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0, step: 1 },
      help: "Smaller numbers come first in the library filters.",
    },
  ],
  // The library's filters list every category.
  hooks: { beforeChange: [slugFrom("name")], afterChange: [purgePublicPages()], afterDelete: [purgePublicPages()] },
});
