import { z } from "zod";
import { teachers } from "#drizzle/schema";
import { recountStatements } from "../../services/catalog/counters";
import { mediaKeyField, nullableId, optionalText } from "../schema-helpers";
import { purgePublicPages, slugFrom } from "../hooks";
import { defineResource } from "../types";

export const teacherResource = defineResource({
  slug: "teacher",
  label: "Teachers",
  description: "Teacher profiles, bios and their country.",
  singular: "teacher",
  table: teachers,
  titleField: "name",
  createSchema: z.object({
    name: z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(120),
    nameAr: optionalText(120),
    bio: z.string().trim().max(5000).default(""),
    countryId: nullableId(),
    avatarKey: mediaKeyField("thumbnails/"),
  }),
  columns: [
    { field: "avatarKey", label: "Photo", render: "thumbnail" },
    { field: "name", label: "Name", sortable: true },
    { field: "nameAr", label: "Arabic name", lang: "ar" },
    { field: "countryId", label: "Country", render: "relation", relation: "countries" },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["name", "nameAr", "bio"],
  filters: [{ field: "countryId", label: "Country", type: "relation", resource: "countries" }],
  defaultSort: { field: "name", direction: "asc" },
  fields: [
    { name: "name", label: "Name", widget: { type: "text" }, required: true },
    { name: "nameAr", label: "Arabic name", widget: { type: "text" }, lang: "ar" },
    { name: "countryId", label: "Country", widget: { type: "relation-one", resource: "countries" } },
    { name: "bio", label: "Bio", widget: { type: "markdown", rows: 6 } },
    {
      name: "avatarKey",
      label: "Photo",
      widget: { type: "upload", kind: "image", prefix: "thumbnails/", maxBytes: 2 * 1024 * 1024 },
      help: "PNG, JPEG or WebP, up to 2 MB.",
    },
  ],
  // The library's filters list every teacher; lesson cards and the landing page name them. Their photo is
  // on no cached page.
  // A deleted teacher's lessons lose them (the join rows cascade): the counters follow in the same batch.
  writeBatch: (ctx, operation) => (operation === "delete" ? recountStatements(ctx) : []),
  hooks: {
    beforeChange: [slugFrom("name")],
    afterChange: [purgePublicPages({ ignoring: ["avatarKey"] })],
    afterDelete: [purgePublicPages()],
  },
});
