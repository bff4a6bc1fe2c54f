import { and, asc, count, desc, eq, gte, inArray, isNull, type SQL } from "drizzle-orm";
import {
  flashcards,
  reviewSettings,
  transcriptCues,
  videos,
  flashcardReviewLogs,
  flashcardStates,
  flashcardSuspensions,
  flashcollectionCardTypes,
  flashcollections,
  globalVocabularyThemes,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewLogs,
  vocabularyReviewStates,
  type Level,
  type ReviewStateSnapshot,
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
import {
  checkProductionAnswer,
  DEFAULT_NEW_PER_DAY,
  DEFAULT_REVIEWS_PER_DAY,
  noteCardTypes,
  WORD_CARD_TYPES,
  type CardType,
  type NoteKind,
} from "#core/cards";
import { localDay } from "#core/local-day";
import { slugify } from "#core/slug";
import { isLessonLocked } from "../access/policy";
import type { LessonAccessFacts } from "../access/types";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import {
  applyReview,
  FLASHCARD_REVIEWS,
  reviewStateColumns,
  SAVED_WORD_REVIEWS,
  takeBackReview,
  toReviewState,
  type ReviewResult,
} from "./fsrs-reviews";
import { isMediaKey, signMediaUrl } from "./media";
import { timeZoneQuery } from "./study-progress";

// Flashcard collections and the learner's saved words, reviewed with FSRS (core/fsrs.ts).
// Every state and log row is the learner's own: the user id is in every `where`.

/** Where a card of the daily review comes from, to filter it by (docs/cards.md). */
export const REVIEW_SOURCES = ["words", "sentences", "collections"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/**
 * What to review: one collection; the daily review (`due`: every card of "My words" and every started
 * collection's due cards, optionally only some sources); or the learner's saved words.
 */
export type ReviewScope =
  | { kind: "collection"; collectionId: number }
  | { kind: "due"; sources?: readonly ReviewSource[] }
  | { kind: "words"; listId?: number };

/** Which table a card's note lives in: a curated collection's flashcard or one of the member's saved notes. */
export type CardSource = "flashcard" | "word";

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

/** The lesson line a note was saved from: its card plays that range of the lesson's own media. */
export interface CardLine {
  lessonId: number;
  lessonTitle: string;
  /** The lesson opened at this line (`?t=` seconds). */
  href: string;
  /** The lesson's media (signed, Range-capable, as the player uses); null when the member may not watch it. */
  mediaUrl: string | null;
  posterUrl: string | null;
  startMs: number;
  endMs: number | null;
  /** The line's own text (for a word, its example sentence); null when the line is gone. */
  arabic: string | null;
  english: string | null;
  /** The transcript line itself (shadowing from the card, docs/speaking.md); null when the line is gone. */
  cueId: number | null;
  /** Its place in the lesson's transcript, counted from 1. */
  lineNumber: number | null;
}

export interface StudyCard {
  /** The note's id (a flashcard's or a saved note's). */
  id: number;
  source: CardSource;
  cardType: CardType;
  /** Every card type the note makes (its own choice, for editing). */
  enabledTypes: CardType[];
  kind: NoteKind;
  arabic: string;
  transliteration: string;
  english: string;
  audioUrl: string | null;
  imageUrl: string | null;
  line: CardLine | null;
}

/** A member's daily limits of the review (no row: the defaults). */
export interface ReviewSettings {
  newPerDay: number;
  reviewsPerDay: number;
}

export type CardStatus = "new" | "learning" | "due" | "learned";

export interface BrowsedCard extends StudyCard {
  /** Null for visitors. */
  status: CardStatus | null;
  due: Date | null;
  /** Suspended by this member (always false for visitors). */
  suspended: boolean;
}

export interface FlashcollectionDetail extends Omit<FlashcollectionSummary, "counts"> {
  cards: BrowsedCard[];
  counts: StudyCounts | null;
  /** How many of its flashcards have a recording (the ones that can make a listening card). */
  withAudio: number;
  /** The card types this member chose for the collection; null for visitors. */
  cardTypes: CardType[] | null;
}

export interface SessionSummary {
  reviewed: number;
  ratings: { again: number; hard: number; good: number; easy: number };
}

export interface ReviewSession {
  /** The card to show now, with what each answer would do; null when the session is over. */
  current: { card: StudyCard; isNew: boolean; previews: RatingPreview[] } | null;
  remaining: { due: number; new: number; learning: number };
  /** Cards ready but held back by today's limits: when `current` is null and either is > 0, it is "done for today". */
  held: { new: number; due: number };
  /** Cards left for tomorrow because a sibling (another card type of the same note) was answered today. */
  buried: number;
  /** Reviews since the session began (null when no start was given). */
  summary: SessionSummary | null;
  /** The soonest a card in this scope comes due again after now. */
  nextDue: Date | null;
  canUndo: boolean;
  /**
   * The session's next cards with their FSRS states, the current one first, for reviewing on without the network
   * (docs/offline.md "Sync"): the device schedules them with core/fsrs.ts and sends its answers later. Without
   * their lines (the media is not there offline: a listening card shows its Arabic instead). Only when asked for.
   */
  upcoming?: Array<{ card: StudyCard; state: ReviewState | null }>;
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
 * Anki's order: cards already due (oldest first) up to today's review allowance, then new cards up to
 * today's new allowance, then cards still in (re)learning that come due within the learn-ahead window.
 */
export function orderQueue<T extends QueueCard>(
  cards: readonly T[],
  now: Date,
  newAllowance: number,
  reviewAllowance = Number.POSITIVE_INFINITY,
) {
  const at = now.getTime();
  const allDue = cards
    .filter((card) => card.state && card.state.due.getTime() <= at)
    .sort((a, b) => a.state!.due.getTime() - b.state!.due.getTime());
  const due = allDue.slice(0, Math.max(0, reviewAllowance));
  const allFresh = cards.filter((card) => !card.state);
  const fresh = allFresh.slice(0, Math.max(0, newAllowance));
  const learning = cards
    .filter(
      (card) =>
        card.state &&
        card.state.due.getTime() > at &&
        card.state.due.getTime() <= at + LEARN_AHEAD_MS &&
        (card.state.state === State.Learning || card.state.state === State.Relearning),
    )
    .sort((a, b) => a.state!.due.getTime() - b.state!.due.getTime());
  return {
    queue: [...due, ...fresh, ...learning],
    due: due.length,
    new: fresh.length,
    learning: learning.length,
    held: { due: allDue.length - due.length, new: allFresh.length - fresh.length },
  };
}

function countStudy(
  cards: ReadonlyArray<{ state: Pick<ReviewState, "due"> | null }>,
  now: Date,
  introducedToday: number,
  newPerDay = NEW_CARDS_PER_DAY,
): StudyCounts {
  const total = cards.length;
  const fresh = cards.filter((card) => !card.state).length;
  const due = cards.filter((card) => card.state && card.state.due.getTime() <= now.getTime()).length;
  return {
    total,
    due,
    new: fresh,
    learned: total - fresh - due,
    newToday: Math.min(fresh, Math.max(0, newPerDay - introducedToday)),
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

const flashcardColumns = {
  id: flashcards.id,
  collectionId: flashcards.collectionId,
  arabic: flashcards.arabic,
  transliteration: flashcards.transliteration,
  english: flashcards.english,
  audioKey: flashcards.audioKey,
  imageKey: flashcards.imageKey,
};

/**
 * The flashcards of published collections matching `where`, as cards. For a member each flashcard makes the card
 * types they chose for its collection (recognition without a choice; listening only with a recording), each with
 * its own state, and carries `suspended`; a visitor gets one recognition card each, with no state.
 */
async function loadFlashcardRows(ctx: AppContext, userId: number | null, where: SQL | undefined) {
  const cardQuery = ctx.db
    .select(flashcardColumns)
    .from(flashcards)
    .innerJoin(flashcollections, and(eq(flashcollections.id, flashcards.collectionId), publishedCollection))
    .where(where)
    .orderBy(
      asc(flashcollections.position),
      asc(flashcards.collectionId),
      asc(flashcards.position),
      asc(flashcards.id),
    );
  if (userId === null) {
    const rows = await cardQuery;
    return rows.map((card) => ({ ...card, ...FLASHCARD_CARD, suspended: false, state: null as ReviewState | null }));
  }
  const [rows, states, choices, suspensions] = await ctx.db.batch([
    cardQuery,
    ctx.db
      .select({ flashcardId: flashcardStates.flashcardId, cardType: flashcardStates.cardType, ...stateColumns })
      .from(flashcardStates)
      .innerJoin(flashcards, eq(flashcards.id, flashcardStates.flashcardId))
      .innerJoin(flashcollections, and(eq(flashcollections.id, flashcards.collectionId), publishedCollection))
      .where(and(eq(flashcardStates.userId, userId), where)),
    ctx.db
      .select({ collectionId: flashcollectionCardTypes.collectionId, cardTypes: flashcollectionCardTypes.cardTypes })
      .from(flashcollectionCardTypes)
      .where(eq(flashcollectionCardTypes.userId, userId)),
    ctx.db
      .select({ flashcardId: flashcardSuspensions.flashcardId })
      .from(flashcardSuspensions)
      .where(eq(flashcardSuspensions.userId, userId)),
  ]);
  const stateOf = new Map(states.map(({ flashcardId, cardType, ...state }) => [`${flashcardId}:${cardType}`, state]));
  const chosen = new Map(choices.map((choice) => [choice.collectionId, choice.cardTypes]));
  const suspended = new Set(suspensions.map((row) => row.flashcardId));
  return rows.flatMap((card) => {
    const enabledTypes = chosen.get(card.collectionId) ?? [...WORD_CARD_TYPES];
    return noteCardTypes({ cardTypes: enabledTypes, hasAudio: card.audioKey !== null }).map((cardType) => {
      const state = stateOf.get(`${card.id}:${cardType}`);
      return {
        ...card,
        ...FLASHCARD_CARD,
        cardType,
        enabledTypes,
        suspended: suspended.has(card.id),
        state: state ? toReviewState(state) : null,
      };
    });
  });
}

/** A curated flashcard has no lesson line; its card types are the member's choice for its collection (ADR 042). */
const FLASHCARD_CARD = {
  source: "flashcard" as CardSource,
  cardType: "recognition" as CardType,
  enabledTypes: ["recognition"] as CardType[],
  kind: "word" as NoteKind,
  videoId: null as number | null,
  cueId: null as number | null,
  startMs: null as number | null,
  endMs: null as number | null,
};

const SIBLING_ORDER: Record<CardType, number> = { recognition: 0, production: 1, listening: 2 };

/** New siblings are met apart: every note's first card type before any note's next one (a stable sort). */
function siblingsApart<T extends { cardType: CardType }>(cards: T[]): T[] {
  return cards.sort((a, b) => SIBLING_ORDER[a.cardType] - SIBLING_ORDER[b.cardType]);
}

/**
 * The member's notes in "My words" (all lists, or one) as cards: each note makes the card types it has enabled,
 * each with its own state. Suspended notes are left out.
 */
async function loadWordCards(ctx: AppContext, userId: number, listId?: number) {
  const [notes, states] = await ctx.db.batch([
    ctx.db
      .select({
        id: vocabularyListItems.id,
        arabic: vocabularyListItems.arabic,
        transliteration: vocabularyListItems.transliteration,
        english: vocabularyListItems.english,
        kind: vocabularyListItems.kind,
        cardTypes: vocabularyListItems.cardTypes,
        videoId: vocabularyListItems.videoId,
        cueId: vocabularyListItems.cueId,
        startMs: vocabularyListItems.startMs,
        endMs: vocabularyListItems.endMs,
      })
      .from(vocabularyListItems)
      .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
      .where(
        and(
          eq(vocabularyLists.userId, userId),
          listId === undefined ? undefined : eq(vocabularyLists.id, listId),
          isNull(vocabularyListItems.suspendedAt),
        ),
      )
      .orderBy(asc(vocabularyListItems.createdAt), asc(vocabularyListItems.id)),
    ctx.db
      .select({ itemId: vocabularyReviewStates.itemId, cardType: vocabularyReviewStates.cardType, ...wordStateColumns })
      .from(vocabularyReviewStates)
      .where(eq(vocabularyReviewStates.userId, userId)),
  ]);
  const stateOf = new Map(states.map(({ itemId, cardType, ...state }) => [`${itemId}:${cardType}`, state]));
  const cards = notes.flatMap(({ cardTypes, ...note }) =>
    noteCardTypes({ cardTypes, hasAudio: hasLine(note) }).map((cardType) => {
      const state = stateOf.get(`${note.id}:${cardType}`);
      return {
        ...note,
        enabledTypes: cardTypes,
        source: "word" as CardSource,
        cardType,
        audioKey: null as string | null,
        imageKey: null as string | null,
        state: state ? toReviewState(state) : null,
      };
    }),
  );
  return siblingsApart(cards);
}

function hasLine(note: { videoId: number | null; startMs: number | null; endMs: number | null }) {
  return note.videoId !== null && note.startMs !== null && note.endMs !== null;
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

/** The member's daily limits (the defaults until they set theirs). */
export async function getReviewSettings(ctx: AppContext, { userId }: { userId: number }): Promise<ReviewSettings> {
  const [row] = await ctx.db
    .select({ newPerDay: reviewSettings.newPerDay, reviewsPerDay: reviewSettings.reviewsPerDay })
    .from(reviewSettings)
    .where(eq(reviewSettings.userId, userId));
  return row ?? { newPerDay: DEFAULT_NEW_PER_DAY, reviewsPerDay: DEFAULT_REVIEWS_PER_DAY };
}

export async function saveReviewSettings(
  ctx: AppContext,
  { userId, settings }: { userId: number; settings: ReviewSettings },
): Promise<ReviewSettings> {
  const now = ctx.now();
  await ctx.db
    .insert(reviewSettings)
    .values({ userId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { ...settings, updatedAt: now } });
  return settings;
}

/**
 * What the daily limits have counted today, on the member's own calendar (core/local-day.ts): saved notes'
 * cards met for the first time, and answers to cards that were in review (both kinds of card); and which card
 * types of which notes were answered today (what buries their siblings).
 */
async function studiedToday(ctx: AppContext, userId: number, now: Date) {
  // A local day is never longer than 26 hours, so two days back hold all of today's answers.
  const since = new Date(now.getTime() - 48 * 60 * 60 * 1000);
  const [wordLogs, cardLogs, [member]] = await ctx.db.batch([
    ctx.db
      .select({
        noteId: vocabularyReviewLogs.itemId,
        cardType: vocabularyReviewLogs.cardType,
        reviewedAt: vocabularyReviewLogs.reviewedAt,
        previous: vocabularyReviewLogs.previousState,
      })
      .from(vocabularyReviewLogs)
      .where(and(eq(vocabularyReviewLogs.userId, userId), gte(vocabularyReviewLogs.reviewedAt, since))),
    ctx.db
      .select({
        noteId: flashcardReviewLogs.flashcardId,
        cardType: flashcardReviewLogs.cardType,
        reviewedAt: flashcardReviewLogs.reviewedAt,
        previous: flashcardReviewLogs.previousState,
      })
      .from(flashcardReviewLogs)
      .where(and(eq(flashcardReviewLogs.userId, userId), gte(flashcardReviewLogs.reviewedAt, since))),
    timeZoneQuery(ctx, { userId }),
  ]);
  const today = localDay(now, member?.timeZone);
  const isToday = (log: { reviewedAt: Date }) => localDay(log.reviewedAt, member?.timeZone) === today;
  const isReview = (log: { previous: { state: number } | null }) => log.previous?.state === State.Review;
  const answered: AnsweredToday = new Map();
  const mark = (source: CardSource, logs: ReadonlyArray<{ noteId: number; cardType: CardType; reviewedAt: Date }>) => {
    for (const log of logs) {
      if (!isToday(log)) continue;
      const key = `${source}:${log.noteId}`;
      answered.set(key, new Set([...(answered.get(key) ?? []), log.cardType]));
    }
  };
  mark("word", wordLogs);
  mark("flashcard", cardLogs);
  return {
    newWords: wordLogs.filter((log) => isToday(log) && log.previous === null).length,
    reviews: [...wordLogs, ...cardLogs].filter((log) => isToday(log) && isReview(log)).length,
    answered,
  };
}

/** Per note (`source:id`), the card types answered today on the member's calendar. */
type AnsweredToday = Map<string, Set<CardType>>;

/**
 * Anki's sibling burying (docs/cards.md): once one card of a note is answered today, the note's other cards wait
 * for tomorrow. A card answered today itself stays (its learning steps go on).
 */
export function withoutBuriedSiblings<T extends { source: CardSource; id: number; cardType: CardType } & QueueCard>(
  cards: readonly T[],
  answered: AnsweredToday,
  now: Date,
): { cards: T[]; buried: number } {
  const isBuried = (card: T) => {
    const types = answered.get(`${card.source}:${card.id}`);
    return types !== undefined && !types.has(card.cardType);
  };
  return {
    cards: cards.filter((card) => !isBuried(card)),
    // Only the ones that would be shown today (new, or due) count as waiting for tomorrow.
    buried: cards.filter((card) => isBuried(card) && (!card.state || card.state.due.getTime() <= now.getTime())).length,
  };
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
    const inCollection = cards.filter((card) => card.collectionId === collection.id);
    const own = inCollection.filter((card) => !card.suspended);
    return {
      ...collection,
      slug: collection.slug || slugify(collection.title),
      cardCount: new Set(inCollection.map((card) => card.id)).size,
      counts: userId !== null ? countStudy(own, now, introduced.get(collection.id) ?? 0) : null,
    };
  });
  let savedWords: StudyCounts | null = null;
  if (userId !== null) {
    const [words, today, settings] = await Promise.all([
      loadWordCards(ctx, userId),
      studiedToday(ctx, userId, now),
      getReviewSettings(ctx, { userId }),
    ]);
    savedWords = countStudy(words, now, today.newWords, settings.newPerDay);
  }
  return {
    collections: summaries,
    totals: userId !== null ? summaries.reduce((sum, item) => addCounts(sum, item.counts!), EMPTY_COUNTS) : null,
    savedWords,
    themes: themes.map((theme) => ({ ...theme, slug: theme.slug || slugify(theme.title) })),
  };
}

type CardRow = {
  id: number;
  source: CardSource;
  cardType: CardType;
  enabledTypes: CardType[];
  kind: NoteKind;
  arabic: string;
  transliteration: string;
  english: string;
  audioKey: string | null;
  imageKey: string | null;
  videoId: number | null;
  cueId: number | null;
  startMs: number | null;
  endMs: number | null;
};

/** Who is reviewing, as far as the lessons' media go: a premium lesson's media is signed only for a subscriber. */
export type LessonAccessCheck = () => Promise<Pick<LessonAccessFacts, "signedIn" | "hasSubscription">>;

const FREE_LESSONS_ONLY: LessonAccessCheck = async () => ({ signedIn: true, hasSubscription: false });

/** The lesson line of a saved note: its range, its lesson (and media when the member may watch it). */
async function cardLine(ctx: AppContext, row: CardRow, lessonAccess: LessonAccessCheck): Promise<CardLine | null> {
  if (row.videoId === null || row.startMs === null) return null;
  const [found] = await ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      slug: videos.slug,
      isFree: videos.isFree,
      isPublished: videos.isPublished,
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
      cueId: transcriptCues.id,
      cuePosition: transcriptCues.position,
      cueArabic: transcriptCues.arabic,
      cueEnglish: transcriptCues.english,
    })
    .from(videos)
    .leftJoin(transcriptCues, and(eq(transcriptCues.id, row.cueId ?? 0), eq(transcriptCues.lessonId, videos.id)))
    .where(eq(videos.id, row.videoId))
    .limit(1);
  if (!found || !found.isPublished) return null;
  const watchable = !isLessonLocked(found, await lessonAccess());
  const seconds = Math.max(0, Math.floor(row.startMs / 1000));
  return {
    lessonId: found.id,
    lessonTitle: found.title,
    href: `/video/${found.id}/${found.slug || slugify(found.title)}?t=${seconds}`,
    mediaUrl: watchable ? await mediaUrl(ctx, found.videoKey) : null,
    posterUrl: await mediaUrl(ctx, found.thumbnailKey),
    startMs: row.startMs,
    endMs: row.endMs,
    arabic: found.cueArabic,
    english: found.cueEnglish,
    cueId: found.cueId,
    lineNumber: found.cuePosition === null ? null : found.cuePosition + 1,
  };
}

async function toStudyCard(
  ctx: AppContext,
  row: CardRow,
  lessonAccess: LessonAccessCheck = FREE_LESSONS_ONLY,
): Promise<StudyCard> {
  const [audioUrl, imageUrl, line] = await Promise.all([
    mediaUrl(ctx, row.audioKey),
    mediaUrl(ctx, row.imageKey),
    row.source === "word" ? cardLine(ctx, row, lessonAccess) : null,
  ]);
  return {
    id: row.id,
    source: row.source,
    cardType: row.cardType,
    enabledTypes: row.enabledTypes,
    kind: row.kind,
    arabic: row.arabic,
    transliteration: row.transliteration,
    english: row.english,
    audioUrl,
    imageUrl,
    line,
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
  // One line per flashcard in the list: its first card type's status stands for it.
  const seen = new Set<number>();
  const firsts = rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
  return {
    ...collection,
    slug: collection.slug || slugify(collection.title),
    cardCount: firsts.length,
    withAudio: firsts.filter((row) => row.audioKey !== null).length,
    cardTypes: userId !== null ? (firsts[0]?.enabledTypes ?? [...WORD_CARD_TYPES]) : null,
    counts:
      userId !== null
        ? countStudy(
            rows.filter((row) => !row.suspended),
            now,
            introduced,
          )
        : null,
    cards: await Promise.all(
      firsts.map(async (row) => ({
        ...(await toStudyCard(ctx, row)),
        status: userId !== null ? cardStatus(row.state, now) : null,
        due: row.state?.due ?? null,
        suspended: row.suspended,
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

type ScopeCard = QueueCard & CardRow;

const wordSource = (card: { kind: NoteKind }): ReviewSource => (card.kind === "sentence" ? "sentences" : "words");

async function scopeCards(
  ctx: AppContext,
  userId: number,
  scope: ReviewScope,
  now: Date,
): Promise<{ cards: ScopeCard[]; buried: number; newAllowance: number; reviewAllowance: number }> {
  const today = studiedToday(ctx, userId, now);
  if (scope.kind === "collection") {
    // A collection's own session keeps its own allowance of new cards a day (ADR 014).
    const [cards, introduced, { answered }] = await Promise.all([
      loadFlashcardRows(ctx, userId, eq(flashcards.collectionId, scope.collectionId)),
      flashcardsIntroducedToday(ctx, userId, now),
      today,
    ]);
    return {
      ...withoutBuriedSiblings(siblingsApart(cards.filter((card) => !card.suspended)), answered, now),
      newAllowance: NEW_CARDS_PER_DAY - (introduced.get(scope.collectionId) ?? 0),
      reviewAllowance: Number.POSITIVE_INFINITY,
    };
  }
  const [settings, studied] = await Promise.all([getReviewSettings(ctx, { userId }), today]);
  const limits = {
    newAllowance: settings.newPerDay - studied.newWords,
    reviewAllowance: settings.reviewsPerDay - studied.reviews,
  };
  if (scope.kind === "words") {
    const words = await loadWordCards(ctx, userId, scope.listId);
    return { ...withoutBuriedSiblings(words, studied.answered, now), ...limits };
  }
  // The daily review: "My words" (words and sentences) and the due cards of the collections the member has
  // started (cards with a state: a collection's new cards, and a new card type's, are met on its own page).
  const sources = scope.sources?.length ? scope.sources : REVIEW_SOURCES;
  const [words, started] = await Promise.all([
    sources.includes("words") || sources.includes("sentences") ? loadWordCards(ctx, userId) : [],
    sources.includes("collections")
      ? loadFlashcardRows(ctx, userId, inArray(flashcards.id, startedFlashcards(ctx, userId)))
      : [],
  ]);
  const cards = [
    ...started.filter((card) => card.state !== null && !card.suspended),
    ...words.filter((card) => sources.includes(wordSource(card))),
  ];
  return { ...withoutBuriedSiblings(cards, studied.answered, now), ...limits };
}

/** The member's flashcards with at least one card studied: what the daily review takes from collections. */
function startedFlashcards(ctx: AppContext, userId: number) {
  return ctx.db
    .select({ id: flashcardStates.flashcardId })
    .from(flashcardStates)
    .where(eq(flashcardStates.userId, userId));
}

/** Review logs of this scope since `since`, newest first (the flashcard and the word tables). */
function flashcardLogScope(userId: number, scope: ReviewScope, since: Date): SQL | undefined {
  return and(
    eq(flashcardReviewLogs.userId, userId),
    gte(flashcardReviewLogs.reviewedAt, since),
    scope.kind === "collection" ? eq(flashcards.collectionId, scope.collectionId) : undefined,
  );
}

function wordLogScope(userId: number, scope: ReviewScope, since: Date): SQL | undefined {
  return and(
    eq(vocabularyReviewLogs.userId, userId),
    gte(vocabularyReviewLogs.reviewedAt, since),
    scope.kind === "words" && scope.listId !== undefined ? eq(vocabularyListItems.listId, scope.listId) : undefined,
  );
}

const scopeHasWords = (scope: ReviewScope) => scope.kind !== "collection";
const scopeHasFlashcards = (scope: ReviewScope) => scope.kind !== "words";

async function sessionSummary(ctx: AppContext, userId: number, scope: ReviewScope, since: Date) {
  const [words, cards] = await Promise.all([
    scopeHasWords(scope)
      ? ctx.db
          .select({ rating: vocabularyReviewLogs.rating, total: count() })
          .from(vocabularyReviewLogs)
          .innerJoin(vocabularyListItems, eq(vocabularyListItems.id, vocabularyReviewLogs.itemId))
          .where(wordLogScope(userId, scope, since))
          .groupBy(vocabularyReviewLogs.rating)
      : [],
    scopeHasFlashcards(scope)
      ? ctx.db
          .select({ rating: flashcardReviewLogs.rating, total: count() })
          .from(flashcardReviewLogs)
          .innerJoin(flashcards, eq(flashcards.id, flashcardReviewLogs.flashcardId))
          .where(flashcardLogScope(userId, scope, since))
          .groupBy(flashcardReviewLogs.rating)
      : [],
  ]);
  return summarize([...words, ...cards]);
}

/**
 * The review session at this moment: the next card with its four previews, what is left, and (given the
 * session's start) what has been reviewed so far. Stateless: a reload or a second device sees the same.
 */
export async function getReviewSession(
  ctx: AppContext,
  {
    userId,
    scope,
    ...options
  }: { userId: number; scope: ReviewScope } & {
    since?: Date | null;
    lessonAccess?: LessonAccessCheck;
    /** How many of the next cards to add as `upcoming`. */
    upcoming?: number;
  },
): Promise<ReviewSession> {
  const now = ctx.now();
  const { cards, buried, newAllowance, reviewAllowance } = await scopeCards(ctx, userId, scope, now);
  const order = orderQueue(cards, now, newAllowance, reviewAllowance);
  const next = order.queue[0];
  const later = cards.flatMap((card) =>
    card.state && card.state.due.getTime() > now.getTime() ? [card.state.due.getTime()] : [],
  );
  const since = options.since ?? null;
  return {
    current: next
      ? {
          card: await toStudyCard(ctx, next, options.lessonAccess),
          isNew: next.state === null,
          previews: previewRatings(next.state, now),
        }
      : null,
    remaining: { due: order.due, new: order.new, learning: order.learning },
    held: order.held,
    buried,
    summary: since ? await sessionSummary(ctx, userId, scope, since) : null,
    nextDue: later.length ? new Date(Math.min(...later)) : null,
    canUndo: since ? (await lastReviewInScope(ctx, userId, scope, since)) !== null : false,
    ...(options.upcoming
      ? {
          upcoming: await Promise.all(
            order.queue.slice(0, options.upcoming).map(async (row) => ({
              card: await toStudyCard(ctx, { ...row, videoId: null }),
              state: row.state,
            })),
          ),
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export interface ReviewInput {
  cardId: number;
  rating: Grade;
  requestId: string;
  cardType?: CardType;
  /** A production card's typed answer: a wrong one is rated Again, whatever was chosen. */
  answer?: string;
}

/**
 * Rates one flashcard of a published collection (see `applyReview`): a card type the member's choice for its
 * collection does not make is a 422; a production card's typed answer is checked as for saved notes.
 */
export async function reviewFlashcard(
  ctx: AppContext,
  { userId, answer, cardType = "recognition", ...input }: { userId: number } & ReviewInput,
): Promise<ReviewResult & { correct: boolean | null }> {
  const [card] = await ctx.db
    .select({
      id: flashcards.id,
      arabic: flashcards.arabic,
      transliteration: flashcards.transliteration,
      audioKey: flashcards.audioKey,
      cardTypes: flashcollectionCardTypes.cardTypes,
    })
    .from(flashcards)
    .innerJoin(flashcollections, and(eq(flashcollections.id, flashcards.collectionId), publishedCollection))
    .leftJoin(
      flashcollectionCardTypes,
      and(
        eq(flashcollectionCardTypes.collectionId, flashcards.collectionId),
        eq(flashcollectionCardTypes.userId, userId),
      ),
    )
    .where(eq(flashcards.id, input.cardId));
  if (!card) throw notFound("We couldn't find that flashcard.");
  const types = noteCardTypes({ cardTypes: card.cardTypes ?? WORD_CARD_TYPES, hasAudio: card.audioKey !== null });
  if (!types.includes(cardType))
    throw new AppError(422, [`cardType: your cards of this collection have no ${cardType} card.`]);
  const correct = cardType === "production" && answer !== undefined ? checkProductionAnswer(card, answer) : null;
  const rating = correct === false ? (1 as Grade) : input.rating;
  const result = await applyReview(ctx, { tables: FLASHCARD_REVIEWS, userId, cardType, ...input, rating });
  return { ...result, correct };
}

/**
 * Rates one card of the learner's saved notes; the same rules as flashcards. Others' notes answer 404, a card
 * type the note does not make 422. A production card's typed answer is checked here (core/cards.ts).
 */
export async function reviewSavedWord(
  ctx: AppContext,
  { userId, answer, cardType = "recognition", ...input }: { userId: number } & ReviewInput,
): Promise<ReviewResult & { correct: boolean | null }> {
  const [item] = await ctx.db
    .select({
      id: vocabularyListItems.id,
      arabic: vocabularyListItems.arabic,
      transliteration: vocabularyListItems.transliteration,
      cardTypes: vocabularyListItems.cardTypes,
      videoId: vocabularyListItems.videoId,
      startMs: vocabularyListItems.startMs,
      endMs: vocabularyListItems.endMs,
    })
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .where(and(eq(vocabularyListItems.id, input.cardId), eq(vocabularyLists.userId, userId)));
  if (!item) throw notFound("We couldn't find that word in your lists.");
  if (!noteCardTypes({ cardTypes: item.cardTypes, hasAudio: hasLine(item) }).includes(cardType))
    throw new AppError(422, [`cardType: this note has no ${cardType} card.`]);
  const correct = cardType === "production" && answer !== undefined ? checkProductionAnswer(item, answer) : null;
  const rating = correct === false ? (1 as Grade) : input.rating;
  const result = await applyReview(ctx, { tables: SAVED_WORD_REVIEWS, userId, cardType, ...input, rating });
  return { ...result, correct };
}

type ScopeLog = {
  id: number;
  cardId: number;
  cardType: CardType;
  reviewedAt: Date;
  previousState: ReviewStateSnapshot | null;
  source: CardSource;
};

async function lastReviewInScope(
  ctx: AppContext,
  userId: number,
  scope: ReviewScope,
  since: Date,
): Promise<ScopeLog | null> {
  const [[word], [card]] = await Promise.all([
    scopeHasWords(scope)
      ? ctx.db
          .select({
            id: vocabularyReviewLogs.id,
            cardId: vocabularyReviewLogs.itemId,
            cardType: vocabularyReviewLogs.cardType,
            reviewedAt: vocabularyReviewLogs.reviewedAt,
            previousState: vocabularyReviewLogs.previousState,
          })
          .from(vocabularyReviewLogs)
          .innerJoin(vocabularyListItems, eq(vocabularyListItems.id, vocabularyReviewLogs.itemId))
          .where(wordLogScope(userId, scope, since))
          .orderBy(desc(vocabularyReviewLogs.reviewedAt), desc(vocabularyReviewLogs.id))
          .limit(1)
      : [],
    scopeHasFlashcards(scope)
      ? ctx.db
          .select({
            id: flashcardReviewLogs.id,
            cardId: flashcardReviewLogs.flashcardId,
            cardType: flashcardReviewLogs.cardType,
            reviewedAt: flashcardReviewLogs.reviewedAt,
            previousState: flashcardReviewLogs.previousState,
          })
          .from(flashcardReviewLogs)
          .innerJoin(flashcards, eq(flashcards.id, flashcardReviewLogs.flashcardId))
          .where(flashcardLogScope(userId, scope, since))
          .orderBy(desc(flashcardReviewLogs.reviewedAt), desc(flashcardReviewLogs.id))
          .limit(1)
      : [],
  ]);
  const words = word ? { ...word, source: "word" as const } : null;
  const cards = card ? { ...card, source: "flashcard" as const } : null;
  if (!words || !cards) return words ?? cards;
  return words.reviewedAt.getTime() >= cards.reviewedAt.getTime() ? words : cards;
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
  const tables = log.source === "word" ? SAVED_WORD_REVIEWS : FLASHCARD_REVIEWS;
  return { undone: await takeBackReview(ctx, { tables, userId, log }), cardId: log.cardId };
}
