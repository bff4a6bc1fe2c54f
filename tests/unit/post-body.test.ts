import { describe, expect, it } from "vitest";
import { BLOG_COMMENT_BODY, COMMUNITY_MESSAGE_BODY, LESSON_COMMENT_BODY, postBodyProblem } from "../../core/post-body";
import { postBodyField } from "../../core/schemas/post-body-field";

// The comment and message boxes check their text in the browser without zod; the server checks it with
// zod. Both are built from one set of rules, and must agree on every text, message included.
const texts = [
  "",
  "   ",
  "\n\t ",
  "a",
  "  مرحبا  ",
  "\u200f",
  "كيفك؟ 👋",
  "x".repeat(2000),
  ` ${"x".repeat(2000)} `,
  "x".repeat(2001),
  "x".repeat(4000),
  "x".repeat(4001),
  "x".repeat(5000),
  "x".repeat(5001),
];

describe("a post's text: the browser's check and the server's agree", () => {
  for (const [name, rules] of Object.entries({ LESSON_COMMENT_BODY, COMMUNITY_MESSAGE_BODY, BLOG_COMMENT_BODY })) {
    it(name, () => {
      const field = postBodyField(rules);
      for (const text of [...texts, undefined, 42]) {
        const parsed = field.safeParse(text);
        const serverSays = parsed.success ? null : (parsed.error.issues[0]?.message ?? "invalid");
        expect({ text, says: postBodyProblem(rules, text) }).toEqual({ text, says: serverSays });
      }
      expect(postBodyProblem(rules, " ")).toBe(rules.empty);
      expect(postBodyProblem(rules, "x".repeat(rules.maxLength + 1))).toBe(rules.tooLong);
    });
  }
});
