import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "#drizzle/schema";
import type { AppContext } from "../context";

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** A fixed window: at most `limit` hits per `windowMs`, counted from the first hit of the window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * A progressive delay: the first `freeFailures - 1` failures cost nothing; from the `freeFailures`-th
 * on, the next attempt must wait `baseDelayMs`, doubling with each further failure up to `maxDelayMs`
 * (base = max gives a fixed wait). Failures are forgotten once none has come for `forgetAfterMs`.
 * Nothing here ever refuses for longer than `maxDelayMs`, so a member is slowed, never locked out.
 */
export interface DelayRule {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** Per account and address (email + IP): 2^(n-5) s after the n-th failure from n = 5, at most 15 min. */
export const LOGIN_ACCOUNT_SOURCE_DELAY: DelayRule = {
  freeFailures: 5,
  baseDelayMs: SECOND_MS,
  maxDelayMs: 15 * MINUTE_MS,
  forgetAfterMs: 24 * HOUR_MS,
};
/**
 * Per address, across accounts: wide, because a school, an office or a mobile carrier puts many
 * learners behind one IP; delays start after 50 failures without a 15-minute pause.
 */
export const LOGIN_SOURCE_DELAY: DelayRule = {
  freeFailures: 50,
  baseDelayMs: SECOND_MS,
  maxDelayMs: 15 * MINUTE_MS,
  forgetAfterMs: 15 * MINUTE_MS,
};
/** Per account, from every address together: only slows a spread-out attack to one guess per 30 s. */
export const LOGIN_ACCOUNT_DELAY: DelayRule = {
  freeFailures: 20,
  baseDelayMs: 30 * SECOND_MS,
  maxDelayMs: 30 * SECOND_MS,
  forgetAfterMs: 15 * MINUTE_MS,
};
/**
 * Per device cookie (ADR 030): attempts on an account from a browser that signed in to it before are counted
 * here instead of by the three rules above. A success clears the count; past 10 failures in an hour the cookie
 * stops counting, and the browser's attempts meet the rules above like anyone's until the hour is over.
 */
export const LOGIN_DEVICE_LIMIT: RateLimitRule = { limit: 10, windowMs: HOUR_MS };
/** Sign-ups per address: wide, for the same shared networks (a class signing up together). */
export const SIGNUP_SOURCE_LIMIT: RateLimitRule = { limit: 50, windowMs: HOUR_MS };
/**
 * "This email is taken" answers per address. Sign-up must tell a taken email apart, so past this
 * every sign-up from the address waits, and it cannot be used to find out who has an account.
 */
export const SIGNUP_TAKEN_SOURCE_LIMIT: RateLimitRule = { limit: 10, windowMs: HOUR_MS };
/** Reset emails per account; over it the request is dropped quietly, with the same answer. */
export const RESET_ACCOUNT_LIMIT: RateLimitRule = { limit: 5, windowMs: HOUR_MS };
/** Reset requests per address, whatever the email; over it, too, the answer stays the same. */
export const RESET_SOURCE_LIMIT: RateLimitRule = { limit: 20, windowMs: HOUR_MS };
/** Verification emails per account (sign-up, resend, email change). */
export const VERIFICATION_MAIL_LIMIT: RateLimitRule = { limit: 5, windowMs: HOUR_MS };

export interface RateLimitResult {
  count: number;
  allowed: boolean;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND_MS));

/** Whether one more hit would still fit the rule, without counting it. */
export async function peekRateLimit(
  ctx: AppContext,
  { key, rule }: { key: string; rule: RateLimitRule },
): Promise<RateLimitResult> {
  const now = ctx.now().getTime();
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  const windowEnd = (row?.windowStartedAt.getTime() ?? now) + rule.windowMs;
  const count = row && windowEnd > now ? row.count : 0;
  return { count, allowed: count < rule.limit, retryAfterSeconds: toSeconds(windowEnd - now) };
}

/** Counts one hit in a single upsert (concurrent requests cannot lose a count) and says whether it fits the rule. */
export async function takeRateLimit(
  ctx: AppContext,
  { key, rule }: { key: string; rule: RateLimitRule },
): Promise<RateLimitResult> {
  const now = ctx.now().getTime();
  const windowFloor = now - rule.windowMs;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: new Date(now) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${windowFloor} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowFloor} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  const count = row?.count ?? 1;
  const windowEnd = (row?.windowStartedAt.getTime() ?? now) + rule.windowMs;
  return { count, allowed: count <= rule.limit, retryAfterSeconds: toSeconds(windowEnd - now) };
}

/** Adds one hit and returns the new count (see takeRateLimit). */
export async function hitRateLimit(
  ctx: AppContext,
  { key, rule }: { key: string; rule: RateLimitRule },
): Promise<number> {
  return (await takeRateLimit(ctx, { key, rule })).count;
}

export async function clearRateLimit(ctx: AppContext, { key }: { key: string }): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The longest wait any of these delay keys imposes right now, in whole seconds; 0 when free to try. */
export async function delayRemaining(ctx: AppContext, { keys }: { keys: string[] }): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await ctx.db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
  const now = ctx.now().getTime();
  const until = Math.max(now, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
  return until > now ? toSeconds(until - now) : 0;
}

/** Milliseconds the next attempt must wait after `failures` failures (mirrors the SQL in recordFailure). */
export function delayAfter(rule: DelayRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(failures - rule.freeFailures, 30));
}

/**
 * Records one failure in a single upsert: the count (restarted when the last failure is older than
 * `forgetAfterMs`), the time, and until when the next attempt must wait. Returns the new count.
 */
export async function recordFailure(ctx: AppContext, { key, rule }: { key: string; rule: DelayRule }): Promise<number> {
  const now = ctx.now().getTime();
  const forgotten = sql`coalesce(${rateLimits.lastAttemptAt}, ${rateLimits.windowStartedAt}) <= ${now - rule.forgetAfterMs}`;
  const nextCount = sql`(case when ${forgotten} then 1 else ${rateLimits.count} + 1 end)`;
  // 1 << n is 2^n in SQLite, which need not have pow(); the shift is capped so it cannot overflow.
  const blockedUntil = (count: SQL) =>
    sql`case when ${count} >= ${rule.freeFailures} then ${now} + min(${rule.maxDelayMs}, ${rule.baseDelayMs} * (1 << min(${count} - ${rule.freeFailures}, 30))) else null end`;
  const firstDelay = delayAfter(rule, 1);
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({
      key,
      count: 1,
      windowStartedAt: new Date(now),
      lastAttemptAt: new Date(now),
      blockedUntil: firstDelay > 0 ? new Date(now + firstDelay) : null,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: nextCount,
        windowStartedAt: sql`case when ${forgotten} then ${now} else ${rateLimits.windowStartedAt} end`,
        lastAttemptAt: new Date(now),
        blockedUntil: blockedUntil(nextCount),
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** "45 seconds", "3 minutes": how long to wait, for messages. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
