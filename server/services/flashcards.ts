import { and, asc, count, desc, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import {
  flashcards,
  flashcardReviewLogs,
  flashcardStates,
  flashcollections,
  globalVocabularyThemes,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewLogs,
  vocabularyReviewStates,
  type Level,
} from "#drizzle/schema";
import {
  LEARN_AHEAD_MS,
  NEW_CARDS_PER_DAY,
  previewRatings,
  startOfUtcDay,
  State,
  type Grade,
  type RatingPreview,
  type ReviewState,
} from "#core/fsrs";
import { slugify } from "#core/slug";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";
import {
  applyReview,
  FLASHCARD_REVIEWS,
  reviewStateColumns,
  SAVED_WORD_REVIEWS,
  takeBackReview,
  toReviewState,
  type ReviewResult,
  type ReviewStateRow,
} from "./fsrs-reviews";
import { isMediaKey, signMediaUrl } from "./media";

// Flashcard collections and the learner's saved words, reviewed with FSRS (core/fsrs.ts).
// Every state and log row is the learner's own: the user id is in every `where`.

/** What to review: one collection, every due card of every collection, or the learner's saved words. */
export type ReviewScope =
  { kind: "collection"; collectionId: number } | { kind: "due" } | { kind: "words"; listId?: number };

export interface StudyCounts {
  total: number;
  /** Studied before and due now. */
  due: number;
  /** Never studied. */
  new: number;
  /** Studied and not due yet. */
  learned: number;
  /** New cards the daily limit still lets in today (never more than `new`). */
  newToday: number;
}

export interface FlashcollectionSummary {
  id: number;
  title: string;
  slug: string;
  description: string;
  level: Level;
  cardCount: number;
  /** Null for visitors. */
  counts: StudyCounts | null;
}

export interface VocabularyThemeLink {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
}

export interface FlashcardsOverview {
  collections: FlashcollectionSummary[];
  /** Over every published collection; null for visitors. */
  totals: StudyCounts | null;
  /** The learner's saved words (all lists); null for visitors. */
  savedWords: StudyCounts | null;
  themes: VocabularyThemeLink[];
}

export interface StudyCard {
  id: number;
  arabic: string;
  transliteration: string;
  english: string;
  audioUrl: string | null;
  imageUrl: string | null;
}

export type CardStatus = "new" | "learning" | "due" | "learned";

export interface BrowsedCard extends StudyCard {
  /** Null for visitors. */
  status: CardStatus | null;
  due: Date | null;
}

export interface FlashcollectionDetail extends Omit<FlashcollectionSummary, "counts"> {
  cards: BrowsedCard[];
  counts: StudyCounts | null;
}

export interface SessionSummary {
  reviewed: number;
  ratings: { again: number; hard: number; good: number; easy: number };
}

export interface ReviewSession {
  /** The card to show now, with what each answer would do; null when the session is over. */
  current: { card: StudyCard; isNew: boolean; previews: RatingPreview[] } | null;
  remaining: { due: number; new: number; learning: number };
  /** Reviews since the session began (null when no start was given). */
  summary: SessionSummary | null;
  /** The soonest a card in this scope comes due again after now. */
  nextDue: Date | null;
  canUndo: boolean;
}

// ---------------------------------------------------------------------------------------------
// Pure pieces
// ---------------------------------------------------------------------------------------------

export function cardStatus(state: Pick<ReviewState, "due" | "state"> | null, now: Date): CardStatus {
  if (!state) return "new";
  if (state.due.getTime() <= now.getTime()) return "due";
  return state.state === State.Learning || state.state === State.Relearning ? "learning" : "learned";
}

type QueueCard = { id: number; state: ReviewState | null };

/**
 * Anki's order: cards already due (oldest first), then new cards up to today's allowance, then cards
 * still in (re)learning that come due within the learn-ahead window.
 */
export function orderQueue<T extends QueueCard>(cards: readonly T[], now: Date, newAllowance: number) {
  const at = now.getTime();
  const due = cards
    .filter((card) => card.state && card.state.due.getTime() <= at)
    .sort((a, b) => a.state!.due.getTime() - b.state!.due.getTime());
  const fresh = cards.filter((card) => !card.state).slice(0, Math.max(0, newAllowance));
  const learning = cards
    .filter(
      (card) =>
        card.state &&
        card.state.due.getTime() > at &&
        card.state.due.getTime() <= at + LEARN_AHEAD_MS &&
        (card.state.state === State.Learning || card.state.state === State.Relearning),
    )
    .sort((a, b) => a.state!.due.getTime() - b.state!.due.getTime());
  return { queue: [...due, ...fresh, ...learning], due: due.length, new: fresh.length, learning: learning.length };
}

function countStudy(
  cards: ReadonlyArray<{ state: Pick<ReviewState, "due"> | null }>,
  now: Date,
  introducedToday: number,
): StudyCounts {
  const total = cards.length;
  const fresh = cards.filter((card) => !card.state).length;
  const due = cards.filter((card) => card.state && card.state.due.getTime() <= now.getTime()).length;
  return {
    total,
    due,
    new: fresh,
    learned: total - fresh - due,
    newToday: Math.min(fresh, Math.max(0, NEW_CARDS_PER_DAY - introducedToday)),
  };
}

function addCounts(a: StudyCounts, b: StudyCounts): StudyCounts {
  return {
    total: a.total + b.total,
    due: a.due + b.due,
    new: a.new + b.new,
    learned: a.learned + b.learned,
    newToday: a.newToday + b.newToday,
  };
}

const EMPTY_COUNTS: StudyCounts = { total: 0, due: 0, new: 0, learned: 0, newToday: 0 };

function emptySummary(): SessionSummary {
  return { reviewed: 0, ratings: { again: 0, hard: 0, good: 0, easy: 0 } };
}

function summarize(rows: ReadonlyArray<{ rating: number; total: number }>): SessionSummary {
  const summary = emptySummary();
  const names = { 1: "again", 2: "hard", 3: "good", 4: "easy" } as const;
  for (const row of rows) {
    const name = names[row.rating as 1 | 2 | 3 | 4];
    if (!name) continue;
    summary.ratings[name] += row.total;
    summary.reviewed += row.total;
  }
  return summary;
}

async function mediaUrl(ctx: AppContext, key: string | null): Promise<string | null> {
  return key && isMediaKey(key) ? signMediaUrl(ctx, { key }) : null;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const stateColumns = reviewStateColumns(flashcardStates);
const wordStateColumns = reviewStateColumns(vocabularyReviewStates);

const publishedCollection = eq(flashcollections.isPublished, true);

/** Joins the learner's own state row; visitors (null) join nothing. */
function ownFlashcardState(userId: number | null): SQL | undefined {
  return and(
    eq(flashcardStates.flashcardId, flashcards.id),
    userId === null ? sql`0` : eq(flashcardStates.userId, userId),
  );
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Splits a row with left-joined state columns into the card and its state (null when never studied). */
function splitState<T extends Nullable<ReviewStateRow>>(row: T) {
  const {
    due,
    stability,
    difficulty,
    elapsedDays,
    scheduledDays,
    learningSteps,
    reps,
    lapses,
    state,
    lastReview,
    ...card
  } = row;
  const studied = due !== null && state !== null;
  return {
    card,
    state: studied
      ? toReviewState({
          due,
          stability: stability ?? 0,
          difficulty: difficulty ?? 0,
          elapsedDays: elapsedDays ?? 0,
          scheduledDays: scheduledDays ?? 0,
          learningSteps: learningSteps ?? 0,
          reps: reps ?? 0,
          lapses: lapses ?? 0,
          state,
          lastReview,
        })
      : null,
  };
}

async function loadFlashcardRows(ctx: AppContext, userId: number | null, where: SQL | undefined) {
  const rows = await ctx.db
    .select({
      id: flashcards.id,
      collectionId: flashcards.collectionId,
      arabic: flashcards.arabic,
      transliteration: flashcards.transliteration,
      english: flashcards.english,
      audioKey: flashcards.audioKey,
      imageKey: flashcards.imageKey,
      ...stateColumns,
    })
    .from(flashcards)
    .innerJoin(flashcollections, and(eq(flashcollections.id, flashcards.collectionId), publishedCollection))
    .leftJoin(flashcardStates, ownFlashcardState(userId))
    .where(where)
    .orderBy(
      asc(flashcollections.position),
      asc(flashcards.collectionId),
      asc(flashcards.position),
      asc(flashcards.id),
    );
  return rows.map((row) => {
    const { card, state } = splitState(row);
    return { ...card, state };
  });
}

async function loadWordRows(ctx: AppContext, userId: number, listId?: number) {
  const rows = await ctx.db
    .select({
      id: vocabularyListItems.id,
      arabic: vocabularyListItems.arabic,
      transliteration: vocabularyListItems.transliteration,
      english: vocabularyListItems.english,
      ...wordStateColumns,
    })
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .leftJoin(
      vocabularyReviewStates,
      and(eq(vocabularyReviewStates.itemId, vocabularyListItems.id), eq(vocabularyReviewStates.userId, userId)),
    )
    .where(and(eq(vocabularyLists.userId, userId), listId === undefined ? undefined : eq(vocabularyLists.id, listId)))
    .orderBy(asc(vocabularyListItems.createdAt), asc(vocabularyListItems.id));
  return rows.map((row) => {
    const { card, state } = splitState(row);
    return { ...card, audioKey: null as string | null, imageKey: null as string | null, state };
  });
}

/** New cards first reviewed today, per collection (flashcards) — what the daily limit counts. */
async function flashcardsIntroducedToday(ctx: AppContext, userId: number, now: Date) {
  const rows = await ctx.db
    .select({ collectionId: flashcards.collectionId, total: count() })
    .from(flashcardReviewLogs)
    .innerJoin(flashcards, eq(flashcards.id, flashcardReviewLogs.flashcardId))
    .where(
      and(
        eq(flashcardReviewLogs.userId, userId),
        gte(flashcardReviewLogs.reviewedAt, startOfUtcDay(now)),
        isNull(flashcardReviewLogs.previousState),
      ),
    )
    .groupBy(flashcards.collectionId);
  return new Map(rows.map((row) => [row.collectionId, row.total]));
}

async function wordsIntroducedToday(ctx: AppContext, userId: number, now: Date): Promise<number> {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(vocabularyReviewLogs)
    .where(
      and(
        eq(vocabularyReviewLogs.userId, userId),
        gte(vocabularyReviewLogs.reviewedAt, startOfUtcDay(now)),
        isNull(vocabularyReviewLogs.previousState),
      ),
    );
  return row?.total ?? 0;
}

/** `/flashcards`: published collections with card counts and, for a learner, what is due. */
export async function getFlashcardsOverview(
  ctx: AppContext,
  { userId }: { userId: number | null },
): Promise<FlashcardsOverview> {
  const now = ctx.now();
  const [collections, themes] = await Promise.all([
    ctx.db
      .select({
        id: flashcollections.id,
        title: flashcollections.title,
        slug: flashcollections.slug,
        description: flashcollections.description,
        level: flashcollections.level,
      })
      .from(flashcollections)
      .where(publishedCollection)
      .orderBy(asc(flashcollections.position), asc(flashcollections.id)),
    ctx.db
      .select({
        id: globalVocabularyThemes.id,
        title: globalVocabularyThemes.title,
        titleAr: globalVocabularyThemes.titleAr,
        slug: globalVocabularyThemes.slug,
        description: globalVocabularyThemes.description,
      })
      .from(globalVocabularyThemes)
      .orderBy(asc(globalVocabularyThemes.position), asc(globalVocabularyThemes.id)),
  ]);
  const cards = await loadFlashcardRows(ctx, userId, undefined);
  const introduced = userId !== null ? await flashcardsIntroducedToday(ctx, userId, now) : new Map<number, number>();
  const summaries = collections.map((collection) => {
    const own = cards.filter((card) => card.collectionId === collection.id);
    return {
      ...collection,
      slug: collection.slug || slugify(collection.title),
      cardCount: own.length,
      counts: userId !== null ? countStudy(own, now, introduced.get(collection.id) ?? 0) : null,
    };
  });
  let savedWords: StudyCounts | null = null;
  if (userId !== null) {
    const words = await loadWordRows(ctx, userId);
    savedWords = countStudy(words, now, await wordsIntroducedToday(ctx, userId, now));
  }
  return {
    collections: summaries,
    totals: userId !== null ? summaries.reduce((sum, item) => addCounts(sum, item.counts!), EMPTY_COUNTS) : null,
    savedWords,
    themes: themes.map((theme) => ({ ...theme, slug: theme.slug || slugify(theme.title) })),
  };
}

async function toStudyCard(
  ctx: AppContext,
  row: {
    id: number;
    arabic: string;
    transliteration: string;
    english: string;
    audioKey: string | null;
    imageKey: string | null;
  },
): Promise<StudyCard> {
  return {
    id: row.id,
    arabic: row.arabic,
    transliteration: row.transliteration,
    english: row.english,
    audioUrl: await mediaUrl(ctx, row.audioKey),
    imageUrl: await mediaUrl(ctx, row.imageKey),
  };
}

/** One published collection with every card (front and back) and, for a learner, each card's status. */
export async function getFlashcollection(
  ctx: AppContext,
  { userId, collectionId }: { userId: number | null; collectionId: number },
): Promise<FlashcollectionDetail | null> {
  const [collection] = await ctx.db
    .select({
      id: flashcollections.id,
      title: flashcollections.title,
      slug: flashcollections.slug,
      description: flashcollections.description,
      level: flashcollections.level,
    })
    .from(flashcollections)
    .where(and(eq(flashcollections.id, collectionId), publishedCollection));
  if (!collection) return null;
  const now = ctx.now();
  const rows = await loadFlashcardRows(ctx, userId, eq(flashcards.collectionId, collectionId));
  const introduced = userId !== null ? ((await flashcardsIntroducedToday(ctx, userId, now)).get(collectionId) ?? 0) : 0;
  return {
    ...collection,
    slug: collection.slug || slugify(collection.title),
    cardCount: rows.length,
    counts: userId !== null ? countStudy(rows, now, introduced) : null,
    cards: await Promise.all(
      rows.map(async (row) => ({
        ...(await toStudyCard(ctx, row)),
        status: userId !== null ? cardStatus(row.state, now) : null,
        due: row.state?.due ?? null,
      })),
    ),
  };
}

/** The learner's list when reviewing one list of saved words; null when it is not theirs. */
export async function getOwnVocabularyList(ctx: AppContext, { userId, listId }: { userId: number; listId: number }) {
  const [list] = await ctx.db
    .select({ id: vocabularyLists.id, title: vocabularyLists.title })
    .from(vocabularyLists)
    .where(and(eq(vocabularyLists.id, listId), eq(vocabularyLists.userId, userId)));
  return list ?? null;
}

type ScopeCard = QueueCard & Parameters<typeof toStudyCard>[1];

async function scopeCards(
  ctx: AppContext,
  userId: number,
  scope: ReviewScope,
  now: Date,
): Promise<{ cards: ScopeCard[]; introduced: number }> {
  if (scope.kind === "words") {
    return {
      cards: await loadWordRows(ctx, userId, scope.listId),
      introduced: await wordsIntroducedToday(ctx, userId, now),
    };
  }
  if (scope.kind === "due") {
    // "Review all due" brings no new cards: those are met collection by collection.
    return { cards: await loadFlashcardRows(ctx, userId, undefined), introduced: NEW_CARDS_PER_DAY };
  }
  const cards = await loadFlashcardRows(ctx, userId, eq(flashcards.collectionId, scope.collectionId));
  const introduced = (await flashcardsIntroducedToday(ctx, userId, now)).get(scope.collectionId) ?? 0;
  return { cards, introduced };
}

/** Review logs of this scope since `since`, newest first (the flashcard and the word tables). */
function flashcardLogScope(userId: number, scope: ReviewScope, since: Date): SQL | undefined {
  return and(
    eq(flashcardReviewLogs.userId, userId),
    gte(flashcardReviewLogs.reviewedAt, since),
    scope.kind === "collection" ? eq(flashcards.collectionId, scope.collectionId) : undefined,
  );
}

function wordLogScope(userId: number, scope: ReviewScope & { kind: "words" }, since: Date): SQL | undefined {
  return and(
    eq(vocabularyReviewLogs.userId, userId),
    gte(vocabularyReviewLogs.reviewedAt, since),
    scope.listId === undefined ? undefined : eq(vocabularyListItems.listId, scope.listId),
  );
}

async function sessionSummary(ctx: AppContext, userId: number, scope: ReviewScope, since: Date) {
  const rows =
    scope.kind === "words"
      ? await ctx.db
          .select({ rating: vocabularyReviewLogs.rating, total: count() })
          .from(vocabularyReviewLogs)
          .innerJoin(vocabularyListItems, eq(vocabularyListItems.id, vocabularyReviewLogs.itemId))
          .where(wordLogScope(userId, scope, since))
          .groupBy(vocabularyReviewLogs.rating)
      : await ctx.db
          .select({ rating: flashcardReviewLogs.rating, total: count() })
          .from(flashcardReviewLogs)
          .innerJoin(flashcards, eq(flashcards.id, flashcardReviewLogs.flashcardId))
          .where(flashcardLogScope(userId, scope, since))
          .groupBy(flashcardReviewLogs.rating);
  return summarize(rows);
}

/**
 * The review session at this moment: the next card with its four previews, what is left, and (given the
 * session's start) what has been reviewed so far. Stateless: a reload or a second device sees the same.
 */
export async function getReviewSession(
  ctx: AppContext,
  { userId, scope, ...options }: { userId: number; scope: ReviewScope } & { since?: Date | null },
): Promise<ReviewSession> {
  const now = ctx.now();
  const { cards, introduced } = await scopeCards(ctx, userId, scope, now);
  const order = orderQueue(cards, now, NEW_CARDS_PER_DAY - introduced);
  const next = order.queue[0];
  const later = cards.flatMap((card) =>
    card.state && card.state.due.getTime() > now.getTime() ? [card.state.due.getTime()] : [],
  );
  const since = options.since ?? null;
  return {
    current: next
      ? { card: await toStudyCard(ctx, next), isNew: next.state === null, previews: previewRatings(next.state, now) }
      : null,
    remaining: { due: order.due, new: order.new, learning: order.learning },
    summary: since ? await sessionSummary(ctx, userId, scope, since) : null,
    nextDue: later.length ? new Date(Math.min(...later)) : null,
    canUndo: since ? (await lastReviewInScope(ctx, userId, scope, since)) !== null : false,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export interface ReviewInput {
  cardId: number;
  rating: Grade;
  requestId: string;
}

/** Rates one flashcard of a published collection (see `applyReview`). */
export async function reviewFlashcard(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & ReviewInput,
): Promise<ReviewResult> {
  const [card] = await ctx.db
    .select({ id: flashcards.id })
    .from(flashcards)
    .innerJoin(flashcollections, and(eq(flashcollections.id, flashcards.collectionId), publishedCollection))
    .where(eq(flashcards.id, input.cardId));
  if (!card) throw notFound("We couldn't find that flashcard.");
  return applyReview(ctx, { tables: FLASHCARD_REVIEWS, userId, ...input });
}

/** Rates one of the learner's saved words; the same rules as flashcards. Others' words answer 404. */
export async function reviewSavedWord(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & ReviewInput,
): Promise<ReviewResult> {
  const [item] = await ctx.db
    .select({ id: vocabularyListItems.id })
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .where(and(eq(vocabularyListItems.id, input.cardId), eq(vocabularyLists.userId, userId)));
  if (!item) throw notFound("We couldn't find that word in your lists.");
  return applyReview(ctx, { tables: SAVED_WORD_REVIEWS, userId, ...input });
}

async function lastReviewInScope(ctx: AppContext, userId: number, scope: ReviewScope, since: Date) {
  if (scope.kind === "words") {
    const [log] = await ctx.db
      .select({
        id: vocabularyReviewLogs.id,
        cardId: vocabularyReviewLogs.itemId,
        reviewedAt: vocabularyReviewLogs.reviewedAt,
        previousState: vocabularyReviewLogs.previousState,
      })
      .from(vocabularyReviewLogs)
      .innerJoin(vocabularyListItems, eq(vocabularyListItems.id, vocabularyReviewLogs.itemId))
      .where(wordLogScope(userId, scope, since))
      .orderBy(desc(vocabularyReviewLogs.reviewedAt), desc(vocabularyReviewLogs.id))
      .limit(1);
    return log ?? null;
  }
  const [log] = await ctx.db
    .select({
      id: flashcardReviewLogs.id,
      cardId: flashcardReviewLogs.flashcardId,
      reviewedAt: flashcardReviewLogs.reviewedAt,
      previousState: flashcardReviewLogs.previousState,
    })
    .from(flashcardReviewLogs)
    .innerJoin(flashcards, eq(flashcards.id, flashcardReviewLogs.flashcardId))
    .where(flashcardLogScope(userId, scope, since))
    .orderBy(desc(flashcardReviewLogs.reviewedAt), desc(flashcardReviewLogs.id))
    .limit(1);
  return log ?? null;
}

/**
 * Takes back the latest answer of this session: the card returns to the state it had before (or to new)
 * and the log goes. Only while that answer is still the card's latest review.
 */
export async function undoLastReview(
  ctx: AppContext,
  { userId, scope, since }: { userId: number; scope: ReviewScope; since: Date },
): Promise<{ undone: boolean; cardId: number | null }> {
  const log = await lastReviewInScope(ctx, userId, scope, since);
  if (!log) return { undone: false, cardId: null };
  const tables = scope.kind === "words" ? SAVED_WORD_REVIEWS : FLASHCARD_REVIEWS;
  return { undone: await takeBackReview(ctx, { tables, userId, log }), cardId: log.cardId };
}
