import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { countries, LEVELS, teachers, videos, videoTeachers, type Level } from "#drizzle/schema";
import { VISITOR_ACCESS, type LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { chunkIds, toLessonSummary, type BatchQuery, type LessonRow, type LessonSummary } from "./lesson-summaries";

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
  const fields = {
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
  };
  const newestFirst = [desc(videos.publishedAt), desc(videos.id)];
  let rows: LessonRow[];
  if (sort === "starter") {
    // Free first, then beginner → advanced, newest first within each: one walk of videos_starter_idx per
    // (free, level) pair, each stopping after the rows it can contribute, instead of sorting the catalogue.
    const groups = [true, false].flatMap((isFree) => (level ? [level] : LEVELS).map((lvl) => ({ isFree, lvl })));
    const statements = groups.map(({ isFree, lvl }) =>
      ctx.db
        .select(fields)
        .from(videos)
        .leftJoin(countries, eq(countries.id, videos.countryId))
        .where(and(eq(videos.isPublished, true), eq(videos.isFree, isFree), eq(videos.level, lvl)))
        .orderBy(...newestFirst)
        .limit(offset + limit),
    );
    const results = (await ctx.db.batch(
      statements as unknown as [BatchQuery, ...BatchQuery[]],
    )) as unknown as LessonRow[][];
    rows = results.flat().slice(offset, offset + limit);
  } else {
    rows = await ctx.db
      .select(fields)
      .from(videos)
      .leftJoin(countries, eq(countries.id, videos.countryId))
      .where(publishedWhere({ level }))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
  }
  if (rows.length === 0) return [];
  const teachersOf = await teachersByVideo(
    ctx,
    rows.map((row) => row.id),
  );
  return Promise.all(rows.map(async (row) => toLessonSummary(ctx, row, teachersOf, access)));
}
