import { z } from "zod";
import { listeningActivityGroups } from "#drizzle/schema";
import { integerField, requiredText, textWithDefault } from "../schema-helpers";
import { slugFrom } from "../hooks";
import { defineResource } from "../types";

export const listeningActivitiesGroupsResource = defineResource({
  slug: "listening-activities-groups",
  label: "Listening groups",
  description: "Groups that organise listening activities.",
  singular: "listening group",
  table: listeningActivityGroups,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 120),
    description: textWithDefault(2000),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
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
    { label: "Activities in this group", to: `/admin/listening-activities?groupId=${String(row.id)}` },
  ],
});
