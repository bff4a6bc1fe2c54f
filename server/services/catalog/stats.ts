import type { AppContext } from "../../context";
import { getCatalogueCounts } from "./counters";

// Figures about the catalogue: how many lessons, teachers and places, from its counters (./counters.ts).

/** Published lessons, or published free lessons. */
export async function countPublishedVideos(ctx: AppContext, { freeOnly = false }: { freeOnly?: boolean } = {}) {
  const counts = await getCatalogueCounts(ctx);
  return freeOnly ? counts.free : counts.lessons;
}

/** Figures for the public pages: how much there is to watch, and from how many voices. */
export async function getCatalogStats(ctx: AppContext) {
  const { lessons, teachers, countries } = await getCatalogueCounts(ctx);
  return { lessons, teachers, countries };
}
