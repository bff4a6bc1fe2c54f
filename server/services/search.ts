/**
 * Lesson search over the FTS5 table of migrations/0001_search_index.sql: lesson titles, descriptions
 * and every transcript cue (Arabic, transliteration and English), stored as pre-folded search keys.
 * See docs/decisions/005-library-search-fts5.md.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { transcriptCues, videos } from "#drizzle/schema";
import type { HighlightSegment } from "#core/library-query";
import { searchKeysForQuery, searchKeysForText } from "#core/transliteration";
import { LIBRARY_SEARCH_MAX_LENGTH } from "#core/search-limits";
import type { AppContext, Database } from "../context";
import { markdownToText } from "../lib/markdown";
import { listCuesOfLessons, listLessonCues, type LessonCue } from "./lesson-content";

export const SEARCH_MATCH_KINDS = ["title", "description", "cue"] as const;
export type SearchMatchKind = (typeof SEARCH_MATCH_KINDS)[number];
export type { HighlightSegment };

/**
 * The FTS5 table, declared for typed Drizzle queries only. It lives outside drizzle/schema on purpose:
 * drizzle-kit cannot express virtual tables and would try to create it as a plain table.
 */
export const searchIndex = sqliteTable("search_index", {
  rowid: integer("rowid").notNull(),
  keys: text("keys").notNull(),
  lessonId: integer("video_id").notNull(),
  cueId: integer("cue_id"),
  kind: text("kind", { enum: SEARCH_MATCH_KINDS }).notNull(),
  startMs: integer("start_ms"),
});

type SearchRow = typeof searchIndex.$inferInsert;

/** A lesson owns rowids [id * 2^20, (id + 1) * 2^20): re-indexing one lesson is a rowid-range delete. */
const ROWS_PER_VIDEO = 2 ** 20;
const STATEMENTS_PER_BATCH = 20;
const VIDEOS_PER_PASS = 100;

/** Callers refuse longer searches (core/schemas/search.ts); the slice only bounds the folding work. */
const MAX_QUERY_LENGTH = LIBRARY_SEARCH_MAX_LENGTH;
const MAX_QUERY_TERMS = 8;

// ---------------------------------------------------------------------------------------------
// Query terms (pure)
// ---------------------------------------------------------------------------------------------

export interface SearchTerms {
  /** Folded keys, as stored in the index: letters and digits only. */
  tokens: string[];
  /** The last token is matched as a prefix (search as you type). */
  prefixLast: boolean;
}

/** The user's query folded like the index keys; FTS syntax cannot survive (only letters and digits do). */
export function searchTermsForQuery(query: string): SearchTerms {
  const tokens: string[] = [];
  for (const raw of searchKeysForQuery(query.slice(0, MAX_QUERY_LENGTH)).split(" ")) {
    const token = raw.replace(/[^\p{L}\p{N}]/gu, "");
    if (token && !tokens.includes(token)) tokens.push(token);
  }
  const kept = tokens.slice(0, MAX_QUERY_TERMS);
  const last = kept[kept.length - 1];
  // A one-letter prefix would match most of the index; it is matched as a whole word instead.
  return { tokens: kept, prefixLast: last !== undefined && [...last].length >= 2 };
}

/**
 * An FTS5 MATCH expression: every term quoted (so AND, OR, NOT, NEAR, column filters and `*` typed by
 * the user are plain words), all required, the last one as a prefix. Null when nothing is searchable.
 */
export function ftsMatchExpression(terms: SearchTerms): string | null {
  if (terms.tokens.length === 0) return null;
  const last = terms.tokens.length - 1;
  return terms.tokens
    .map((token, index) => `"${token.replace(/"/g, "")}"${index === last && terms.prefixLast ? "*" : ""}`)
    .join(" ");
}

/** True when one stored key satisfies one of the terms, the way FTS5 matched it. */
function keyMatches(key: string, terms: SearchTerms): boolean {
  const last = terms.tokens.length - 1;
  return terms.tokens.some(
    (token, index) => key === token || (index === last && terms.prefixLast && key.startsWith(token)),
  );
}

/** A word with its inner apostrophes and hyphens ("ka'ak", "il-ħamdilla"), harakat included. */
const HIGHLIGHT_WORD = /[\p{L}\p{M}\p{N}]+(?:['’‘ʼ`-][\p{L}\p{M}\p{N}]+)*/gu;

/**
 * Splits a display line into plain and matching segments (words whose search key matches a term), so
 * the UI can wrap matches in <mark> without injecting HTML. Concatenating the segments gives the line.
 */
export function highlightMatches(text: string, terms: SearchTerms): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (part: string, match: boolean) => {
    if (!part) return;
    const previous = segments[segments.length - 1];
    if (previous && previous.match === match) previous.text += part;
    else segments.push({ text: part, match });
  };
  let last = 0;
  if (terms.tokens.length > 0) {
    for (const found of text.matchAll(HIGHLIGHT_WORD)) {
      const keys = searchKeysForText(found[0]).split(" ").filter(Boolean);
      if (!keys.some((key) => keyMatches(key, terms))) continue;
      push(text.slice(last, found.index), false);
      push(found[0], true);
      last = found.index + found[0].length;
    }
  }
  push(text.slice(last), false);
  return segments;
}

// ---------------------------------------------------------------------------------------------
// Indexing
// ---------------------------------------------------------------------------------------------

interface IndexableVideo {
  id: number;
  title: string;
  titleAr: string;
  description: string;
}

type IndexableCue = Pick<LessonCue, "id" | "startMs" | "arabic" | "transliteration" | "english">;

/** The index rows of one lesson: its title (both scripts), its description and one row per cue. */
export function searchRowsForVideo(video: IndexableVideo, cues: IndexableCue[]): SearchRow[] {
  if (cues.length > ROWS_PER_VIDEO - 2) throw new Error(`Lesson ${video.id} has too many cues to index`);
  const base = video.id * ROWS_PER_VIDEO;
  const rows: SearchRow[] = [];
  const add = (offset: number, text: string, row: Omit<SearchRow, "rowid" | "keys" | "lessonId">) => {
    const keys = searchKeysForText(text);
    if (keys) rows.push({ rowid: base + offset, keys, lessonId: video.id, ...row });
  };
  add(0, `${video.title} ${video.titleAr}`, { kind: "title", cueId: null, startMs: null });
  // The words of the description, not its Markdown (a link's address is not something it says).
  add(1, markdownToText(video.description), { kind: "description", cueId: null, startMs: null });
  cues.forEach((cue, index) => {
    add(2 + index, `${cue.arabic} ${cue.transliteration} ${cue.english}`, {
      kind: "cue",
      cueId: cue.id,
      startMs: cue.startMs,
    });
  });
  return rows;
}

type Query = BatchItem<"sqlite">;

/**
 * Rows go in as one JSON parameter unpacked by json_each: one bound parameter per statement however
 * many rows (D1 allows 100), and one statement instead of hundreds, which is what makes a full rebuild
 * fast. Chunks stay well under D1's 2 MB value limit (400 K characters: at most 800 KB of UTF-8 here).
 */
const MAX_JSON_CHARS = 400 * 1024;

function insertStatements(db: Database, rows: SearchRow[]): Query[] {
  const statements: Query[] = [];
  let chunk: string[] = [];
  let size = 0;
  const flush = () => {
    if (chunk.length === 0) return;
    const json = `[${chunk.join(",")}]`;
    // A raw SQL source for insert…select (columns in the table's order): batchable, unlike db.run().
    statements.push(
      db.insert(searchIndex).select(
        sql`SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                     json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]')
              FROM json_each(${json})`,
      ),
    );
    chunk = [];
    size = 0;
  };
  for (const row of rows) {
    const encoded = JSON.stringify([
      row.rowid,
      row.keys,
      row.lessonId,
      row.cueId ?? null,
      row.kind,
      row.startMs ?? null,
    ]);
    if (size + encoded.length > MAX_JSON_CHARS) flush();
    chunk.push(encoded);
    size += encoded.length + 1;
  }
  flush();
  return statements;
}

async function runInBatches(db: Database, statements: Query[]) {
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    const part = statements.slice(i, i + STATEMENTS_PER_BATCH);
    await db.batch(part as [Query, ...Query[]]);
  }
}

function deleteVideoRows(db: Database, lessonId: number) {
  const base = lessonId * ROWS_PER_VIDEO;
  return db.delete(searchIndex).where(and(gte(searchIndex.rowid, base), lt(searchIndex.rowid, base + ROWS_PER_VIDEO)));
}

/** (Re)indexes one lesson after its title, description or transcript changed: one atomic batch. */
export async function indexVideo(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<void> {
  const [video] = await ctx.db
    .select({ id: videos.id, title: videos.title, titleAr: videos.titleAr, description: videos.description })
    .from(videos)
    .where(eq(videos.id, lessonId));
  if (!video) {
    await deleteVideoRows(ctx.db, lessonId);
    return;
  }
  const cues = await listLessonCues(ctx, { lessonId });
  await runInBatches(ctx.db, [
    deleteVideoRows(ctx.db, lessonId),
    ...insertStatements(ctx.db, searchRowsForVideo(video, cues)),
  ]);
}

/** Drops a deleted lesson's rows (deleting the lesson does not cascade into a virtual table). */
export async function removeFromSearchIndex(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<void> {
  await deleteVideoRows(ctx.db, lessonId);
}

/** True when nothing is indexed yet (a fresh migration, or a state seeded before the index existed). */
export async function isSearchIndexEmpty(ctx: AppContext): Promise<boolean> {
  const rows = await ctx.db.select({ rowid: searchIndex.rowid }).from(searchIndex).limit(1);
  return rows.length === 0;
}

/**
 * Rebuilds the whole index from D1, lesson by lesson in id order (100 lessons and their cues per pass),
 * then merges the FTS b-trees. For seeds, imports and repairs; not for a request path.
 */
export async function rebuildSearchIndex(ctx: AppContext): Promise<{ videos: number; rows: number }> {
  const { db } = ctx;
  await db.delete(searchIndex);
  let lastId = 0;
  let videoCount = 0;
  let rowCount = 0;
  // Folding keys is CPU in this isolate, inserting is work in D1: the next pass folds while the last inserts.
  let inserting: Promise<void> = Promise.resolve();
  for (;;) {
    const page = await db
      .select({ id: videos.id, title: videos.title, titleAr: videos.titleAr, description: videos.description })
      .from(videos)
      .where(gt(videos.id, lastId))
      .orderBy(asc(videos.id))
      .limit(VIDEOS_PER_PASS);
    if (page.length === 0) break;
    const first = page[0]!.id;
    lastId = page[page.length - 1]!.id;
    const cues = await listCuesOfLessons(ctx, { fromVideoId: first, toVideoId: lastId });
    const cuesByVideo = new Map<number, IndexableCue[]>();
    for (const cue of cues) {
      const list = cuesByVideo.get(cue.lessonId) ?? [];
      list.push(cue);
      cuesByVideo.set(cue.lessonId, list);
    }
    const rows = page.flatMap((video) => searchRowsForVideo(video, cuesByVideo.get(video.id) ?? []));
    await inserting;
    inserting = runInBatches(db, insertStatements(db, rows));
    videoCount += page.length;
    rowCount += rows.length;
  }
  await inserting;
  await db.run(sql`INSERT INTO ${searchIndex}(${sql.identifier("search_index")}) VALUES ('optimize')`);
  return { videos: videoCount, rows: rowCount };
}

// ---------------------------------------------------------------------------------------------
// Querying
// ---------------------------------------------------------------------------------------------

/** Rowid offsets inside a lesson's range: 0 title, 1 description, 2.. cues in time order. */
const OFFSET_MASK = ROWS_PER_VIDEO - 1;
const FIRST_CUE_OFFSET = 2;
/** Added to title/description rowids when picking the line to show, so any matching cue wins. */
const NON_CUE_BIAS = 2 ** 22;

/**
 * One row per matching lesson, from the FTS index alone: the lesson (rowid >> 20), the line to show
 * (the earliest matching cue, else the title, else the description), how many lines match and whether
 * the title does. Everything is rowid arithmetic: no bm25 and no reads of the stored columns, which is
 * what keeps a common word (thousands of matching lines) within a few milliseconds.
 * Join it to `videos` to filter, sort and page; `decodeFirstRowid` turns `firstRowid` into the line.
 */
export function searchHits(db: Database, match: string) {
  const rowid = sql`${searchIndex}.rowid`;
  const offset = sql`(${rowid} & ${sql.raw(String(OFFSET_MASK))})`;
  return db
    .select({
      lessonId: sql<number>`${rowid} >> 20`.as("hit_video_id"),
      firstRowid:
        sql<number>`min(${rowid} + (${offset} < ${sql.raw(String(FIRST_CUE_OFFSET))}) * ${sql.raw(String(NON_CUE_BIAS))})`.as(
          "hit_first_rowid",
        ),
      matches: sql<number>`count(*)`.as("hit_matches"),
      titleHit: sql<number>`max(${offset} = 0)`.as("hit_title"),
    })
    .from(searchIndex)
    .where(sql`${searchIndex} MATCH ${match}`)
    .groupBy(sql`${rowid} >> 20`)
    .as("hits");
}

export type SearchHits = ReturnType<typeof searchHits>;

/** The index row `searchHits` chose to show for a lesson. */
export function decodeFirstRowid(lessonId: number, firstRowid: number): { rowid: number; kind: SearchMatchKind } {
  let offset = firstRowid - lessonId * ROWS_PER_VIDEO;
  if (offset >= NON_CUE_BIAS) offset -= NON_CUE_BIAS;
  return {
    rowid: lessonId * ROWS_PER_VIDEO + offset,
    kind: offset === 0 ? "title" : offset === 1 ? "description" : "cue",
  };
}

/** Relevance: lessons whose title matches first, then those where the words come up most often. */
export function relevanceOrder(hits: SearchHits) {
  return [desc(hits.titleHit), desc(hits.matches)];
}

export interface SearchMatch {
  kind: SearchMatchKind;
  /** Where the matching cue starts; null for title and description matches. */
  startMs: number | null;
  cue: { id: number; arabic: string; transliteration: string; english: string } | null;
}

/** D1 binds at most 100 parameters a statement. */
const ROWIDS_PER_STATEMENT = 90;

/** Statements reading the chosen lines (by rowid: a direct FTS5 lookup) with their cues; batch them. */
export function matchLineStatements(db: Database, rowids: number[]) {
  const unique = [...new Set(rowids)];
  const statements = [];
  for (let i = 0; i < unique.length; i += ROWIDS_PER_STATEMENT) {
    statements.push(
      db
        .select({
          rowid: searchIndex.rowid,
          kind: searchIndex.kind,
          startMs: searchIndex.startMs,
          cueId: searchIndex.cueId,
          // No second "id" or "start_ms" here: batched D1 rows are keyed by column name.
          arabic: transcriptCues.arabic,
          transliteration: transcriptCues.transliteration,
          english: transcriptCues.english,
        })
        .from(searchIndex)
        .leftJoin(transcriptCues, eq(transcriptCues.id, searchIndex.cueId))
        .where(inArray(searchIndex.rowid, unique.slice(i, i + ROWIDS_PER_STATEMENT))),
    );
  }
  return statements;
}

export type MatchLineRow = Awaited<ReturnType<typeof matchLineStatements>[number]>[number];

export function matchLinesByRowid(rows: MatchLineRow[]): Map<number, SearchMatch> {
  return new Map(rows.map((row) => [row.rowid, toSearchMatch(row)]));
}

export interface LessonSearchResult {
  /** The key GET /api/library/search answers with. */
  videoId: number;
  title: string;
  titleAr: string;
  slug: string;
  match: SearchMatch;
}

/** The page of `searchLessons` as one statement (the bench explains and times it on its own). */
export function searchLessonsStatement(db: Database, query: string, { limit = 20 }: { limit?: number } = {}) {
  const match = ftsMatchExpression(searchTermsForQuery(query));
  if (!match) return null;
  const hits = searchHits(db, match);
  return db
    .select({
      lessonId: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      firstRowid: hits.firstRowid,
    })
    .from(hits)
    .crossJoin(videos) // keeps the matches as the outer loop, see buildLibraryStatements
    .where(and(eq(videos.id, hits.lessonId), eq(videos.isPublished, true)))
    .orderBy(...relevanceOrder(hits), desc(videos.publishedAt), desc(videos.id))
    .limit(Math.max(1, Math.min(limit, 100)));
}

/** Published lessons matching a query, best first, each with its best matching line. Two D1 round trips. */
export async function searchLessons(
  ctx: AppContext,
  { query, ...options }: { query: string } & { limit?: number },
): Promise<LessonSearchResult[]> {
  const statement = searchLessonsStatement(ctx.db, query, options);
  if (!statement) return [];
  const rows = await statement;
  if (rows.length === 0) return [];
  const chosen = rows.map((row) => decodeFirstRowid(row.lessonId, row.firstRowid));
  const lineStatements = matchLineStatements(
    ctx.db,
    chosen.map((line) => line.rowid),
  );
  const lineRows =
    lineStatements.length === 1
      ? await lineStatements[0]!
      : ((await ctx.db.batch(lineStatements as unknown as [Query, ...Query[]])) as MatchLineRow[][]).flat();
  const lines = matchLinesByRowid(lineRows);
  return rows.map((row, index) => ({
    videoId: row.lessonId,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug,
    match: lines.get(chosen[index]!.rowid) ?? { kind: chosen[index]!.kind, startMs: null, cue: null },
  }));
}

export function toSearchMatch(row: {
  kind: SearchMatchKind | null;
  startMs: number | null;
  cueId: number | null;
  arabic: string | null;
  transliteration: string | null;
  english: string | null;
}): SearchMatch {
  // `arabic` is null when the left-joined cue no longer exists.
  const cue =
    row.cueId !== null && row.arabic !== null
      ? {
          id: row.cueId,
          arabic: row.arabic ?? "",
          transliteration: row.transliteration ?? "",
          english: row.english ?? "",
        }
      : null;
  // A cue deleted since indexing falls back to a title match rather than a dangling timestamp.
  if (row.kind === "cue" && cue) return { kind: "cue", startMs: row.startMs, cue };
  return { kind: row.kind === "description" ? "description" : "title", startMs: null, cue: null };
}
