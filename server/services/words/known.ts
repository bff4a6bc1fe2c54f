import { and, asc, count, desc, eq, inArray, isNotNull, max, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  cueTokens,
  globalVocabularyWords,
  lemmaForms,
  lemmas,
  lessonLemmas,
  lessonLemmaSets,
  memberLemmas,
  memberLemmaSets,
  users,
  videos,
  videoVocabulary,
  vocabularyListItems,
  vocabularyReviewLogs,
} from "#drizzle/schema";
import { addDays, daysBetween, effectiveTimeZone, localDay, startOfWeek } from "#core/local-day";
import { KNOWN_STABILITY_DAYS, lessonKnowledge, RIGHT_FOR_ME, type LessonKnowledge } from "#core/words/knowledge";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { normalizedArabicSql } from "../word-lookup";

// What a member knows (docs/words.md "What the learner knows"): one `member_lemmas` row per lemma they have a
// status for, no row = new. The rules that write it live here and run inside the batch of the write that
// causes them: saving a word (learning), an FSRS answer (learning, or known at a stability of 21 days), finishing
// a lesson ("mark the rest as known", undoable). The single-word status a member sets in the popup is
// server/services/words/status.ts. Reads: "% known" of lessons (library cards, the lesson page, "For you",
// the library's sort and "right for me" filter) and known words over time (/progress).

type Query = BatchItem<"sqlite">;

/** D1 binds at most 100 parameters a statement; lesson id lists are split below that. */
const IDS_PER_STATEMENT = 90;

// ---------------------------------------------------------------------------------------------
// "% known" of lessons
// ---------------------------------------------------------------------------------------------

const statusIs = (status: "known" | "learning" | "ignored") => sql<number>`total(${memberLemmas.status} = ${status})`;

/**
 * One grouped statement: for each of these lessons (ids, or a subquery of them), its lemmas and how many this
 * member knows, is learning or ignores. Reads the lessons' `lesson_lemmas` by primary key and each lemma's
 * `member_lemmas` row by primary key.
 */
export function lessonKnowledgeQuery(
  ctx: AppContext,
  { userId, lessonIds }: { userId: number; lessonIds: number[] | SQLWrapper },
) {
  return ctx.db
    .select({
      lessonId: lessonLemmas.lessonId,
      lemmas: count().as("lemmas"),
      known: statusIs("known").mapWith(Number).as("known"),
      learning: statusIs("learning").mapWith(Number).as("learning"),
      ignored: statusIs("ignored").mapWith(Number).as("ignored"),
    })
    .from(lessonLemmas)
    .leftJoin(memberLemmas, and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, lessonLemmas.lemmaId)))
    .where(inArray(lessonLemmas.lessonId, lessonIds))
    .groupBy(lessonLemmas.lessonId);
}

export type LessonKnowledgeRow = Awaited<ReturnType<typeof lessonKnowledgeQuery>>[number];

// Pages read "% known" from the sets (migrations/0022_lemma_sets.sql, docs/decisions/050-lemma-sets-and-one-history-read.md):
// one row per lesson and at most three per member, whatever their sizes; the grouped statement above reads one
// row per word of every lesson and one per word the member has a status for. Both give the same figures
// (tests/integration/lemma-sets.test.ts).

/** A set row's ids (a JSON array of lemma ids written by the triggers); anything else reads as empty. */
function readIdList(json: string | null | undefined): number[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
}

/** The member's statuses: their `member_lemma_sets` rows (primary key, at most three). */
export function memberLemmaSetsQuery(ctx: AppContext, { userId }: { userId: number }) {
  return ctx.db
    .select({ status: memberLemmaSets.status, lemmaIds: memberLemmaSets.lemmaIds })
    .from(memberLemmaSets)
    .where(eq(memberLemmaSets.userId, userId));
}

export type MemberLemmaSetRow = Awaited<ReturnType<typeof memberLemmaSetsQuery>>[number];

/** The lemma ids of each status, from `memberLemmaSetsQuery`'s rows. */
export interface MemberStatuses {
  known: ReadonlySet<number>;
  learning: ReadonlySet<number>;
  ignored: ReadonlySet<number>;
}

export function memberStatuses(rows: Iterable<MemberLemmaSetRow>): MemberStatuses {
  const sets = { known: new Set<number>(), learning: new Set<number>(), ignored: new Set<number>() };
  for (const row of rows) for (const id of readIdList(row.lemmaIds)) sets[row.status].add(id);
  return sets;
}

/**
 * A lesson's knowledge from its set (`lesson_lemma_sets.lemma_ids`) and the member's statuses: what
 * `lessonKnowledgeQuery` counts. Null for a lesson without lemmas (no figure to show).
 */
export function knowledgeOfSet(lemmaIds: string | null | undefined, member: MemberStatuses): LessonKnowledge | null {
  const ids = readIdList(lemmaIds);
  if (ids.length === 0) return null;
  const counts = { lemmas: ids.length, known: 0, learning: 0, ignored: 0 };
  for (const id of ids) {
    if (member.known.has(id)) counts.known += 1;
    else if (member.learning.has(id)) counts.learning += 1;
    else if (member.ignored.has(id)) counts.ignored += 1;
  }
  return lessonKnowledge(counts);
}

/** The lessons' sets (primary key), one statement per 90 ids. */
function lessonLemmaSetsStatements(ctx: AppContext, lessonIds: readonly number[]) {
  const unique = [...new Set(lessonIds)];
  const statements = [];
  for (let index = 0; index < unique.length; index += IDS_PER_STATEMENT)
    statements.push(
      ctx.db
        .select({ lessonId: lessonLemmaSets.lessonId, lemmaIds: lessonLemmaSets.lemmaIds })
        .from(lessonLemmaSets)
        .where(inArray(lessonLemmaSets.lessonId, unique.slice(index, index + IDS_PER_STATEMENT))),
    );
  return statements;
}

/**
 * "% known" of any number of lessons for a caller's batch: the statements (the lessons' sets, then the member's)
 * and how to read their results, in the same order, into each lesson's knowledge.
 */
export function lessonKnowledgeStatements(
  ctx: AppContext,
  { userId, lessonIds }: { userId: number; lessonIds: readonly number[] },
) {
  const statements = [...lessonLemmaSetsStatements(ctx, lessonIds), memberLemmaSetsQuery(ctx, { userId })];
  const read = (results: readonly unknown[][]): Map<number, LessonKnowledge> => {
    const lessonRows = results.slice(0, -1).flat() as Array<{ lessonId: number; lemmaIds: string }>;
    const member = memberStatuses((results.at(-1) ?? []) as MemberLemmaSetRow[]);
    const byLesson = new Map<number, LessonKnowledge>();
    for (const row of lessonRows) {
      const knowledge = knowledgeOfSet(row.lemmaIds, member);
      if (knowledge) byLesson.set(row.lessonId, knowledge);
    }
    return byLesson;
  };
  return { statements, read };
}

/** Each lesson's knowledge from the grouped statement's rows; a lesson without lemmas has none. */
export function knowledgeByLesson(rows: Iterable<LessonKnowledgeRow>): Map<number, LessonKnowledge> {
  const byLesson = new Map<number, LessonKnowledge>();
  for (const row of rows) byLesson.set(row.lessonId, lessonKnowledge(row));
  return byLesson;
}

/** "% known" of these lessons for this member, in one round trip. */
export async function getLessonsKnowledge(
  ctx: AppContext,
  { userId, lessonIds }: { userId: number; lessonIds: number[] },
): Promise<Map<number, LessonKnowledge>> {
  const { statements, read } = lessonKnowledgeStatements(ctx, { userId, lessonIds });
  const [first, ...rest] = statements;
  const results = (await ctx.db.batch([first!, ...rest] as unknown as [Query, ...Query[]])) as unknown[][];
  return read(results);
}

const EMPTY = lessonKnowledge({ lemmas: 0, known: 0, learning: 0, ignored: 0 });

/** The last "mark the rest as known" of this lesson that can still be undone: its id and how many words it marked. */
function lastBatchQuery(ctx: AppContext, { userId, lessonId }: { userId: number; lessonId: number }) {
  return ctx.db
    .select({ batchId: memberLemmas.batchId, marked: count().as("marked") })
    .from(lessonLemmas)
    .innerJoin(memberLemmas, and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, lessonLemmas.lemmaId)))
    .where(and(eq(lessonLemmas.lessonId, lessonId), isNotNull(memberLemmas.batchId)))
    .groupBy(memberLemmas.batchId)
    .orderBy(desc(max(memberLemmas.createdAt)), desc(memberLemmas.batchId))
    .limit(1);
}

export interface LessonKnowledgePanel {
  knowledge: LessonKnowledge;
  /** The last "mark the rest as known" of this lesson, while it can be undone. */
  lastBatch: { batchId: string; marked: number } | null;
}

/** The lesson page's figure and its undo, in one round trip. */
export async function getLessonKnowledge(
  ctx: AppContext,
  { userId, lessonId }: { userId: number; lessonId: number },
): Promise<LessonKnowledgePanel> {
  const [rows, batches] = await ctx.db.batch([
    lessonKnowledgeQuery(ctx, { userId, lessonIds: [lessonId] }),
    lastBatchQuery(ctx, { userId, lessonId }),
  ]);
  const last = batches[0];
  return {
    knowledge: rows[0] ? lessonKnowledge(rows[0]) : EMPTY,
    lastBatch: last?.batchId ? { batchId: last.batchId, marked: last.marked } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The library: sort by "% known" and filter "right for me" (80–95 % known)
// ---------------------------------------------------------------------------------------------

/**
 * SQL: the share (0–1) of the words this member knows in the lesson of the enclosing query's `videos` row, null
 * for a lesson without lemmas or with every lemma ignored. A correlated subquery on `lesson_lemmas`' primary key;
 * the member's known and ignored lemmas are two lists SQLite reads once a statement (`member_lemmas_user_status_idx`)
 * and tests each lemma against, a third faster than looking every lemma up in `member_lemmas` (scripts/bench-known.ts).
 */
export function knownShareSql(userId: number): SQL<number | null> {
  const withStatus = (status: "known" | "ignored") =>
    sql`${lessonLemmas.lemmaId} in (select ${memberLemmas.lemmaId} from ${memberLemmas} where ${memberLemmas.userId} = ${userId} and ${memberLemmas.status} = ${status})`;
  return sql<
    number | null
  >`(select total(${withStatus("known")}) / nullif(count(*) - total(${withStatus("ignored")}), 0) from ${lessonLemmas} where ${lessonLemmas.lessonId} = ${videos.id})`;
}

/** The library's "Most words known" order: the highest share first, lessons without a figure last, then newest. */
export function knownLibraryOrder(userId: number): SQL[] {
  return [sql`${knownShareSql(userId)} desc nulls last`, desc(videos.publishedAt), desc(videos.id)];
}

/** The library's "Right for me" filter: lessons where the member knows 80–95 % of the words. */
export function rightForMeCondition(userId: number): SQL {
  return sql`${knownShareSql(userId)} between ${RIGHT_FOR_ME.min / 100} and ${RIGHT_FOR_ME.max / 100}`;
}

/**
 * How far a lesson is from the "right for me" band, in steps of 10 points (0 inside it): what "For you" ranks
 * its level suggestions by (docs/recommendations.md). A lesson without a figure counts as nothing known.
 */
export function distanceFromRightForMe(knowledge: LessonKnowledge | undefined): number {
  if (!knowledge || knowledge.counted === 0) return Math.ceil(RIGHT_FOR_ME.min / 10);
  const share = (knowledge.known / knowledge.counted) * 100;
  const gap =
    share < RIGHT_FOR_ME.min ? RIGHT_FOR_ME.min - share : share > RIGHT_FOR_ME.max ? share - RIGHT_FOR_ME.max : 0;
  return Math.ceil(gap / 10);
}

// ---------------------------------------------------------------------------------------------
// Saved words are "learning"; FSRS makes them "known"
// ---------------------------------------------------------------------------------------------

/**
 * SQL: the lemma of the saved word in the enclosing query's `vocabulary_list_items` row, the first of: the token
 * of its line written the same way (the word as tapped, with its prefixes), the lesson's vocabulary linked to a
 * lemma, the global vocabulary word it was copied from, a lemma whose dictionary form it is, a lemma that lists it
 * among its forms. Null when none is found (a
 * phrase, a word the lexicon lacks): such a word changes no status.
 */
export function savedWordLemmaSql(): SQL<number | null> {
  const plain = normalizedArabicSql(vocabularyListItems.arabic);
  return sql<number | null>`coalesce(
    (select ${cueTokens.lemmaId} from ${cueTokens} where ${cueTokens.cueId} = ${vocabularyListItems.cueId} and ${cueTokens.lemmaId} is not null and ${normalizedArabicSql(cueTokens.surface)} = ${plain} order by ${cueTokens.position} limit 1),
    (select ${videoVocabulary.lemmaId} from ${videoVocabulary} where ${videoVocabulary.videoId} = ${vocabularyListItems.videoId} and ${videoVocabulary.lemmaId} is not null and ${normalizedArabicSql(videoVocabulary.arabic)} = ${plain} order by ${videoVocabulary.id} limit 1),
    (select ${globalVocabularyWords.lemmaId} from ${globalVocabularyWords} where ${globalVocabularyWords.arabic} = ${vocabularyListItems.arabic} and ${globalVocabularyWords.lemmaId} is not null order by ${globalVocabularyWords.id} limit 1),
    (select ${lemmas.id} from ${lemmas} where ${lemmas.arabicPlain} = ${plain} order by ${lemmas.id} limit 1),
    (select ${lemmaForms.lemmaId} from ${lemmaForms} where ${lemmaForms.form} = ${plain} order by ${lemmaForms.lemmaId} limit 1)
  )`;
}

/**
 * Writes a status for the lemma of the saved words `where` selects (of `vocabulary_list_items`), as one
 * insert-select for the caller's batch: a new lemma gets `status`; an existing row is left alone, except that
 * "known" promotes a "learning" one.
 */
function statusFromSavedWord(
  ctx: AppContext,
  { userId, where, status, now }: { userId: number; where: SQL; status: "learning" | "known"; now: Date },
) {
  const lemma = savedWordLemmaSql();
  const at = now.getTime();
  const insert = ctx.db.insert(memberLemmas).select(
    // The table's columns in their declared order; SQLite needs the WHERE before an upsert's ON CONFLICT.
    sql`select distinct ${userId}, ${lemma}, ${status}, ${status === "known" ? at : null}, null, null, ${at}, ${at} from ${vocabularyListItems} where ${where} and ${lemma} is not null`,
  );
  if (status === "learning") return insert.onConflictDoNothing();
  return insert.onConflictDoUpdate({
    target: [memberLemmas.userId, memberLemmas.lemmaId],
    set: { status: "known", knownAt: now, batchId: null, previousStatus: null, updatedAt: now },
    setWhere: eq(memberLemmas.status, "learning"),
  });
}

/**
 * For the batch that saves a word into list `listId`: its lemma becomes "learning" unless the member already
 * has a status for it (known and ignored stay; names too, though "% known" never counts them).
 */
export function learningFromSavedWord(
  ctx: AppContext,
  { userId, listId, arabic, now }: { userId: number; listId: number; arabic: string; now: Date },
): Query {
  return statusFromSavedWord(ctx, {
    userId,
    status: "learning",
    now,
    where: and(eq(vocabularyListItems.listId, listId), eq(vocabularyListItems.arabic, arabic))!,
  });
}

/**
 * For the batch of an FSRS answer to a saved word (server/services/fsrs-reviews.ts), after its log insert: when
 * the answer was applied (its log row is there), the word's lemma becomes "known" if the new stability is at
 * least KNOWN_STABILITY_DAYS, else "learning" (it is in review) unless it already has a status. A lapse never
 * takes "known" back: the member can do that from the popup.
 */
export function knowledgeFromReview(
  ctx: AppContext,
  {
    userId,
    itemId,
    stability,
    requestId,
    now,
  }: { userId: number; itemId: number; stability: number; requestId: string; now: Date },
): Query[] {
  const applied = sql`exists (select 1 from ${vocabularyReviewLogs} where ${vocabularyReviewLogs.userId} = ${userId} and ${vocabularyReviewLogs.requestId} = ${requestId} and ${vocabularyReviewLogs.reviewedAt} = ${now.getTime()})`;
  return [
    statusFromSavedWord(ctx, {
      userId,
      status: stability >= KNOWN_STABILITY_DAYS ? "known" : "learning",
      now,
      where: and(eq(vocabularyListItems.id, itemId), applied)!,
    }),
  ];
}

/**
 * For the batch that takes an answer back (`takeBackReview`): when that answer made the lemma known (its
 * `known_at` is the answer's time) and the state it returns to is below the line, the lemma is "learning" again.
 */
export function knowledgeFromTakenBack(
  ctx: AppContext,
  {
    userId,
    itemId,
    previousStability,
    reviewedAt,
    onlyIf,
    now,
  }: {
    userId: number;
    itemId: number;
    previousStability: number | null;
    reviewedAt: Date;
    onlyIf: SQL;
    now: Date;
  },
): Query[] {
  if (previousStability !== null && previousStability >= KNOWN_STABILITY_DAYS) return [];
  return [
    ctx.db
      .update(memberLemmas)
      .set({ status: "learning", knownAt: null, updatedAt: now })
      .where(
        and(
          eq(memberLemmas.userId, userId),
          eq(memberLemmas.status, "known"),
          eq(memberLemmas.knownAt, reviewedAt),
          sql`${memberLemmas.batchId} is null`,
          eq(
            memberLemmas.lemmaId,
            sql`(select ${savedWordLemmaSql()} from ${vocabularyListItems} where ${vocabularyListItems.id} = ${itemId})`,
          ),
          onlyIf,
        ),
      ),
  ];
}

// ---------------------------------------------------------------------------------------------
// "Mark the rest as known" and its undo
// ---------------------------------------------------------------------------------------------

/** A batch id: 12 random digits (the API's path takes it as an id). */
function newBatchId(): string {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return String(100_000_000_000 + ((high! % 900_000) * 1_000_000 + (low! % 1_000_000)));
}

export interface MarkedKnown {
  /** Null when every word of the lesson already had a status. */
  batchId: string | null;
  marked: number;
  knowledge: LessonKnowledge;
}

/**
 * Every lemma of the lesson the member has no status for becomes "known", with one batch id so that
 * `undoMarkedKnown` can put exactly these back. Lemmas they are learning or ignore stay as they are. The
 * caller has checked that they may watch the lesson.
 */
export async function markRestKnown(
  ctx: AppContext,
  { userId, lessonId }: { userId: number; lessonId: number },
): Promise<MarkedKnown> {
  const batchId = newBatchId();
  const at = ctx.now().getTime();
  const inserted = await ctx.db
    .insert(memberLemmas)
    .select(
      // Declared column order; the WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
      sql`select ${userId}, ${lessonLemmas.lemmaId}, 'known', ${at}, ${batchId}, 'new', ${at}, ${at} from ${lessonLemmas} where ${lessonLemmas.lessonId} = ${lessonId}`,
    )
    .onConflictDoNothing()
    .returning({ lemmaId: memberLemmas.lemmaId });
  const { knowledge } = await getLessonKnowledge(ctx, { userId, lessonId });
  return { batchId: inserted.length > 0 ? batchId : null, marked: inserted.length, knowledge };
}

/**
 * Undoes one "mark the rest as known": its rows that are still as it left them (known, in the batch) go back
 * to what they were, which for this batch is "new" (no row). A word the member has set since is theirs and
 * stays. 404 when nothing of the batch is left to undo.
 */
export async function undoMarkedKnown(
  ctx: AppContext,
  { userId, lessonId, batchId }: { userId: number; lessonId: number; batchId: string },
): Promise<{ restored: number; knowledge: LessonKnowledge }> {
  const ours = and(
    eq(memberLemmas.userId, userId),
    eq(memberLemmas.batchId, batchId),
    eq(memberLemmas.status, "known"),
  );
  const [removed, reverted] = await ctx.db.batch([
    ctx.db
      .delete(memberLemmas)
      .where(and(ours, eq(memberLemmas.previousStatus, "new")))
      .returning({ lemmaId: memberLemmas.lemmaId }),
    ctx.db
      .update(memberLemmas)
      .set({
        status: sql`${memberLemmas.previousStatus}`,
        knownAt: null,
        batchId: null,
        previousStatus: null,
        updatedAt: ctx.now(),
      })
      .where(and(ours, inArray(memberLemmas.previousStatus, ["learning", "ignored"])))
      .returning({ lemmaId: memberLemmas.lemmaId }),
  ]);
  const restored = removed.length + reverted.length;
  if (restored === 0) throw notFound("There is nothing left to undo.");
  const { knowledge } = await getLessonKnowledge(ctx, { userId, lessonId });
  return { restored, knowledge };
}

// ---------------------------------------------------------------------------------------------
// /progress: known words over time
// ---------------------------------------------------------------------------------------------

/** Weeks of the known-words chart, this week included (as the progress page's scores). */
export const KNOWN_HISTORY_WEEKS = 12;

export interface KnownWordsWeek {
  /** Monday of the week, in the member's calendar. */
  week: string;
  /** Lemmas that became known that week. */
  added: number;
  /** Known at the end of the week (today for this one). */
  total: number;
}

export interface KnownWordsReport {
  known: number;
  learning: number;
  ignored: number;
  weeks: KnownWordsWeek[];
}

const DAY_MS = 86_400_000;

/**
 * The member's counts by status and the known lemmas week by week (by `known_at`, in their time zone), in one
 * round trip: the rows known before the chart's first week are counted in SQL, those since are read one by one.
 */
export async function getKnownWordsReport(
  ctx: AppContext,
  { userId, now, weeks = KNOWN_HISTORY_WEEKS }: { userId: number; now: Date; weeks?: number },
): Promise<KnownWordsReport> {
  // A day before the first week's Monday in any zone, so its whole first week is read.
  const since = new Date(now.getTime() - (weeks * 7 + 1) * DAY_MS);
  const mine = eq(memberLemmas.userId, userId);
  const [[member], statuses, [before], recent] = await ctx.db.batch([
    ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)),
    ctx.db
      .select({ status: memberLemmas.status, total: count().as("total") })
      .from(memberLemmas)
      .where(mine)
      .groupBy(memberLemmas.status),
    ctx.db
      .select({ total: count().as("total") })
      .from(memberLemmas)
      .where(
        and(mine, eq(memberLemmas.status, "known"), sql`coalesce(${memberLemmas.knownAt}, 0) < ${since.getTime()}`),
      ),
    ctx.db
      .select({ knownAt: memberLemmas.knownAt })
      .from(memberLemmas)
      .where(and(mine, eq(memberLemmas.status, "known"), sql`${memberLemmas.knownAt} >= ${since.getTime()}`))
      .orderBy(asc(memberLemmas.knownAt)),
  ]);
  const counts = { known: 0, learning: 0, ignored: 0 };
  for (const row of statuses) counts[row.status] = row.total;

  const zone = effectiveTimeZone(member?.timeZone);
  const today = localDay(now, zone);
  const firstWeek = addDays(startOfWeek(today), -(weeks - 1) * 7);
  const chart = Array.from({ length: weeks }, (_, index) => ({
    week: addDays(firstWeek, index * 7),
    added: 0,
    total: 0,
  }));
  let total = before?.total ?? 0;
  for (const { knownAt } of recent) {
    const index = knownAt ? Math.floor(daysBetween(firstWeek, startOfWeek(localDay(knownAt, zone))) / 7) : -1;
    if (index < 0) total += 1;
    else if (index < weeks) chart[index]!.added += 1;
  }
  for (const week of chart) {
    total += week.added;
    week.total = total;
  }
  return { ...counts, weeks: chart };
}
