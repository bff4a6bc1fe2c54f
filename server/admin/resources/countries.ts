import { z } from "zod";
import { countries } from "#drizzle/schema";
import { recountStatements } from "../../services/catalog/counters";
import { purgePublicPages } from "../hooks";
import { defineResource } from "../types";

export const countriesResource = defineResource({
  slug: "countries",
  label: "Countries",
  description: "Countries and the dialect spoken there.",
  singular: "country",
  table: countries,
  titleField: "name",
  createSchema: z.object({
    name: z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(80),
    code: z
      .string({ error: "Enter the two-letter code." })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Use the two-letter ISO code, e.g. LB."),
    dialect: z.string({ error: "Enter the dialect." }).trim().min(1, "Enter the dialect.").max(80),
  }),
  columns: [
    { field: "name", label: "Name", sortable: true },
    { field: "code", label: "Code", render: "badge", sortable: true },
    { field: "dialect", label: "Dialect", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["name", "code", "dialect"],
  defaultSort: { field: "name", direction: "asc" },
  fields: [
    { name: "name", label: "Name", widget: { type: "text" }, required: true },
    {
      name: "code",
      label: "ISO code",
      widget: { type: "text", maxLength: 2 },
      required: true,
      help: "Two letters, e.g. LB, SY, JO, PS.",
    },
    { name: "dialect", label: "Dialect", widget: { type: "text" }, required: true, help: "e.g. Lebanese, Syrian." },
  ],
  // Lesson cards, the landing page's teachers and the library's filters show them.
  // A deleted country leaves its lessons without one: the counters follow in the same batch.
  writeBatch: (ctx, operation) => (operation === "delete" ? recountStatements(ctx) : []),
  hooks: { afterChange: [purgePublicPages()], afterDelete: [purgePublicPages()] },
});
