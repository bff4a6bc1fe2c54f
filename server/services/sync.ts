import { and, asc, eq, gte, inArray, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  exerciseAttempts,
  flashcards,
  flashcollections,
  studyDays,
  videoProgress,
  videos,
  vocabularyListItems,
  vocabularyLists,
  type CardType,
  type ReviewStateSnapshot,
} from "#drizzle/schema";
import { noteCardTypes } from "#core/cards";
import { reviewCard, type Grade, type ReviewState } from "#core/fsrs";
import { localDay } from "#core/local-day";
import type {
  ExerciseAnswerEvent,
  ProgressEvent,
  ReviewEvent,
  SaveWordEvent,
  SyncAnswer,
  SyncEvent,
  SyncEventResult,
  WordStatusEvent,
} from "#core/schemas/sync";
import type { AppContext } from "../context";
import {
  FLASHCARD_REVIEWS,
  reviewStateColumns,
  SAVED_WORD_REVIEWS,
  toReviewState,
  type ReviewTables,
} from "./fsrs-reviews";
import { checkExerciseAnswer, findSentenceExercise } from "./exercises";
import { COMPLETION_RATIO, MAX_PLAYBACK_RATE } from "./progress";
import { MAX_SECONDS_PER_DAY, recordStudy } from "./study-progress";
import { saveWordToDefaultList } from "./vocabulary-save";
import { existingLemmas, wordStatusAt } from "./words/status";
import { AppError } from "../lib/errors";

// The outbox's server side (docs/offline.md "Sync", ADR 044): a device's batch of review events and playback
// stretches, each stored once whatever the retries, and every card's state derived by replaying its reviews in
// time order, so answers two devices gave the same card offline are both kept.

type Query = BatchItem<"sqlite">;

/** An event older than this (after rebasing on the server's clock) counts as made this long ago. */
export const MAX_EVENT_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** A card whose state moved while its replay was computed (another tab's answer) is replayed again, this often. */
const REPLAY_ATTEMPTS = 3;

/**
 * A device clock reading on the server's clock: moved by the batch's offset (the server's time at arrival minus
 * the device's `sentAt`), so a device whose clock is hours wrong still orders its events right against other
 * devices; then never later than now (network time is not subtracted: at worst an event lands a few hundred
 * milliseconds late) and never more than a year back.
 */
export function rebaseTime(deviceTime: number, { offsetMs, now }: { offsetMs: number; now: Date }): Date {
  const at = now.getTime();
  return new Date(Math.max(at - MAX_EVENT_AGE_MS, Math.min(at, deviceTime + offsetMs)));
}

/**
 * Whether the member may save words from (or answer the exercises of) a lesson now: 200, or the status the lesson's
 * own endpoint answers.
 */
export type LessonAccessAnswers = Map<number, 200 | 402 | 404>;

export async function applySyncBatch(
  ctx: AppContext,
  {
    userId,
    timeZone,
    device,
    sentAt,
    events,
    lessonAccess = new Map(),
  }: {
    userId: number;
    timeZone: string | null;
    device: string;
    sentAt: number;
    events: SyncEvent[];
    /** For the lessons of `save-word` and `exercise-answer` events (the API checks them with the access policy). */
    lessonAccess?: LessonAccessAnswers;
  },
): Promise<SyncAnswer> {
  const now = ctx.now();
  const clock = { offsetMs: now.getTime() - sentAt, now };
  const results = new Map<string, SyncEventResult>();
  const reviews = events.filter((event): event is ReviewEvent => event.kind === "review");
  const progress = events.filter((event): event is ProgressEvent => event.kind === "progress");
  if (reviews.length > 0) {
    for (const result of await applyReviewEvents(ctx, { userId, timeZone, device, clock, events: reviews }))
      results.set(result.id, result);
  }
  if (progress.length > 0) {
    for (const result of await applyProgressEvents(ctx, { userId, timeZone, clock, events: progress }))
      results.set(result.id, result);
  }
  const statuses = events.filter((event): event is WordStatusEvent => event.kind === "word-status");
  if (statuses.length > 0) {
    for (const result of await applyWordStatusEvents(ctx, { userId, clock, events: statuses }))
      results.set(result.id, result);
  }
  for (const event of events.filter((event): event is SaveWordEvent => event.kind === "save-word")) {
    results.set(event.id, await applySaveWordEvent(ctx, { userId, event, access: lessonAccess.get(event.lessonId) }));
  }
  const answers = events.filter((event): event is ExerciseAnswerEvent => event.kind === "exercise-answer");
  if (answers.length > 0) {
    for (const result of await applyExerciseAnswers(ctx, { userId, clock, events: answers, lessonAccess }))
      results.set(result.id, result);
  }
  return { results: events.map((event) => results.get(event.id)!), serverTime: now.getTime() };
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

interface TimedReview {
  id: string;
  at: Date;
  rating: Grade;
}

/** Replay order: time, then id, so two events at the same millisecond fall the same way on every server. */
function byTimeThenId(a: { at: Date; id: string }, b: { at: Date; id: string }) {
  return a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function toSnapshot(state: ReviewState | null): ReviewStateSnapshot | null {
  if (!state) return null;
  return { ...state, due: state.due.getTime(), lastReview: state.lastReview?.getTime() ?? null };
}

function fromSnapshot(snapshot: ReviewStateSnapshot): ReviewState {
  return toReviewState({
    ...snapshot,
    due: new Date(snapshot.due),
    lastReview: snapshot.lastReview === null ? null : new Date(snapshot.lastReview),
  });
}

/**
 * Which of these cards the member may review, by card: a note of their own lists (with the card types it makes)
 * or a flashcard of a published collection (recognition). Anything else is not found.
 */
async function reviewableCards(ctx: AppContext, { userId, events }: { userId: number; events: ReviewEvent[] }) {
  const wordIds = [...new Set(events.filter((e) => e.source === "word").map((e) => e.cardId))];
  const cardIds = [...new Set(events.filter((e) => e.source === "flashcard").map((e) => e.cardId))];
  const [words, cards] = await Promise.all([
    wordIds.length
      ? ctx.db
          .select({
            id: vocabularyListItems.id,
            cardTypes: vocabularyListItems.cardTypes,
            videoId: vocabularyListItems.videoId,
            startMs: vocabularyListItems.startMs,
          })
          .from(vocabularyListItems)
          .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
          .where(and(inArray(vocabularyListItems.id, wordIds), eq(vocabularyLists.userId, userId)))
      : [],
    cardIds.length
      ? ctx.db
          .select({ id: flashcards.id })
          .from(flashcards)
          .innerJoin(
            flashcollections,
            and(eq(flashcollections.id, flashcards.collectionId), eq(flashcollections.isPublished, true)),
          )
          .where(inArray(flashcards.id, cardIds))
      : [],
  ]);
  const types = new Map<string, readonly CardType[]>();
  for (const word of words) {
    const hasAudio = word.videoId !== null && word.startMs !== null;
    types.set(`word:${word.id}`, noteCardTypes({ cardTypes: word.cardTypes, hasAudio }));
  }
  for (const card of cards) types.set(`flashcard:${card.id}`, ["recognition"]);
  return types;
}

async function applyReviewEvents(
  ctx: AppContext,
  {
    userId,
    timeZone,
    device,
    clock,
    events,
  }: {
    userId: number;
    timeZone: string | null;
    device: string;
    clock: { offsetMs: number; now: Date };
    events: ReviewEvent[];
  },
): Promise<SyncEventResult[]> {
  const results: SyncEventResult[] = [];
  const allowed = await reviewableCards(ctx, { userId, events });
  const groups = new Map<string, { event: ReviewEvent; reviews: TimedReview[] }>();
  const seen = new Set<string>();
  for (const event of events) {
    const types = allowed.get(`${event.source}:${event.cardId}`);
    if (!types) {
      results.push({ id: event.id, status: 404, error: "We couldn't find that card among yours." });
      continue;
    }
    if (!types.includes(event.cardType)) {
      results.push({ id: event.id, status: 422, error: `cardType: this card has no ${event.cardType} card.` });
      continue;
    }
    results.push({ id: event.id, status: 200 });
    // The same id twice in one batch is one answer.
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    const key = `${event.source}:${event.cardId}:${event.cardType}`;
    const group = groups.get(key) ?? { event, reviews: [] };
    group.reviews.push({ id: event.id, at: rebaseTime(event.at, clock), rating: event.rating as Grade });
    groups.set(key, group);
  }
  for (const { event, reviews } of groups.values()) {
    const tables = event.source === "word" ? SAVED_WORD_REVIEWS : FLASHCARD_REVIEWS;
    for (let attempt = 1; ; attempt += 1) {
      const done = await replayCard(ctx, {
        tables,
        userId,
        timeZone,
        device,
        cardId: event.cardId,
        cardType: event.cardType,
        reviews,
      });
      if (done) break;
      if (attempt >= REPLAY_ATTEMPTS) throw new Error("A card kept changing while its reviews were replayed.");
    }
  }
  return results;
}

/**
 * Stores the reviews of one card not stored yet and replays the card's history from the first of them: the
 * state just before it (the `previous_state` of the first stored review at or after it, or the card's state
 * when none is), then every review from there in time order, old and new, each one's `previous_state`
 * rewritten as the replay gives it (so an undo still restores the state before). The state is written only if
 * it is still the one the replay started from (compare-and-set on `reps` and `last_review`), and the new log
 * rows, the study days and what the member knows of the word only with it. False: the card moved meanwhile.
 */
async function replayCard(
  ctx: AppContext,
  {
    tables,
    userId,
    timeZone,
    device,
    cardId,
    cardType,
    reviews,
  }: {
    tables: ReviewTables;
    userId: number;
    timeZone: string | null;
    device: string;
    cardId: number;
    cardType: CardType;
    reviews: TimedReview[];
  },
): Promise<boolean> {
  const { states, logs, stateCard, logCard, cardKey } = tables;
  const ownState = and(eq(states.userId, userId), eq(stateCard, cardId), eq(states.cardType, cardType));
  const ownLogs = and(eq(logs.userId, userId), eq(logCard, cardId), eq(logs.cardType, cardType));
  const earliest = new Date(Math.min(...reviews.map((review) => review.at.getTime())));
  const [stored, [current], later] = await ctx.db.batch([
    ctx.db
      .select({ requestId: logs.requestId })
      .from(logs)
      .where(
        and(
          eq(logs.userId, userId),
          inArray(
            logs.requestId,
            reviews.map((review) => review.id),
          ),
        ),
      ),
    ctx.db.select(reviewStateColumns(states)).from(states).where(ownState),
    ctx.db
      .select({
        id: logs.id,
        requestId: logs.requestId,
        rating: logs.rating,
        reviewedAt: logs.reviewedAt,
        previousState: logs.previousState,
      })
      .from(logs)
      .where(and(ownLogs, gte(logs.reviewedAt, earliest)))
      .orderBy(asc(logs.reviewedAt), asc(logs.requestId)),
  ]);
  const storedIds = new Set(stored.map((row) => row.requestId));
  const fresh = reviews.filter((review) => !storedIds.has(review.id));
  if (fresh.length === 0) return true;

  type Step = TimedReview & { logId: number | null; previousState: ReviewStateSnapshot | null };
  const steps: Step[] = [
    ...later.map((log) => ({
      id: log.requestId,
      at: log.reviewedAt,
      rating: log.rating as Grade,
      logId: log.id,
      previousState: log.previousState,
    })),
    ...fresh.map((review) => ({ ...review, logId: null, previousState: null })),
  ].sort(byTimeThenId);
  // The state before the first step: the first stored review's own "before" (every review earlier than it is
  // earlier than all of these steps), or the card's state when none of its stored reviews comes this late.
  const firstStored = steps.find((step) => step.logId !== null);
  const base = firstStored
    ? firstStored.previousState
      ? fromSnapshot(firstStored.previousState)
      : null
    : current
      ? toReviewState(current)
      : null;

  let state = base;
  const rewritten: Array<{ logId: number; previousState: ReviewStateSnapshot | null }> = [];
  const inserts: Array<Step & { snapshot: ReviewStateSnapshot | null }> = [];
  for (const step of steps) {
    const snapshot = toSnapshot(state);
    if (step.logId === null) inserts.push({ ...step, snapshot });
    else if (JSON.stringify(snapshot) !== JSON.stringify(step.previousState))
      rewritten.push({ logId: step.logId, previousState: snapshot });
    state = reviewCard(state, step.rating, step.at);
  }
  const final = state!;
  const now = ctx.now();
  const previous = current ? toReviewState(current) : null;
  const writeState = previous
    ? ctx.db
        .update(states)
        .set({ ...final, updatedAt: now })
        .where(
          and(
            ownState,
            eq(states.reps, previous.reps),
            previous.lastReview ? eq(states.lastReview, previous.lastReview) : isNull(states.lastReview),
          ),
        )
        .returning({ reps: states.reps })
    : ctx.db
        .insert(states)
        .values({ userId, [cardKey]: cardId, cardType, ...final, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ reps: states.reps });
  // Everything after the state write holds only while the card is in the state this replay wrote.
  const replayed = sql`exists (select 1 from ${states} where ${and(
    ownState,
    eq(states.reps, final.reps),
    final.lastReview ? eq(states.lastReview, final.lastReview) : isNull(states.lastReview),
  )})`;
  const queries: Query[] = [];
  for (const review of inserts) {
    queries.push(
      ctx.db
        .insert(logs)
        .select(
          // Insert-select takes the log table's columns in their declared order.
          sql`select null, ${userId}, ${cardId}, ${cardType}, ${review.rating}, ${review.at.getTime()}, ${review.id}, ${
            review.snapshot ? JSON.stringify(review.snapshot) : null
          }, ${device} where ${replayed}`,
        )
        .onConflictDoNothing(),
    );
  }
  for (const { logId, previousState } of rewritten) {
    queries.push(
      ctx.db
        .update(logs)
        .set({ previousState })
        .where(and(eq(logs.id, logId), eq(logs.userId, userId), replayed)),
    );
  }
  // Each answer counts on the study day it was given (the member's zone), as an answer made online does.
  const perDay = new Map<string, { at: Date; cards: number }>();
  for (const review of inserts) {
    const day = localDay(review.at, timeZone);
    const entry = perDay.get(day) ?? { at: review.at, cards: 0 };
    entry.cards += 1;
    perDay.set(day, entry);
  }
  for (const { at, cards } of perDay.values()) {
    queries.push(recordStudy(ctx, { userId, cards, at, timeZone, onlyIf: replayed }));
  }
  const last = steps[steps.length - 1]!;
  if (last.logId === null) {
    // What the member knows of a saved word follows its latest answer, as online (server/services/words/known.ts).
    queries.push(
      ...(tables.effects?.afterReview(ctx, {
        userId,
        cardId,
        cardType,
        next: final,
        requestId: last.id,
        now: last.at,
      }) ?? []),
    );
  }
  const [written] = await ctx.db.batch([writeState, ...queries]);
  return written.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Playback progress
// ---------------------------------------------------------------------------------------------

/**
 * One stretch of playback as one D1 batch of two statements, neither of which reads first (so two tabs, a
 * retry and the leave request cannot conflict):
 * - the study day gets the stretch's credit: the device's watched seconds for the part of the stretch after the
 *   lesson's `credited_at` (pro rata), capped by that part's wall time at the fastest speed; a stretch already
 *   credited (a retry, another tab's older report) earns nothing, an overlapping one only its new part;
 * - the progress row gets the same credit, the position (only from a stretch newer than what the row has, so
 *   the position moves forward in time and an old report never moves it back), completion (kept once reached)
 *   and `credited_at` = the stretch's end. Only for a published lesson; the rest of the rule is
 *   docs/progress.md's.
 */
async function applyProgressEvents(
  ctx: AppContext,
  {
    userId,
    timeZone,
    clock,
    events,
  }: {
    userId: number;
    timeZone: string | null;
    clock: { offsetMs: number; now: Date };
    events: ProgressEvent[];
  },
): Promise<SyncEventResult[]> {
  const queries: Query[] = [];
  const now = clock.now;
  const ordered = [...events].sort((a, b) => a.to - b.to);
  for (const event of ordered) {
    const to = rebaseTime(event.to, clock).getTime();
    const from = Math.min(to, rebaseTime(event.from, clock).getTime());
    const claimed = Math.floor(event.watchedSeconds);
    const reported = event.durationSeconds ? Math.ceil(event.durationSeconds) : 0;
    const lesson = and(eq(videos.id, event.lessonId), eq(videos.isPublished, true));
    const own = and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, event.lessonId));
    const creditedAt = sql`(select ${videoProgress.creditedAt} from ${videoProgress} where ${own})`;
    /**
     * Seconds this stretch earns against a row credited up to `credited` (ms; the stretch's start when none): the
     * device's count for the part of the stretch not credited yet (pro rata), at most that part's wall time at
     * the fastest speed.
     */
    const credit = (credited: SQLWrapper) => {
      const window = sql`max(0, ${to} - max(${from}, coalesce(${credited}, ${from})))`;
      return sql`max(0, min(${claimed} * ${window} / ${Math.max(1, to - from)}, cast(${window} * ${MAX_PLAYBACK_RATE} / 1000 as integer)))`;
    };
    const duration = sql`(case when ${videos.durationSeconds} > 0 then ${videos.durationSeconds} else ${reported} end)`;
    const position = sql`(case when ${duration} > 0 then min(${Math.round(event.positionSeconds)}, ${duration}) else ${Math.round(event.positionSeconds)} end)`;
    const completed = sql`(case when ${duration} > 0 and ${position} >= ${duration} * ${COMPLETION_RATIO} then ${to} else null end)`;
    const day = localDay(new Date(to), timeZone);
    queries.push(
      ctx.db
        .insert(studyDays)
        .select(
          // The table's columns in their declared order; SQLite needs the WHERE before an upsert's ON CONFLICT.
          sql`select ${userId}, ${day}, min(${credit(creditedAt)}, ${MAX_SECONDS_PER_DAY}), 0, ${to}, 0 from ${videos} where ${lesson} and ${credit(creditedAt)} > 0`,
        )
        .onConflictDoUpdate({
          target: [studyDays.userId, studyDays.day],
          set: {
            secondsWatched: sql`min(${studyDays.secondsWatched} + excluded.seconds_watched, ${MAX_SECONDS_PER_DAY})`,
            updatedAt: sql`excluded.updated_at`,
          },
        }),
      ctx.db
        .insert(videoProgress)
        .select(
          sql`select ${userId}, ${videos.id}, ${position}, ${credit(sql`null`)}, ${completed}, ${position}, ${to}, ${now.getTime()}, ${now.getTime()} from ${videos} where ${lesson}`,
        )
        .onConflictDoUpdate({
          target: [videoProgress.userId, videoProgress.videoId],
          set: {
            // Every right-hand side reads the row as it was before this statement (SQLite's upsert).
            watchedSeconds: sql`${videoProgress.watchedSeconds} + ${credit(videoProgress.creditedAt)}`,
            positionSeconds: sql`case when ${to} >= coalesce(${videoProgress.creditedAt}, 0) then excluded.position_seconds else ${videoProgress.positionSeconds} end`,
            completedAt: sql`coalesce(${videoProgress.completedAt}, excluded.completed_at)`,
            creditedPositionSeconds: sql`case when ${to} >= coalesce(${videoProgress.creditedAt}, 0) then excluded.position_seconds else ${videoProgress.creditedPositionSeconds} end`,
            creditedAt: sql`max(coalesce(${videoProgress.creditedAt}, 0), ${to})`,
            updatedAt: now,
          },
        })
        .returning({ videoId: videoProgress.videoId }),
    );
  }
  const answers = await ctx.db.batch(queries as [Query, ...Query[]]);
  const stored = new Set<number>();
  answers.forEach((rows, index) => {
    if (index % 2 === 1) for (const row of rows as Array<{ videoId: number }>) stored.add(row.videoId);
  });
  return events.map((event) =>
    stored.has(event.lessonId)
      ? { id: event.id, status: 200 }
      : { id: event.id, status: 404, error: "We couldn't find that lesson." },
  );
}

// ---------------------------------------------------------------------------------------------
// Word statuses and saved words
// ---------------------------------------------------------------------------------------------

/** In time order, each over a row set before it only (server/services/words/status.ts `wordStatusAt`). */
async function applyWordStatusEvents(
  ctx: AppContext,
  { userId, clock, events }: { userId: number; clock: { offsetMs: number; now: Date }; events: WordStatusEvent[] },
): Promise<SyncEventResult[]> {
  const known = await existingLemmas(ctx, { lemmaIds: [...new Set(events.map((event) => event.lemmaId))] });
  const timed = events
    .filter((event) => known.has(event.lemmaId))
    .map((event) => ({ event, at: rebaseTime(event.at, clock) }))
    .sort((a, b) => byTimeThenId({ at: a.at, id: a.event.id }, { at: b.at, id: b.event.id }));
  if (timed.length > 0) {
    const [first, ...rest] = timed.map(({ event, at }) =>
      wordStatusAt(ctx, { userId, lemmaId: event.lemmaId, status: event.status, at }),
    );
    await ctx.db.batch([first!, ...rest]);
  }
  return events.map((event) =>
    known.has(event.lemmaId)
      ? { id: event.id, status: 200 }
      : { id: event.id, status: 404, error: "That word is not in the lexicon." },
  );
}

/** As `POST /api/lessons/{id}/words` does it (a word already in the list stays as it is, so a retry saves once). */
async function applySaveWordEvent(
  ctx: AppContext,
  { userId, event, access }: { userId: number; event: SaveWordEvent; access: 200 | 402 | 404 | undefined },
): Promise<SyncEventResult> {
  if (access !== 200) {
    return access === 402
      ? { id: event.id, status: 402, error: "This lesson needs a subscription." }
      : { id: event.id, status: 404, error: "We couldn't find that lesson." };
  }
  try {
    await saveWordToDefaultList(ctx, { userId, input: { ...event.word, videoId: event.lessonId } });
    return { id: event.id, status: 200 };
  } catch (error) {
    if (error instanceof AppError && error.status === 422)
      return { id: event.id, status: 422, error: error.messages[0] ?? "That word could not be saved." };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Exercise answers
// ---------------------------------------------------------------------------------------------

/**
 * Answers given offline, checked here as the exercise's own endpoint checks them (server/services/exercises.ts)
 * and stored as its attempts are, at the time they were given (rebased), so the scores on /progress are the same as
 * online. Each is stored once: the event id is the attempt's `request_id`, unique per member; a retry stores
 * nothing and answers the same verdict. The exercise must be of the event's lesson, and the lesson watchable by
 * the member now (as online: 402 without the subscription a premium lesson needs, 404 a draft or unknown one).
 */
async function applyExerciseAnswers(
  ctx: AppContext,
  {
    userId,
    clock,
    events,
    lessonAccess,
  }: {
    userId: number;
    clock: { offsetMs: number; now: Date };
    events: ExerciseAnswerEvent[];
    lessonAccess: LessonAccessAnswers;
  },
): Promise<SyncEventResult[]> {
  const results: SyncEventResult[] = [];
  const inserts: Query[] = [];
  for (const event of events) {
    const exercise = await findSentenceExercise(ctx, event.exercise, event.exerciseId);
    const access = lessonAccess.get(event.lessonId);
    if (!exercise || exercise.lessonId !== event.lessonId || access === 404 || access === undefined) {
      results.push({ id: event.id, status: 404, error: "We couldn't find that exercise." });
      continue;
    }
    if (access === 402) {
      results.push({ id: event.id, status: 402, error: "This lesson needs a subscription." });
      continue;
    }
    let checked: ReturnType<typeof checkExerciseAnswer>;
    try {
      checked = checkExerciseAnswer(exercise, { answer: event.answer });
    } catch (error) {
      // An answer of the other exercise kind's shape (the batch schema ties the shape to the event's kind).
      if (!(error instanceof AppError)) throw error;
      results.push({ id: event.id, status: 422, error: error.messages[0] ?? "That answer could not be checked." });
      continue;
    }
    const { result, stored } = checked;
    inserts.push(
      ctx.db
        .insert(exerciseAttempts)
        .values({
          userId,
          kind: event.exercise,
          exerciseId: event.exerciseId,
          answer: stored,
          isCorrect: result.correct,
          createdAt: rebaseTime(event.at, clock),
          requestId: event.id,
        })
        .onConflictDoNothing({ target: [exerciseAttempts.userId, exerciseAttempts.requestId] }),
    );
    results.push({
      id: event.id,
      status: 200,
      exercise: { correct: result.correct, expected: result.expected, line: result.line },
    });
  }
  if (inserts.length > 0) await ctx.db.batch(inserts as [Query, ...Query[]]);
  return results;
}
