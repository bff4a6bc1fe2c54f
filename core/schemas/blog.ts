import { z } from "zod";
import { BLOG_COMMENT_BODY } from "../post-body";
import { postBodyField } from "./post-body-field";

export const BLOG_COMMENT_MAX_LENGTH = BLOG_COMMENT_BODY.maxLength;

export const blogCommentBodyField = postBodyField(BLOG_COMMENT_BODY);

/** The post page's comment forms (route action), one schema per intent. */
export const blogCommentCreateFormSchema = z.object({
  intent: z.literal("comment-create"),
  body: blogCommentBodyField,
});

export const blogCommentDeleteFormSchema = z.object({
  intent: z.literal("comment-delete"),
  commentId: z.coerce.number().int().positive(),
});
