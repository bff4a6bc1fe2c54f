import type { z } from "zod";

/** A failure a user can act on: carries the HTTP status and messages for `{ errors: [...] }`. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503,
    readonly messages: string[],
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(messages.join("; "));
    this.name = "AppError";
  }
}

/** A 429 that says when to come back: answered with a `Retry-After` header (seconds). */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, [message]);
    this.name = "RateLimitError";
  }
}

/** Headers an AppError's answer carries, whichever adapter (Hono or a Remix action) answers it. */
export function appErrorHeaders(error: AppError): Record<string, string> {
  return error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, [message], fieldErrors);
export const unauthorized = (message = "Please sign in to continue.") => new AppError(401, [message]);
export const forbidden = (message = "You do not have permission to do that.") => new AppError(403, [message]);
export const notFound = (message = "Not found.") => new AppError(404, [message]);

/** Turns a zod error into per-field messages plus a flat list for the API. */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string[]> = {};
  const messages: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "form";
    (fieldErrors[field] ??= []).push(issue.message);
    messages.push(issue.path.length ? `${field}: ${issue.message}` : issue.message);
  }
  return new AppError(422, messages, fieldErrors);
}

export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
