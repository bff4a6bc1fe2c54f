/**
 * `npm run bench` only, from scripts/bench-queries.ts: the SQL time of "% known" (docs/words.md "What the learner
 * knows") on the rows scripts/bench-known-seed.ts wrote: for a library page of 24 cards (the grouped statement the
 * library runs), p50 and p95, and for the library sorted by it and filtered "right for me" (reported, no target).
 */
import { EMPTY_LIBRARY_QUERY } from "../core/library-query";
import type { LessonAccessFacts } from "../server/access/policy";
import type { AppContext } from "../server/context";
import { buildLibraryStatements } from "../server/services/catalog/library";
import type { LibraryFilterOptions } from "../server/services/catalog/library-filters";
import { lessonKnowledgeQuery } from "../server/services/words/known";

/**
 * Per-copy SQL time samples (ms) of `statements` as D1 runs them, one a round: the caller's timer (a batch of
 * `copies` copies minus as many SELECT 1).
 */
type Measure = (statements: D1PreparedStatement[], options: { copies: number; rounds: number }) => Promise<number[]>;

export interface KnownWordsProbe {
  lessonLemmas: number;
  knownLemmas: number;
  /** The grouped statement for a library page of 24 cards. */
  page: { p50: number; p95: number; lessons: number };
  /** The library's statements (items + per-level counts) sorted by "% known", no filter; and "right for me". */
  sortedMs: number;
  rightForMeMs: number;
  rightForMeTotal: number;
}

export async function probeKnownWords(
  ctx: AppContext,
  d1: D1Database,
  { learnerId, filterOptions, measure }: { learnerId: number; filterOptions: LibraryFilterOptions; measure: Measure },
): Promise<KnownWordsProbe> {
  const [counts] = (
    await d1
      .prepare(
        `SELECT (SELECT count(*) FROM lesson_lemmas) AS lessonLemmas, (SELECT count(*) FROM member_lemmas WHERE user_id = ? AND status = 'known') AS knownLemmas`,
      )
      .bind(learnerId)
      .all<{ lessonLemmas: number; knownLemmas: number }>()
  ).results as [{ lessonLemmas: number; knownLemmas: number }];
  const member: LessonAccessFacts = { signedIn: true, hasSubscription: true, userId: learnerId };
  const bound = (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = statement.toSQL();
    return d1.prepare(sql).bind(...params);
  };

  // The first library page, as a member opens it: its 24 lessons' "% known" in one grouped statement.
  const { statements: newest } = await buildLibraryStatements(ctx, {
    query: EMPTY_LIBRARY_QUERY,
    identity: member,
    filterOptions,
  });
  const pageIds = (await bound(newest.items).all<{ id: number }>()).results.slice(0, 24).map((row) => row.id);
  const samples = (
    await measure([bound(lessonKnowledgeQuery(ctx, { userId: learnerId, lessonIds: pageIds }))], {
      copies: 20,
      rounds: 31,
    })
  ).sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;

  const libraryMs = async (query: typeof EMPTY_LIBRARY_QUERY) => {
    const { statements } = await buildLibraryStatements(ctx, { query, identity: member, filterOptions });
    const times = (await measure(Object.values(statements).map(bound), { copies: 2, rounds: 5 })).sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)]!, statements };
  };
  const sorted = await libraryMs({ ...EMPTY_LIBRARY_QUERY, sort: "known" });
  const fit = await libraryMs({ ...EMPTY_LIBRARY_QUERY, fit: true });
  // Rows as arrays: the count's column has no name of its own ([level, total]).
  const levels = await bound(fit.statements.levels).raw<[string, number]>();
  return {
    lessonLemmas: counts.lessonLemmas,
    knownLemmas: counts.knownLemmas,
    page: { p50: at(50), p95: at(95), lessons: pageIds.length },
    sortedMs: sorted.ms,
    rightForMeMs: fit.ms,
    rightForMeTotal: levels.reduce((sum, [, total]) => sum + total, 0),
  };
}
