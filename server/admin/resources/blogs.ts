import { z } from "zod";
import { blogs } from "#drizzle/schema";
import { mediaKeyField, optionalDate, requiredText, textWithDefault } from "../schema-helpers";
import { actorAs, purgePublicPages, slugFrom } from "../hooks";
import { defineResource, type AdminBeforeChangeHook, type AdminRow } from "../types";

const STATUS_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
] as const;

/** Publishing without a date stamps it now, so the post sorts where readers expect it. */
const stampPublishDate: AdminBeforeChangeHook = (_ctx, { values, existing }): AdminRow => {
  const status = values.status ?? existing?.status;
  const publishedAt = "publishedAt" in values ? values.publishedAt : existing?.publishedAt;
  if (status === "published" && !publishedAt) return { ...values, publishedAt: new Date() };
  return values;
};

/** Drafts are on no public page: a change to one purges nothing until it is published. */
const purgePublished = purgePublicPages({ shownWhen: (row) => row.status === "published" });

export const blogsResource = defineResource({
  slug: "blogs",
  label: "Blog posts",
  description: "Articles, drafts and publishing dates.",
  singular: "blog post",
  table: blogs,
  titleField: "title",
  createSchema: z.object({
    title: requiredText("Enter a title.", 160),
    excerpt: textWithDefault(400),
    body: requiredText("Write the post.", 100_000),
    coverKey: mediaKeyField("thumbnails/"),
    status: z.enum(["draft", "published"], { error: "Choose draft or published." }).default("draft"),
    publishedAt: optionalDate(),
  }),
  columns: [
    { field: "coverKey", label: "Cover", render: "thumbnail" },
    { field: "title", label: "Title", sortable: true },
    {
      field: "status",
      label: "Status",
      render: "badge",
      badgeTones: { published: "success", draft: "warning" },
      sortable: true,
    },
    { field: "publishedAt", label: "Published", render: "date", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["title", "excerpt", "body"],
  filters: [{ field: "status", label: "Status", type: "select", options: STATUS_OPTIONS }],
  defaultSort: { field: "updatedAt", direction: "desc" },
  defaultValues: { status: "draft" },
  fields: [
    { name: "title", label: "Title", widget: { type: "text", maxLength: 160 }, required: true },
    {
      name: "excerpt",
      label: "Excerpt",
      widget: { type: "textarea", rows: 3, maxLength: 400 },
      help: "One or two sentences for the blog list, feeds and link previews.",
    },
    {
      name: "body",
      label: "Body",
      widget: { type: "markdown", rows: 18 },
      required: true,
      help: "Markdown. Paragraphs written in Arabic are shown right to left.",
    },
    {
      name: "coverKey",
      label: "Cover image",
      widget: { type: "upload", kind: "image", prefix: "thumbnails/", maxBytes: 5 * 1024 * 1024 },
      help: "Shown on the blog list and in link previews. PNG, JPEG or WebP up to 5 MB.",
    },
    { name: "status", label: "Status", widget: { type: "select", options: STATUS_OPTIONS }, section: "Publishing" },
    {
      name: "publishedAt",
      label: "Publication date",
      widget: { type: "date" },
      section: "Publishing",
      help: "Left empty, publishing sets today's date.",
    },
  ],
  hooks: {
    beforeChange: [slugFrom("title"), actorAs("authorId"), stampPublishDate],
    afterChange: [purgePublished],
    afterDelete: [purgePublished],
  },
});
