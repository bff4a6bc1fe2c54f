import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { cueTokens, lemmas, memberLemmas } from "#drizzle/schema";
import type { WordStatus } from "#core/schemas/lexicon";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";

export const UNKNOWN_LEMMA_MESSAGE = "That word is not in the lexicon.";

/** A status the member set (a row of `member_lemmas`); "new" is no row. */
export type StoredWordStatus = Exclude<WordStatus, "new">;

/**
 * Sets what a member knows of a lemma, by hand (the popup's buttons, the lemma page): "new" deletes the row,
 * "known" stamps known_at (kept when it was already known, so /progress counts it from the first time), any
 * other status clears it. A status set by hand leaves any "mark the rest as known" batch (batch_id and
 * previous_status cleared), so that batch's undo no longer touches it. 404 for a lemma that does not exist.
 */
export async function setWordStatus(
  ctx: AppContext,
  { userId, lemmaId, status }: { userId: number; lemmaId: number; status: WordStatus },
): Promise<{ lemmaId: number; status: WordStatus; knownAt: Date | null }> {
  const [lemma] = await ctx.db.select({ id: lemmas.id }).from(lemmas).where(eq(lemmas.id, lemmaId)).limit(1);
  if (!lemma) throw notFound(UNKNOWN_LEMMA_MESSAGE);
  const mine = and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, lemmaId));
  if (status === "new") {
    await ctx.db.delete(memberLemmas).where(mine);
    return { lemmaId, status, knownAt: null };
  }
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(memberLemmas)
    .values({
      userId,
      lemmaId,
      status,
      knownAt: status === "known" ? now : null,
      batchId: null,
      previousStatus: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [memberLemmas.userId, memberLemmas.lemmaId],
      set: {
        status,
        // Known again: keep the first time; anything else: not known.
        knownAt: status === "known" ? sql`coalesce(${memberLemmas.knownAt}, ${now.getTime()})` : null,
        batchId: null,
        previousStatus: null,
        updatedAt: now,
      },
    })
    .returning({ status: memberLemmas.status, knownAt: memberLemmas.knownAt });
  return { lemmaId, status: row!.status, knownAt: row!.knownAt };
}

/**
 * What the transcript's tint needs for one lesson, small: each line's lemma ids by word position (null where
 * a word has no lemma) and the member's statuses of those lemmas that are not "new". One D1 batch, both reads
 * by index (cue_tokens by lesson; member_lemmas by member and lemma).
 */
export async function lessonWordStatuses(
  ctx: AppContext,
  { userId, lessonId }: { userId: number; lessonId: number },
): Promise<{ lines: Record<string, Array<number | null>>; statuses: Record<string, StoredWordStatus> }> {
  const lessonLemmaIds = ctx.db
    .selectDistinct({ lemmaId: cueTokens.lemmaId })
    .from(cueTokens)
    .where(eq(cueTokens.lessonId, lessonId));
  const [tokens, statusRows] = await ctx.db.batch([
    ctx.db
      .select({ cueId: cueTokens.cueId, position: cueTokens.position, lemmaId: cueTokens.lemmaId })
      .from(cueTokens)
      .where(eq(cueTokens.lessonId, lessonId))
      .orderBy(asc(cueTokens.cueId), asc(cueTokens.position)),
    ctx.db
      .select({ lemmaId: memberLemmas.lemmaId, status: memberLemmas.status })
      .from(memberLemmas)
      .where(and(eq(memberLemmas.userId, userId), inArray(memberLemmas.lemmaId, lessonLemmaIds))),
  ]);
  const lines: Record<string, Array<number | null>> = {};
  for (const token of tokens) {
    const line = (lines[String(token.cueId)] ??= []);
    line[token.position] = token.lemmaId;
  }
  // A gap in a line's positions (never written so) reads as a word without a lemma, not a hole in JSON.
  for (const line of Object.values(lines)) for (let i = 0; i < line.length; i++) line[i] ??= null;
  const statuses: Record<string, StoredWordStatus> = {};
  for (const row of statusRows) statuses[String(row.lemmaId)] = row.status;
  return { lines, statuses };
}

/**
 * A status the member set on a device at `at` (docs/offline.md "Sync"), as one statement for the sync's batch: the
 * same rule as `setWordStatus`, but only over a row set earlier than `at` (a later setting, online or from another
 * device, wins), with `known_at` and `updated_at` at the time it was set. The lemma must exist (the caller checks).
 */
export function wordStatusAt(
  ctx: AppContext,
  { userId, lemmaId, status, at }: { userId: number; lemmaId: number; status: WordStatus; at: Date },
) {
  const mine = and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, lemmaId));
  if (status === "new") return ctx.db.delete(memberLemmas).where(and(mine, lte(memberLemmas.updatedAt, at)));
  return ctx.db
    .insert(memberLemmas)
    .values({
      userId,
      lemmaId,
      status,
      knownAt: status === "known" ? at : null,
      batchId: null,
      previousStatus: null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [memberLemmas.userId, memberLemmas.lemmaId],
      set: {
        status,
        knownAt: status === "known" ? sql`coalesce(${memberLemmas.knownAt}, ${at.getTime()})` : null,
        batchId: null,
        previousStatus: null,
        updatedAt: at,
      },
      setWhere: lte(memberLemmas.updatedAt, at),
    });
}

/** Which of these lemmas exist. */
export async function existingLemmas(ctx: AppContext, { lemmaIds }: { lemmaIds: number[] }): Promise<Set<number>> {
  if (lemmaIds.length === 0) return new Set();
  const rows = await ctx.db.select({ id: lemmas.id }).from(lemmas).where(inArray(lemmas.id, lemmaIds));
  return new Set(rows.map((row) => row.id));
}
