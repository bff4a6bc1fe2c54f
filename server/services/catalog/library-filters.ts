import { asc } from "drizzle-orm";
import { categories, countries, teachers } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { pageCacheGeneration } from "../page-cache";
import { catalogueCountsQuery, toCatalogueCounts } from "./counters";

// The library's filter choices (categories, teachers, countries) and its free lesson count.

export interface LibraryFilterOptions {
  categories: Array<{ id: number; slug: string; name: string }>;
  teachers: Array<{ id: number; slug: string; name: string; nameAr: string | null }>;
  /** `code` in lower case, as in the query string. */
  countries: Array<{ id: number; code: string; name: string; dialect: string }>;
  /** Published free lessons (the library's banner for visitors and members without a subscription). */
  freeLessons: number;
}

/**
 * The library's filter choices and free lesson count change only with the catalogue, and every change to
 * it bumps the page-cache generation (the purge hooks of its admin resources, server/services/page-cache.ts).
 * So an isolate keeps them per generation, for at most FILTER_OPTIONS_MEMO_MS, which also bounds how late a lesson
 * scheduled to publish (no write) shows in the free count: the same bound as a cached public page.
 * A library page then starts reading its lessons at once, alongside the sign-in check.
 */
const FILTER_OPTIONS_MEMO_MS = 60_000;
let filterOptionsMemo: { generation: number; loadedAt: number; options: Promise<LibraryFilterOptions> } | null = null;

export async function getLibraryFilterOptionsForPage(ctx: AppContext): Promise<LibraryFilterOptions> {
  const generation = await pageCacheGeneration(ctx);
  const now = Date.now();
  const memo = filterOptionsMemo;
  if (memo && memo.generation === generation && now - memo.loadedAt < FILTER_OPTIONS_MEMO_MS) return memo.options;
  const options = getLibraryFilterOptions(ctx);
  filterOptionsMemo = { generation, loadedAt: now, options };
  // A failed read is not kept: the next request tries again.
  options.catch(() => {
    if (filterOptionsMemo?.options === options) filterOptionsMemo = null;
  });
  return options;
}

/** What the library shows everyone, whatever the query: the filters' choices and the free lesson count. */
export async function getLibraryFilterOptions(ctx: AppContext): Promise<LibraryFilterOptions> {
  const [categoryRows, teacherRows, countryRows, counterRows] = await ctx.db.batch([
    ctx.db
      .select({ id: categories.id, slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    ctx.db
      .select({ id: teachers.id, slug: teachers.slug, name: teachers.name, nameAr: teachers.nameAr })
      .from(teachers)
      .orderBy(asc(teachers.name)),
    ctx.db
      .select({ id: countries.id, code: countries.code, name: countries.name, dialect: countries.dialect })
      .from(countries)
      .orderBy(asc(countries.name)),
    catalogueCountsQuery(ctx),
  ]);
  return {
    categories: categoryRows,
    teachers: teacherRows,
    countries: countryRows.map((country) => ({ ...country, code: country.code.toLowerCase() })),
    freeLessons: toCatalogueCounts(counterRows).free,
  };
}
