import { and, asc, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  catalogueCounters,
  countries,
  LEVELS,
  teachers,
  videos,
  videoTeachers,
  type CatalogueCounterKind,
  type Level,
} from "#drizzle/schema";
import type { AppContext } from "../../context";

// The catalogue's counters (docs/scaling.md "Catalogue counters", ADR 047): published lessons per level, per
// country, per teacher, free lessons, and how many teachers and countries have a published lesson. Every
// admin write that can change one appends `recountStatements` to its own D1 batch, so the figures change in
// the same transaction as the lessons; the cron's `repairCatalogueCounters` compares them with a fresh count
// and rewrites any that drifted (a write made outside the app: a console query, a restored backup).

type Query = BatchItem<"sqlite">;

export interface CounterRow {
  kind: CatalogueCounterKind;
  ref: string;
  value: number;
}

// The figures that have one row each (totals, and one per level): constants of the code, written into the SQL
// as a VALUES list. (D1 allows few terms in a compound SELECT; a VALUES list is not one.)
const FIXED_ROWS = sql.raw(
  `VALUES ${[
    ["lessons", ""],
    ["free", ""],
    ["countries", ""],
    ["teachers", ""],
    ...LEVELS.map((level) => ["level", level]),
  ]
    .map(([kind, ref]) => `('${kind}', '${ref}')`)
    .join(", ")}`,
);

/**
 * The recount, as a WITH … SELECT kind, ref, value. Two passes over the catalogue, each materialised once:
 * published lessons grouped by (level, free, country) through videos_library_filters_idx, and published
 * lessons per teacher through video_teachers. Every level, country and teacher gets a row, 0 included, so an
 * upsert of this result leaves no figure behind (rows of deleted teachers and countries: `staleRows`).
 */
function recountParts(): { ctes: SQL; select: SQL } {
  const ctes = sql`WITH lesson_groups AS MATERIALIZED (
      SELECT ${videos.level} AS level, ${videos.isFree} AS is_free, ${videos.countryId} AS country_id, count(*) AS n
      FROM ${videos} WHERE ${videos.isPublished} = 1
      GROUP BY ${videos.level}, ${videos.isFree}, ${videos.countryId}
    ),
    teacher_lessons AS MATERIALIZED (
      SELECT ${videoTeachers.teacherId} AS teacher_id, count(*) AS n
      FROM ${videoTeachers} INNER JOIN ${videos} ON ${videos.id} = ${videoTeachers.videoId} AND ${videos.isPublished} = 1
      GROUP BY ${videoTeachers.teacherId}
    ),
    country_lessons AS MATERIALIZED (
      SELECT country_id, sum(n) AS n FROM lesson_groups WHERE country_id IS NOT NULL GROUP BY country_id
    )`;
  const select = sql`
    SELECT fixed.column1 AS kind, fixed.column2 AS ref, coalesce(CASE fixed.column1
        WHEN 'lessons' THEN (SELECT sum(n) FROM lesson_groups)
        WHEN 'free' THEN (SELECT sum(n) FROM lesson_groups WHERE is_free = 1)
        WHEN 'level' THEN (SELECT sum(n) FROM lesson_groups WHERE lesson_groups.level = fixed.column2)
        WHEN 'countries' THEN (SELECT count(*) FROM country_lessons)
        WHEN 'teachers' THEN (SELECT count(*) FROM teacher_lessons)
      END, 0) AS value
      FROM (${FIXED_ROWS}) AS fixed
    UNION ALL SELECT 'country', CAST(${countries.id} AS TEXT), coalesce(country_lessons.n, 0)
      FROM ${countries} LEFT JOIN country_lessons ON country_lessons.country_id = ${countries.id}
    UNION ALL SELECT 'teacher', CAST(${teachers.id} AS TEXT), coalesce(teacher_lessons.n, 0)
      FROM ${teachers} LEFT JOIN teacher_lessons ON teacher_lessons.teacher_id = ${teachers.id}`;
  return { ctes, select };
}

/** What the counters should say now, counted from the catalogue (the repair job's reference). */
export function recountQuery(ctx: AppContext) {
  const { ctes, select } = recountParts();
  return ctx.db.all<CounterRow>(sql`${ctes} ${select}`);
}

/**
 * The statements that bring every counter to the catalogue's current figures: append them to the batch of
 * any write that publishes, unpublishes, moves (level, country, free, teachers) or deletes a lesson, or
 * deletes a teacher or a country. D1 runs a batch as one transaction, so the figures can never disagree with
 * the lessons, whatever other admin writes run at the same time. Only figures that changed are written.
 */
export function recountStatements(ctx: AppContext): [Query, Query] {
  const { ctes, select } = recountParts();
  // A literal, not a bound parameter: drizzle's D1 batch cannot bind a raw statement's parameters (it looks
  // for a prepared statement its raw queries do not have), and the clock's integer is no input.
  const now = sql.raw(String(Math.trunc(ctx.now().getTime())));
  return [
    // A deleted teacher's or country's row: nothing recounts it any more.
    ctx.db.delete(catalogueCounters).where(
      sql`(${catalogueCounters.kind} = 'teacher' AND ${catalogueCounters.ref} NOT IN (SELECT CAST(${teachers.id} AS TEXT) FROM ${teachers}))
          OR (${catalogueCounters.kind} = 'country' AND ${catalogueCounters.ref} NOT IN (SELECT CAST(${countries.id} AS TEXT) FROM ${countries}))`,
    ),
    // "WHERE true": SQLite's upsert after a SELECT needs it to tell ON CONFLICT from a join's ON.
    ctx.db.run(sql`${ctes}
      INSERT INTO ${catalogueCounters} (kind, ref, value, updated_at)
      SELECT kind, ref, value, ${now} FROM (${select}) WHERE true
      ON CONFLICT (kind, ref) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
      WHERE ${catalogueCounters.value} <> excluded.value`),
  ];
}

/** Recounts now, in a batch of its own (seeds, fixtures, and the repair job's fix). */
export async function recountCatalogueCounters(ctx: AppContext): Promise<void> {
  await ctx.db.batch(recountStatements(ctx));
}

// ---------------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------------

export interface CatalogueCounts {
  /** Published lessons. */
  lessons: number;
  /** Published free lessons. */
  free: number;
  levels: Record<Level, number>;
  /** Teachers with at least one published lesson. */
  teachers: number;
  /** Countries with at least one published lesson. */
  countries: number;
}

/** The catalogue-wide figures: seven rows by primary key. */
export function catalogueCountsQuery(ctx: AppContext) {
  return ctx.db
    .select({ kind: catalogueCounters.kind, ref: catalogueCounters.ref, value: catalogueCounters.value })
    .from(catalogueCounters)
    .where(inArray(catalogueCounters.kind, ["lessons", "free", "level", "teachers", "countries"]));
}

export function toCatalogueCounts(rows: readonly CounterRow[]): CatalogueCounts {
  const counts: CatalogueCounts = {
    lessons: 0,
    free: 0,
    levels: { beginner: 0, intermediate: 0, advanced: 0 },
    teachers: 0,
    countries: 0,
  };
  for (const { kind, ref, value } of rows) {
    if (kind === "level") {
      if ((LEVELS as readonly string[]).includes(ref)) counts.levels[ref as Level] = value;
    } else if (kind === "lessons" || kind === "free" || kind === "teachers" || kind === "countries") {
      counts[kind] = value;
    }
  }
  return counts;
}

export async function getCatalogueCounts(ctx: AppContext): Promise<CatalogueCounts> {
  return toCatalogueCounts(await catalogueCountsQuery(ctx));
}

/** Published lessons per level, shaped like a GROUP BY level count (the library's level choices). */
export function levelCountsQuery(ctx: AppContext) {
  return ctx.db
    .select({ level: sql<Level>`${catalogueCounters.ref}`.as("level"), total: catalogueCounters.value })
    .from(catalogueCounters)
    .where(and(eq(catalogueCounters.kind, "level"), gt(catalogueCounters.value, 0)));
}

/** The teachers with the most published lessons (ties: the older teacher first), read from their counters. */
export function busiestTeachersQuery(ctx: AppContext, { limit }: { limit: number }) {
  return ctx.db
    .select({
      id: teachers.id,
      name: teachers.name,
      nameAr: teachers.nameAr,
      bio: teachers.bio,
      countryName: countries.name,
      countryDialect: countries.dialect,
      lessonCount: catalogueCounters.value,
    })
    .from(catalogueCounters)
    .innerJoin(teachers, eq(teachers.id, sql`CAST(${catalogueCounters.ref} AS INTEGER)`))
    .leftJoin(countries, eq(countries.id, teachers.countryId))
    .where(and(eq(catalogueCounters.kind, "teacher"), gt(catalogueCounters.value, 0)))
    .orderBy(desc(catalogueCounters.value), asc(teachers.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------
// The cron's check
// ---------------------------------------------------------------------------------------------------

export interface CounterRepair {
  kind: CatalogueCounterKind;
  ref: string;
  /** What the counter said (null: no row). */
  was: number | null;
  /** The catalogue's figure (null: a row nothing counts any more, removed). */
  now: number | null;
}

export interface CounterRepairReport {
  checked: number;
  fixed: CounterRepair[];
}

/**
 * Recounts the catalogue, compares every counter with it, and when any differs rewrites them (with the same
 * statements the admin writes use, so a write landing meanwhile is counted too) and logs what it fixed.
 * A missing row and a row holding 0 say the same. Drift means a write bypassed the app: worth a look.
 */
export async function repairCatalogueCounters(ctx: AppContext): Promise<CounterRepairReport> {
  const [expected, stored] = await ctx.db.batch([
    recountQuery(ctx),
    ctx.db
      .select({ kind: catalogueCounters.kind, ref: catalogueCounters.ref, value: catalogueCounters.value })
      .from(catalogueCounters),
  ]);
  const key = (row: { kind: string; ref: string }) => `${row.kind}\u0000${row.ref}`;
  const storedByKey = new Map(stored.map((row) => [key(row), row]));
  const expectedKeys = new Set<string>();
  const fixed: CounterRepair[] = [];
  for (const row of expected) {
    expectedKeys.add(key(row));
    const was = storedByKey.get(key(row))?.value ?? null;
    if ((was ?? 0) !== row.value) fixed.push({ kind: row.kind, ref: row.ref, was, now: row.value });
  }
  for (const row of stored) {
    if (!expectedKeys.has(key(row))) fixed.push({ kind: row.kind, ref: row.ref, was: row.value, now: null });
  }
  if (fixed.length > 0) {
    await recountCatalogueCounters(ctx);
    console.warn(`catalogue counters: fixed ${fixed.length} that drifted`, JSON.stringify(fixed));
  }
  return { checked: expected.length, fixed };
}
