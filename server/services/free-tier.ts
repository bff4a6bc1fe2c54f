import { and, asc, eq, min, sql } from "drizzle-orm";
import { deckProgress, exerciseAttempts, flashcardReviewLogs, flashcards, listeningActivities } from "#drizzle/schema";
import type { AppContext } from "../context";
import {
  assertCanContinueDeckSession,
  assertCanReviewAllDue,
  assertCanStartDeckSession,
  assertCanStudyCollection,
  freeCollectionSessionEnd,
  requireSignedIn,
  type StudyAccess,
} from "../access/policy";
import type { Viewer } from "../access/viewer";

// The facts the free tier's rules need (docs/product-rules.md#free-and-paid, ADR 029), read from the tables
// the study tools already keep, and the gates that put them to the policy (server/access/policy.ts). A
// subscriber or an admin is let through before anything is read. The listening gate lives in its service
// (server/services/listening.ts), which already reads the activity it needs.

// ---------------------------------------------------------------------------------------------------
// Facts

/** The first published activity of a group, by the group's order (position, then id): the free one. */
export function firstListeningActivityQuery(ctx: AppContext, { groupId }: { groupId: number }) {
  return ctx.db
    .select({ id: listeningActivities.id })
    .from(listeningActivities)
    .where(and(eq(listeningActivities.groupId, groupId), eq(listeningActivities.isPublished, true)))
    .orderBy(asc(listeningActivities.position), asc(listeningActivities.id))
    .limit(1);
}

/** How many runs of a deck the member has recorded (0 before the first). */
export async function deckPlays(
  ctx: AppContext,
  { userId, deckId }: { userId: number; deckId: number },
): Promise<number> {
  const [row] = await ctx.db
    .select({ plays: deckProgress.plays })
    .from(deckProgress)
    .where(and(eq(deckProgress.userId, userId), eq(deckProgress.deckId, deckId)));
  return row?.plays ?? 0;
}

/** Whether this run (its seed) of a deck is one the member has recorded (server/services/vocabulary-pool.ts). */
export async function isRecordedDeckRun(
  ctx: AppContext,
  { userId, deckId, seed }: { userId: number; deckId: number; seed: number },
) {
  const [row] = await ctx.db
    .select({ id: exerciseAttempts.id })
    .from(exerciseAttempts)
    .where(
      and(
        eq(exerciseAttempts.userId, userId),
        eq(exerciseAttempts.kind, "vocabulary-quiz"),
        eq(exerciseAttempts.exerciseId, deckId),
        sql`json_extract(${exerciseAttempts.answer}, '$.source') = 'deck'`,
        sql`json_extract(${exerciseAttempts.answer}, '$.seed') = ${seed}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The member's first rating of a card of this collection (null before any): when their free session began. */
export async function firstCollectionReviewAt(
  ctx: AppContext,
  { userId, collectionId }: { userId: number; collectionId: number },
): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ first: min(flashcardReviewLogs.reviewedAt) })
    .from(flashcardReviewLogs)
    .innerJoin(flashcards, eq(flashcards.id, flashcardReviewLogs.flashcardId))
    .where(and(eq(flashcardReviewLogs.userId, userId), eq(flashcards.collectionId, collectionId)));
  return row?.first ?? null;
}

/** The collection a flashcard belongs to (null for an unknown card: the review itself then answers 404). */
export async function flashcardCollectionId(ctx: AppContext, { cardId }: { cardId: number }): Promise<number | null> {
  const [row] = await ctx.db
    .select({ collectionId: flashcards.collectionId })
    .from(flashcards)
    .where(eq(flashcards.id, cardId));
  return row?.collectionId ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Gates: 401 for visitors, 402 with the gate's message past the free tier

/**
 * A deck's quiz. Without `seed`, starting a new run; with one, going on with that run (answering, its
 * score, sending its result again).
 */
export async function requireDeckSession(
  ctx: AppContext,
  { viewer, deckId, seed }: { viewer: Viewer } & { deckId: number; seed?: number },
): Promise<void> {
  const member = requireSignedIn(viewer);
  const access = await member.lessonAccess();
  if (access.hasSubscription) return;
  const plays = await deckPlays(ctx, { userId: member.userId, deckId });
  if (seed === undefined || plays === 0) return assertCanStartDeckSession(access, { plays });
  const recorded = await isRecordedDeckRun(ctx, { userId: member.userId, deckId, seed });
  assertCanContinueDeckSession(access, { plays }, { recorded });
}

/** Where a member stands with a collection, for its page and its gate. */
export type CollectionAccess =
  | { kind: "entitled" }
  /** A free member's session: not started (`endsAt` null) or open until `endsAt`. */
  | { kind: "free"; endsAt: Date | null }
  | { kind: "over"; endedAt: Date };

export async function collectionAccess(
  ctx: AppContext,
  { viewer, collectionId }: { viewer: Viewer; collectionId: number },
): Promise<CollectionAccess> {
  const member = requireSignedIn(viewer);
  const access = await member.lessonAccess();
  if (access.hasSubscription) return { kind: "entitled" };
  const firstReviewAt = await firstCollectionReviewAt(ctx, { userId: member.userId, collectionId });
  if (firstReviewAt === null) return { kind: "free", endsAt: null };
  const endsAt = freeCollectionSessionEnd(firstReviewAt);
  return ctx.now().getTime() < endsAt.getTime() ? { kind: "free", endsAt } : { kind: "over", endedAt: endsAt };
}

/** Reviewing one collection (its session, rating or undoing one of its cards). */
export async function requireCollectionSession(
  ctx: AppContext,
  { viewer, collectionId }: { viewer: Viewer; collectionId: number },
): Promise<void> {
  const member = requireSignedIn(viewer);
  const access: StudyAccess = await member.lessonAccess();
  if (access.hasSubscription) return;
  const firstReviewAt = await firstCollectionReviewAt(ctx, { userId: member.userId, collectionId });
  assertCanStudyCollection(access, { firstReviewAt }, ctx.now());
}

/** Rating a flashcard by its id (the API's `POST /flashcards/reviews`): the gate of its collection. */
export async function requireFlashcardReview(
  ctx: AppContext,
  { viewer, cardId }: { viewer: Viewer; cardId: number },
): Promise<void> {
  const member = requireSignedIn(viewer);
  if ((await member.lessonAccess()).hasSubscription) return;
  const collectionId = await flashcardCollectionId(ctx, { cardId });
  if (collectionId !== null) await requireCollectionSession(ctx, { viewer: member, collectionId });
}

/** "Review all due": every collection's due cards in one session. */
export async function requireAllDueReview(viewer: Viewer): Promise<void> {
  const member = requireSignedIn(viewer);
  assertCanReviewAllDue(await member.lessonAccess());
}
