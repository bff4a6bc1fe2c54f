import { and, eq, exists, inArray } from "drizzle-orm";
import { videoProgress } from "#drizzle/schema";
import type { ProgressInput } from "#core/schemas/lessons";
import type { AppContext } from "../context";
import { recordStudy, timeZoneQuery } from "./study-progress";

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
  updatedAt: Date;
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

/**
 * The next progress row from the previous one and a save. Watched time only grows by real forward
 * playback: the forward distance since the last save, capped by the wall time between the two saves at
 * the fastest speed (so seeking ahead or replaying a request adds nothing), and by a per-save ceiling.
 * The first save of a lesson is the baseline and adds nothing. Completion, once reached, stays.
 */
export function computeProgress(
  previous: ProgressState | null,
  input: { positionSeconds: number; durationSeconds: number },
  now: Date,
): Omit<ProgressState, "updatedAt"> {
  const duration = Math.max(0, input.durationSeconds);
  const upperBound = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const position = Math.round(Math.min(Math.max(0, input.positionSeconds), upperBound));
  const reachedEnd = isCompletePosition(position, duration);
  if (!previous) {
    return { positionSeconds: position, watchedSeconds: 0, completedAt: reachedEnd ? now : null };
  }
  const forward = Math.max(0, position - previous.positionSeconds);
  const wallSeconds = Math.max(0, (now.getTime() - previous.updatedAt.getTime()) / 1000);
  const increase = Math.floor(Math.min(forward, wallSeconds * MAX_PLAYBACK_RATE, MAX_WATCHED_INCREASE_PER_SAVE));
  return {
    positionSeconds: position,
    watchedSeconds: previous.watchedSeconds + increase,
    completedAt: previous.completedAt ?? (reachedEnd ? now : null),
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

const MAX_ATTEMPTS = 4;

/**
 * Idempotent upsert of a learner's place in a lesson (replaying the same save changes nothing). Each
 * write is conditional on the row it was computed from, so two saves racing (a periodic save and the
 * page-hide beacon) cannot both add the same seconds: the loser recomputes from the winner's row. The
 * seconds a save adds are also added to the member's study day (server/services/study-progress.ts).
 * Callers check the lesson exists and the learner may watch it.
 */
export async function saveProgress(
  ctx: AppContext,
  {
    userId,
    videoId,
    lessonDurationSeconds,
    input,
  }: {
    userId: number;
    videoId: number;
    lessonDurationSeconds: number;
    input: ProgressInput;
  },
): Promise<LessonProgress> {
  const duration = effectiveDuration(lessonDurationSeconds, input.durationSeconds);
  const where = and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, videoId));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const now = ctx.now();
    const [[previous], [member]] = await ctx.db.batch([
      ctx.db.select().from(videoProgress).where(where).limit(1),
      timeZoneQuery(ctx, userId),
    ]);
    const next = computeProgress(
      previous ?? null,
      { positionSeconds: input.positionSeconds, durationSeconds: duration },
      now,
    );
    if (!previous) {
      const inserted = await ctx.db
        .insert(videoProgress)
        .values({ userId, videoId, ...next, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: videoProgress.userId });
      if (inserted.length > 0) return toLessonProgress(next, duration)!;
      continue;
    }
    const unchanged = and(where, eq(videoProgress.updatedAt, previous.updatedAt));
    const update = ctx.db
      .update(videoProgress)
      .set({ ...next, updatedAt: now })
      .where(unchanged)
      .returning({ userId: videoProgress.userId });
    // The seconds this save adds go to the member's study day, in the same batch and on the same condition
    // as the update (placed first, while the row is still the one they were computed from): a save that
    // loses a race adds nothing anywhere.
    const added = next.watchedSeconds - previous.watchedSeconds;
    const updated =
      added > 0
        ? (
            await ctx.db.batch([
              recordStudy(
                ctx,
                userId,
                { seconds: added },
                {
                  at: now,
                  timeZone: member?.timeZone ?? null,
                  onlyIf: exists(ctx.db.select({ userId: videoProgress.userId }).from(videoProgress).where(unchanged)),
                },
              ),
              update,
            ])
          )[1]
        : await update;
    if (updated.length > 0) return toLessonProgress(next, duration)!;
  }
  throw new Error(`saveProgress: could not settle progress for user ${userId}, video ${videoId}`);
}

export async function getProgress(ctx: AppContext, { userId, videoId }: { userId: number; videoId: number }) {
  const [row] = await ctx.db
    .select()
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, videoId)))
    .limit(1);
  return row ?? null;
}

/** Progress of one learner over many lessons (sidebars, lists), keyed by video id. */
export async function listProgressFor(
  ctx: AppContext,
  { userId, videoIds }: { userId: number; videoIds: number[] },
): Promise<Map<number, { positionSeconds: number; completed: boolean }>> {
  const result = new Map<number, { positionSeconds: number; completed: boolean }>();
  if (videoIds.length === 0) return result;
  const rows = await ctx.db
    .select({
      videoId: videoProgress.videoId,
      positionSeconds: videoProgress.positionSeconds,
      completedAt: videoProgress.completedAt,
    })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.videoId, videoIds)));
  for (const row of rows) {
    result.set(row.videoId, { positionSeconds: row.positionSeconds, completed: row.completedAt !== null });
  }
  return result;
}
