import { z } from "zod";
import { suggestedBlogs } from "#drizzle/schema";
import { AppError } from "../../lib/errors";
import { integerField, requiredId } from "../schema-helpers";
import { purgePublicPages } from "../hooks";
import { defineResource, type AdminBeforeChangeHook, type AdminRow } from "../types";

const refuseSelfSuggestion: AdminBeforeChangeHook = (_ctx, { values, existing }): AdminRow => {
  const blogId = values.blogId ?? existing?.blogId;
  const suggestedBlogId = values.suggestedBlogId ?? existing?.suggestedBlogId;
  if (blogId !== undefined && blogId === suggestedBlogId) {
    const message = "Suggest a different post than the one it appears under.";
    throw new AppError(422, [message], { suggestedBlogId: [message] });
  }
  return values;
};

export const suggestedBlogsResource = defineResource({
  slug: "suggested-blogs",
  label: "Suggested posts",
  description: "Posts recommended under each article.",
  singular: "suggested post",
  table: suggestedBlogs,
  titleField: "id",
  createSchema: z.object({
    blogId: requiredId("Choose the post the suggestion appears under."),
    suggestedBlogId: requiredId("Choose the post to suggest."),
    position: integerField({ max: 100 }),
  }),
  columns: [
    { field: "blogId", label: "Under the post", render: "relation", relation: "blogs", sortable: true },
    { field: "suggestedBlogId", label: "Suggests", render: "relation", relation: "blogs" },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  filters: [{ field: "blogId", label: "Under the post", type: "relation", resource: "blogs" }],
  defaultSort: { field: "blogId", direction: "asc" },
  fields: [
    { name: "blogId", label: "Under the post", widget: { type: "relation-one", resource: "blogs" }, required: true },
    { name: "suggestedBlogId", label: "Suggest", widget: { type: "relation-one", resource: "blogs" }, required: true },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0, max: 100 },
      help: "Lower numbers come first.",
    },
  ],
  // A post's page ends with its suggestions.
  hooks: {
    beforeChange: [refuseSelfSuggestion],
    afterChange: [purgePublicPages()],
    afterDelete: [purgePublicPages()],
  },
});
