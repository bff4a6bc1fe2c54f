import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import { requirePermission, requireSignedIn } from "../access/guards";
import { ADMIN_PERMISSION } from "../access/permissions";
import { AppError, parseWith } from "../lib/errors";
import type { ApiEnv } from "./types";

const MAX_JSON_BYTES = 64 * 1024;

/** Reads and validates a JSON body: malformed, oversize or non-object bodies get a 400, never a 500. */
export async function readJson<T extends z.ZodType>(c: Context<ApiEnv>, schema: T): Promise<z.infer<T>> {
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
  return parseWith(schema, body);
}

export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  requireSignedIn(c.get("viewer"));
  await next();
});

export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) => {
  requirePermission(c.get("viewer"), ADMIN_PERMISSION);
  await next();
});
