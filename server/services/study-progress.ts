import { and, count, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import {
  exerciseAttempts,
  flashcardReviewLogs,
  flashcardStates,
  listeningAttempts,
  studyDays,
  users,
  videoProgress,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewLogs,
  vocabularyReviewStates,
  type Level,
} from "#drizzle/schema";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { Rating, State } from "#core/fsrs";
import { PRACTICE_SECONDS_MAX } from "#core/schemas/speaking";
import {
  addDays,
  daysBetween,
  daysEndingOn,
  effectiveTimeZone,
  isValidTimeZone,
  localDay,
  startOfWeek,
} from "#core/local-day";
import type { AppContext } from "../context";
import { AppError } from "../lib/errors";

// The member's study record and the progress page built from it (docs/progress.md).
//
// `study_days` holds one row per member per local day: seconds of lessons watched and cards reviewed. The
// lesson player's progress saves and every FSRS answer add to it, in the same D1 batch as their own write
// (server/services/progress.ts, server/services/fsrs-reviews.ts). Everything else on the page is read
// from the tables it already lives in.

// ---------------------------------------------------------------------------------------------
// Definitions (docs/progress.md says the same in words)
// ---------------------------------------------------------------------------------------------

/** Days of the watching chart, today included. */
export const CHART_DAYS = 90;
/** Weeks of the calendar heat map (Monday to Sunday), this week included. */
export const HEAT_MAP_WEEKS = 12;
/** Days of the review forecast, today (with everything overdue) included. */
export const FORECAST_DAYS = 30;
/** Reviews this recent count for retention. */
export const RETENTION_DAYS = 30;
/** Weeks of exercise and listening scores, this week included. */
export const SCORE_WEEKS = 12;
/**
 * A saved word is "learned" once its FSRS state is Review with a stability of at least this many days:
 * FSRS expects it still to be remembered three weeks on. It is Anki's line for a "mature" card (an
 * interval of 21 days or more).
 */
export const LEARNED_STABILITY_DAYS = 21;
/** No day records more than this many seconds watched, however many tabs play at once. */
export const MAX_SECONDS_PER_DAY = 86_400;
/** Shading of the heat map when the member has set no goal: what a day is measured against. */
export const REFERENCE_MINUTES = 15;
export const REFERENCE_CARDS = 20;
/** What the daily-goal form accepts. */
export const GOAL_LIMITS = { minutes: { min: 1, max: 600 }, cards: { min: 1, max: 1000 } } as const;

/**
 * Listening milestones: in-app hours watched, one per level and two either side, after the
 * comprehensible-input programmes that measure progress in hours of listening (Dreaming Spanish's levels
 * 2 to 4 sit at 50, 150 and 300 hours).
 */
export const MILESTONES = [
  {
    hours: 10,
    title: "First steps",
    level: null,
    description: "You know the sound of Shami and its everyday greetings.",
  },
  {
    hours: 50,
    title: "Beginner",
    level: "beginner",
    description: "You follow slow, simple conversations with the transcript.",
  },
  {
    hours: 150,
    title: "Intermediate",
    level: "intermediate",
    description: "You follow everyday conversations on familiar topics.",
  },
  {
    hours: 300,
    title: "Advanced",
    level: "advanced",
    description: "You follow most conversations between native speakers.",
  },
  {
    hours: 600,
    title: "Fluent listener",
    level: null,
    description: "Films, podcasts and fast talk, mostly without the transcript.",
  },
] as const satisfies ReadonlyArray<{ hours: number; title: string; level: Level | null; description: string }>;

export type GoalKind = "minutes" | "cards";

/** The learner's daily goal; `target` null means none is set (then any study counts for the streak). */
export interface DailyGoal {
  kind: GoalKind;
  target: number | null;
}

export interface StudyDayTotals {
  day: string;
  seconds: number;
  cards: number;
}

/** What a day is measured by: minutes watched or cards reviewed. */
export function goalValue(totals: Pick<StudyDayTotals, "seconds" | "cards">, kind: GoalKind): number {
  return kind === "minutes" ? totals.seconds / 60 : totals.cards;
}

/**
 * Whether a day counts for the streak: the daily goal met when one is set, otherwise any study at all
 * (a second watched or a card reviewed).
 */
export function dayCounts(totals: Pick<StudyDayTotals, "seconds" | "cards">, goal: DailyGoal): boolean {
  if (goal.target === null) return totals.seconds > 0 || totals.cards > 0;
  return goalValue(totals, goal.kind) >= goal.target;
}

/**
 * The current streak: consecutive counted days ending today, or ending yesterday while today is not
 * counted yet (a day still in progress breaks nothing). The longest: the longest run ever recorded.
 */
export function computeStreaks(
  days: ReadonlyArray<StudyDayTotals>,
  today: string,
  goal: DailyGoal,
): { current: number; longest: number; todayCounts: boolean } {
  const counted = new Set(days.filter((day) => dayCounts(day, goal)).map((day) => day.day));
  const todayCounts = counted.has(today);
  let current = 0;
  for (let day = todayCounts ? today : addDays(today, -1); counted.has(day); day = addDays(day, -1)) current += 1;
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of [...counted].sort()) {
    run = previous !== null && daysBetween(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  return { current, longest: Math.max(longest, current), todayCounts };
}

/** 0 nothing studied; 1 under half the goal; 2 under the goal; 3 goal met; 4 twice the goal or more. */
export type HeatLevel = 0 | 1 | 2 | 3 | 4;

export function heatLevel(totals: Pick<StudyDayTotals, "seconds" | "cards">, goal: DailyGoal): HeatLevel {
  if (totals.seconds <= 0 && totals.cards <= 0) return 0;
  const reference = goal.target ?? (goal.kind === "minutes" ? REFERENCE_MINUTES : REFERENCE_CARDS);
  const share = goalValue(totals, goal.kind) / reference;
  if (share >= 2) return 4;
  if (share >= 1) return 3;
  return share >= 0.5 ? 2 : 1;
}

// ---------------------------------------------------------------------------------------------
// Writing: the statements the lesson player and the reviews add to their batches
// ---------------------------------------------------------------------------------------------

/** The member's stored time zone, to batch with a writer's first read. */
export function timeZoneQuery(ctx: AppContext, { userId }: { userId: number }) {
  return ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
}

export interface StudyAmount {
  /** Seconds of lessons newly watched. */
  seconds?: number;
  /** Cards (flashcards or saved words) reviewed. */
  cards?: number;
}

interface StudyWhen {
  /** When it happened; the day is its date in the member's zone. */
  at: Date;
  /** The member's `users.time_zone` (null or unknown → UTC). */
  timeZone: string | null;
  /** Only when this holds (evaluated in the same batch, before the write it belongs to). */
  onlyIf?: SQL;
}

/**
 * Adds to the member's study day, as one upsert for the caller's D1 batch: `insert … on conflict
 * (user_id, day) do update set seconds_watched = seconds_watched + excluded.seconds_watched, …`. With
 * `onlyIf` it is an insert-select that adds nothing unless the condition holds.
 */
export function recordStudy(
  ctx: AppContext,
  { userId, seconds = 0, cards = 0, at, timeZone, onlyIf }: { userId: number } & StudyAmount & StudyWhen,
) {
  const day = localDay(at, timeZone);
  const secondsWatched = Math.min(MAX_SECONDS_PER_DAY, Math.max(0, Math.floor(seconds)));
  const cardsReviewed = Math.max(0, Math.floor(cards));
  const insert = onlyIf
    ? ctx.db
        .insert(studyDays)
        // The table's columns in their declared order; SQLite needs the WHERE before an upsert's ON CONFLICT.
        .select(sql`select ${userId}, ${day}, ${secondsWatched}, ${cardsReviewed}, ${at.getTime()}, 0 where ${onlyIf}`)
    : ctx.db.insert(studyDays).values({ userId, day, secondsWatched, cardsReviewed, updatedAt: at });
  return insert.onConflictDoUpdate({
    target: [studyDays.userId, studyDays.day],
    set: {
      secondsWatched: sql`min(${studyDays.secondsWatched} + excluded.seconds_watched, ${MAX_SECONDS_PER_DAY})`,
      cardsReviewed: sql`${studyDays.cardsReviewed} + excluded.cards_reviewed`,
      updatedAt: sql`excluded.updated_at`,
    },
  });
}

/**
 * Adds to the member's study day the seconds an expression reads from rows of another table (the progress
 * save's credit, computed from the `video_progress` row as it is before the save's upsert in the same
 * batch). Nothing is added when the expression is not positive or `where` finds no row of `from`.
 */
export function recordStudyFrom(
  ctx: AppContext,
  {
    userId,
    seconds,
    from,
    where,
    at,
    timeZone,
  }: { userId: number } & { seconds: SQL; from: SQLiteTable; where: SQL | undefined } & Omit<StudyWhen, "onlyIf">,
) {
  const day = localDay(at, timeZone);
  return ctx.db
    .insert(studyDays)
    .select(
      // The table's columns in their declared order; SQLite needs the WHERE before an upsert's ON CONFLICT.
      sql`select ${userId}, ${day}, min(${seconds}, ${MAX_SECONDS_PER_DAY}), 0, ${at.getTime()}, 0 from ${from} where ${where} and ${seconds} > 0`,
    )
    .onConflictDoUpdate({
      target: [studyDays.userId, studyDays.day],
      set: {
        secondsWatched: sql`min(${studyDays.secondsWatched} + excluded.seconds_watched, ${MAX_SECONDS_PER_DAY})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/**
 * Adds seconds of speaking practice (shadowing, docs/speaking.md) to the member's study day, capped at a
 * day's length. It shows on /progress beside minutes watched; the daily goal and streak are unchanged.
 */
export async function recordSpeakingPractice(
  ctx: AppContext,
  { userId, seconds, now }: { userId: number; seconds: number; now: Date },
): Promise<{ day: string; secondsSpoken: number }> {
  const [[member]] = await ctx.db.batch([timeZoneQuery(ctx, { userId })]);
  const day = localDay(now, member?.timeZone ?? null);
  const spoken = Math.min(PRACTICE_SECONDS_MAX, Math.max(0, Math.floor(seconds)));
  const [row] = await ctx.db
    .insert(studyDays)
    .values({ userId, day, secondsWatched: 0, cardsReviewed: 0, secondsSpoken: spoken, updatedAt: now })
    .onConflictDoUpdate({
      target: [studyDays.userId, studyDays.day],
      set: {
        secondsSpoken: sql`min(${studyDays.secondsSpoken} + excluded.seconds_spoken, ${MAX_SECONDS_PER_DAY})`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ secondsSpoken: studyDays.secondsSpoken });
  return { day, secondsSpoken: row?.secondsSpoken ?? spoken };
}

/** Takes reviews back from the day they were recorded on (an undone answer), never below zero. */
export function unrecordStudy(
  ctx: AppContext,
  { userId, cards, at, timeZone, onlyIf, now }: { userId: number } & { cards: number } & (StudyWhen & { now: Date }),
) {
  return ctx.db
    .update(studyDays)
    .set({ cardsReviewed: sql`max(${studyDays.cardsReviewed} - ${cards}, 0)`, updatedAt: now })
    .where(and(eq(studyDays.userId, userId), eq(studyDays.day, localDay(at, timeZone)), onlyIf));
}

// ---------------------------------------------------------------------------------------------
// Preferences set on the progress page
// ---------------------------------------------------------------------------------------------

export interface StudyPreferencesInput {
  kind: GoalKind;
  /** The target for the chosen kind; the other kind's target is kept. Null clears the goal. */
  target: number | null;
  timeZone?: string | null;
}

/** Saves the daily goal (and the time zone, when given). Values outside the limits are a 422. */
export async function saveStudyPreferences(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & StudyPreferencesInput,
) {
  const limits = GOAL_LIMITS[input.kind];
  if (
    input.target !== null &&
    (!Number.isInteger(input.target) || input.target < limits.min || input.target > limits.max)
  ) {
    throw new AppError(422, ["Choose a daily goal within the limits."], {
      target: [`Choose a whole number from ${limits.min} to ${limits.max}.`],
    });
  }
  if (input.timeZone !== undefined && input.timeZone !== null && !isValidTimeZone(input.timeZone)) {
    throw new AppError(422, ["That is not a time zone we know."], {
      timeZone: ["Use a time zone name such as Asia/Beirut or Europe/London."],
    });
  }
  await ctx.db
    .update(users)
    .set({
      dailyGoalKind: input.kind,
      ...(input.kind === "minutes" ? { dailyGoalMinutes: input.target } : { dailyGoalCards: input.target }),
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, userId));
}

/**
 * Stores the zone the browser reported on the member's first visit, only while none is stored (a zone
 * the member chose is never overwritten by a detection). False when the zone is unknown or one was set.
 */
export async function detectTimeZone(
  ctx: AppContext,
  { userId, timeZone }: { userId: number; timeZone: string },
): Promise<boolean> {
  if (!isValidTimeZone(timeZone)) return false;
  const updated = await ctx.db
    .update(users)
    .set({ timeZone, updatedAt: ctx.now() })
    .where(and(eq(users.id, userId), sql`${users.timeZone} is null`))
    .returning({ id: users.id });
  return updated.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Reading: the progress page
// ---------------------------------------------------------------------------------------------

export interface Milestone {
  hours: number;
  title: string;
  level: Level | null;
  description: string;
  reached: boolean;
}

export interface HeatCell extends StudyDayTotals {
  level: HeatLevel;
  met: boolean;
  /** After today: drawn empty. */
  future: boolean;
}

export interface WeekScore {
  /** Monday of the week. */
  week: string;
  /** Attempts (a sentence answered, a quiz finished) and the questions in them answered right, of `total`. */
  exercises: { attempts: number; correct: number; total: number; percent: number | null };
  listening: { attempts: number; score: number; total: number; percent: number | null };
}

export interface ProgressReport {
  /** The stored zone (null until detected or chosen) and the one every day here is computed in. */
  timeZone: string | null;
  effectiveTimeZone: string;
  today: string;
  level: Level | null;
  goal: DailyGoal;
  /** The targets of both kinds, for the goal form. */
  goalTargets: { minutes: number | null; cards: number | null };
  todayTotals: StudyDayTotals & { met: boolean; fraction: number | null };
  streak: { current: number; longest: number; todayCounts: boolean };
  watching: {
    /** Every second of lessons watched (video progress totals, so it includes time from before study days). */
    totalSeconds: number;
    completedLessons: number;
    /** The last CHART_DAYS days, oldest first, zeros filled (study days). */
    days: StudyDayTotals[];
    /** Totals over those days. */
    chartSeconds: number;
    activeDays: number;
  };
  /** Speaking practice (shadowing): every second recorded, and today's. */
  speaking: { totalSeconds: number; todaySeconds: number };
  milestones: Milestone[];
  nextMilestone: Milestone | null;
  /** HEAT_MAP_WEEKS columns of seven days, Monday first; the last holds today. */
  heatMap: HeatCell[][];
  words: { saved: number; reviewing: number; learned: number };
  cardsByState: { new: number; learning: number; review: number; relearning: number };
  /** FORECAST_DAYS days from today; today's count includes everything overdue. */
  forecast: { day: string; due: number }[];
  retention: { reviews: number; remembered: number; rate: number | null };
  scores: WeekScore[];
}

const DAY_MS = 86_400_000;

function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

/**
 * Everything `/progress` shows, for the signed-in member only (`userId` comes from their session), in
 * one D1 batch. Days are the member's local days (their `time_zone`, UTC until one is stored).
 */
export async function getProgressReport(
  ctx: AppContext,
  { userId, now }: { userId: number; now: Date },
): Promise<ProgressReport> {
  const horizon = new Date(now.getTime() + (FORECAST_DAYS + 1) * DAY_MS);
  const retentionSince = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  // A day longer than the weeks shown, so a zone far from UTC still has its whole first week.
  const scoresSince = new Date(now.getTime() - (SCORE_WEEKS * 7 + 1) * DAY_MS);
  const remembered = (rating: typeof flashcardReviewLogs.rating | typeof vocabularyReviewLogs.rating) =>
    sql<number>`coalesce(sum(case when ${rating} <> ${Rating.Again} then 1 else 0 end), 0)`.mapWith(Number);

  const [
    [member],
    dayRows,
    [watched],
    cardStates,
    wordStates,
    [savedWords],
    cardDue,
    wordDue,
    [cardLogs],
    [wordLogs],
    exerciseRows,
    listeningRows,
  ] = await ctx.db.batch([
    ctx.db
      .select({
        level: users.level,
        timeZone: users.timeZone,
        dailyGoalKind: users.dailyGoalKind,
        dailyGoalMinutes: users.dailyGoalMinutes,
        dailyGoalCards: users.dailyGoalCards,
      })
      .from(users)
      .where(eq(users.id, userId)),
    // Every recorded day (one row a day at most, by the primary key): the chart, the heat map and streaks.
    ctx.db
      .select({
        day: studyDays.day,
        seconds: studyDays.secondsWatched,
        cards: studyDays.cardsReviewed,
        spoken: studyDays.secondsSpoken,
      })
      .from(studyDays)
      .where(eq(studyDays.userId, userId))
      .orderBy(studyDays.day),
    ctx.db
      .select({
        seconds: sql<number>`coalesce(sum(${videoProgress.watchedSeconds}), 0)`.mapWith(Number),
        completed: sql<number>`count(${videoProgress.completedAt})`.mapWith(Number),
      })
      .from(videoProgress)
      .where(eq(videoProgress.userId, userId)),
    ctx.db
      .select({ state: flashcardStates.state, total: count() })
      .from(flashcardStates)
      .where(eq(flashcardStates.userId, userId))
      .groupBy(flashcardStates.state),
    ctx.db
      .select({
        state: vocabularyReviewStates.state,
        total: count(),
        learned:
          sql<number>`coalesce(sum(case when ${vocabularyReviewStates.stability} >= ${LEARNED_STABILITY_DAYS} then 1 else 0 end), 0)`.mapWith(
            Number,
          ),
      })
      .from(vocabularyReviewStates)
      .where(eq(vocabularyReviewStates.userId, userId))
      .groupBy(vocabularyReviewStates.state),
    ctx.db
      .select({ total: count() })
      .from(vocabularyListItems)
      .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
      .where(eq(vocabularyLists.userId, userId)),
    ctx.db
      .select({ due: flashcardStates.due })
      .from(flashcardStates)
      .where(and(eq(flashcardStates.userId, userId), lt(flashcardStates.due, horizon))),
    ctx.db
      .select({ due: vocabularyReviewStates.due })
      .from(vocabularyReviewStates)
      .where(and(eq(vocabularyReviewStates.userId, userId), lt(vocabularyReviewStates.due, horizon))),
    ctx.db
      .select({ reviews: count(), remembered: remembered(flashcardReviewLogs.rating) })
      .from(flashcardReviewLogs)
      .where(and(eq(flashcardReviewLogs.userId, userId), gte(flashcardReviewLogs.reviewedAt, retentionSince))),
    ctx.db
      .select({ reviews: count(), remembered: remembered(vocabularyReviewLogs.rating) })
      .from(vocabularyReviewLogs)
      .where(and(eq(vocabularyReviewLogs.userId, userId), gte(vocabularyReviewLogs.reviewedAt, retentionSince))),
    // A sentence exercise's attempt is one answer; a vocabulary quiz's is a whole quiz with its score inside.
    ctx.db
      .select({
        at: exerciseAttempts.createdAt,
        correct:
          sql<number>`case when ${exerciseAttempts.kind} = 'vocabulary-quiz' then coalesce(json_extract(${exerciseAttempts.answer}, '$.correct'), 0) else ${exerciseAttempts.isCorrect} end`
            .mapWith(Number)
            .as("correct"),
        total:
          sql<number>`case when ${exerciseAttempts.kind} = 'vocabulary-quiz' then coalesce(json_extract(${exerciseAttempts.answer}, '$.total'), 0) else 1 end`
            .mapWith(Number)
            .as("total"),
      })
      .from(exerciseAttempts)
      .where(and(eq(exerciseAttempts.userId, userId), gte(exerciseAttempts.createdAt, scoresSince))),
    ctx.db
      .select({ at: listeningAttempts.createdAt, score: listeningAttempts.score, total: listeningAttempts.total })
      .from(listeningAttempts)
      .where(and(eq(listeningAttempts.userId, userId), gte(listeningAttempts.createdAt, scoresSince))),
  ]);
  if (!member) throw new AppError(404, ["We couldn't find your account."]);

  const zone = effectiveTimeZone(member.timeZone);
  const today = localDay(now, zone);
  const goal: DailyGoal = {
    kind: member.dailyGoalKind,
    target: member.dailyGoalKind === "minutes" ? member.dailyGoalMinutes : member.dailyGoalCards,
  };
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const totalsOn = (day: string): StudyDayTotals => {
    const row = byDay.get(day);
    return { day, seconds: row?.seconds ?? 0, cards: row?.cards ?? 0 };
  };

  // Today and the streak.
  const todayTotals = totalsOn(today);
  const streak = computeStreaks(dayRows, today, goal);

  // Watching: the chart's days and the milestones.
  const chartDays = daysEndingOn(today, CHART_DAYS).map(totalsOn);
  const totalSeconds = watched?.seconds ?? 0;
  const milestones = MILESTONES.map((milestone) => ({
    ...milestone,
    reached: totalSeconds >= milestone.hours * 3600,
  }));

  // The heat map: whole weeks, Monday first, the last one holding today.
  const firstMonday = addDays(startOfWeek(today), -(HEAT_MAP_WEEKS - 1) * 7);
  const heatMap = Array.from({ length: HEAT_MAP_WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday): HeatCell => {
      const day = addDays(firstMonday, week * 7 + weekday);
      const totals = totalsOn(day);
      const future = day > today;
      return {
        ...totals,
        future,
        met: !future && dayCounts(totals, goal),
        level: future ? 0 : heatLevel(totals, goal),
      };
    }),
  );

  // Cards: the states of flashcards and saved words together; saved words never reviewed are new.
  const cardsByState = { new: 0, learning: 0, review: 0, relearning: 0 };
  let reviewingWords = 0;
  let learnedWords = 0;
  const addState = (state: number, total: number) => {
    if (state === State.Learning) cardsByState.learning += total;
    else if (state === State.Review) cardsByState.review += total;
    else if (state === State.Relearning) cardsByState.relearning += total;
    else cardsByState.new += total;
  };
  for (const row of cardStates) addState(row.state, row.total);
  for (const row of wordStates) {
    addState(row.state, row.total);
    reviewingWords += row.total;
    if (row.state === State.Review) learnedWords += row.learned;
  }
  const saved = savedWords?.total ?? 0;
  cardsByState.new += Math.max(0, saved - reviewingWords);

  // The forecast: due dates bucketed by local day; overdue cards are due today.
  const forecastDays = daysEndingOn(addDays(today, FORECAST_DAYS - 1), FORECAST_DAYS);
  const dueByDay = new Map(forecastDays.map((day) => [day, 0]));
  for (const { due } of [...cardDue, ...wordDue]) {
    const day = due.getTime() <= now.getTime() ? today : localDay(due, zone);
    const key = day < today ? today : day;
    if (dueByDay.has(key)) dueByDay.set(key, dueByDay.get(key)! + 1);
  }

  // Retention over both kinds of card.
  const reviews = (cardLogs?.reviews ?? 0) + (wordLogs?.reviews ?? 0);
  const rememberedCount = (cardLogs?.remembered ?? 0) + (wordLogs?.remembered ?? 0);

  // Scores by local week.
  const firstWeek = addDays(startOfWeek(today), -(SCORE_WEEKS - 1) * 7);
  const scores = Array.from({ length: SCORE_WEEKS }, (_, index): WeekScore => ({
    week: addDays(firstWeek, index * 7),
    exercises: { attempts: 0, correct: 0, total: 0, percent: null },
    listening: { attempts: 0, score: 0, total: 0, percent: null },
  }));
  const weekOf = (at: Date) => scores[Math.floor(daysBetween(firstWeek, startOfWeek(localDay(at, zone))) / 7)];
  for (const row of exerciseRows) {
    const week = weekOf(row.at);
    if (!week) continue;
    week.exercises.attempts += 1;
    week.exercises.correct += Math.max(0, Math.min(row.correct, row.total));
    week.exercises.total += Math.max(0, row.total);
  }
  for (const row of listeningRows) {
    const week = weekOf(row.at);
    if (!week) continue;
    week.listening.attempts += 1;
    week.listening.score += row.score;
    week.listening.total += row.total;
  }
  for (const week of scores) {
    week.exercises.percent = percent(week.exercises.correct, week.exercises.total);
    week.listening.percent = percent(week.listening.score, week.listening.total);
  }

  return {
    timeZone: member.timeZone,
    effectiveTimeZone: zone,
    today,
    level: member.level,
    goal,
    goalTargets: { minutes: member.dailyGoalMinutes, cards: member.dailyGoalCards },
    todayTotals: {
      ...todayTotals,
      met: dayCounts(todayTotals, goal),
      fraction: goal.target === null ? null : Math.min(1, goalValue(todayTotals, goal.kind) / goal.target),
    },
    streak,
    watching: {
      totalSeconds,
      completedLessons: watched?.completed ?? 0,
      days: chartDays,
      chartSeconds: chartDays.reduce((sum, day) => sum + day.seconds, 0),
      activeDays: chartDays.filter((day) => day.seconds > 0).length,
    },
    speaking: {
      totalSeconds: dayRows.reduce((sum, row) => sum + row.spoken, 0),
      todaySeconds: byDay.get(today)?.spoken ?? 0,
    },
    milestones,
    nextMilestone: milestones.find((milestone) => !milestone.reached) ?? null,
    heatMap,
    words: { saved, reviewing: reviewingWords, learned: learnedWords },
    cardsByState,
    forecast: forecastDays.map((day) => ({ day, due: dueByDay.get(day) ?? 0 })),
    retention: { reviews, remembered: rememberedCount, rate: percent(rememberedCount, reviews) },
    scores,
  };
}
