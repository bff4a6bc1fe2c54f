import { z } from "zod";
import { communityGroups } from "#drizzle/schema";
import { integerField, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource } from "../types";

export const communityGroupsResource = defineResource({
  slug: "community-groups",
  label: "Community groups",
  description: "Discussion groups learners can join.",
  singular: "community group",
  table: communityGroups,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 120),
    description: textWithDefault(2000),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "description", label: "Description" },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["title", "description"],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text", maxLength: 120 }, required: true },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 3 } },
    { name: "position", label: "Order", widget: { type: "number", min: 0 }, help: "Lower numbers are listed first." },
  ],
  hooks: { beforeChange: [slugFrom("title")] },
  editLinks: (row) => [
    { label: "Threads in this group", to: `/admin/community-threads?groupId=${String(row.id)}` },
    { label: "Open in the community", to: `/community/${String(row.id)}/${String(row.slug)}` },
  ],
});
