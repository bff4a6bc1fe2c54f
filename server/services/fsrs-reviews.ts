import { and, eq, exists, notExists, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  flashcardReviewLogs,
  flashcardStates,
  vocabularyReviewLogs,
  vocabularyReviewStates,
  type CardType,
  type ReviewStateSnapshot,
} from "#drizzle/schema";
import { reviewCard, type Grade, type ReviewState, type State } from "#core/fsrs";
import type { AppContext } from "../context";
import { AppError } from "../lib/errors";
import { recordStudy, timeZoneQuery, unrecordStudy } from "./study-progress";
import { knowledgeFromReview, knowledgeFromTakenBack } from "./words/known";

// Writing an FSRS rating (docs/decisions/014-flashcards-fsrs-reviews.md), once for both kinds of card:
// flashcards and saved words keep their state and log rows in tables that differ only in the card's column.
// A state is keyed by member, note and card type (ADR 036): one note's recognition, production and listening
// cards are scheduled apart.

type Query = BatchItem<"sqlite">;

/**
 * What else an answer changes, written in the answer's own batch: a saved word's answer decides what the member
 * knows of its lemma (server/services/words/known.ts).
 */
interface ReviewEffects {
  /** After the log insert; `applied` holds when this answer is the one the card took. */
  afterReview: (
    ctx: AppContext,
    review: { userId: number; cardId: number; cardType: CardType; next: ReviewState; requestId: string; now: Date },
  ) => Query[];
  /** Before the state goes back; `onlyIf` holds while the card is still as the taken-back answer left it. */
  afterTakeBack: (
    ctx: AppContext,
    review: {
      userId: number;
      cardId: number;
      cardType: CardType;
      previous: ReviewState | null;
      reviewedAt: Date;
      onlyIf: SQL;
      now: Date;
    },
  ) => Query[];
}

/** A kind of card's state and log tables, and the name of the card's column in both. */
export type ReviewTables =
  | {
      states: typeof flashcardStates;
      logs: typeof flashcardReviewLogs;
      stateCard: typeof flashcardStates.flashcardId;
      logCard: typeof flashcardReviewLogs.flashcardId;
      cardKey: "flashcardId";
      effects?: ReviewEffects;
    }
  | {
      states: typeof vocabularyReviewStates;
      logs: typeof vocabularyReviewLogs;
      stateCard: typeof vocabularyReviewStates.itemId;
      logCard: typeof vocabularyReviewLogs.itemId;
      cardKey: "itemId";
      effects?: ReviewEffects;
    };

export const FLASHCARD_REVIEWS: ReviewTables = {
  states: flashcardStates,
  logs: flashcardReviewLogs,
  stateCard: flashcardStates.flashcardId,
  logCard: flashcardReviewLogs.flashcardId,
  cardKey: "flashcardId",
};

export const SAVED_WORD_REVIEWS: ReviewTables = {
  states: vocabularyReviewStates,
  logs: vocabularyReviewLogs,
  stateCard: vocabularyReviewStates.itemId,
  logCard: vocabularyReviewLogs.itemId,
  cardKey: "itemId",
  effects: {
    // What the member knows of the word follows its recognition card only: hearing or typing it is a
    // different skill, and one stability per lemma keeps docs/words.md's rule as it was.
    afterReview: (ctx, { userId, cardId, cardType, next, requestId, now }) =>
      cardType === "recognition"
        ? knowledgeFromReview(ctx, { userId, itemId: cardId, stability: next.stability, requestId, now })
        : [],
    afterTakeBack: (ctx, { userId, cardId, cardType, previous, reviewedAt, onlyIf, now }) =>
      cardType === "recognition"
        ? knowledgeFromTakenBack(ctx, {
            userId,
            itemId: cardId,
            previousStability: previous?.stability ?? null,
            reviewedAt,
            onlyIf,
            now,
          })
        : [],
  },
};

export interface ReviewResult {
  /** False when this request id had already been applied (a retry or double click) or another answer won. */
  applied: boolean;
  cardId: number;
  cardType: CardType;
  state: ReviewState;
}

/** The FSRS columns of a state table, to select (alone or beside a card's own columns). */
export function reviewStateColumns(states: ReviewTables["states"]) {
  return {
    due: states.due,
    stability: states.stability,
    difficulty: states.difficulty,
    elapsedDays: states.elapsedDays,
    scheduledDays: states.scheduledDays,
    learningSteps: states.learningSteps,
    reps: states.reps,
    lapses: states.lapses,
    state: states.state,
    lastReview: states.lastReview,
  };
}

export type ReviewStateRow = Omit<ReviewState, "state"> & { state: number };

export function toReviewState(row: ReviewStateRow): ReviewState {
  return { ...row, state: row.state as State };
}

function toSnapshot(state: ReviewState | null): ReviewStateSnapshot | null {
  if (!state) return null;
  return { ...state, due: state.due.getTime(), lastReview: state.lastReview?.getTime() ?? null };
}

function fromSnapshot(snapshot: ReviewStateSnapshot): ReviewState {
  return {
    ...snapshot,
    state: snapshot.state as State,
    due: new Date(snapshot.due),
    lastReview: snapshot.lastReview === null ? null : new Date(snapshot.lastReview),
  };
}

/**
 * Rates one card the learner may review (the caller checks that). Idempotent per request id: a retry or
 * double click returns the state the first answer produced; one id used for two cards is a 409. The
 * state write is a compare-and-set on `reps` and the log is written only when that state is the one
 * this answer produced, in one batch, so two answers at once rate once.
 */
export async function applyReview(
  ctx: AppContext,
  {
    tables,
    userId,
    cardId,
    rating,
    requestId,
    cardType = "recognition",
  }: { tables: ReviewTables } & {
    userId: number;
    cardId: number;
    rating: Grade;
    requestId: string;
    cardType?: CardType;
  },
): Promise<ReviewResult> {
  const { states, logs, stateCard, logCard, cardKey } = tables;
  const columns = reviewStateColumns(states);
  const byRequest = and(eq(logs.userId, userId), eq(logs.requestId, requestId));
  const ownState = and(eq(states.userId, userId), eq(stateCard, cardId), eq(states.cardType, cardType));

  const [[earlier], [current], [member]] = await ctx.db.batch([
    ctx.db.select({ cardId: logCard, cardType: logs.cardType }).from(logs).where(byRequest),
    ctx.db.select(columns).from(states).where(ownState),
    timeZoneQuery(ctx, { userId }),
  ]);
  const previous = current ? toReviewState(current) : null;
  if (earlier) {
    if (earlier.cardId !== cardId || earlier.cardType !== cardType)
      throw new AppError(409, ["That request id was already used for another card."]);
    return { applied: false, cardId, cardType, state: previous! };
  }

  const now = ctx.now();
  const next = reviewCard(previous, rating, now);
  const writeState = previous
    ? ctx.db
        .update(states)
        .set({ ...next, updatedAt: now })
        .where(and(ownState, eq(states.reps, previous.reps)))
    : ctx.db
        .insert(states)
        .values({ userId, [cardKey]: cardId, cardType, ...next, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
  // The answer counts on the member's study day when it is the one applied: first in the batch, on the
  // conditions the two writes below depend on (this request id not logged yet, the card's state still the
  // one this answer was computed from), so a retry or a lost race counts nothing.
  const stateRow = (where: SQL | undefined) => ctx.db.select({ userId: states.userId }).from(states).where(where);
  const countReview = recordStudy(ctx, {
    userId,
    cards: 1,
    at: now,
    timeZone: member?.timeZone ?? null,
    onlyIf: and(
      notExists(ctx.db.select({ id: logs.id }).from(logs).where(byRequest)),
      previous ? exists(stateRow(and(ownState, eq(states.reps, previous.reps)))) : notExists(stateRow(ownState)),
    ),
  });
  const [, , logged] = await ctx.db.batch([
    countReview,
    writeState,
    ctx.db
      .insert(logs)
      .select(
        // Insert-select takes the log table's columns in their declared order.
        ctx.db
          .select({
            id: sql<number | null>`null`.as("id"),
            userId: states.userId,
            [cardKey]: stateCard,
            cardType: states.cardType,
            rating: sql<number>`${rating}`.as("rating"),
            reviewedAt: sql<number>`${now.getTime()}`.as("reviewed_at"),
            requestId: sql<string>`${requestId}`.as("request_id"),
            previousState: sql<string | null>`${previous ? JSON.stringify(toSnapshot(previous)) : null}`.as(
              "previous_state",
            ),
            device: sql<string | null>`null`.as("device"),
          })
          .from(states)
          .where(and(ownState, eq(states.reps, next.reps), eq(states.lastReview, now))),
      )
      .onConflictDoNothing()
      .returning({ id: logs.id }),
    ...(tables.effects?.afterReview(ctx, { userId, cardId, cardType, next, requestId, now }) ?? []),
  ]);
  if (logged.length > 0) return { applied: true, cardId, cardType, state: next };
  const [stored] = await ctx.db.select(columns).from(states).where(ownState);
  return { applied: false, cardId, cardType, state: toReviewState(stored!) };
}

/**
 * Takes back one logged answer: the card returns to the state it had before (or to new) and the log
 * goes, in one batch. Only while that answer is still the card's latest review; false otherwise.
 */
export async function takeBackReview(
  ctx: AppContext,
  {
    tables,
    userId,
    log,
  }: { tables: ReviewTables } & {
    userId: number;
    log: {
      id: number;
      cardId: number;
      cardType: CardType;
      reviewedAt: Date;
      previousState: ReviewStateSnapshot | null;
    };
  },
): Promise<boolean> {
  const { states, logs, stateCard } = tables;
  const ownState = and(eq(states.userId, userId), eq(stateCard, log.cardId), eq(states.cardType, log.cardType));
  const now = ctx.now();
  // A later answer to the same card (another tab) means this one is no longer the card's to take back.
  const [[stillLatest], [member]] = await ctx.db.batch([
    ctx.db.select({ lastReview: states.lastReview }).from(states).where(ownState),
    timeZoneQuery(ctx, { userId }),
  ]);
  if (stillLatest?.lastReview?.getTime() !== log.reviewedAt.getTime()) return false;
  const previous = log.previousState ? fromSnapshot(log.previousState) : null;
  const latest = and(ownState, eq(states.lastReview, log.reviewedAt));
  const stillAsLeft = exists(ctx.db.select({ userId: states.userId }).from(states).where(latest));
  await ctx.db.batch([
    // The answer no longer counts on the day it was given (first, while the card is still as it left it).
    unrecordStudy(ctx, {
      userId,
      cards: 1,
      at: log.reviewedAt,
      timeZone: member?.timeZone ?? null,
      now,
      onlyIf: stillAsLeft,
    }),
    // What the member knows of a saved word's lemma, while the card is still as the answer left it.
    ...(tables.effects?.afterTakeBack(ctx, {
      userId,
      cardId: log.cardId,
      cardType: log.cardType,
      previous,
      reviewedAt: log.reviewedAt,
      onlyIf: stillAsLeft,
      now,
    }) ?? []),
    previous
      ? ctx.db
          .update(states)
          .set({ ...previous, updatedAt: now })
          .where(latest)
      : ctx.db.delete(states).where(latest),
    ctx.db.delete(logs).where(and(eq(logs.id, log.id), eq(logs.userId, userId))),
  ]);
  return true;
}
