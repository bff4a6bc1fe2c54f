import { z } from "zod";
import type { PostBodyRules } from "../post-body";

/** The zod field for a post's text, from the rules the browser checks too (core/post-body.ts). */
export function postBodyField(rules: PostBodyRules) {
  return z.string({ error: rules.empty }).trim().min(1, rules.empty).max(rules.maxLength, rules.tooLong);
}
