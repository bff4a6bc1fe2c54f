import { and, asc, desc, eq, gt, isNotNull, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  countries,
  type Level,
  lessonLemmaSets,
  series,
  seriesVideos,
  studyTracks,
  studyTrackVideos,
  users,
  videoProgress,
  videos,
} from "#drizzle/schema";
import { LEVEL_LABELS } from "#core/format";
import type { LessonKnowledge } from "#core/words/knowledge";
import { regionAdjective } from "#core/schemas/onboarding";
import { isLessonLocked, type LessonAccessFacts } from "../access/policy";
import type { AppContext } from "../context";
import { getEntitlement } from "./billing/entitlement";
import { getMemberHistory, type MemberHistory } from "./member-history";
import { signThumbnailUrl } from "./catalog/lesson-summaries";
import { lessonPath } from "./lessons";
import {
  distanceFromRightForMe,
  knowledgeOfSet,
  memberLemmaSetsQuery,
  memberStatuses,
  type MemberLemmaSetRow,
} from "./words/known";

// "For you" on the library and "Next up" on a lesson: deterministic suggestions, each with the reason it
// is suggested, computed from D1 alone in two round trips
// (the member's history, then the rest). The rules, in order, and why:
// docs/recommendations.md.

export type RecommendationKind = "continue" | "level-region" | "level";

export interface RecommendedLesson {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  /** Premium and this member has no subscription: suggested all the same, with a lock. */
  locked: boolean;
  thumbnailUrl: string | null;
  country: { name: string; code: string; dialect: string } | null;
  /** Inside its series or course for a continuation, else the lesson on its own. */
  href: string;
  /** Why it is suggested, shown on the card: "Next in First Steps", "At your level (Beginner) · Lebanese". */
  reason: string;
  kind: RecommendationKind;
  /** The series or course a continuation belongs to. */
  collection: { kind: "series" | "course"; id: number; title: string } | null;
  /** How much of its words the member knows (null when it has none to count, and on "Next up"'s collection pick). */
  known: LessonKnowledge | null;
}

export const FOR_YOU_LIMIT = 8;
const MAX_LIMIT = 24;
/**
 * Lessons each level rule reads (newest first) before ranking them by what the member knows: lessons in the
 * "right for me" band (80–95 % of the words known) first, then the nearest to it.
 */
const LEVEL_POOL = 24;

interface Options {
  limit?: number;
  /** The member's access when the caller is already looking it up (the library); else it is looked up here. */
  access?: LessonAccessFacts | Promise<LessonAccessFacts>;
  /** The member's history when the caller reads it anyway (the library's totals); else it is read here first. */
  history?: MemberHistory | Promise<MemberHistory>;
}

const lessonColumns = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
  thumbnailKey: videos.thumbnailKey,
  countryName: countries.name,
  countryCode: countries.code,
  countryDialect: countries.dialect,
  /** The lesson's lemmas (`lesson_lemma_sets`, one row by key): its "% known" with the member's statuses. */
  lemmaIds: lessonLemmaSets.lemmaIds,
};

interface LessonRow {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  thumbnailKey: string | null;
  countryName: string | null;
  countryCode: string | null;
  countryDialect: string | null;
  lemmaIds: string | null;
}

/** Progress that counts as started: a position, watched time or a completion (the library's "unwatched" is the rest). */
function startedBy(userId: number): SQL | undefined {
  return and(
    eq(videoProgress.userId, userId),
    or(isNotNull(videoProgress.completedAt), gt(videoProgress.positionSeconds, 0), gt(videoProgress.watchedSeconds, 0)),
  );
}

/**
 * The enclosing query's lesson is not one the member has started or finished (never suggested again): one probe
 * of video_progress's primary key per candidate, not the member's whole history read into a list.
 */
function notStarted(ctx: AppContext, userId: number): SQL {
  return notExists(
    ctx.db
      .select({ one: sql`1` })
      .from(videoProgress)
      .where(and(startedBy(userId), eq(videoProgress.videoId, videos.id))),
  );
}

/** The tables of an ordered collection a member can start and continue: a series or a course. */
interface CollectionTables {
  kind: "series" | "course";
  link: SQLiteTable;
  linkCollectionId: SQLiteColumn;
  linkVideoId: SQLiteColumn;
  linkPosition: SQLiteColumn;
  table: SQLiteTable;
  id: SQLiteColumn;
  title: SQLiteColumn;
  slug: SQLiteColumn;
  isPublished: SQLiteColumn;
}

const SERIES: CollectionTables = {
  kind: "series",
  link: seriesVideos,
  linkCollectionId: seriesVideos.seriesId,
  linkVideoId: seriesVideos.lessonId,
  linkPosition: seriesVideos.position,
  table: series,
  id: series.id,
  title: series.title,
  slug: series.slug,
  isPublished: series.isPublished,
};

const COURSES: CollectionTables = {
  kind: "course",
  link: studyTrackVideos,
  linkCollectionId: studyTrackVideos.studyTrackId,
  linkVideoId: studyTrackVideos.videoId,
  linkPosition: studyTrackVideos.position,
  table: studyTracks,
  id: studyTracks.id,
  title: studyTracks.title,
  slug: studyTracks.slug,
  isPublished: studyTracks.isPublished,
};

/**
 * The collection's columns under names of their own: D1 batches return rows keyed by column name, so the
 * collection's "id" and "title" would otherwise overwrite the lesson's.
 */
function collectionColumns(tables: CollectionTables) {
  return {
    collectionId: sql<number>`${tables.id}`.as("collection_id"),
    collectionTitle: sql<string>`${tables.title}`.as("collection_title"),
    collectionSlug: sql<string>`${tables.slug}`.as("collection_slug"),
  };
}

/**
 * Rule (a): for each published series (or course) in which the member has started a lesson, its first
 * published lesson in order that they have not started; the collections they were active in most recently
 * first. Reads the member's progress (primary key), the collections of those lessons (`*_video_idx`) and
 * their lessons (primary keys).
 */
function continuationQuery(
  ctx: AppContext,
  tables: CollectionTables,
  userId: number,
  { limit, exclude, history }: { limit: number; exclude: number | null; history: MemberHistory },
) {
  // The member's started collections, summed from their history (server/services/member-history.ts) and
  // passed as JSON: one row each, not every progress row read again.
  const started = ctx.db
    .select({
      collectionId: sql<number>`json_extract(value, '$[0]')`.as("started_collection_id"),
      lastActiveAt: sql<number>`json_extract(value, '$[1]')`.as("last_active_at"),
    })
    .from(sql`json_each(${JSON.stringify(history.started[tables.kind])})`)
    .as(`started_${tables.kind}`);
  const candidates = ctx.db
    .select({
      ...lessonColumns,
      ...collectionColumns(tables),
      lastActiveAt: started.lastActiveAt,
      rank: sql<number>`row_number() over (partition by ${tables.linkCollectionId} order by ${tables.linkPosition}, ${videos.id})`.as(
        "rank_in_collection",
      ),
    })
    // CROSS JOIN fixes the loop order (SQLite never reorders it): the member's few started collections
    // outside, each one's lessons looked up by key. Left to itself the planner may walk every published
    // collection and all their lessons first.
    .from(started)
    .crossJoin(tables.table)
    .crossJoin(tables.link)
    .crossJoin(videos)
    .leftJoin(countries, eq(countries.id, videos.countryId))
    .leftJoin(lessonLemmaSets, eq(lessonLemmaSets.lessonId, videos.id))
    .where(
      and(
        eq(tables.id, started.collectionId),
        eq(tables.isPublished, true),
        eq(tables.linkCollectionId, tables.id),
        eq(videos.id, tables.linkVideoId),
        eq(videos.isPublished, true),
        notStarted(ctx, userId),
        exclude !== null ? ne(videos.id, exclude) : undefined,
      ),
    )
    .as(`next_in_${tables.kind}`);
  return ctx.db
    .select()
    .from(candidates)
    .where(eq(candidates.rank, 1))
    .orderBy(desc(candidates.lastActiveAt), asc(candidates.collectionId))
    .limit(limit);
}

/** The lessons rules (b) and (c) may suggest: at the member's level (in their region for (b)), not started. */
function levelWhere(
  ctx: AppContext,
  userId: number,
  { inRegion, exclude }: { inRegion: boolean; exclude: number | null },
) {
  const memberLevel = ctx.db.select({ level: users.level }).from(users).where(eq(users.id, userId));
  const memberRegion = ctx.db
    .select({ id: countries.id })
    .from(users)
    .innerJoin(countries, eq(countries.code, users.dialectRegion))
    .where(eq(users.id, userId));
  return and(
    // `+` keeps SQLite off videos_published_idx for this term: that index would read published lessons of
    // every level newest first, all of them when the member's level has fewer than `limit` left to suggest.
    sql`+${videos.isPublished} = 1`,
    eq(videos.level, sql`${memberLevel}`),
    inRegion ? eq(videos.countryId, sql`${memberRegion}`) : undefined,
    notStarted(ctx, userId),
    exclude !== null ? ne(videos.id, exclude) : undefined,
  );
}

/**
 * Rules (b) and (c): published lessons at the member's level (in their region for (b)) they have not
 * started, newest first. The level and region are read in the same statement (scalar subqueries on the
 * member's row), so the statement needs nothing first; `videos_level_idx` (level, published_at) gives the
 * order, so it stops after `limit` lessons (rule (b) filters that by region, or reads `videos_country_idx`).
 */
function levelQuery(
  ctx: AppContext,
  userId: number,
  { inRegion, limit, exclude }: { inRegion: boolean; limit: number; exclude: number | null },
) {
  return ctx.db
    .select(lessonColumns)
    .from(videos)
    .leftJoin(countries, eq(countries.id, videos.countryId))
    .leftJoin(lessonLemmaSets, eq(lessonLemmaSets.lessonId, videos.id))
    .where(levelWhere(ctx, userId, { inRegion, exclude }))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/** The member's level and region, for the reasons. */
function preferencesQuery(ctx: AppContext, userId: number) {
  return ctx.db
    .select({
      level: users.level,
      regionCode: countries.code,
      regionName: countries.name,
      regionDialect: countries.dialect,
    })
    .from(users)
    .leftJoin(countries, eq(countries.code, users.dialectRegion))
    .where(eq(users.id, userId))
    .limit(1);
}

/**
 * The statements behind the suggestions, to run in one batch (with more of a caller's own). Exported for
 * the tests, which read their query plans.
 */
export function forYouStatements(
  ctx: AppContext,
  {
    userId,
    limit,
    exclude,
    history,
  }: { userId: number; limit: number; exclude: number | null; history: MemberHistory },
) {
  const pool = Math.max(limit, LEVEL_POOL);
  return [
    preferencesQuery(ctx, userId),
    continuationQuery(ctx, SERIES, userId, { limit, exclude, history }),
    continuationQuery(ctx, COURSES, userId, { limit, exclude, history }),
    levelQuery(ctx, userId, { inRegion: true, limit: pool, exclude }),
    levelQuery(ctx, userId, { inRegion: false, limit: pool, exclude }),
    // The member's statuses: with each candidate's lemmas, what they know of it (ranks the level rules, and
    // shows on the cards).
    memberLemmaSetsQuery(ctx, { userId }),
  ] as const;
}

/** The rows of a batch of statements, position by position. */
type BatchRows<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };
type ForYouResults = BatchRows<ReturnType<typeof forYouStatements>>;

interface Suggestion {
  row: LessonRow;
  reason: string;
  kind: RecommendationKind;
  collection: { kind: "series" | "course"; id: number; title: string; slug: string } | null;
  known: LessonKnowledge | null;
}

/**
 * A level rule's lessons, the ones nearest the "right for me" band first (in steps of 10 points, so lessons
 * about as near keep their newest-first order); a member who knows none of the words keeps the order as read.
 */
function byFit<T extends { id: number }>(rows: readonly T[], known: Map<number, LessonKnowledge>): T[] {
  return rows
    .map((row, index) => ({ row, index, distance: distanceFromRightForMe(known.get(row.id)) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map(({ row }) => row);
}

/** The rules applied in order to the statements' rows: each lesson once, under the first rule that picks it. */
function rank(
  [prefRows, seriesRows, courseRows, regionPool, levelPool, statusRows]: ForYouResults,
  limit: number,
): Suggestion[] {
  const member = memberStatuses(statusRows as MemberLemmaSetRow[]);
  const known = new Map<number, LessonKnowledge>();
  for (const row of [...seriesRows, ...courseRows, ...regionPool, ...levelPool]) {
    const knowledge = knowledgeOfSet(row.lemmaIds, member);
    if (knowledge) known.set(row.id, knowledge);
  }
  const regionRows = byFit(regionPool, known);
  const levelRows = byFit(levelPool, known);
  const preferences = prefRows[0];
  const continuations = [
    ...seriesRows.map((row) => ({ row, kind: "series" as const, order: 0 })),
    ...courseRows.map((row) => ({ row, kind: "course" as const, order: 1 })),
  ].sort(
    (a, b) => b.row.lastActiveAt - a.row.lastActiveAt || a.order - b.order || a.row.collectionId - b.row.collectionId,
  );
  const suggestions: Suggestion[] = [];
  const seen = new Set<number>();
  const add = (suggestion: Omit<Suggestion, "known">) => {
    if (seen.has(suggestion.row.id) || suggestions.length >= limit) return;
    seen.add(suggestion.row.id);
    suggestions.push({ ...suggestion, known: known.get(suggestion.row.id) ?? null });
  };
  for (const { row, kind } of continuations) {
    add({
      row,
      reason: `Next in ${row.collectionTitle}`,
      kind: "continue",
      collection: { kind, id: row.collectionId, title: row.collectionTitle, slug: row.collectionSlug },
    });
  }
  const level = preferences?.level ?? null;
  if (level) {
    const atLevel = `At your level (${LEVEL_LABELS[level]})`;
    if (preferences?.regionCode && preferences.regionName) {
      const region = regionAdjective({
        code: preferences.regionCode,
        name: preferences.regionName,
        dialect: preferences.regionDialect,
      });
      for (const row of regionRows)
        add({ row, reason: `${atLevel} · ${region}`, kind: "level-region", collection: null });
    }
    for (const row of levelRows) add({ row, reason: atLevel, kind: "level", collection: null });
  }
  return suggestions;
}

async function toRecommended(
  ctx: AppContext,
  { row, reason, kind, collection, known }: Suggestion,
  access: LessonAccessFacts,
): Promise<RecommendedLesson> {
  return {
    id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug,
    level: row.level,
    durationSeconds: row.durationSeconds,
    isFree: row.isFree,
    locked: isLessonLocked(row, access),
    thumbnailUrl: await signThumbnailUrl(ctx, row.thumbnailKey),
    country:
      row.countryName && row.countryCode
        ? { name: row.countryName, code: row.countryCode, dialect: row.countryDialect ?? "" }
        : null,
    href: lessonPath(row, collection ? { ...collection } : null),
    reason,
    kind,
    collection: collection ? { kind: collection.kind, id: collection.id, title: collection.title } : null,
    known,
  };
}

function accessFor(ctx: AppContext, userId: number, given: Options["access"]): Promise<LessonAccessFacts> {
  if (given) return Promise.resolve(given);
  return getEntitlement(ctx, { userId }).then((entitlement) => ({
    signedIn: true,
    hasSubscription: entitlement.hasAccess,
    userId,
  }));
}

/** A whole number of suggestions from 1 to MAX_LIMIT (the default for anything else). */
function clampLimit(limit: number | undefined): number {
  const wanted = Math.floor(limit ?? FOR_YOU_LIMIT);
  return Number.isFinite(wanted) ? Math.max(1, Math.min(MAX_LIMIT, wanted)) : FOR_YOU_LIMIT;
}

/**
 * "For you": lessons for this member, in a fixed order with the reason for each: (a) the next lesson of
 * each series or course they have started, (b) lessons at their level in their dialect region, (c) lessons
 * at their level; never a lesson they have started or finished. Premium lessons are included, locked for a
 * member without a subscription. Two D1 round trips (one when the caller gives the history).
 */
export async function getForYou(
  ctx: AppContext,
  { userId, ...options }: { userId: number } & Options,
): Promise<RecommendedLesson[]> {
  const limit = clampLimit(options.limit);
  const accessLoaded = accessFor(ctx, userId, options.access);
  const history = await (options.history ?? getMemberHistory(ctx, { userId }));
  const [results, access] = await Promise.all([
    ctx.db.batch(forYouStatements(ctx, { userId, limit, exclude: null, history })),
    accessLoaded,
  ]);
  return Promise.all(rank(results, limit).map((suggestion) => toRecommended(ctx, suggestion, access)));
}

/**
 * The lesson right after this one in the first published series (then course, in the courses' order) that
 * continues after it: the same "next" as the lesson page's (docs/product-rules.md#addresses-and-slugs).
 */
function nextInCollectionQuery(ctx: AppContext, tables: CollectionTables, lessonId: number) {
  const current = ctx.db
    .select({
      collectionId: sql<number>`${tables.linkCollectionId}`.as("current_collection_id"),
      position: sql<number>`${tables.linkPosition}`.as("current_position"),
    })
    .from(tables.link)
    .where(eq(tables.linkVideoId, lessonId))
    .as(`current_${tables.kind}`);
  const order =
    tables.kind === "course"
      ? [asc(studyTracks.position), asc(studyTracks.id), asc(tables.linkPosition), asc(videos.id)]
      : [asc(tables.id), asc(tables.linkPosition), asc(videos.id)];
  return (
    ctx.db
      .select({
        ...lessonColumns,
        ...collectionColumns(tables),
      })
      // The collections holding this lesson outside (CROSS JOIN keeps that order), then their lessons by key.
      .from(current)
      .crossJoin(tables.table)
      .crossJoin(tables.link)
      .crossJoin(videos)
      .leftJoin(countries, eq(countries.id, videos.countryId))
      .leftJoin(lessonLemmaSets, eq(lessonLemmaSets.lessonId, videos.id))
      .where(
        and(
          eq(tables.id, current.collectionId),
          eq(tables.isPublished, true),
          eq(tables.linkCollectionId, tables.id),
          eq(videos.id, tables.linkVideoId),
          eq(videos.isPublished, true),
          or(
            gt(tables.linkPosition, current.position),
            and(eq(tables.linkPosition, current.position), gt(videos.id, lessonId)),
          ),
        ),
      )
      .orderBy(...order)
      .limit(1)
  );
}

/**
 * "Next up" after a lesson: the lesson after it in its series or course (as the page's "Next lesson"),
 * else the first "For you" suggestion other than this lesson, with its reason; null when there is none.
 * Two D1 round trips: the member's history, then the rest.
 */
export async function getNextUp(
  ctx: AppContext,
  { userId, videoId: lessonId, options = {} }: { userId: number; videoId: number; options?: Pick<Options, "access"> },
): Promise<RecommendedLesson | null> {
  const accessLoaded = accessFor(ctx, userId, options.access);
  const history = await getMemberHistory(ctx, { userId });
  const [seriesNext, courseNext, ...forYou] = await ctx.db.batch([
    nextInCollectionQuery(ctx, SERIES, lessonId),
    nextInCollectionQuery(ctx, COURSES, lessonId),
    ...forYouStatements(ctx, { userId, limit: 1, exclude: lessonId, history }),
  ]);
  const access = await accessLoaded;
  const inSeries = seriesNext[0];
  const inCourse = courseNext[0];
  const next = inSeries
    ? { row: inSeries, kind: "series" as const }
    : inCourse
      ? { row: inCourse, kind: "course" as const }
      : null;
  if (next) {
    const { row, kind } = next;
    return toRecommended(
      ctx,
      {
        row,
        reason: `Next in ${row.collectionTitle}`,
        kind: "continue",
        collection: { kind, id: row.collectionId, title: row.collectionTitle, slug: row.collectionSlug },
        known: null,
      },
      access,
    );
  }
  const [first] = rank(forYou, 1);
  return first ? toRecommended(ctx, first, access) : null;
}
