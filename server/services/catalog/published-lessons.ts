import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { countries, teachers, videos, videoTeachers, type Level } from "#drizzle/schema";
import { VISITOR_ACCESS, type LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { chunkIds, toLessonSummary, type BatchQuery, type LessonSummary } from "./lesson-summaries";

// The newest published lessons (the home page's samples), with their teachers and locks.

export function publishedWhere({ level, freeOnly = false }: { level?: Level; freeOnly?: boolean } = {}):
  SQL | undefined {
  return and(
    eq(videos.isPublished, true),
    level ? eq(videos.level, level) : undefined,
    freeOnly ? eq(videos.isFree, true) : undefined,
  );
}

async function runChunked<T>(ctx: AppContext, queries: Array<BatchQuery & PromiseLike<T[]>>): Promise<T[]> {
  if (queries.length === 0) return [];
  if (queries.length === 1) return await queries[0]!;
  const results = (await ctx.db.batch(queries as unknown as [BatchQuery, ...BatchQuery[]])) as unknown as T[][];
  return results.flat();
}

/** Teachers of the given lessons, by lesson, sorted by name. */
async function teachersByVideo(ctx: AppContext, lessonIds: number[]) {
  const rows = await runChunked(
    ctx,
    chunkIds(lessonIds).map((ids) =>
      ctx.db
        .select({ lessonId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
        .from(videoTeachers)
        .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
        .where(inArray(videoTeachers.videoId, ids))
        .orderBy(asc(teachers.name)),
    ),
  );
  const byVideo = new Map<number, LessonSummary["teachers"]>();
  for (const { lessonId, ...teacher } of rows) {
    const list = byVideo.get(lessonId) ?? [];
    list.push(teacher);
    byVideo.set(lessonId, list);
  }
  return byVideo;
}

/** Published lessons, newest first, with their teachers and country and a lock computed for the viewer. */
export async function listPublishedVideos(
  ctx: AppContext,
  {
    limit,
    offset = 0,
    level,
    access = VISITOR_ACCESS,
    sort = "newest",
  }: {
    limit: number;
    offset?: number;
    level?: Level;
    access?: LessonAccessFacts;
    /** "starter": free lessons first, then by level from beginner, for newcomers. */
    sort?: "newest" | "starter";
  },
): Promise<LessonSummary[]> {
  const rows = await ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      level: videos.level,
      durationSeconds: videos.durationSeconds,
      isFree: videos.isFree,
      publishedAt: videos.publishedAt,
      thumbnailKey: videos.thumbnailKey,
      countryName: countries.name,
      countryCode: countries.code,
      countryDialect: countries.dialect,
    })
    .from(videos)
    .leftJoin(countries, eq(countries.id, videos.countryId))
    .where(publishedWhere({ level }))
    .orderBy(
      ...(sort === "starter"
        ? [desc(videos.isFree), sql`case ${videos.level} when 'beginner' then 0 when 'intermediate' then 1 else 2 end`]
        : []),
      desc(videos.publishedAt),
      desc(videos.id),
    )
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const teachersOf = await teachersByVideo(
    ctx,
    rows.map((row) => row.id),
  );
  return Promise.all(rows.map(async (row) => toLessonSummary(ctx, row, teachersOf, access)));
}
