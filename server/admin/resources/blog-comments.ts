import { z } from "zod";
import { blogComments } from "#drizzle/schema";
import { booleanField, requiredId, requiredText } from "../schema-helpers";
import { actorAs, purgePublicPages } from "../hooks";
import { defineResource } from "../types";

/** A blog post's page shows its comments that are neither hidden nor deleted. */
const purgeShownComments = purgePublicPages({ shownWhen: (row) => row.isHidden !== true && !row.deletedAt });

/** Members write comments on the blog; here they are moderated (hidden, corrected, removed) or answered. */
export const blogCommentsResource = defineResource({
  slug: "blog-comments",
  label: "Blog comments",
  description: "Comments under blog posts: hide or remove.",
  singular: "blog comment",
  table: blogComments,
  titleField: "body",
  createSchema: z.object({
    blogId: requiredId("Choose the post."),
    body: requiredText("A comment can't be empty.", 4000),
    isHidden: booleanField(false),
  }),
  columns: [
    { field: "body", label: "Comment" },
    { field: "blogId", label: "Post", render: "relation", relation: "blogs", sortable: true },
    { field: "isHidden", label: "Hidden", render: "boolean", sortable: true },
    { field: "createdAt", label: "Written", render: "date", sortable: true },
  ],
  searchFields: ["body"],
  filters: [
    { field: "blogId", label: "Post", type: "relation", resource: "blogs" },
    { field: "isHidden", label: "Visibility", type: "boolean", trueLabel: "Hidden", falseLabel: "Shown" },
  ],
  defaultSort: { field: "createdAt", direction: "desc" },
  fields: [
    { name: "blogId", label: "Post", widget: { type: "relation-one", resource: "blogs" }, required: true },
    { name: "body", label: "Comment", widget: { type: "textarea", rows: 5, maxLength: 4000 }, required: true },
    {
      name: "isHidden",
      label: "Hidden from readers",
      widget: { type: "boolean" },
      help: "Hidden comments stay here for the record but no longer show under the post.",
    },
  ],
  hooks: {
    // An answer written here appears under the admin's name.
    beforeChange: [actorAs("userId")],
    afterChange: [purgeShownComments],
    afterDelete: [purgeShownComments],
  },
});
