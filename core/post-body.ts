/**
 * The rules for the text of a post (a lesson comment, a community message, a blog comment), with no
 * validation library: the browser checks them as the member types (app/components/discussion) and the
 * server's zod fields are built from the same rules (core/schemas/post-body-field.ts), so both give the
 * same messages. Keeping this file free of zod keeps zod out of the pages that only post text.
 */
export interface PostBodyRules {
  /** Shown when the text is empty or only spaces. */
  empty: string;
  /** At most this many characters once trimmed. */
  maxLength: number;
  tooLong: string;
}

export const LESSON_COMMENT_BODY: PostBodyRules = {
  empty: "Write something first.",
  maxLength: 4000,
  tooLong: "Comments are at most 4000 characters.",
};

export const COMMUNITY_MESSAGE_BODY: PostBodyRules = {
  empty: "Write your message first.",
  maxLength: 5000,
  tooLong: "Messages are at most 5000 characters.",
};

export const BLOG_COMMENT_BODY: PostBodyRules = {
  empty: "Write a comment first.",
  maxLength: 2000,
  tooLong: "Comments are at most 2000 characters.",
};

/** What is wrong with `value` as a post's text under `rules`, or null when nothing is. */
export function postBodyProblem(rules: PostBodyRules, value: unknown): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (text.length === 0) return rules.empty;
  if (text.length > rules.maxLength) return rules.tooLong;
  return null;
}
