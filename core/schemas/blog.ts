import { z } from "zod";

export const BLOG_COMMENT_MAX_LENGTH = 2000;

export const blogCommentBodyField = z
  .string({ error: "Write a comment first." })
  .trim()
  .min(1, "Write a comment first.")
  .max(BLOG_COMMENT_MAX_LENGTH, `Comments are at most ${BLOG_COMMENT_MAX_LENGTH} characters.`);

/** The post page's comment forms (route action), one schema per intent. */
export const blogCommentCreateFormSchema = z.object({
  intent: z.literal("comment-create"),
  body: blogCommentBodyField,
});

export const blogCommentDeleteFormSchema = z.object({
  intent: z.literal("comment-delete"),
  commentId: z.coerce.number().int().positive(),
});
