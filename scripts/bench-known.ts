/**
 * `npm run bench` only: "% known" at catalogue size (docs/words.md "What the learner knows").
 *   - `seedKnownWords` (from scripts/bench-seed.ts): a lexicon of BENCH_LEMMAS (12,000) lemmas, each bench
 *     lesson's lemma set (`lesson_lemmas`, 15 to 150 lemmas by length, drawn Zipf-like so common words are in
 *     most lessons) and the demo learner's statuses: 5,000 known, 300 learning, 50 ignored.
 *   - `probeKnownWords` (from scripts/bench-queries.ts): the SQL time of "% known" for a library page of 24
 *     cards (the grouped statement the library runs), p50 and p95, and of the library sorted by it and filtered
 *     "right for me" (reported, no target).
 * Deterministic (the caller's seeded random).
 */
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { EMPTY_LIBRARY_QUERY } from "../core/library-query";
import * as schema from "../drizzle/schema";
import type { ViewerAccess } from "../server/access/policy";
import type { AppContext } from "../server/context";
import { buildLibraryStatements, type LibraryFilterOptions } from "../server/services/catalog";
import { lessonKnowledgeQuery } from "../server/services/words/known";

const LEMMAS = Number(process.env.BENCH_LEMMAS ?? 12_000);
export const KNOWN_LEMMAS = 5_000;
const LEARNING_LEMMAS = 300;
const IGNORED_LEMMAS = 50;
const DAY_MS = 86_400_000;

type DriverValue = string | number | null;

/** Rows as one JSON parameter unpacked by json_each, 2,000 rows a statement (as scripts/bench-seed.ts). */
async function insertJsonRows(d1: D1Database, table: string, columns: string[], rows: DriverValue[][]) {
  const extracts = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
  const statement = `INSERT OR IGNORE INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) SELECT ${extracts} FROM json_each(?)`;
  const prepared: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += 2000)
    prepared.push(d1.prepare(statement).bind(JSON.stringify(rows.slice(i, i + 2000))));
  for (let i = 0; i < prepared.length; i += 20) await d1.batch(prepared.slice(i, i + 20));
}

const LETTERS = [..."ابتثجحخدذرزسشصضطظعغفقكلمنهوي"];

export async function seedKnownWords(
  d1: D1Database,
  {
    learnerId,
    lessons,
    random,
    now,
  }: {
    learnerId: number;
    lessons: ReadonlyArray<{ id: number; durationSeconds: number }>;
    random: () => number;
    now: number;
  },
) {
  const started = performance.now();
  const lemmaTable = getTableConfig(schema.lemmas).name;
  // Synthetic entries: random Arabic letters, a unique key; rank = frequency order (1 is the most common).
  await insertJsonRows(
    d1,
    lemmaTable,
    ["key", "arabic", "arabic_plain", "transliteration", "part_of_speech", "created_at", "updated_at"],
    Array.from({ length: LEMMAS }, (_, rank) => {
      const arabic = Array.from({ length: 3 + (rank % 4) }, () => LETTERS[Math.floor(random() * LETTERS.length)]).join(
        "",
      );
      return [`bench-lemma-${rank + 1}`, arabic, arabic, `bench ${rank + 1}`, "noun", now, now];
    }),
  );
  const rows = (
    await d1
      .prepare(`SELECT id, key FROM "${lemmaTable}" WHERE key LIKE 'bench-lemma-%'`)
      .all<{ id: number; key: string }>()
  ).results;
  const byRank = new Array<number>(LEMMAS);
  for (const row of rows) byRank[Number(row.key.slice("bench-lemma-".length)) - 1] = row.id;

  // Zipf over the ranks (s = 1): the inverse of the harmonic CDF, by binary search.
  const cumulative = new Float64Array(LEMMAS);
  let sum = 0;
  for (let rank = 0; rank < LEMMAS; rank++) cumulative[rank] = sum += 1 / (rank + 1);
  const zipf = () => {
    const target = random() * sum;
    let low = 0;
    let high = LEMMAS - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const lessonRows: DriverValue[][] = [];
  for (const lesson of lessons) {
    const size = Math.min(150, Math.max(15, Math.round(lesson.durationSeconds / 6)));
    const counts = new Map<number, number>();
    // Tokens drawn until the lesson has `size` distinct lemmas (or 20× as many draws).
    for (let draws = 0; counts.size < size && draws < size * 20; draws++) {
      const rank = zipf();
      counts.set(rank, (counts.get(rank) ?? 0) + 1);
    }
    for (const [rank, occurrences] of counts) lessonRows.push([lesson.id, byRank[rank]!, occurrences]);
  }
  await insertJsonRows(
    d1,
    getTableConfig(schema.lessonLemmas).name,
    ["video_id", "lemma_id", "occurrences"],
    lessonRows,
  );

  // The learner knows 5,000 lemmas, mostly common ones (drawn from the 6,000 most common), learns 300, ignores 50.
  const pool = Array.from({ length: Math.min(LEMMAS, 6_000) }, (_, rank) => rank);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const statuses: DriverValue[][] = [];
  const add = (rank: number, status: string, knownAt: number | null) =>
    statuses.push([learnerId, byRank[rank]!, status, knownAt, now, now]);
  pool.slice(0, KNOWN_LEMMAS).forEach((rank) => add(rank, "known", now - Math.floor(random() * 300) * DAY_MS));
  pool.slice(KNOWN_LEMMAS, KNOWN_LEMMAS + LEARNING_LEMMAS).forEach((rank) => add(rank, "learning", null));
  pool
    .slice(KNOWN_LEMMAS + LEARNING_LEMMAS, KNOWN_LEMMAS + LEARNING_LEMMAS + IGNORED_LEMMAS)
    .forEach((rank) => add(rank, "ignored", null));
  await insertJsonRows(
    d1,
    getTableConfig(schema.memberLemmas).name,
    ["user_id", "lemma_id", "status", "known_at", "created_at", "updated_at"],
    statuses,
  );
  console.log(
    `Known words: ${LEMMAS} lemmas, ${lessonRows.length} lesson lemmas (${(lessonRows.length / lessons.length).toFixed(1)} a lesson), ` +
      `the learner knows ${KNOWN_LEMMAS} (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
}

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
  const member: ViewerAccess = { signedIn: true, hasSubscription: true, userId: learnerId };
  const bound = (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = statement.toSQL();
    return d1.prepare(sql).bind(...params);
  };

  // The first library page, as a member opens it: its 24 lessons' "% known" in one grouped statement.
  const { statements: newest } = await buildLibraryStatements(ctx, {
    query: EMPTY_LIBRARY_QUERY,
    viewer: member,
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
    const { statements } = await buildLibraryStatements(ctx, { query, viewer: member, filterOptions });
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
