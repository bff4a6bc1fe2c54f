import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, type Level } from "../../drizzle/schema";
import { regionAdjective } from "../../core/schemas/onboarding";
import { createAppContext } from "../../server/context";
import { getMemberHistory } from "../../server/services/member-history";
import { forYouStatements, getForYou, getNextUp, type RecommendedLesson } from "../../server/services/recommendations";
import { createCatalogCountry, createLesson, setLessonProgress } from "../fixtures/catalog";
import { createCollection, createSubscription } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";

// "For you" and "Next up" (server/services/recommendations.ts, docs/recommendations.md): the rules in order,
// their reasons, what is left out, locks, and the same answer every time.

const ctx = createAppContext(testEnv);

// Lessons of these tests are published far in the future, each test later than the one before, so they are
// the newest at their level whatever else the database holds: "newest first" puts them at the top.
let clock = Date.UTC(2200, 0, 1);
const later = () => new Date((clock += 60_000));

// Not the shared `member`: no session, only the onboarding preferences the recommendations read.
async function member(preferences: { level?: Level | null; region?: string | null } = {}) {
  const user = await createUser();
  await ctx.db
    .update(users)
    .set({ level: preferences.level ?? null, dialectRegion: preferences.region ?? null })
    .where(eq(users.id, user.id));
  return user;
}

const lesson = (input: Parameters<typeof createLesson>[1] = {}) =>
  createLesson(ctx, { publishedAt: later(), ...input });

const view = (items: RecommendedLesson[]) => items.map((item) => [item.id, item.reason]);

describe("getForYou", () => {
  it("suggests (a) the next lesson of a started series, (b) lessons at the level in the region, (c) at the level", async () => {
    const country = await createCatalogCountry(ctx, { name: "Lebanon", dialect: "Beiruti" });
    const user = await member({ level: "beginner", region: country.code });
    // A series at another level: continuing does not depend on the level.
    const [s1, s2, s3] = [
      await lesson({ level: "intermediate" }),
      await lesson({ level: "intermediate" }),
      await lesson({ level: "intermediate" }),
    ];
    const story = await createCollection(ctx, "series", [s1!.id, s2!.id, s3!.id], { title: "Coffee Stories" });
    await setLessonProgress(ctx, { userId: user.id, videoId: s1!.id, positionSeconds: 120, completed: true });
    const plainOld = await lesson({ level: "beginner" });
    const regionOld = await lesson({ level: "beginner", countryId: country.id });
    const plainNew = await lesson({ level: "beginner" });
    const regionNew = await lesson({ level: "beginner", countryId: country.id });
    const advanced = await lesson({ level: "advanced", countryId: country.id });

    const items = await getForYou(ctx, { userId: user.id, limit: 24 });
    expect(view(items.slice(0, 5))).toEqual([
      [s2!.id, "Next in Coffee Stories"],
      [regionNew.id, "At your level (Beginner) · Beiruti"],
      [regionOld.id, "At your level (Beginner) · Beiruti"],
      [plainNew.id, "At your level (Beginner)"],
      [plainOld.id, "At your level (Beginner)"],
    ]);
    expect(items[0]).toMatchObject({
      kind: "continue",
      collection: { kind: "series", id: story.id, title: "Coffee Stories" },
      href: `/series/${story.id}/${story.slug}/${s2!.id}/${s2!.slug}`,
    });
    expect(items[1]).toMatchObject({ kind: "level-region", href: `/video/${regionNew.id}/${regionNew.slug}` });
    expect(items[1]!.country).toMatchObject({ name: "Lebanon", dialect: "Beiruti" });
    expect(items[3]).toMatchObject({ kind: "level" });
    // Each lesson once, under its first rule; nothing from another level but the continuation.
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(advanced.id);
    expect(ids).not.toContain(s3!.id);
    expect(items.slice(1).every((item) => item.level === "beginner")).toBe(true);
  });

  it("leaves out every lesson the member has started or finished", async () => {
    const user = await member({ level: "intermediate" });
    const watching = await lesson({ level: "intermediate" });
    const finished = await lesson({ level: "intermediate" });
    const barely = await lesson({ level: "intermediate" });
    const fresh = await lesson({ level: "intermediate" });
    await setLessonProgress(ctx, { userId: user.id, videoId: watching.id, positionSeconds: 30 });
    await setLessonProgress(ctx, { userId: user.id, videoId: finished.id, positionSeconds: 0, completed: true });
    await setLessonProgress(ctx, { userId: user.id, videoId: barely.id, positionSeconds: 0, watchedSeconds: 4 });

    const ids = (await getForYou(ctx, { userId: user.id, limit: 24 })).map((item) => item.id);
    expect(ids[0]).toBe(fresh.id);
    expect(ids).not.toContain(watching.id);
    expect(ids).not.toContain(finished.id);
    expect(ids).not.toContain(barely.id);

    // Someone else's progress changes nothing for this member.
    const other = await member({ level: "intermediate" });
    await setLessonProgress(ctx, { userId: other.id, videoId: fresh.id, positionSeconds: 50 });
    expect((await getForYou(ctx, { userId: user.id, limit: 1 })).map((item) => item.id)).toEqual([fresh.id]);
  });

  it("continues series and courses first: most recently active first, one lesson each, the first not started", async () => {
    const user = await member({ level: "advanced" });
    const a = [await lesson(), await lesson(), await lesson(), await lesson()];
    const b = [await lesson(), await lesson()];
    const c = [await lesson(), await lesson(), await lesson()];
    const done = [await lesson(), await lesson()];
    const hidden = [await lesson(), await lesson()];
    await createCollection(
      ctx,
      "series",
      a.map((item) => item.id),
      { title: "Series A" },
    );
    await createCollection(
      ctx,
      "series",
      b.map((item) => item.id),
      { title: "Series B" },
    );
    await createCollection(
      ctx,
      "course",
      c.map((item) => item.id),
      { title: "Course C" },
    );
    await createCollection(
      ctx,
      "series",
      done.map((item) => item.id),
      { title: "All watched" },
    );
    await createCollection(
      ctx,
      "series",
      hidden.map((item) => item.id),
      { title: "Draft", isPublished: false },
    );
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
    // Series A: the first lesson done, the third started: the next not started is the second.
    await setLessonProgress(ctx, {
      userId: user.id,
      videoId: a[0]!.id,
      positionSeconds: 90,
      completed: true,
      at: at(1),
    });
    await setLessonProgress(ctx, { userId: user.id, videoId: a[2]!.id, positionSeconds: 20, at: at(2) });
    await setLessonProgress(ctx, {
      userId: user.id,
      videoId: b[0]!.id,
      positionSeconds: 90,
      completed: true,
      at: at(5),
    });
    await setLessonProgress(ctx, {
      userId: user.id,
      videoId: c[0]!.id,
      positionSeconds: 90,
      completed: true,
      at: at(3),
    });
    for (const item of done) {
      await setLessonProgress(ctx, {
        userId: user.id,
        videoId: item.id,
        positionSeconds: 90,
        completed: true,
        at: at(9),
      });
    }
    await setLessonProgress(ctx, { userId: user.id, videoId: hidden[0]!.id, positionSeconds: 90, at: at(10) });

    const items = await getForYou(ctx, { userId: user.id, limit: 3 });
    expect(view(items)).toEqual([
      [b[1]!.id, "Next in Series B"],
      [c[1]!.id, "Next in Course C"],
      [a[1]!.id, "Next in Series A"],
    ]);
    expect(items[1]!.collection?.kind).toBe("course");
    expect(items[1]!.href).toMatch(/^\/course\/\d+\/course-c\//);
  });

  it("prefers the member's dialect region, named by its adjective for the Levantine countries", async () => {
    const syria = await createCatalogCountry(ctx, { name: "Syria", dialect: "Damascene" });
    const jordan = await createCatalogCountry(ctx, { name: "Jordan", dialect: "Ammani" });
    const user = await member({ level: "intermediate", region: jordan.code });
    const fromJordan = await lesson({ level: "intermediate", countryId: jordan.id });
    const fromSyria = await lesson({ level: "intermediate", countryId: syria.id });
    const items = await getForYou(ctx, { userId: user.id, limit: 2 });
    // The Jordanian lesson is older, yet first.
    expect(view(items)).toEqual([
      [fromJordan.id, "At your level (Intermediate) · Ammani"],
      [fromSyria.id, "At your level (Intermediate)"],
    ]);
    expect(regionAdjective({ code: "LB", name: "Lebanon", dialect: "Beiruti" })).toBe("Lebanese");
    expect(regionAdjective({ code: "jo", name: "Jordan" })).toBe("Jordanian");
    expect(regionAdjective({ code: "c123", name: "Cyprus", dialect: "" })).toBe("Cyprus");

    // Without a region (or with one that no longer exists), no lesson is suggested for its region.
    await ctx.db.update(users).set({ dialectRegion: "gone-country" }).where(eq(users.id, user.id));
    expect(view(await getForYou(ctx, { userId: user.id, limit: 2 }))).toEqual([
      [fromSyria.id, "At your level (Intermediate)"],
      [fromJordan.id, "At your level (Intermediate)"],
    ]);
  });

  it("includes premium lessons, locked until the member subscribes", async () => {
    const user = await member({ level: "beginner" });
    const premium = await lesson({ level: "beginner", isFree: false });
    const free = await lesson({ level: "beginner", isFree: true });
    const before = await getForYou(ctx, { userId: user.id, limit: 2 });
    expect(before.map((item) => [item.id, item.locked])).toEqual([
      [free.id, false],
      [premium.id, true],
    ]);
    await createSubscription(ctx, user.id);
    const after = await getForYou(ctx, { userId: user.id, limit: 2 });
    expect(after.map((item) => [item.id, item.locked])).toEqual([
      [free.id, false],
      [premium.id, false],
    ]);
    // The caller's own access wins (the library passes the one it already looked up).
    const asVisitorAccess = await getForYou(ctx, {
      userId: user.id,
      limit: 2,
      access: { signedIn: true, hasSubscription: false, userId: user.id },
    });
    expect(asVisitorAccess.map((item) => item.locked)).toEqual([false, true]);
  });

  it("is deterministic, and leaves out drafts and other levels", async () => {
    const user = await member({ level: "advanced" });
    const draft = await lesson({ level: "advanced", isPublished: false });
    const first = await lesson({ level: "advanced" });
    const second = await lesson({ level: "advanced" });
    const runs = await Promise.all([1, 2, 3].map(() => getForYou(ctx, { userId: user.id, limit: 10 })));
    expect(view(runs[1]!)).toEqual(view(runs[0]!));
    expect(view(runs[2]!)).toEqual(view(runs[0]!));
    expect(runs[0]!.slice(0, 2).map((item) => item.id)).toEqual([second.id, first.id]);
    expect(runs[0]!.map((item) => item.id)).not.toContain(draft.id);
    expect(runs[0]!.every((item) => item.level === "advanced")).toBe(true);
    // The limit is kept within bounds.
    expect((await getForYou(ctx, { userId: user.id, limit: 0 })).length).toBe(1);
    expect((await getForYou(ctx, { userId: user.id, limit: 1000 })).length).toBeLessThanOrEqual(24);
  });

  it("without a level, suggests only what continues", async () => {
    const user = await member({ level: null });
    const [one, two] = [await lesson({ level: "beginner" }), await lesson({ level: "beginner" })];
    await createCollection(ctx, "course", [one.id, two.id], { title: "Starter course" });
    expect(await getForYou(ctx, { userId: user.id })).toEqual([]);
    await setLessonProgress(ctx, { userId: user.id, videoId: one.id, positionSeconds: 10 });
    expect(view(await getForYou(ctx, { userId: user.id }))).toEqual([[two.id, "Next in Starter course"]]);
  });

  it("reads through indexes: no full scan of the lessons, no sort of them", async () => {
    const user = await member({ level: "beginner" });
    const history = await getMemberHistory(ctx, { userId: user.id });
    for (const statement of forYouStatements(ctx, { userId: user.id, limit: 8, exclude: null, history })) {
      const { sql, params } = statement.toSQL();
      const plan = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(
        details.filter((detail) => /^SCAN (videos|"videos")\b/.test(detail)),
        sql,
      ).toEqual([]);
    }
    // The level rules read the lessons of the member's level in order (region: that, or the region's index).
    const [, , , inRegion, atLevel] = forYouStatements(ctx, { userId: user.id, limit: 8, exclude: null, history });
    const planOf = async (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql, params } = statement.toSQL();
      const plan = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return plan.results.map((row) => row.detail).join("\n");
    };
    const levelPlan = await planOf(atLevel);
    expect(levelPlan).toMatch(/SEARCH videos USING INDEX videos_level_idx \(level=\?\)/);
    expect(levelPlan).not.toMatch(/TEMP B-TREE/);
    expect(await planOf(inRegion)).toMatch(
      /SEARCH videos USING INDEX videos_level_country_idx \(level=\? AND country_id=\?\)/,
    );
    // Continuing starts from the member's own started collections, never from every published one.
    const [, seriesStarted, coursesStarted] = forYouStatements(ctx, {
      userId: user.id,
      limit: 8,
      exclude: null,
      history,
    });
    // The started collections (from the member's history, as JSON) outside, then each one by key.
    expect(await planOf(seriesStarted)).toMatch(
      /SCAN json_each VIRTUAL TABLE.*\nSEARCH series USING INTEGER PRIMARY KEY/,
    );
    expect(await planOf(coursesStarted)).toMatch(
      /SCAN json_each VIRTUAL TABLE.*\nSEARCH study_tracks USING INTEGER PRIMARY KEY/,
    );
  });
});

describe("getNextUp", () => {
  it("offers the lesson after this one in its series, with the reason", async () => {
    const user = await member({ level: "beginner" });
    const [one, two, three] = [await lesson(), await lesson(), await lesson()];
    const story = await createCollection(ctx, "series", [one.id, two.id, three.id], { title: "Market Days" });
    const next = await getNextUp(ctx, { userId: user.id, videoId: one.id });
    expect(next).toMatchObject({
      id: two.id,
      reason: "Next in Market Days",
      kind: "continue",
      href: `/series/${story.id}/${story.slug}/${two.id}/${two.slug}`,
      locked: true,
    });
  });

  it("after the last lesson of a series, offers the first suggestion that is not this lesson", async () => {
    const country = await createCatalogCountry(ctx, { name: "Palestine", dialect: "Palestinian" });
    const user = await member({ level: "intermediate", region: country.code });
    const other = await lesson({ level: "intermediate" });
    const [first, last] = [
      await lesson({ level: "intermediate", countryId: country.id }),
      await lesson({ level: "intermediate", countryId: country.id }),
    ];
    await createCollection(ctx, "series", [first.id, last.id], { title: "Two parts" });
    // The last lesson is the newest of the region, and has no progress yet: it is still not suggested after itself.
    const next = await getNextUp(ctx, { userId: user.id, videoId: last.id });
    expect(next).toMatchObject({ id: first.id, reason: "At your level (Intermediate) · Palestinian" });
    await setLessonProgress(ctx, { userId: user.id, videoId: first.id, positionSeconds: 100, completed: true });
    expect(await getNextUp(ctx, { userId: user.id, videoId: last.id })).toMatchObject({
      id: other.id,
      reason: "At your level (Intermediate)",
    });
  });

  it("is null without a level and with nothing to continue", async () => {
    const user = await member({ level: null });
    const alone = await lesson();
    expect(await getNextUp(ctx, { userId: user.id, videoId: alone.id })).toBeNull();
  });
});
