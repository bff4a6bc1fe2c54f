import { and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as homeRoute from "../../app/features/landing/routes/home";
import * as libraryRoute from "../../app/features/library/routes/library";
import { EMPTY_LIBRARY_QUERY } from "../../core/library-query";
import { catalogueCounters, countries, teachers, videos, videoTeachers, type Level } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { setLessonCategoriesAndTeachers } from "../../server/services/admin-lesson";
import { recountQuery } from "../../server/services/catalog/counters";
import { listLibrary } from "../../server/services/catalog/library";
import { getLibraryFilterOptions } from "../../server/services/catalog/library-filters";
import { listPublishedVideos } from "../../server/services/catalog/published-lessons";
import { getCatalogStats } from "../../server/services/catalog/stats";
import { listLandingTeachers } from "../../server/services/landing";
import { runScheduledJobs } from "../../server/services/scheduled";
import { createCatalogCountry, createCatalogTeacher, createLesson } from "../fixtures/catalog";
import { call, json, member, testEnv } from "./helpers";
import { remixPages, sendPage } from "./remix-pages";

// The catalogue counters (server/services/catalog/counters.ts, ADR 047) against the scans they replace. This
// file has a database of its own (vitest.config.ts OWN_DATABASE): it compares catalogue-wide figures.

vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

const ctx = createAppContext(testEnv);
let adminToken = "";
let adminId = 0;

/** The figures as the pages counted them before the counters: one scan each. The oracle of this file. */
async function scanned() {
  const published = eq(videos.isPublished, true);
  const [lessons, free, levels, perCountry, perTeacher] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(videos).where(published),
    ctx.db
      .select({ total: count() })
      .from(videos)
      .where(and(published, eq(videos.isFree, true))),
    ctx.db.select({ level: videos.level, total: count() }).from(videos).where(published).groupBy(videos.level),
    ctx.db
      .select({ id: videos.countryId, total: count() })
      .from(videos)
      .where(and(published, isNotNull(videos.countryId)))
      .groupBy(videos.countryId),
    ctx.db
      .select({ id: videoTeachers.teacherId, total: count() })
      .from(videoTeachers)
      .innerJoin(videos, and(eq(videos.id, videoTeachers.videoId), published))
      .groupBy(videoTeachers.teacherId),
  ]);
  const rows: Array<[string, string, number]> = [
    ["lessons", "", lessons[0]!.total],
    ["free", "", free[0]!.total],
    ["countries", "", perCountry.length],
    ["teachers", "", perTeacher.length],
    ...levels.map((row): [string, string, number] => ["level", row.level, row.total]),
    ...perCountry.map((row): [string, string, number] => ["country", String(row.id), row.total]),
    ...perTeacher.map((row): [string, string, number] => ["teacher", String(row.id), row.total]),
  ];
  return rows.filter(([, , value]) => value > 0).sort(byKey);
}

const byKey = (a: [string, string, number], b: [string, string, number]) =>
  `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`);

/** The non-zero counters stored (a 0 and a missing row say the same). */
async function stored() {
  const rows = await ctx.db.select().from(catalogueCounters);
  return rows
    .filter((row) => row.value > 0)
    .map((row): [string, string, number] => [row.kind, row.ref, row.value])
    .sort(byKey);
}

/** The counters equal both a scan of the catalogue and the service's own recount. */
async function expectCountersExact(step: string) {
  const expected = await scanned();
  expect(await stored(), step).toEqual(expected);
  const recounted = (await recountQuery(ctx))
    .filter((row) => row.value > 0)
    .map((row): [string, string, number] => [row.kind, row.ref, row.value])
    .sort(byKey);
  expect(recounted, step).toEqual(expected);
}

async function admin(path: string, method: string, body?: Record<string, unknown>) {
  const response = await call(path, { method, token: adminToken, json: body });
  const answer = await json<{ data?: { id?: number | string }; errors?: string[] }>(response);
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer.errors)}`).toBeLessThan(300);
  return answer.data;
}

beforeAll(async () => {
  const administrator = await member({ permissions: ["admin"] });
  adminToken = administrator.token;
  adminId = administrator.id;
  // A catalogue around the lessons the tests move: published and draft, free and paid, with and without teachers.
  const [north, south] = [await createCatalogCountry(ctx), await createCatalogCountry(ctx)];
  const [one, two] = [await createCatalogTeacher(ctx), await createCatalogTeacher(ctx)];
  await createLesson(ctx, { level: "beginner", isFree: true, countryId: north.id, teacherIds: [one.id] });
  await createLesson(ctx, { level: "intermediate", countryId: south.id, teacherIds: [one.id, two.id] });
  await createLesson(ctx, { level: "advanced", countryId: null, teacherIds: [] });
  await createLesson(ctx, { level: "beginner", isPublished: false, countryId: north.id, teacherIds: [two.id] });
});

describe("catalogue counters follow every admin write in its own batch", () => {
  it("create, publish, level, country, free and teacher changes, unpublish and delete through the admin API", async () => {
    await expectCountersExact("the fixtures' catalogue");
    const country = await createCatalogCountry(ctx);
    const other = await createCatalogCountry(ctx);
    const teacher = await createCatalogTeacher(ctx);
    const second = await createCatalogTeacher(ctx);

    const draft = await admin("/api/admin/videos", "POST", {
      title: `Counted ${crypto.randomUUID().slice(0, 8)}`,
      level: "beginner",
      countryId: country.id,
      teacherIds: [teacher.id],
    });
    const id = Number(draft!.id);
    await expectCountersExact("a draft counts nowhere");
    const path = `/api/admin/videos/${id}`;
    await admin(path, "PATCH", { isPublished: true, confirmPublish: true });
    await expectCountersExact("published");
    await admin(path, "PATCH", { level: "advanced" });
    await expectCountersExact("moved to another level");
    await admin(path, "PATCH", { countryId: other.id });
    await expectCountersExact("moved to another country");
    await admin(path, "PATCH", { countryId: null });
    await expectCountersExact("no country");
    await admin(path, "PATCH", { isFree: true });
    await expectCountersExact("made free");
    await admin(path, "PATCH", { teacherIds: [second.id, teacher.id] });
    await expectCountersExact("a second teacher");
    await admin(path, "PATCH", { isPublished: false });
    await expectCountersExact("unpublished");
    await admin(path, "PATCH", { isPublished: true, confirmPublish: true });
    await expectCountersExact("published again");

    // The join resource, the teacher and the country resources.
    await admin("/api/admin/videos-teachers", "POST", { videoId: id, teacherId: (await createCatalogTeacher(ctx)).id });
    await expectCountersExact("a teacher linked through the join resource");
    await admin(`/api/admin/videos-teachers/${id}-${second.id}`, "DELETE");
    await expectCountersExact("a teacher unlinked through the join resource");
    await admin(`/api/admin/teacher/${teacher.id}`, "DELETE");
    await expectCountersExact("a teacher deleted (its lesson links cascade)");
    await admin(path, "PATCH", { countryId: country.id });
    await admin(`/api/admin/countries/${country.id}`, "DELETE");
    await expectCountersExact("a country deleted (its lessons have none now)");
    expect(await stored()).not.toContainEqual(["country", String(country.id), expect.any(Number)]);

    await admin(path, "DELETE");
    await expectCountersExact("deleted");

    // Created already published, with a bulk delete.
    const published = await admin("/api/admin/videos", "POST", {
      title: `Counted ${crypto.randomUUID().slice(0, 8)}`,
      level: "intermediate",
      isFree: true,
      isPublished: true,
      confirmPublish: true,
      teacherIds: [second.id],
    });
    await expectCountersExact("created published");
    await admin("/api/admin/videos/bulk-delete", "POST", { ids: [published!.id] });
    await expectCountersExact("deleted again");
  });

  it("the lesson workspace's teachers", async () => {
    const lesson = await createLesson(ctx, { level: "intermediate" });
    const teacher = await createCatalogTeacher(ctx);
    const actor = { id: adminId };
    await setLessonCategoriesAndTeachers(ctx, {
      lessonId: lesson.id,
      categoryIds: [],
      teacherIds: [teacher.id],
      actor,
    });
    await expectCountersExact("a teacher checked in the workspace");
    await setLessonCategoriesAndTeachers(ctx, { lessonId: lesson.id, categoryIds: [], teacherIds: [], actor });
    await expectCountersExact("unchecked");
  });

  it("a refused write changes no counter", async () => {
    const before = await stored();
    const lesson = await createLesson(ctx, { level: "beginner" });
    const afterFixture = await stored();
    expect(afterFixture).not.toEqual(before);
    // A level change together with a teacher that does not exist: refused before anything is written.
    const response = await call(`/api/admin/videos/${lesson.id}`, {
      method: "PATCH",
      token: adminToken,
      json: { level: "advanced", teacherIds: [987_654] },
    });
    expect(response.status).toBe(422);
    expect(await stored()).toEqual(afterFixture);
    await expectCountersExact("after a refused write");
  });
});

describe("the cron's repair", () => {
  it("finds counters that drifted, rewrites them and logs what it fixed; a second run finds nothing", async () => {
    await expectCountersExact("before breaking them");
    const [lessons] = await ctx.db
      .select()
      .from(catalogueCounters)
      .where(and(eq(catalogueCounters.kind, "lessons"), eq(catalogueCounters.ref, "")));
    // Broken three ways: a wrong figure, a missing row, a row nothing counts.
    await ctx.db
      .update(catalogueCounters)
      .set({ value: lessons!.value + 40 })
      .where(and(eq(catalogueCounters.kind, "lessons"), eq(catalogueCounters.ref, "")));
    await ctx.db
      .delete(catalogueCounters)
      .where(and(eq(catalogueCounters.kind, "level"), eq(catalogueCounters.ref, "beginner")));
    await ctx.db.insert(catalogueCounters).values({ kind: "teacher", ref: "999999", value: 3, updatedAt: new Date() });
    const beginners = (await scanned()).find(([kind, ref]) => kind === "level" && ref === "beginner")![2];

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const now = new Date();
    const report = await runScheduledJobs(testEnv, now);
    expect(report.counters!.fixed).toEqual(
      expect.arrayContaining([
        { kind: "lessons", ref: "", was: lessons!.value + 40, now: lessons!.value },
        { kind: "level", ref: "beginner", was: null, now: beginners },
        { kind: "teacher", ref: "999999", was: 3, now: null },
      ]),
    );
    expect(report.counters!.fixed).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^catalogue counters: fixed 3/), expect.any(String));
    await expectCountersExact("repaired");

    warn.mockClear();
    const again = await runScheduledJobs(testEnv, now);
    expect(again.counters!.fixed).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("the pages show what the scans showed", () => {
  it("landing figures, busiest teachers and starter lessons", async () => {
    const expected = new Map((await scanned()).map(([kind, ref, value]) => [`${kind}/${ref}`, value]));
    expect(await getCatalogStats(ctx)).toEqual({
      lessons: expected.get("lessons/") ?? 0,
      teachers: expected.get("teachers/") ?? 0,
      countries: expected.get("countries/") ?? 0,
    });

    // The queries the landing ran before the counters, as the reference.
    const busiest = await ctx.db
      .select({ id: teachers.id, lessonCount: count(videos.id) })
      .from(teachers)
      .innerJoin(videoTeachers, eq(videoTeachers.teacherId, teachers.id))
      .innerJoin(videos, and(eq(videos.id, videoTeachers.videoId), eq(videos.isPublished, true)))
      .leftJoin(countries, eq(countries.id, teachers.countryId))
      .groupBy(teachers.id)
      .orderBy(desc(count(videos.id)), asc(teachers.id))
      .limit(6);
    expect((await listLandingTeachers(ctx)).map(({ id, lessonCount }) => ({ id, lessonCount }))).toEqual(busiest);

    const starter = await ctx.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.isPublished, true))
      .orderBy(
        desc(videos.isFree),
        sql`case ${videos.level} when 'beginner' then 0 when 'intermediate' then 1 else 2 end`,
        desc(videos.publishedAt),
        desc(videos.id),
      )
      .limit(6);
    expect((await listPublishedVideos(ctx, { limit: 6, sort: "starter" })).map(({ id }) => ({ id }))).toEqual(starter);

    const pages = remixPages({ home: { path: "/", module: homeRoute } });
    const page = await sendPage(pages, "/");
    expect(page.status).toBe(200);
    const text = page.text.replaceAll("<!-- -->", "");
    const lessons = expected.get("lessons/")!;
    expect(text).toContain(`See all ${lessons} lessons`);
    const figures = [...text.matchAll(/<dd[^>]*>(\d+)<\/dd><\/div>/g)].map((match) => Number(match[1]));
    expect(figures).toEqual([lessons, expected.get("teachers/"), expected.get("countries/")]);
  });

  it("library: free lessons and per-level counts, unfiltered from the counters, filtered by a count", async () => {
    const expected = new Map((await scanned()).map(([kind, ref, value]) => [`${kind}/${ref}`, value]));
    const options = await getLibraryFilterOptions(ctx);
    expect(options.freeLessons).toBe(expected.get("free/"));
    const levelsOf = (level: Level) => expected.get(`level/${level}`) ?? 0;
    const unfiltered = await listLibrary(ctx, { query: EMPTY_LIBRARY_QUERY, filterOptions: options });
    expect(unfiltered.levelCounts).toEqual({
      beginner: levelsOf("beginner"),
      intermediate: levelsOf("intermediate"),
      advanced: levelsOf("advanced"),
    });
    expect(unfiltered.total).toBe(expected.get("lessons/"));
    const onlyAdvanced = await listLibrary(ctx, {
      query: { ...EMPTY_LIBRARY_QUERY, levels: ["advanced"] },
      filterOptions: options,
    });
    expect(onlyAdvanced.total).toBe(levelsOf("advanced"));
    // Free only: counted by the query, not the counters; the same figure as the free counter.
    const freeOnly = await listLibrary(ctx, {
      query: { ...EMPTY_LIBRARY_QUERY, freeOnly: true },
      filterOptions: options,
    });
    expect(freeOnly.total).toBe(expected.get("free/"));

    const viewer = await member();
    const pages = remixPages({ library: { path: "video-library", module: libraryRoute } });
    const page = await sendPage(pages, "/video-library", { cookie: `token=${viewer.token}` });
    expect(page.status).toBe(200);
    const free = expected.get("free/")!;
    expect(page.text.replaceAll("<!-- -->", "")).toContain(
      `${free} free ${free === 1 ? "lesson is" : "lessons are"} open to you`,
    );
  });
});
