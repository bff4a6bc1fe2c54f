/**
 * `npm run bench` only: fills a separate local state (default .bench-state) with a catalogue the size of
 * a mature product, on top of the demo seed: 10,000 lessons, 200,000 transcript lines, 60 teachers,
 * 12 topics, 8 dialect regions, a learner's progress, each lesson's lemma set with the learner's 5,000 known
 * lemmas (scripts/bench-known-seed.ts) and the search index. (The 50 MB object /media
 * streams is written by scripts/bench.mjs through its bench Worker, so it never crosses the proxy.)
 *   tsx scripts/bench-seed.ts [--persist-to .bench-state]
 * BENCH_LESSONS / BENCH_CUES change the sizes. Deterministic (seeded random), so runs compare.
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getTableConfig, type SQLiteInsertValue, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import { createAppContext, type Database } from "../server/context";
import type { Env } from "../server/env";
import { recountCatalogueCounters } from "../server/services/catalog/counters";
import { rebuildSearchIndex } from "../server/services/search";
import { DEMO_LESSONS } from "../seed/demo-content";
import { rowsPerStatement } from "../seed/seed-demo";
import { seedKnownWords } from "./bench-known-seed";

const LESSONS = Number(process.env.BENCH_LESSONS ?? 10_000);
const CUES = Number(process.env.BENCH_CUES ?? 200_000);
const STATEMENTS_PER_BATCH = 100;

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1]! : ".bench-state";

// Mulberry32: a small seeded generator, so every bench run builds the same catalogue.
let seed = 0x5eed_a41a;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
function weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return choices[choices.length - 1]![0];
}

type Query = BatchItem<"sqlite">;

/** Small tables: ordinary Drizzle inserts, chunked under D1's 100 bound parameters. */
async function insertAll<T extends SQLiteTable>(db: Database, table: T, rows: SQLiteInsertValue<T>[]) {
  const perStatement = rowsPerStatement(table);
  const statements: Query[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    statements.push(db.insert(table).values(rows.slice(i, i + perStatement)));
  }
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH) as [Query, ...Query[]]);
  }
}

type DriverValue = string | number | null;

/**
 * Big tables: rows as one JSON parameter unpacked by json_each, ~2,000 rows a statement. Local D1 costs
 * about 10 ms a statement, so this is ~50× faster than multi-row VALUES under the 100-parameter limit.
 * `columns` are SQL column names; values are what D1 stores (Dates as ms, booleans as 0/1).
 */
async function insertJsonRows(d1: D1Database, table: SQLiteTable, columns: string[], rows: DriverValue[][]) {
  const { name } = getTableConfig(table);
  const extracts = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
  const statement = `INSERT INTO "${name}" (${columns.map((column) => `"${column}"`).join(", ")}) SELECT ${extracts} FROM json_each(?)`;
  const prepared: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += 2000)
    prepared.push(d1.prepare(statement).bind(JSON.stringify(rows.slice(i, i + 2000))));
  for (let i = 0; i < prepared.length; i += 20) await d1.batch(prepared.slice(i, i + 20));
}

const EXTRA_REGIONS = [
  { name: "Syria", code: "SY-AL", dialect: "Aleppine" },
  { name: "Lebanon", code: "LB-TR", dialect: "Tripolitan" },
  { name: "Palestine", code: "PS-RU", dialect: "Palestinian (rural)" },
  { name: "Jordan", code: "JO-IR", dialect: "Irbidi" },
];
const EXTRA_TOPICS = ["Music", "News & media", "Humour", "Shopping", "Health"];
const FIRST_NAMES = [
  "Rami",
  "Lina",
  "Maya",
  "Yousef",
  "Hala",
  "Omar",
  "Nour",
  "Karim",
  "Rana",
  "Samer",
  "Dima",
  "Fadi",
];
const LAST_NAMES = ["Haddad", "Khoury", "Nassar", "Odeh", "Zoubi", "Saleh", "Aoun", "Masri", "Hamdan", "Sabbagh"];
const TITLE_SUBJECTS = ["At the bakery", "A call with mum", "Football night", "Rainy Beirut", "Old Damascus stories"];
const TITLE_ARABIC = ["عند الفرّان", "تلفون مع الماما", "سهرة فوتبول", "بيروت بالشتي", "حكايات الشام القديمة"];

// Real lines from the demo catalogue, so term frequencies look like Levantine dialogue; a generated
// vocabulary of rarer words (Arabic with a matching transliteration) makes the long tail.
const LINES = DEMO_LESSONS.flatMap((lesson) => lesson.cues);
const LETTERS: ReadonlyArray<readonly [string, string]> = [
  ["ب", "b"],
  ["ت", "t"],
  ["د", "d"],
  ["ر", "r"],
  ["س", "s"],
  ["ش", "sh"],
  ["ف", "f"],
  ["ك", "k"],
  ["ل", "l"],
  ["م", "m"],
  ["ن", "n"],
  ["ح", "ħ"],
  ["ع", "ʕ"],
  ["ز", "z"],
];
const VOWELS = ["a", "i", "u", "aa", "ee"];
const RARE_WORDS = Array.from({ length: 4000 }, () => {
  let arabic = "";
  let latin = "";
  for (let i = 0, n = between(3, 5); i < n; i++) {
    const [letter, sound] = pick(LETTERS);
    arabic += letter;
    latin += sound + (i < n - 1 ? pick(VOWELS) : "");
  }
  return { arabic, latin };
});

function durationSeconds() {
  return weighted<() => number>([
    [() => between(20, 59), 25],
    [() => between(60, 179), 35],
    [() => between(180, 599), 30],
    [() => between(600, 1500), 10],
  ])();
}

const started = performance.now();
const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  const ctx = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  const { db } = ctx;
  const [learner] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, "learner@ahla.dev"));
  if (!learner) throw new Error("Run scripts/seed.ts on this state first (the bench signs in as the demo learner).");
  const existing = await db
    .select({ id: schema.videos.id })
    .from(schema.videos)
    .where(eq(schema.videos.slug, "bench-1"));
  if (existing.length > 0) {
    console.log("Bench catalogue already present.");
  } else {
    const now = Date.now();
    await insertAll(
      db,
      schema.countries,
      EXTRA_REGIONS.map((region) => ({ ...region })),
    );
    await insertAll(
      db,
      schema.categories,
      EXTRA_TOPICS.map((name, index) => ({
        name,
        slug: name.toLowerCase().replace(/[^a-z]+/g, "-"),
        position: 10 + index,
      })),
    );
    const countryIds = (await db.select({ id: schema.countries.id }).from(schema.countries)).map((row) => row.id);
    const categoryIds = (await db.select({ id: schema.categories.id }).from(schema.categories)).map((row) => row.id);
    await insertAll(
      db,
      schema.teachers,
      Array.from({ length: 60 }, (_, index) => {
        const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / 6) % LAST_NAMES.length]}`;
        return { name, slug: `bench-teacher-${index + 1}`, countryId: pick(countryIds), bio: "" };
      }),
    );
    const teacherIds = (await db.select({ id: schema.teachers.id }).from(schema.teachers)).map((row) => row.id);

    const lessons = Array.from({ length: LESSONS }, (_, index): DriverValue[] => {
      const subject = between(0, TITLE_SUBJECTS.length - 1);
      const publishedAt = now - between(0, 1000) * 86_400_000;
      const published = random() > 0.03;
      return [
        `${TITLE_SUBJECTS[subject]} ${index + 1}`,
        `${TITLE_ARABIC[subject]} ${index + 1}`,
        `bench-${index + 1}`,
        `${pick(LINES).english} ${pick(LINES).english} Learn ${pick(RARE_WORDS).latin} and more.`,
        weighted([
          ["beginner", 45],
          ["intermediate", 35],
          ["advanced", 20],
        ] as const),
        durationSeconds(),
        random() < 0.12 ? 1 : 0,
        published ? 1 : 0,
        published ? publishedAt : null,
        weighted(countryIds.map((id, position) => [id, position < 4 ? 4 : 1] as const)),
        Math.floor(40_000 / Math.pow(between(1, LESSONS), 0.8)),
        publishedAt,
        publishedAt,
      ];
    });
    // Lessons: a few popular ones and a long tail (Zipf-like views), most published, ~12% free.
    await insertJsonRows(
      proxy.env.DB,
      schema.videos,
      [
        "title",
        "title_ar",
        "slug",
        "description",
        "level",
        "duration_seconds",
        "is_free",
        "is_published",
        "published_at",
        "country_id",
        "views_count",
        "created_at",
        "updated_at",
      ],
      lessons,
    );
    const videoRows = await db
      .select({ id: schema.videos.id, slug: schema.videos.slug, durationSeconds: schema.videos.durationSeconds })
      .from(schema.videos);
    const benchVideos = videoRows.filter((row) => row.slug.startsWith("bench-"));

    await insertJsonRows(
      proxy.env.DB,
      schema.videoTeachers,
      ["video_id", "teacher_id"],
      benchVideos.flatMap((video) => {
        const first = pick(teacherIds);
        const second = random() < 0.15 ? pick(teacherIds) : first;
        return [...new Set([first, second])].map((teacherId) => [video.id, teacherId]);
      }),
    );
    await insertJsonRows(
      proxy.env.DB,
      schema.videoCategories,
      ["video_id", "category_id"],
      benchVideos.flatMap((video) =>
        [...new Set(Array.from({ length: between(1, 3) }, () => pick(categoryIds)))].map((categoryId) => [
          video.id,
          categoryId,
        ]),
      ),
    );

    // Transcripts: cues spread by lesson length (longer lessons say more), exactly CUES in total.
    const totalSeconds = benchVideos.reduce((sum, video) => sum + video.durationSeconds, 0);
    let remaining = CUES;
    const cueRows: DriverValue[][] = [];
    for (const [index, video] of benchVideos.entries()) {
      const isLast = index === benchVideos.length - 1;
      const share = isLast
        ? remaining
        : Math.min(remaining, Math.max(1, Math.round((video.durationSeconds / totalSeconds) * CUES)));
      remaining -= share;
      const step = Math.max(500, Math.floor((video.durationSeconds * 1000) / share));
      for (let position = 0; position < share; position++) {
        const line = pick(LINES);
        const extra = random() < 0.5 ? pick(RARE_WORDS) : null;
        cueRows.push([
          video.id,
          position,
          position * step,
          position * step + step - 100,
          extra ? `${line.arabic} ${extra.arabic}` : line.arabic,
          extra ? `${line.transliteration} ${extra.latin}` : line.transliteration,
          line.english,
          now,
          now,
        ]);
      }
    }
    await insertJsonRows(
      proxy.env.DB,
      schema.transcriptCues,
      [
        "video_id",
        "position",
        "start_ms",
        "end_ms",
        "arabic",
        "transliteration",
        "english",
        "created_at",
        "updated_at",
      ],
      cueRows,
    );

    // The demo learner has watched a few hundred lessons: status filters and "continue watching" have data.
    const watched = [...new Set(Array.from({ length: 400 }, () => pick(benchVideos)))];
    await insertJsonRows(
      proxy.env.DB,
      schema.videoProgress,
      ["user_id", "video_id", "position_seconds", "watched_seconds", "completed_at", "created_at", "updated_at"],
      watched.map((video, index) => {
        const at = now - index * 3_600_000;
        const completed = index % 3 === 0;
        const position = completed ? video.durationSeconds : between(5, Math.max(6, video.durationSeconds - 5));
        return [learner.id, video.id, position, position + between(0, 120), completed ? at : null, at, at];
      }),
    );
    // "% known": a lexicon, each lesson's lemma set and the learner's 5,000 known lemmas (scripts/bench-known-seed.ts).
    await seedKnownWords(proxy.env.DB, { learnerId: learner.id, lessons: benchVideos, random, now });
    console.log(
      `Bench catalogue: ${benchVideos.length} lessons, ${CUES} transcript lines, ${teacherIds.length} teachers, ` +
        `${categoryIds.length} topics, ${countryIds.length} regions (${((performance.now() - started) / 1000).toFixed(1)} s).`,
    );
    // Rows written straight to D1: the catalogue's counters are recounted, as the cron's repair would.
    await recountCatalogueCounters(ctx);
    const indexing = performance.now();
    const indexed = await rebuildSearchIndex(ctx);
    console.log(
      `Search index: ${indexed.rows} rows for ${indexed.videos} lessons (${((performance.now() - indexing) / 1000).toFixed(1)} s).`,
    );
  }
} finally {
  await proxy.dispose();
}
