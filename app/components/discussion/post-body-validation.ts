import { parse } from "@conform-to/react";
import { postBodyProblem, type PostBodyRules } from "#core/post-body";

/**
 * Conform's browser-side check of a post form: only the text (`body`) is the member's to get wrong, and
 * its rules come without a validation library (core/post-body.ts). Hidden fields (intent, ids) are the
 * server's to check; it answers with the same messages for the text.
 */
export function validatePostBody(formData: FormData, rules: PostBodyRules) {
  return parse(formData, {
    resolve(payload) {
      const problem = postBodyProblem(rules, payload.body);
      return problem ? { error: { body: [problem] } } : { value: payload };
    },
  });
}

/** The text box's native constraints, from the same rules. */
export function postBodyConstraint(rules: PostBodyRules) {
  return { body: { required: true, maxLength: rules.maxLength } };
}
