import type { Level } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { getCatalogueCounts } from "./counters";

// Figures about the catalogue: how many lessons, teachers and places, from its counters (./counters.ts).

export async function countPublishedVideos(
  ctx: AppContext,
  filter: { level?: Level; freeOnly?: boolean } = {},
): Promise<number> {
  const counts = await getCatalogueCounts(ctx);
  if (filter.level && filter.freeOnly) throw new Error("countPublishedVideos: no counter for free lessons of a level");
  if (filter.level) return counts.levels[filter.level];
  return filter.freeOnly ? counts.free : counts.lessons;
}

/** Published lesson counts per level, for filter chips. */
export async function countPublishedVideosByLevel(ctx: AppContext): Promise<Record<Level, number>> {
  return (await getCatalogueCounts(ctx)).levels;
}

/** Figures for the public pages: how much there is to watch, and from how many voices. */
export async function getCatalogStats(ctx: AppContext) {
  const { lessons, teachers, countries } = await getCatalogueCounts(ctx);
  return { lessons, teachers, countries };
}
