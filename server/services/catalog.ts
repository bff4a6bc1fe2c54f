import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { librarySearchField } from "#core/schemas/search";
import type { LessonKnowledge } from "#core/words/knowledge";
import {
  categories,
  countries,
  faqs,
  teachers,
  videoCategories,
  videoProgress,
  videos,
  videoTeachers,
  type Level,
} from "#drizzle/schema";
import {
  DURATION_BUCKETS,
  effectiveSort,
  LIBRARY_LEVELS,
  LIBRARY_MAX_PAGES,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SORTS,
  MEMBER_SORTS,
  PROGRESS_STATUSES,
  type DurationBucket,
  type HighlightSegment,
  type LessonProgress,
  type LibraryMatch,
  type LibraryQuery,
  type LibrarySort,
  type ProgressStatus,
} from "#core/library-query";
import { isLessonLocked, VISITOR_ACCESS, type ViewerAccess } from "../access/policy";
import type { AppContext } from "../context";
import { parseWith } from "../lib/errors";
import { pageCacheGeneration } from "./page-cache";
import {
  knowledgeByLesson,
  knownLibraryOrder,
  lessonKnowledgeStatements,
  rightForMeCondition,
  type LessonKnowledgeRow,
} from "./words/known";
import { isMediaKey, MEDIA_URL_LIFETIME_SECONDS, signMediaUrl } from "./media";
import {
  decodeFirstRowid,
  ftsMatchExpression,
  highlightMatches,
  matchLinesByRowid,
  matchLineStatements,
  relevanceOrder,
  searchHits,
  searchTermsForQuery,
  type MatchLineRow,
  type SearchMatch,
  type SearchTerms,
} from "./search";

/**
 * The same lessons with their locks computed for this viewer. A search match inside a locked lesson's
 * transcript keeps only its time, as the captions of that lesson are refused to this viewer too.
 */
export function withLocks<T extends { isFree: boolean; locked: boolean; match?: LibraryMatch | null }>(
  lessons: T[],
  viewer: ViewerAccess,
): T[] {
  return lessons.map((lesson) => {
    const locked = isLessonLocked(lesson, viewer);
    const match = lesson.match;
    if (!locked || !match || match.kind !== "cue") return { ...lesson, locked };
    return { ...lesson, locked, match: { kind: "locked-cue", startSeconds: match.startSeconds } };
  });
}

export interface LessonSummary {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  publishedAt: Date | null;
  thumbnailKey: string | null;
  /** A signed URL for the thumbnail (thumbnails are public teasers, signed for everyone); null without one. */
  thumbnailUrl: string | null;
  country: { name: string; code: string; dialect: string } | null;
  teachers: Array<{ id: number; name: string; nameAr: string | null }>;
  locked: boolean;
}

function publishedWhere({ level, freeOnly = false }: { level?: Level; freeOnly?: boolean } = {}): SQL | undefined {
  return and(
    eq(videos.isPublished, true),
    level ? eq(videos.level, level) : undefined,
    freeOnly ? eq(videos.isFree, true) : undefined,
  );
}

const THUMBNAIL_URL_BUCKET_SECONDS = 60 * 60;

/**
 * Signs a thumbnail so that the URL stays the same for a whole clock hour (expiry rounded up to the
 * next hour, 3 to 4 hours away): browsers cache the image across page loads instead of refetching it.
 */
export async function signThumbnailUrl(ctx: AppContext, key: string | null): Promise<string | null> {
  if (!key || !isMediaKey(key)) return null;
  const now = Math.floor(ctx.now().getTime() / 1000);
  const expires =
    Math.ceil((now + 1) / THUMBNAIL_URL_BUCKET_SECONDS) * THUMBNAIL_URL_BUCKET_SECONDS +
    MEDIA_URL_LIFETIME_SECONDS -
    THUMBNAIL_URL_BUCKET_SECONDS;
  return signMediaUrl(ctx, key, { expiresInSeconds: expires - now });
}

/** D1 binds at most 100 parameters a statement; id lists are split below that. */
const IDS_PER_STATEMENT = 90;

function chunkIds(ids: number[]): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) chunks.push(unique.slice(i, i + IDS_PER_STATEMENT));
  return chunks;
}

type BatchQuery = BatchItem<"sqlite">;

async function runChunked<T>(ctx: AppContext, queries: Array<BatchQuery & PromiseLike<T[]>>): Promise<T[]> {
  if (queries.length === 0) return [];
  if (queries.length === 1) return await queries[0]!;
  const results = (await ctx.db.batch(queries as unknown as [BatchQuery, ...BatchQuery[]])) as unknown as T[][];
  return results.flat();
}

/** Teachers of the given lessons, by lesson, sorted by name. */
async function teachersByVideo(ctx: AppContext, videoIds: number[]) {
  const rows = await runChunked(
    ctx,
    chunkIds(videoIds).map((ids) =>
      ctx.db
        .select({ videoId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
        .from(videoTeachers)
        .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
        .where(inArray(videoTeachers.videoId, ids))
        .orderBy(asc(teachers.name)),
    ),
  );
  const byVideo = new Map<number, LessonSummary["teachers"]>();
  for (const { videoId, ...teacher } of rows) {
    const list = byVideo.get(videoId) ?? [];
    list.push(teacher);
    byVideo.set(videoId, list);
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
    viewer = VISITOR_ACCESS,
    sort = "newest",
  }: {
    limit: number;
    offset?: number;
    level?: Level;
    viewer?: ViewerAccess;
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
  return Promise.all(rows.map(async (row) => toLessonSummary(ctx, row, teachersOf, viewer)));
}

interface LessonRow {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  publishedAt: Date | null;
  thumbnailKey: string | null;
  countryName: string | null;
  countryCode: string | null;
  countryDialect: string | null;
}

async function toLessonSummary(
  ctx: AppContext,
  { countryName, countryCode, countryDialect, ...row }: LessonRow,
  teachersOf: Map<number, LessonSummary["teachers"]>,
  viewer: ViewerAccess,
): Promise<LessonSummary> {
  return {
    id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug,
    level: row.level,
    durationSeconds: row.durationSeconds,
    isFree: row.isFree,
    publishedAt: row.publishedAt,
    thumbnailKey: row.thumbnailKey,
    thumbnailUrl: await signThumbnailUrl(ctx, row.thumbnailKey),
    country:
      countryName && countryCode ? { name: countryName, code: countryCode, dialect: countryDialect ?? "" } : null,
    teachers: teachersOf.get(row.id) ?? [],
    locked: isLessonLocked(row, viewer),
  };
}

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

export async function listFaqs(
  ctx: AppContext,
  { featuredOnly = false, limit }: { featuredOnly?: boolean; limit?: number } = {},
) {
  const query = ctx.db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.isPublished, true), featuredOnly ? eq(faqs.isFeatured, true) : undefined))
    .orderBy(asc(faqs.position), asc(faqs.id));
  return limit ? query.limit(limit) : query;
}

// ---------------------------------------------------------------------------------------------
// Library (/video-library): filters, search, sort and "load more" over published lessons
// ---------------------------------------------------------------------------------------------

const slugParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}-]{0,79}$/u)
  .nullable()
  .catch(null);

/**
 * Every value but the search is caught: an unknown or malformed parameter is dropped, never an error
 * (docs/product-rules.md#quality-bars). The search is checked first (`librarySearchField`).
 */
const libraryParamsSchema = z.object({
  q: z.string().catch(""),
  levels: z
    .array(z.string())
    .transform((values) => {
      const wanted = new Set(values.map((value) => value.trim().toLowerCase()));
      return LIBRARY_LEVELS.filter((level) => wanted.has(level));
    })
    .catch([]),
  category: slugParam,
  teacher: slugParam,
  country: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,16}$/)
    .nullable()
    .catch(null),
  duration: z
    .enum(Object.keys(DURATION_BUCKETS) as [DurationBucket, ...DurationBucket[]])
    .nullable()
    .catch(null),
  freeOnly: z.boolean().catch(false),
  status: z.enum(PROGRESS_STATUSES).nullable().catch(null),
  // Absent unless asked for, so a query without it reads as it always did.
  fit: z.literal(true).optional().catch(undefined),
  sort: z.enum(LIBRARY_SORTS).nullable().catch(null),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .transform((page) => Math.min(page, LIBRARY_MAX_PAGES))
    .catch(1),
});

/**
 * The /video-library query string (contract in core/library-query.ts), with bad values dropped; a search
 * longer than LIBRARY_SEARCH_MAX_LENGTH is refused (AppError 422), not cut short.
 */
export function parseLibraryParams(params: URLSearchParams): LibraryQuery {
  const value = (name: string) => params.get(name)?.trim() || null;
  return libraryParamsSchema.parse({
    q: parseWith(librarySearchField, params.get("q") ?? ""),
    levels: params.getAll("level").flatMap((level) => level.split(",")),
    category: value("category"),
    teacher: value("teacher"),
    country: value("country"),
    duration: value("duration"),
    freeOnly: ["1", "true", "on", "yes"].includes(value("free")?.toLowerCase() ?? ""),
    status: value("status"),
    fit: ["1", "true", "on", "yes"].includes(value("fit")?.toLowerCase() ?? "") || undefined,
    sort: value("sort")?.toLowerCase() ?? null,
    page: value("page") ?? "1",
  });
}

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
  const [categoryRows, teacherRows, countryRows, freeRows] = await ctx.db.batch([
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
    ctx.db
      .select({ total: count() })
      .from(videos)
      .where(publishedWhere({ freeOnly: true })),
  ]);
  return {
    categories: categoryRows,
    teachers: teacherRows,
    countries: countryRows.map((country) => ({ ...country, code: country.code.toLowerCase() })),
    freeLessons: freeRows[0]?.total ?? 0,
  };
}

export interface LibraryLesson extends LessonSummary {
  viewsCount: number;
  progress: LessonProgress | null;
  /** How much of the lesson's words the member knows (server/services/words/known.ts); null for visitors. */
  known: LessonKnowledge | null;
  /** Search results only: the best matching line, and the title with matches marked. */
  match: LibraryMatch | null;
  titleHighlight: { title: HighlightSegment[]; titleAr: HighlightSegment[] } | null;
}

export interface LibraryPage {
  /** The query as applied: unknown values dropped, page clamped, status only for members. */
  query: LibraryQuery;
  sort: LibrarySort;
  /** Pages 1..query.page, in order. */
  items: LibraryLesson[];
  total: number;
  pageCount: number;
  hasMore: boolean;
  /** True when there is a search (`q`); a search of only symbols ("%_", "?!") has no words to find and finds nothing. */
  searched: boolean;
  /** Lessons per level with every other filter (and the search) applied: counts for the level choices. */
  levelCounts: Record<Level, number>;
}

const lessonFields = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
  publishedAt: videos.publishedAt,
  thumbnailKey: videos.thumbnailKey,
  viewsCount: videos.viewsCount,
  countryName: countries.name,
  countryCode: countries.code,
  countryDialect: countries.dialect,
};

function durationCondition(bucket: DurationBucket): SQL | undefined {
  const { minSeconds, maxSeconds } = DURATION_BUCKETS[bucket];
  return and(
    gte(videos.durationSeconds, minSeconds),
    maxSeconds === null ? undefined : lt(videos.durationSeconds, maxSeconds),
  );
}

/** Lessons the member has started (a position, watched time or a completion). */
function progressCondition(ctx: AppContext, userId: number, status: ProgressStatus): SQL | undefined {
  const videoIdsWhere = (where: SQL | undefined) =>
    ctx.db
      .select({ id: videoProgress.videoId })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, userId), where));
  const started = or(
    isNotNull(videoProgress.completedAt),
    gt(videoProgress.positionSeconds, 0),
    gt(videoProgress.watchedSeconds, 0),
  );
  switch (status) {
    case "completed":
      return inArray(videos.id, videoIdsWhere(isNotNull(videoProgress.completedAt)));
    case "in-progress":
      return inArray(
        videos.id,
        videoIdsWhere(
          and(
            isNull(videoProgress.completedAt),
            or(gt(videoProgress.positionSeconds, 0), gt(videoProgress.watchedSeconds, 0)),
          ),
        ),
      );
    case "unwatched":
      return notInArray(videos.id, videoIdsWhere(started));
  }
}

const SORT_ORDER: Record<Exclude<LibrarySort, "relevance" | "known">, SQL[]> = {
  newest: [desc(videos.publishedAt), desc(videos.id)],
  popular: [desc(videos.viewsCount), desc(videos.id)],
  shortest: [asc(videos.durationSeconds), asc(videos.id)],
};

/** A sort's ORDER BY; "known" is the member's own (buildLibraryStatements drops it for visitors). */
function sortOrder(sort: Exclude<LibrarySort, "relevance">, userId: number | null): SQL[] {
  if (sort === "known") return userId ? knownLibraryOrder(userId) : SORT_ORDER.newest;
  return SORT_ORDER[sort];
}

function progressOf(
  row: { positionSeconds: number; watchedSeconds: number; completedAt: Date | null },
  durationSeconds: number,
): LessonProgress | null {
  const completed = row.completedAt !== null;
  if (!completed && row.positionSeconds <= 0 && row.watchedSeconds <= 0) return null;
  const percent = completed
    ? 100
    : durationSeconds > 0
      ? Math.min(99, Math.max(1, Math.round((row.positionSeconds / durationSeconds) * 100)))
      : 0;
  return { positionSeconds: row.positionSeconds, percent, completed };
}

/**
 * Teachers, a member's progress and "% known" and (for a search) the matching lines of the given lessons, in
 * one batch.
 */
async function lessonExtras(ctx: AppContext, videoIds: number[], userId: number | null, matchRowids: number[]) {
  const chunks = chunkIds(videoIds);
  const teacherQueries = chunks.map((ids) =>
    ctx.db
      .select({ videoId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
      .from(videoTeachers)
      .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
      .where(inArray(videoTeachers.videoId, ids))
      .orderBy(asc(teachers.name)),
  );
  const progressQueries = userId
    ? chunks.map((ids) =>
        ctx.db
          .select({
            videoId: videoProgress.videoId,
            positionSeconds: videoProgress.positionSeconds,
            watchedSeconds: videoProgress.watchedSeconds,
            completedAt: videoProgress.completedAt,
          })
          .from(videoProgress)
          .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.videoId, ids))),
      )
    : [];
  const knownQueries = userId ? lessonKnowledgeStatements(ctx, { userId, lessonIds: videoIds }) : [];
  const lineQueries = matchLineStatements(ctx.db, matchRowids);
  const teachersOf = new Map<number, LessonSummary["teachers"]>();
  const progressRows = new Map<number, { positionSeconds: number; watchedSeconds: number; completedAt: Date | null }>();
  if (chunks.length === 0)
    return {
      teachersOf,
      progressRows,
      known: new Map<number, LessonKnowledge>(),
      lines: new Map<number, SearchMatch>(),
    };
  const queries = [...teacherQueries, ...progressQueries, ...knownQueries, ...lineQueries];
  const results = (await ctx.db.batch(queries as unknown as [BatchQuery, ...BatchQuery[]])) as unknown[][];
  const teacherResults = results.slice(0, teacherQueries.length);
  const progressResults = results.slice(teacherQueries.length, teacherQueries.length + progressQueries.length);
  const knownStart = teacherQueries.length + progressQueries.length;
  const known = knowledgeByLesson(
    results.slice(knownStart, knownStart + knownQueries.length).flat() as LessonKnowledgeRow[],
  );
  const lineResults = results.slice(knownStart + knownQueries.length);
  for (const rows of teacherResults) {
    for (const { videoId, ...teacher } of rows as Array<{ videoId: number } & LessonSummary["teachers"][number]>) {
      const list = teachersOf.get(videoId) ?? [];
      list.push(teacher);
      teachersOf.set(videoId, list);
    }
  }
  for (const rows of progressResults) {
    for (const { videoId, ...progress } of rows as Array<
      { videoId: number } & { positionSeconds: number; watchedSeconds: number; completedAt: Date | null }
    >) {
      progressRows.set(videoId, progress);
    }
  }
  const lines = matchLinesByRowid(lineResults.flat() as MatchLineRow[]);
  return { teachersOf, progressRows, known, lines };
}

const EXCERPT_BEFORE = 50;
const EXCERPT_LENGTH = 170;

/** A window of a long text around its first match, cut at spaces, with ellipses where it was cut. */
function excerptAroundMatch(text: string, terms: SearchTerms): HighlightSegment[] {
  const segments = highlightMatches(text, terms);
  if (text.length <= EXCERPT_LENGTH) return segments;
  let offset = 0;
  for (const segment of segments) {
    if (segment.match) break;
    offset += segment.text.length;
  }
  let start = Math.max(0, offset - EXCERPT_BEFORE);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  const cut = `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
  return highlightMatches(cut, terms);
}

type LibraryRow = LessonRow & {
  viewsCount: number;
  /** Search only: the lesson's description and the index row of its best line (see searchHits). */
  description?: string;
  firstRowid?: number;
};

/** A Drizzle query that can run in a batch and show its SQL (for EXPLAIN QUERY PLAN in the bench). */
type LibraryStatement = BatchQuery & { toSQL(): { sql: string; params: unknown[] } };

interface LibraryOptions {
  query: LibraryQuery;
  /**
   * Who is asking (signed in, and their id). While it is still being looked up (the sign-in check), the
   * lessons are already read unless the query filters by the member's own progress; their progress marks
   * wait for it.
   */
  viewer?: ViewerAccess | Promise<ViewerAccess>;
  /**
   * The viewer's full access when it is still being looked up (the subscription): the listing starts
   * with `viewer` (who is signed in) and the locks wait for this. Defaults to `viewer`.
   */
  access?: Promise<ViewerAccess>;
  pageSize?: number;
  /** Pass them when already loaded for the page, to save a round trip. */
  filterOptions?: LibraryFilterOptions;
}

/**
 * The three statements behind a library page (lessons of pages 1..n, their total, counts per level),
 * with the query as it will be applied. Exported for the bench, which explains every combination.
 */
/** Some levels but not all: the listing is narrowed by level (none or every level shows them all). */
function levelFilterApplies(levels: readonly Level[]): boolean {
  return levels.length > 0 && levels.length < LIBRARY_LEVELS.length;
}

export async function buildLibraryStatements(
  ctx: AppContext,
  {
    query,
    viewer = VISITOR_ACCESS,
    pageSize = LIBRARY_PAGE_SIZE,
    filterOptions,
  }: Omit<LibraryOptions, "viewer"> & { viewer?: ViewerAccess },
) {
  const options = filterOptions ?? (await getLibraryFilterOptions(ctx));
  const category = options.categories.find((item) => item.slug === query.category) ?? null;
  const teacher = options.teachers.find((item) => item.slug === query.teacher) ?? null;
  const country = options.countries.find((item) => item.code === query.country) ?? null;
  const userId = viewer.signedIn && viewer.userId ? viewer.userId : null;
  const status = userId ? query.status : null;
  const fit = userId && query.fit ? true : undefined;
  const terms = searchTermsForQuery(query.q);
  const match = ftsMatchExpression(terms);
  // The index holds words only: a search with none in it ("%_", "?!") finds no lesson, not every lesson.
  const nothingToFind = match === null && query.q.trim() !== "";
  const applied: LibraryQuery = {
    ...query,
    category: category?.slug ?? null,
    teacher: teacher?.slug ?? null,
    country: country?.code ?? null,
    status,
    fit,
    sort: query.sort && MEMBER_SORTS.has(query.sort) && !userId ? null : query.sort,
  };
  const sort = match ? effectiveSort(applied) : effectiveSort({ ...applied, q: "" });

  const where = (withLevel: boolean) =>
    and(
      eq(videos.isPublished, true),
      withLevel && levelFilterApplies(applied.levels) ? inArray(videos.level, applied.levels) : undefined,
      category
        ? inArray(
            videos.id,
            ctx.db
              .select({ id: videoCategories.videoId })
              .from(videoCategories)
              .where(eq(videoCategories.categoryId, category.id)),
          )
        : undefined,
      teacher
        ? inArray(
            videos.id,
            ctx.db
              .select({ id: videoTeachers.videoId })
              .from(videoTeachers)
              .where(eq(videoTeachers.teacherId, teacher.id)),
          )
        : undefined,
      country ? eq(videos.countryId, country.id) : undefined,
      applied.duration ? durationCondition(applied.duration) : undefined,
      applied.freeOnly ? eq(videos.isFree, true) : undefined,
      userId && status ? progressCondition(ctx, userId, status) : undefined,
      userId && fit ? rightForMeCondition(userId) : undefined,
      nothingToFind ? sql`0` : undefined,
    );
  const limit = applied.page * pageSize;

  // No separate count: the total is the level counts' sum over the chosen levels (`levels` drops only the
  // level filter), which saves the search index a third pass on every search.
  let statements: { items: LibraryStatement; levels: LibraryStatement };
  if (match) {
    // CROSS JOIN fixes the loop order (SQLite never reorders it): matching lessons outside, each looked up
    // by primary key. Left to itself the planner may scan an index of videos and re-run the FTS per row.
    const hits = searchHits(ctx.db, match);
    statements = {
      items: ctx.db
        .select({ ...lessonFields, description: videos.description, firstRowid: hits.firstRowid })
        .from(hits)
        .crossJoin(videos)
        .leftJoin(countries, eq(countries.id, videos.countryId))
        .where(and(eq(videos.id, hits.videoId), where(true)))
        .orderBy(
          ...(sort === "relevance"
            ? [...relevanceOrder(hits), desc(videos.publishedAt), desc(videos.id)]
            : sortOrder(sort, userId)),
        )
        .limit(limit),
      levels: ctx.db
        .select({ level: videos.level, total: count() })
        .from(hits)
        .crossJoin(videos)
        .where(and(eq(videos.id, hits.videoId), where(false)))
        .groupBy(videos.level),
    };
  } else {
    statements = {
      items: ctx.db
        .select(lessonFields)
        .from(videos)
        .leftJoin(countries, eq(countries.id, videos.countryId))
        .where(where(true))
        .orderBy(...sortOrder(sort === "relevance" ? "newest" : sort, userId))
        .limit(limit),
      levels: ctx.db
        .select({ level: videos.level, total: count() })
        .from(videos)
        .where(where(false))
        .groupBy(videos.level),
    };
  }
  return { applied, sort, terms, searched: match !== null || nothingToFind, userId, statements };
}

/**
 * One page of the library for a viewer: pages 1..page of published lessons matching every filter and
 * the search, in the chosen order, with the total, per-level counts and each lesson's teachers, lock,
 * signed thumbnail, progress and best matching line. Two D1 round trips (three without filterOptions); the
 * first goes out before the viewer is known unless the query filters by their progress.
 */
export async function listLibrary(ctx: AppContext, options: LibraryOptions): Promise<LibraryPage> {
  const { pageSize = LIBRARY_PAGE_SIZE } = options;
  const viewerLoaded = Promise.resolve(options.viewer ?? VISITOR_ACCESS);
  // Only a filter or sort on the member's own progress or words needs to know who they are to choose the lessons.
  const { status, fit, sort: askedSort } = options.query;
  const chooser = status || fit || (askedSort && MEMBER_SORTS.has(askedSort)) ? await viewerLoaded : VISITOR_ACCESS;
  const { applied, sort, terms, searched, statements } = await buildLibraryStatements(ctx, {
    ...options,
    viewer: chooser,
  });
  const [[rows, levelRows], viewer] = await Promise.all([
    ctx.db.batch([statements.items, statements.levels]) as Promise<
      [LibraryRow[], Array<{ level: Level; total: number }>]
    >,
    viewerLoaded,
  ]);
  const userId = viewer.signedIn && viewer.userId ? viewer.userId : null;
  const levelCounts: Record<Level, number> = { beginner: 0, intermediate: 0, advanced: 0 };
  for (const row of levelRows) levelCounts[row.level] = row.total;
  const total = levelFilterApplies(applied.levels)
    ? [...new Set(applied.levels)].reduce((sum, level) => sum + levelCounts[level], 0)
    : levelRows.reduce((sum, row) => sum + row.total, 0);

  const pageCount = Math.max(1, Math.min(LIBRARY_MAX_PAGES, Math.ceil(total / pageSize)));
  const page = Math.min(applied.page, pageCount);

  const chosen = new Map(
    rows
      .filter((row) => row.firstRowid !== undefined)
      .map((row) => [row.id, decodeFirstRowid(row.id, row.firstRowid!)] as const),
  );
  const { teachersOf, progressRows, known, lines } = await lessonExtras(
    ctx,
    rows.map((row) => row.id),
    userId,
    [...chosen.values()].map((line) => line.rowid),
  );
  const items = await Promise.all(
    rows.map(async (row): Promise<LibraryLesson> => {
      const summary = await toLessonSummary(ctx, row, teachersOf, viewer);
      const progress = progressRows.get(row.id);
      const line = chosen.get(row.id);
      return {
        ...summary,
        viewsCount: row.viewsCount,
        progress: progress ? progressOf(progress, row.durationSeconds) : null,
        known: userId ? (known.get(row.id) ?? null) : null,
        match: searched
          ? toLibraryMatch(
              (line && lines.get(line.rowid)) ?? { kind: line?.kind ?? "title", startMs: null, cue: null },
              row.description ?? "",
              terms,
            )
          : null,
        titleHighlight: searched
          ? { title: highlightMatches(row.title, terms), titleAr: highlightMatches(row.titleAr, terms) }
          : null,
      };
    }),
  );

  return {
    query: { ...applied, page },
    sort,
    items: withLocks(items, options.access ? await options.access : viewer),
    total,
    pageCount,
    hasMore: total > page * pageSize && page < LIBRARY_MAX_PAGES,
    searched,
    levelCounts,
  };
}

function toLibraryMatch(found: SearchMatch, description: string, terms: SearchTerms): LibraryMatch {
  if (found.kind === "cue" && found.cue) {
    return {
      kind: "cue",
      startSeconds: Math.floor((found.startMs ?? 0) / 1000),
      arabic: highlightMatches(found.cue.arabic, terms),
      transliteration: highlightMatches(found.cue.transliteration, terms),
      english: highlightMatches(found.cue.english, terms),
    };
  }
  if (found.kind === "description" && description) {
    return { kind: "description", excerpt: excerptAroundMatch(description, terms) };
  }
  return { kind: "title" };
}

export interface LearnerOverview {
  /** Lessons started and not finished, most recently watched first. */
  continueWatching: LibraryLesson[];
  watchedSeconds: number;
  completedCount: number;
}

const CONTINUE_WATCHING_LIMIT = 8;

/** The signed-in learner's "continue watching" row and totals; null for visitors. */
export async function getLearnerOverview(ctx: AppContext, viewer: ViewerAccess): Promise<LearnerOverview | null> {
  const userId = viewer.signedIn ? viewer.userId : undefined;
  if (!userId) return null;
  const inProgress = and(
    eq(videoProgress.userId, userId),
    isNull(videoProgress.completedAt),
    gt(videoProgress.positionSeconds, 0),
  );
  const recentIds = ctx.db
    .select({ id: videoProgress.videoId })
    .from(videoProgress)
    .innerJoin(videos, and(eq(videos.id, videoProgress.videoId), eq(videos.isPublished, true)))
    .where(inProgress)
    .orderBy(desc(videoProgress.updatedAt))
    .limit(CONTINUE_WATCHING_LIMIT);
  // One round trip: the row, its teachers (through the same "recent" subquery) and the totals.
  const [recent, teacherRows, totals] = await ctx.db.batch([
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
    ctx.db
      .select({ videoId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
      .from(videoTeachers)
      .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
      .where(inArray(videoTeachers.videoId, recentIds))
      .orderBy(asc(teachers.name)),
    ctx.db
      .select({
        watchedSeconds: sql<number>`coalesce(sum(${videoProgress.watchedSeconds}), 0)`.mapWith(Number),
        completedCount: count(videoProgress.completedAt),
      })
      .from(videoProgress)
      .where(eq(videoProgress.userId, userId)),
  ]);
  const teachersOf = new Map<number, LessonSummary["teachers"]>();
  for (const { videoId, ...teacher } of teacherRows) {
    const list = teachersOf.get(videoId) ?? [];
    list.push(teacher);
    teachersOf.set(videoId, list);
  }
  const continueWatching = await Promise.all(
    recent.map(async (row) => ({
      ...(await toLessonSummary(ctx, row, teachersOf, viewer)),
      viewsCount: row.viewsCount,
      progress: progressOf(row, row.durationSeconds),
      known: null,
      match: null,
      titleHighlight: null,
    })),
  );
  return {
    continueWatching,
    watchedSeconds: totals[0]?.watchedSeconds ?? 0,
    completedCount: totals[0]?.completedCount ?? 0,
  };
}
