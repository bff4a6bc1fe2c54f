import { and, eq, lt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { apiIdempotencyKeys } from "#drizzle/schema";
import { IDEMPOTENCY_WINDOW_MS } from "../lib/config";
import { sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import type { ApiEnv } from "./types";

/**
 * `Idempotency-Key` on a member's writes (ADR 026): a client that did not get an answer (a dropped
 * connection, a timeout) sends the same request again with the same key, and the write happens once.
 *
 * - Only signed-in members' POST, PUT, PATCH and DELETE requests, keyed per member: a key names nothing
 *   for anyone else, and a visitor's header is ignored (a public answer may carry a sign-in token).
 * - The first request claims the key in D1 (an INSERT that only one of two racing requests wins), runs,
 *   then stores its answer unless it failed with a 5xx, in which case the claim is dropped so a retry runs.
 * - A retry gets the stored answer again, marked `Idempotent-Replayed: true`. The same key for another
 *   route or another body is refused with 422; a retry while the first is still running gets 409 with
 *   `Retry-After: 1`.
 * - Keys are kept for IDEMPOTENCY_WINDOW_MS: after that the key is free again, and the cron removes it.
 */
const HEADER = "Idempotency-Key";
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const idempotency = createMiddleware<ApiEnv>(async (c, next) => {
  const key = c.req.header(HEADER);
  const user = c.get("user");
  if (key === undefined || !user || !WRITES.has(c.req.method)) return next();
  if (!KEY_PATTERN.test(key)) {
    throw new AppError(400, [`${HEADER} must be 1 to 255 visible ASCII characters.`]);
  }
  const { primary: db, now } = c.get("app");
  const route = `${c.req.method} ${new URL(c.req.url).pathname}`;
  const bodyHash = await sha256Hex(await c.req.raw.clone().text());
  const at = now();
  const expired = new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS);

  // Claim the key: a new row, or one whose day is over (replaced in the same statement).
  const claimed = await db
    .insert(apiIdempotencyKeys)
    .values({ userId: user.id, key, route, bodyHash, createdAt: at })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.userId, apiIdempotencyKeys.key],
      set: { route, bodyHash, status: null, responseBody: null, contentType: null, createdAt: at },
      setWhere: lt(apiIdempotencyKeys.createdAt, expired),
    })
    .returning({ key: apiIdempotencyKeys.key });
  const row = and(eq(apiIdempotencyKeys.userId, user.id), eq(apiIdempotencyKeys.key, key));

  if (claimed.length === 0) {
    const [earlier] = await db.select().from(apiIdempotencyKeys).where(row);
    if (!earlier) throw new AppError(409, ["This request is being retried too fast; try again."]);
    if (earlier.route !== route || earlier.bodyHash !== bodyHash) {
      throw new AppError(422, [`This ${HEADER} was used for a different request.`]);
    }
    if (earlier.status === null) {
      return c.json({ errors: [`A request with this ${HEADER} is still being processed; retry shortly.`] }, 409, {
        "Retry-After": "1",
      });
    }
    return new Response(earlier.responseBody, {
      status: earlier.status,
      headers: {
        "Content-Type": earlier.contentType ?? "application/json",
        "Idempotent-Replayed": "true",
        "Cache-Control": "no-store",
      },
    });
  }

  await next();
  const status = c.res.status;
  if (status >= 500) {
    // Nothing was done (or it failed half-way and is the cron's to repair): let a retry run it again.
    await db.delete(apiIdempotencyKeys).where(row);
    return;
  }
  const responseBody = await c.res.clone().text();
  await db
    .update(apiIdempotencyKeys)
    .set({ status, responseBody, contentType: c.res.headers.get("Content-Type") })
    .where(and(row, sql`${apiIdempotencyKeys.status} is null`));
});
