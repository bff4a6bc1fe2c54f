import { eq, sql } from "drizzle-orm";
import { siteCounters } from "#drizzle/schema";
import type { AppContext } from "../context";

/**
 * The public page cache's purge generation (ADR 022): one row of `site_counters` in D1, so a purge reaches
 * every location. The Cache API side (keys, hits, the fresh nonce) is server/lib/page-cache.ts.
 *
 * Who purges: the write that changed something a cached page shows, and only then. The admin resources
 * that public pages read declare it as a hook (`purgePublicPages`, server/admin/hooks.ts);
 * the bespoke tools (the lesson workspace, the cue editor, a member's blog comment, a member's name
 * changed by support) call `bumpPageCache` at their write. Each isolate remembers the generation for
 * GENERATION_MEMO_MS, so a purge shows everywhere within that time (at once in the isolate that made it).
 */

export const PAGE_CACHE_COUNTER = "page_cache";
const GENERATION_MEMO_MS = 5_000;

let memo: { generation: number; readAt: number } | null = null;

export async function pageCacheGeneration(ctx: AppContext): Promise<number> {
  const now = Date.now();
  if (memo && now - memo.readAt < GENERATION_MEMO_MS) return memo.generation;
  const [row] = await ctx.db
    .select({ value: siteCounters.value })
    .from(siteCounters)
    .where(eq(siteCounters.name, PAGE_CACHE_COUNTER));
  memo = { generation: row?.value ?? 0, readAt: now };
  return memo.generation;
}

/** Purges every cached public page: later requests read under a new generation. */
export async function bumpPageCache(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db
    .insert(siteCounters)
    .values({ name: PAGE_CACHE_COUNTER, value: 1, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: siteCounters.name,
      set: { value: sql`${siteCounters.value} + 1`, updatedAt: ctx.now() },
    })
    .returning({ value: siteCounters.value });
  memo = { generation: row!.value, readAt: Date.now() };
  return memo.generation;
}
