import { and, lt } from "drizzle-orm";
import { oauthStates, passwordResetTokens, rateLimits } from "../../drizzle/schema";
import { createAppContext } from "../context";
import type { Env } from "../env";

/**
 * Periodic housekeeping, run by the Worker's cron. Each job is idempotent: a second run in the same
 * minute finds nothing left to do. (Subscription reconciliation joins here with the billing issue.)
 */
export async function runScheduledJobs(env: Env, now: Date) {
  const ctx = createAppContext(env, { now: () => now });
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await ctx.db.batch([
    ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    ctx.db.delete(passwordResetTokens).where(and(lt(passwordResetTokens.expiresAt, dayAgo))),
    ctx.db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, dayAgo)),
  ]);
}
