import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { AppError, appErrorHeaders } from "#server/lib/errors";

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

interface ReplyOptions<Extra> {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** Anything else the page needs beside the Conform result (e.g. which form of several answered). */
  extra?: Extra;
}

/** A submission that failed validation: the same errors Conform shows in the browser, now from the server. */
export function invalidSubmission<Extra extends object = object>(
  submission: Replyable,
  options: ReplyOptions<Extra> = {},
) {
  return data(
    { ...(options.extra ?? ({} as Extra)), result: submission.reply({ hideFields: options.hideFields }) },
    { status: 400 },
  );
}

/**
 * Shows a service's AppError on the form: per-field messages at their fields, otherwise the messages
 * above the form. Anything that is not an AppError is a bug and is rethrown to the error boundary.
 */
export function replyWithAppError<Extra extends object = object>(
  submission: Replyable,
  error: unknown,
  options: ReplyOptions<Extra> = {},
) {
  if (!(error instanceof AppError)) throw error;
  const hasFieldErrors = Object.keys(error.fieldErrors).length > 0;
  const result = submission.reply({
    formErrors: hasFieldErrors ? undefined : error.messages,
    fieldErrors: error.fieldErrors,
    hideFields: options.hideFields,
  });
  return data(
    { ...(options.extra ?? ({} as Extra)), result },
    { status: error.status, headers: appErrorHeaders(error) },
  );
}
