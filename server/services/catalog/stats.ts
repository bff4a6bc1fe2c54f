import { and, count, countDistinct, eq, isNotNull } from "drizzle-orm";
import { videos, videoTeachers, type Level } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { publishedWhere } from "./published-lessons";

// Figures about the catalogue: how many lessons, teachers and places.

export async function countPublishedVideos(
  ctx: AppContext,
  filter: { level?: Level; freeOnly?: boolean } = {},
): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(videos).where(publishedWhere(filter));
  return row?.total ?? 0;
}

/** Published lesson counts per level, for filter chips. */
export async function countPublishedVideosByLevel(ctx: AppContext): Promise<Record<Level, number>> {
  const rows = await ctx.db
    .select({ level: videos.level, total: count() })
    .from(videos)
    .where(eq(videos.isPublished, true))
    .groupBy(videos.level);
  const totals: Record<Level, number> = { beginner: 0, intermediate: 0, advanced: 0 };
  for (const row of rows) totals[row.level] = row.total;
  return totals;
}

/** Figures for the public pages: how much there is to watch, and from how many voices. */
export async function getCatalogStats(ctx: AppContext) {
  const [lessons, voices, places] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(videos).where(eq(videos.isPublished, true)),
    ctx.db
      .select({ total: countDistinct(videoTeachers.teacherId) })
      .from(videoTeachers)
      .innerJoin(videos, and(eq(videos.id, videoTeachers.videoId), eq(videos.isPublished, true))),
    ctx.db
      .select({ total: countDistinct(videos.countryId) })
      .from(videos)
      .where(and(eq(videos.isPublished, true), isNotNull(videos.countryId))),
  ]);
  return { lessons: lessons[0]?.total ?? 0, teachers: voices[0]?.total ?? 0, countries: places[0]?.total ?? 0 };
}
