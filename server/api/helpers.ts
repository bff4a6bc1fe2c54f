import type { Context } from "hono";
import type { z } from "zod";
import { AppError, parseWith } from "../lib/errors";
import type { ApiEnv } from "./types";

export interface JsonBodyOptions {
  /** Past this (the Content-Length, then the text's length) the answer is 413. */
  maxBytes?: number;
  tooLargeMessage?: string;
  /** The 400 for JSON that is not an object. */
  notObjectMessage?: string;
}

const JSON_BODY_DEFAULTS: Required<JsonBodyOptions> = {
  maxBytes: 64 * 1024,
  tooLargeMessage: "The request body is too large.",
  notObjectMessage: "The request body must be a JSON object.",
};

/**
 * Reads a JSON object body: oversize is a 413, malformed JSON or anything but an object a 400, never a
 * 500. With a schema it is validated too (422 with the messages per field); without, the object is
 * returned for the caller to validate. A declared route's body is read with it before its handler runs
 * (`jsonBody` in ./route.ts).
 */
export async function readJson<T extends z.ZodType>(
  c: Context<ApiEnv>,
  schema: T,
  options?: JsonBodyOptions,
): Promise<z.infer<T>>;
export async function readJson(
  c: Context<ApiEnv>,
  schema?: null,
  options?: JsonBodyOptions,
): Promise<Record<string, unknown>>;
export async function readJson(c: Context<ApiEnv>, schema?: z.ZodType | null, options: JsonBodyOptions = {}) {
  const { maxBytes, tooLargeMessage, notObjectMessage } = { ...JSON_BODY_DEFAULTS, ...options };
  if (Number(c.req.header("Content-Length") ?? 0) > maxBytes) throw new AppError(413, [tooLargeMessage]);
  const text = await c.req.text();
  if (text.length > maxBytes) throw new AppError(413, [tooLargeMessage]);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError(400, ["The request body must be valid JSON."]);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError(400, [notObjectMessage]);
  c.set("jsonBodySchema", schema ?? null);
  return schema ? parseWith(schema, body) : (body as Record<string, unknown>);
}
