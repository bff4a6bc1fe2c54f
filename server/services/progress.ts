import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { videoProgress } from "#drizzle/schema";
import type { ProgressInput } from "#core/schemas/lessons";
import type { AppContext } from "../context";
import { recordStudyFrom, timeZoneQuery } from "./study-progress";

/** A lesson counts as completed once the learner has reached this share of it. */
export const COMPLETION_RATIO = 0.9;
/** The fastest playback speed the player offers: no more media time than this can pass per second of wall time. */
export const MAX_PLAYBACK_RATE = 1.5;
/**
 * No single save adds more than this to the watched total, whatever the gap since the previous save. The
 * player saves every few seconds while playing, so a long gap means a paused or closed tab, not watching.
 */
export const MAX_WATCHED_INCREASE_PER_SAVE = 60;

export interface ProgressState {
  positionSeconds: number;
  watchedSeconds: number;
  completedAt: Date | null;
  /** The point watched time was last settled at (see `computeProgress`). */
  creditedPositionSeconds: number;
  creditedAt: Date | null;
}

export interface LessonProgress {
  positionSeconds: number;
  watchedSeconds: number;
  durationSeconds: number;
  completed: boolean;
  completedAt: Date | null;
  /** 0–1, of the lesson's duration. */
  fraction: number;
}

/** Whole seconds of the lesson, preferring our stored duration over what a browser reports. */
export function effectiveDuration(storedSeconds: number, reportedSeconds?: number): number {
  if (storedSeconds > 0) return storedSeconds;
  return reportedSeconds && reportedSeconds > 0 ? Math.ceil(reportedSeconds) : 0;
}

export function isCompletePosition(positionSeconds: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && positionSeconds >= durationSeconds * COMPLETION_RATIO;
}

/** Saves further apart than this always settle (see `computeProgress`). */
export const SETTLE_AFTER_MS = 1_000;

/**
 * The progress rule (docs/progress.md "Progress saves"): the next row from the stored one and a save.
 * `saveProgress` evaluates the same rule in SQL; tests/integration/lessons.test.ts checks the two agree.
 * - The position is the save's, rounded to a second and clamped to the lesson: the last save wins.
 * - Completion is reached at 90% and then kept.
 * - Watched time grows only by real forward playback, measured from the settled point (where and when
 *   watched time was last credited): the forward distance, capped by the wall time since then at the
 *   fastest speed (so a seek ahead or a replayed request adds nothing) and by a per-save ceiling.
 * - A save settles the point at itself when it earned seconds, went back, came a second or more later, or
 *   is the first. Otherwise (forward, under a second later, nothing earned yet) the point stays, and the
 *   next save is credited for the whole stretch: saves closer together than a second lose nothing, and a
 *   burst of saves at one instant earns its seconds once.
 */
export function computeProgress(
  previous: ProgressState | null,
  input: { positionSeconds: number; durationSeconds: number },
  now: Date,
): ProgressState {
  const duration = Math.max(0, input.durationSeconds);
  const upperBound = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const position = Math.round(Math.min(Math.max(0, input.positionSeconds), upperBound));
  const reachedEnd = isCompletePosition(position, duration);
  if (!previous) {
    return {
      positionSeconds: position,
      watchedSeconds: 0,
      completedAt: reachedEnd ? now : null,
      creditedPositionSeconds: position,
      creditedAt: now,
    };
  }
  const wallMs = previous.creditedAt ? now.getTime() - previous.creditedAt.getTime() : 0;
  const credit = previous.creditedAt
    ? Math.max(
        0,
        Math.min(
          position - previous.creditedPositionSeconds,
          Math.trunc((wallMs * MAX_PLAYBACK_RATE) / 1000),
          MAX_WATCHED_INCREASE_PER_SAVE,
        ),
      )
    : 0;
  const settles =
    !previous.creditedAt || credit > 0 || position < previous.creditedPositionSeconds || wallMs >= SETTLE_AFTER_MS;
  return {
    positionSeconds: position,
    watchedSeconds: previous.watchedSeconds + credit,
    completedAt: previous.completedAt ?? (reachedEnd ? now : null),
    creditedPositionSeconds: settles ? position : previous.creditedPositionSeconds,
    creditedAt: settles ? now : previous.creditedAt,
  };
}

export function toLessonProgress(
  row: Pick<ProgressState, "positionSeconds" | "watchedSeconds" | "completedAt"> | null | undefined,
  durationSeconds: number,
): LessonProgress | null {
  if (!row) return null;
  return {
    positionSeconds: row.positionSeconds,
    watchedSeconds: row.watchedSeconds,
    durationSeconds,
    completed: row.completedAt !== null,
    completedAt: row.completedAt,
    fraction: durationSeconds > 0 ? Math.min(1, row.positionSeconds / durationSeconds) : 0,
  };
}

/** `computeProgress`'s credit as SQL on the stored row: the seconds a save at `position` earns. */
function creditSql(position: SQL | number, now: Date): SQL {
  const wallMs = sql`(${now.getTime()} - coalesce(${videoProgress.creditedAt}, ${now.getTime()}))`;
  return sql`max(0, min(${position} - ${videoProgress.creditedPositionSeconds}, cast(${wallMs} * ${MAX_PLAYBACK_RATE} / 1000 as integer), ${MAX_WATCHED_INCREASE_PER_SAVE}))`;
}

/** `computeProgress`'s "the save settles the point at itself" as SQL on the stored row. */
function settlesSql(position: SQL, now: Date): SQL {
  return sql`(${videoProgress.creditedAt} is null or ${creditSql(position, now)} > 0 or ${position} < ${videoProgress.creditedPositionSeconds} or ${now.getTime()} - ${videoProgress.creditedAt} >= ${SETTLE_AFTER_MS})`;
}

/**
 * A learner's place in a lesson, saved as one D1 batch that cannot conflict with another save (two tabs, a
 * retry and the page-hide beacon all race in real life; docs/progress.md "Progress saves"):
 * - the study-day row gets the seconds this save earns, computed from the progress row as it stands;
 * - then one upsert of the progress row: the position is this save's (the last save wins), completion is
 *   kept once reached, and the watched total grows by the same credit, evaluated on the same row in the
 *   same transaction, so parallel or repeated saves neither lose nor double-count a second.
 * The first save of a lesson is the baseline and earns nothing. Callers check the lesson exists and the
 * learner may watch it.
 */
export async function saveProgress(
  ctx: AppContext,
  {
    userId,
    lessonId,
    lessonDurationSeconds,
    input,
  }: {
    userId: number;
    lessonId: number;
    lessonDurationSeconds: number;
    input: ProgressInput;
  },
): Promise<LessonProgress> {
  const duration = effectiveDuration(lessonDurationSeconds, input.durationSeconds);
  const now = ctx.now();
  const baseline = computeProgress(null, { positionSeconds: input.positionSeconds, durationSeconds: duration }, now);
  const position = baseline.positionSeconds;
  const where = and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, lessonId));
  const [member] = await timeZoneQuery(ctx, { userId });
  const excludedPosition = sql`excluded.position_seconds`;
  const [, rows] = await ctx.db.batch([
    recordStudyFrom(ctx, {
      userId,
      seconds: creditSql(position, now),
      from: videoProgress,
      where,
      at: now,
      timeZone: member?.timeZone ?? null,
    }),
    ctx.db
      .insert(videoProgress)
      .values({
        userId,
        videoId: lessonId,
        ...baseline,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [videoProgress.userId, videoProgress.videoId],
        set: {
          // Every right-hand side reads the row as it was before this save (SQLite's upsert).
          watchedSeconds: sql`${videoProgress.watchedSeconds} + ${creditSql(excludedPosition, now)}`,
          positionSeconds: excludedPosition,
          completedAt: sql`coalesce(${videoProgress.completedAt}, excluded.completed_at)`,
          creditedPositionSeconds: sql`case when ${settlesSql(excludedPosition, now)} then ${excludedPosition} else ${videoProgress.creditedPositionSeconds} end`,
          creditedAt: sql`case when ${settlesSql(excludedPosition, now)} then ${now.getTime()} else ${videoProgress.creditedAt} end`,
          updatedAt: now,
        },
      })
      .returning({
        positionSeconds: videoProgress.positionSeconds,
        watchedSeconds: videoProgress.watchedSeconds,
        completedAt: videoProgress.completedAt,
      }),
  ]);
  return toLessonProgress(rows[0], duration)!;
}

export async function getProgress(ctx: AppContext, { userId, lessonId }: { userId: number; lessonId: number }) {
  const [row] = await ctx.db
    .select()
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, lessonId)))
    .limit(1);
  return row ?? null;
}

/** Progress of one learner over many lessons (sidebars, lists), keyed by video id. */
export async function listProgressFor(
  ctx: AppContext,
  { userId, lessonIds }: { userId: number; lessonIds: number[] },
): Promise<Map<number, { positionSeconds: number; completed: boolean }>> {
  const result = new Map<number, { positionSeconds: number; completed: boolean }>();
  if (lessonIds.length === 0) return result;
  const rows = await ctx.db
    .select({
      lessonId: videoProgress.videoId,
      positionSeconds: videoProgress.positionSeconds,
      completedAt: videoProgress.completedAt,
    })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.videoId, lessonIds)));
  for (const row of rows) {
    result.set(row.lessonId, { positionSeconds: row.positionSeconds, completed: row.completedAt !== null });
  }
  return result;
}
