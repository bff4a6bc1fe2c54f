import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../../drizzle/schema";
import type { AppContext } from "../context";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export const LOGIN_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** Per address: wider, because a school, an office or a mobile carrier puts many learners behind one IP. */
export const LOGIN_IP_RATE_LIMIT: RateLimitRule = { limit: 50, windowMs: 15 * 60 * 1000 };

/** Current count in the live window (0 when the window has passed). */
export async function peekRateLimit(ctx: AppContext, key: string, rule: RateLimitRule): Promise<number> {
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row) return 0;
  return row.windowStartedAt.getTime() + rule.windowMs > ctx.now().getTime() ? row.count : 0;
}

/** Adds one in a single upsert so concurrent requests cannot lose a count. Returns the new count. */
export async function hitRateLimit(ctx: AppContext, key: string, rule: RateLimitRule): Promise<number> {
  const now = ctx.now();
  const windowFloor = now.getTime() - rule.windowMs;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${windowFloor} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowFloor} then ${now.getTime()} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearRateLimit(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, key));
}
