import { eq } from "drizzle-orm";
import { seriesVideos, studyTrackVideos, videoProgress } from "#drizzle/schema";
import type { AppContext } from "../context";

// A member's watch history read once per library render (docs/scaling.md "What one request costs"): the
// library's watch totals (server/services/catalog/learner-overview.ts) and "For you"'s series and courses in
// progress (server/services/recommendations.ts) both need every progress row of the member, which D1 bills row
// by row each time a statement reads them. One statement reads them with the series and courses of each lesson;
// the totals and the started collections are summed here.

/** A collection the member has started a lesson of, and when they were last active in it (ms). */
export type StartedCollection = readonly [collectionId: number, lastActiveAt: number];

export interface MemberHistory {
  watchedSeconds: number;
  completedCount: number;
  /** The published or unpublished series and courses they have started, in no order. */
  started: { series: StartedCollection[]; course: StartedCollection[] };
}

/** Every progress row of the member (primary key) with its lesson's series and courses (`*_video_idx`). */
export function memberHistoryQuery(ctx: AppContext, { userId }: { userId: number }) {
  return ctx.db
    .select({
      lessonId: videoProgress.videoId,
      positionSeconds: videoProgress.positionSeconds,
      watchedSeconds: videoProgress.watchedSeconds,
      completedAt: videoProgress.completedAt,
      updatedAt: videoProgress.updatedAt,
      seriesId: seriesVideos.seriesId,
      courseId: studyTrackVideos.studyTrackId,
    })
    .from(videoProgress)
    .leftJoin(seriesVideos, eq(seriesVideos.lessonId, videoProgress.videoId))
    .leftJoin(studyTrackVideos, eq(studyTrackVideos.videoId, videoProgress.videoId))
    .where(eq(videoProgress.userId, userId));
}

type HistoryRow = Awaited<ReturnType<typeof memberHistoryQuery>>[number];

/** A lesson counts as started once watched, left part-way or finished (what "For you" never suggests again). */
function isStarted(row: HistoryRow): boolean {
  return row.completedAt !== null || row.positionSeconds > 0 || row.watchedSeconds > 0;
}

export function memberHistoryOf(rows: readonly HistoryRow[]): MemberHistory {
  let watchedSeconds = 0;
  let completedCount = 0;
  const counted = new Set<number>();
  const lastActive = { series: new Map<number, number>(), course: new Map<number, number>() };
  for (const row of rows) {
    // A lesson in two series (or a series and a course) comes once per pair: its totals count once.
    if (!counted.has(row.lessonId)) {
      counted.add(row.lessonId);
      watchedSeconds += row.watchedSeconds;
      if (row.completedAt !== null) completedCount += 1;
    }
    if (!isStarted(row)) continue;
    const at = row.updatedAt.getTime();
    for (const [kind, id] of [
      ["series", row.seriesId],
      ["course", row.courseId],
    ] as const) {
      if (id === null) continue;
      lastActive[kind].set(id, Math.max(lastActive[kind].get(id) ?? at, at));
    }
  }
  return {
    watchedSeconds,
    completedCount,
    started: { series: [...lastActive.series], course: [...lastActive.course] },
  };
}

export async function getMemberHistory(ctx: AppContext, { userId }: { userId: number }): Promise<MemberHistory> {
  return memberHistoryOf(await memberHistoryQuery(ctx, { userId }));
}
