/**
 * `npm run bench` only: the rows behind "% known" at catalogue size (docs/words.md "What the learner knows"),
 * called by scripts/bench-seed.ts: a lexicon of BENCH_LEMMAS (12,000) lemmas, each bench lesson's lemma set
 * (`lesson_lemmas`, 15 to 150 lemmas by length, drawn Zipf-like so common words are in most lessons) and the demo
 * learner's statuses: 5,000 known, 300 learning, 50 ignored. Deterministic (the caller's seeded random). Imports
 * only the schema, so the seeded state's hash (scripts/bench-state.mjs) does not follow the app's code.
 * scripts/bench-known.ts measures it.
 */
import { getTableConfig } from "drizzle-orm/sqlite-core";
import * as schema from "../drizzle/schema";

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
