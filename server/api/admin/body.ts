import type { Context } from "hono";
import { AppError } from "../../lib/errors";
import type { ApiEnv } from "../types";

const MAX_JSON_BYTES = 256 * 1024;

/** A JSON object body (validated later against the resource's schema); malformed → 400, never 500. */
export async function readAdminBody(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const length = Number(c.req.header("Content-Length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError(413, ["The request body is too large."]);
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError(413, ["The request body is too large."]);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError(400, ["The request body must be valid JSON."]);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError(400, ["The request body must be a JSON object."]);
  }
  return body as Record<string, unknown>;
}
