import { and, asc, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { countries, teachers, videoProgress, videos, videoTeachers } from "#drizzle/schema";
import type { LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { getMemberHistory, type MemberHistory } from "../member-history";
import type { LibraryLesson } from "./library";
import { lessonFields, progressOf, toLessonSummary, type LessonSummary } from "./lesson-summaries";

// The signed-in learner's "continue watching" row and watch totals, at the top of the library.

export interface LearnerOverview {
  /** Lessons started and not finished, most recently watched first. */
  continueWatching: LibraryLesson[];
  watchedSeconds: number;
  completedCount: number;
}

const CONTINUE_WATCHING_LIMIT = 8;

/** The signed-in learner's "continue watching" row and totals; null for visitors. */
export async function getLearnerOverview(
  ctx: AppContext,
  { access, history }: { access: LessonAccessFacts; history?: Promise<MemberHistory | null> },
): Promise<LearnerOverview | null> {
  const userId = access.signedIn ? access.userId : undefined;
  if (!userId) return null;
  const inProgress = and(
    eq(videoProgress.userId, userId),
    isNull(videoProgress.completedAt),
    gt(videoProgress.positionSeconds, 0),
  );
  // The row, then its teachers by the row's ids (a subquery would walk the member's recent progress again, and
  // D1 bills it twice); the totals come from the member's history, read once for the page
  // (server/services/member-history.ts).
  const [recent, totals] = await Promise.all([
    ctx.db
      .select({
        ...lessonFields,
        positionSeconds: videoProgress.positionSeconds,
        watchedSeconds: videoProgress.watchedSeconds,
        completedAt: videoProgress.completedAt,
      })
      .from(videoProgress)
      .innerJoin(videos, and(eq(videos.id, videoProgress.videoId), eq(videos.isPublished, true)))
      .leftJoin(countries, eq(countries.id, videos.countryId))
      .where(inProgress)
      .orderBy(desc(videoProgress.updatedAt))
      .limit(CONTINUE_WATCHING_LIMIT),
    history ?? getMemberHistory(ctx, { userId }),
  ]);
  const teacherRows =
    recent.length === 0
      ? []
      : await ctx.db
          .select({ lessonId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
          .from(videoTeachers)
          .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
          .where(
            inArray(
              videoTeachers.videoId,
              recent.map((row) => row.id),
            ),
          )
          .orderBy(asc(teachers.name));
  const teachersOf = new Map<number, LessonSummary["teachers"]>();
  for (const { lessonId, ...teacher } of teacherRows) {
    const list = teachersOf.get(lessonId) ?? [];
    list.push(teacher);
    teachersOf.set(lessonId, list);
  }
  const continueWatching = await Promise.all(
    recent.map(async (row) => ({
      ...(await toLessonSummary(ctx, row, teachersOf, access)),
      viewsCount: row.viewsCount,
      progress: progressOf(row, row.durationSeconds),
      known: null,
      match: null,
      titleHighlight: null,
    })),
  );
  return {
    continueWatching,
    watchedSeconds: totals?.watchedSeconds ?? 0,
    completedCount: totals?.completedCount ?? 0,
  };
}
