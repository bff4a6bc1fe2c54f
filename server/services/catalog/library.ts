import {
  and,
  asc,
  count,
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
import {
  countries,
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
  MEMBER_SORTS,
  type DurationBucket,
  type HighlightSegment,
  type LessonProgress,
  type LibraryMatch,
  type LibraryQuery,
  type LibrarySort,
  type ProgressStatus,
} from "#core/library-query";
import type { LessonKnowledge } from "#core/words/knowledge";
import { VISITOR_ACCESS, type LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { markdownToText } from "../../lib/markdown";
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
} from "../search";
import { knownLibraryOrder, lessonKnowledgeStatements, rightForMeCondition } from "../words/known";
import { levelCountsQuery } from "./counters";
import { getLibraryFilterOptions, type LibraryFilterOptions } from "./library-filters";
import { toLibraryMatch } from "./library-matches";
import {
  chunkIds,
  lessonFields,
  progressOf,
  toLessonSummary,
  withLocks,
  type BatchQuery,
  type LessonRow,
  type LessonSummary,
} from "./lesson-summaries";

// The library (/video-library): filters, search, sort and "load more" over published lessons.

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

/** Teachers, a member's progress and (for a search) the matching lines of the given lessons, in one batch. */
async function lessonExtras(ctx: AppContext, lessonIds: number[], userId: number | null, matchRowids: number[]) {
  const chunks = chunkIds(lessonIds);
  const teacherQueries = chunks.map((ids) =>
    ctx.db
      .select({ lessonId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
      .from(videoTeachers)
      .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
      .where(inArray(videoTeachers.videoId, ids))
      .orderBy(asc(teachers.name)),
  );
  const progressQueries = userId
    ? chunks.map((ids) =>
        ctx.db
          .select({
            lessonId: videoProgress.videoId,
            positionSeconds: videoProgress.positionSeconds,
            watchedSeconds: videoProgress.watchedSeconds,
            completedAt: videoProgress.completedAt,
          })
          .from(videoProgress)
          .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.videoId, ids))),
      )
    : [];
  const knownStatements = userId ? lessonKnowledgeStatements(ctx, { userId, lessonIds }) : null;
  const knownQueries = knownStatements?.statements ?? [];
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
  const known =
    knownStatements?.read(results.slice(knownStart, knownStart + knownQueries.length)) ??
    new Map<number, LessonKnowledge>();
  const lineResults = results.slice(knownStart + knownQueries.length);
  for (const rows of teacherResults) {
    for (const { lessonId, ...teacher } of rows as Array<{ lessonId: number } & LessonSummary["teachers"][number]>) {
      const list = teachersOf.get(lessonId) ?? [];
      list.push(teacher);
      teachersOf.set(lessonId, list);
    }
  }
  for (const rows of progressResults) {
    for (const { lessonId, ...progress } of rows as Array<
      { lessonId: number } & { positionSeconds: number; watchedSeconds: number; completedAt: Date | null }
    >) {
      progressRows.set(lessonId, progress);
    }
  }
  const lines = matchLinesByRowid(lineResults.flat() as MatchLineRow[]);
  return { teachersOf, progressRows, known, lines };
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
  identity?: LessonAccessFacts | Promise<LessonAccessFacts>;
  /**
   * The viewer's full access when it is still being looked up (the subscription): the listing starts
   * with `identity` (who is signed in) and the locks wait for this. Defaults to `identity`.
   */
  access?: Promise<LessonAccessFacts>;
  pageSize?: number;
  /** Pass them when already loaded for the page, to save a round trip. */
  filterOptions?: LibraryFilterOptions;
}

/** Some levels but not all: the listing is narrowed by level (none or every level shows them all). */
function levelFilterApplies(levels: readonly Level[]): boolean {
  return levels.length > 0 && levels.length < LIBRARY_LEVELS.length;
}

/**
 * The three statements behind a library page (lessons of pages 1..n, their total, counts per level),
 * with the query as it will be applied. Exported for the bench, which explains every combination.
 */
export async function buildLibraryStatements(
  ctx: AppContext,
  {
    query,
    identity = VISITOR_ACCESS,
    pageSize = LIBRARY_PAGE_SIZE,
    filterOptions,
  }: Omit<LibraryOptions, "identity"> & { identity?: LessonAccessFacts },
) {
  const options = filterOptions ?? (await getLibraryFilterOptions(ctx));
  const category = options.categories.find((item) => item.slug === query.category) ?? null;
  const teacher = options.teachers.find((item) => item.slug === query.teacher) ?? null;
  const country = options.countries.find((item) => item.code === query.country) ?? null;
  const userId = identity.signedIn && identity.userId ? identity.userId : null;
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
        .where(and(eq(videos.id, hits.lessonId), where(true)))
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
        .where(and(eq(videos.id, hits.lessonId), where(false)))
        .groupBy(videos.level),
    };
  } else {
    // Nothing narrows the catalogue but the level: the per-level counts are the catalogue's own counters.
    const wholeCatalogue =
      !category &&
      !teacher &&
      !country &&
      !applied.duration &&
      !applied.freeOnly &&
      !(userId && status) &&
      !(userId && fit) &&
      !nothingToFind;
    statements = {
      items: ctx.db
        .select(lessonFields)
        .from(videos)
        .leftJoin(countries, eq(countries.id, videos.countryId))
        .where(where(true))
        .orderBy(...sortOrder(sort === "relevance" ? "newest" : sort, userId))
        .limit(limit),
      levels: wholeCatalogue
        ? levelCountsQuery(ctx)
        : ctx.db.select({ level: videos.level, total: count() }).from(videos).where(where(false)).groupBy(videos.level),
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
  const identityLoaded = Promise.resolve(options.identity ?? VISITOR_ACCESS);
  // Only a filter on the member's own progress needs to know who they are to choose the lessons.
  // Only a filter or sort on the member's own progress or words needs to know who they are to choose the lessons.
  const { status, fit, sort: askedSort } = options.query;
  const chooser = status || fit || (askedSort && MEMBER_SORTS.has(askedSort)) ? await identityLoaded : VISITOR_ACCESS;
  const { applied, sort, terms, searched, statements } = await buildLibraryStatements(ctx, {
    ...options,
    identity: chooser,
  });
  const [[rows, levelRows], identity] = await Promise.all([
    ctx.db.batch([statements.items, statements.levels]) as Promise<
      [LibraryRow[], Array<{ level: Level; total: number }>]
    >,
    identityLoaded,
  ]);
  const userId = identity.signedIn && identity.userId ? identity.userId : null;
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
      const summary = await toLessonSummary(ctx, row, teachersOf, identity);
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
              markdownToText(row.description ?? ""),
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
    items: withLocks(items, options.access ? await options.access : identity),
    total,
    pageCount,
    hasMore: total > page * pageSize && page < LIBRARY_MAX_PAGES,
    searched,
    levelCounts,
  };
}
