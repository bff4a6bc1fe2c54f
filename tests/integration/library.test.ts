import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { transcriptCues } from "../../drizzle/schema";
import { EMPTY_LIBRARY_QUERY, type LibraryQuery } from "../../core/library-query";
import { memberWithoutAccess, VISITOR_ACCESS, type LessonAccessFacts } from "../../server/access/policy";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { bumpPageCache } from "../../server/services/page-cache";
import { getLearnerOverview } from "../../server/services/catalog/learner-overview";
import { withLocks } from "../../server/services/catalog/lesson-summaries";
import { listLibrary } from "../../server/services/catalog/library";
import { getLibraryFilterOptionsForPage } from "../../server/services/catalog/library-filters";
import { parseLibraryParams } from "../../server/services/catalog/library-params";
import { countPublishedVideos } from "../../server/services/catalog/stats";
import { indexVideo, rebuildSearchIndex, searchLessons } from "../../server/services/search";
import {
  createCatalogCategory,
  createCatalogCountry,
  createCatalogTeacher,
  createLesson,
  setLessonProgress,
} from "../fixtures/catalog";
import { createUser, testApp, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let fixture: Awaited<ReturnType<typeof seedLibrary>>;

/** Five published lessons (and a draft) in one topic of their own, so other test data never shows up. */
async function seedLibrary() {
  const syria = await createCatalogCountry(ctx, { name: "Syria", dialect: "Damascene" });
  const lebanon = await createCatalogCountry(ctx, { name: "Lebanon", dialect: "Beiruti" });
  const rami = await createCatalogTeacher(ctx, { name: "Rami" });
  const maya = await createCatalogTeacher(ctx, { name: "Maya" });
  const topic = await createCatalogCategory(ctx, { name: "Library test" });
  const food = await createCatalogCategory(ctx, { name: "Food" });

  const coffee = await createLesson(ctx, {
    title: "Coffee talk",
    titleAr: "حديث القهوة",
    level: "beginner",
    durationSeconds: 45,
    isFree: true,
    viewsCount: 500,
    publishedAt: daysAgo(10),
    countryId: syria.id,
    teacherIds: [rami.id],
    categoryIds: [topic.id, food.id],
    cues: [
      { arabic: "صباح الخير!", transliteration: "sabaaħ il-kheer!", english: "Good morning!", startMs: 0 },
      {
        arabic: "بدّي فنجان قَهْوة، لو سمحت.",
        transliteration: "baddi finjaan ʔahwe, law samaħt.",
        english: "I'd like a cup of coffee, please.",
        startMs: 12_500,
      },
    ],
  });
  const greetings = await createLesson(ctx, {
    title: "Greetings",
    titleAr: "التحيّات",
    level: "beginner",
    durationSeconds: 150,
    viewsCount: 900,
    publishedAt: daysAgo(5),
    countryId: syria.id,
    teacherIds: [maya.id],
    categoryIds: [topic.id],
    cues: [
      { arabic: "مرحبا! كِيفَك؟", transliteration: "marħaba! kiifak?", english: "Hi! How are you?", startMs: 0 },
      {
        arabic: "يا حبيبي، شو أخبارك؟",
        transliteration: "ya ħabiibi, shuu ʔakhbaarak?",
        english: "My dear, what's new with you?",
        startMs: 4_200,
      },
    ],
  });
  const school = await createLesson(ctx, {
    title: "A school morning",
    titleAr: "صبحية بالمدرسة",
    level: "intermediate",
    durationSeconds: 400,
    viewsCount: 100,
    publishedAt: daysAgo(2),
    countryId: lebanon.id,
    teacherIds: [rami.id],
    categoryIds: [topic.id],
    cues: [
      {
        arabic: "رحت على المدرسة بكّير.",
        transliteration: "riħt ʕala l-madrase bakkiir.",
        english: "I went to school early.",
        startMs: 61_000,
      },
      { arabic: "إنتَ أكلت؟", transliteration: "ʔinta ʔakalt?", english: "Did you eat?", startMs: 65_000 },
    ],
  });
  const longChat = await createLesson(ctx, {
    title: "A long evening chat",
    level: "advanced",
    durationSeconds: 900,
    isFree: true,
    viewsCount: 50,
    publishedAt: daysAgo(1),
    countryId: lebanon.id,
    teacherIds: [maya.id],
    categoryIds: [topic.id],
    cues: [{ arabic: "هلّأ منحكي عن الطقس.", transliteration: "hallaʔ minħki ʕan iT-Ta2s.", startMs: 3_000 }],
  });
  const zebra = await createLesson(ctx, {
    title: "Zebrafish and unicorns",
    description:
      "A short clip about a walk through a pomegranate orchard outside the city, with the words you need to describe fruit trees and the smell of the harvest.",
    level: "intermediate",
    durationSeconds: 30,
    viewsCount: 300,
    publishedAt: daysAgo(20),
    countryId: syria.id,
    categoryIds: [topic.id],
  });
  const draft = await createLesson(ctx, {
    title: "Draft about coffee",
    isPublished: false,
    categoryIds: [topic.id],
    cues: [{ arabic: "قهوة قهوة قهوة", transliteration: "ʔahwe", english: "coffee", startMs: 1_000 }],
  });
  for (const lesson of [coffee, greetings, school, longChat, zebra, draft])
    await indexVideo(ctx, { lessonId: lesson.id });
  return { syria, lebanon, rami, maya, topic, food, coffee, greetings, school, longChat, zebra, draft };
}

beforeAll(async () => {
  fixture = await seedLibrary();
});

/** The library restricted to the fixture's own topic. */
function query(values: Partial<LibraryQuery> = {}): LibraryQuery {
  return { ...EMPTY_LIBRARY_QUERY, category: fixture.topic.slug, ...values };
}

async function titles(values: Partial<LibraryQuery> = {}, access: LessonAccessFacts = VISITOR_ACCESS) {
  const page = await listLibrary(ctx, { query: query(values), identity: access });
  return page.items.map((item) => item.title);
}

const fromParams = (search: string) => parseLibraryParams(new URLSearchParams(search));

describe("library query string", () => {
  it("reads every parameter", () => {
    expect(
      fromParams(
        "q=+kifak++ya+7abibi&level=beginner&level=advanced&category=food&teacher=rami-haddad&country=SY&duration=1-3&free=1&status=in-progress&sort=popular&page=3",
      ),
    ).toEqual({
      q: "kifak ya 7abibi",
      levels: ["beginner", "advanced"],
      category: "food",
      teacher: "rami-haddad",
      country: "sy",
      duration: "1-3",
      freeOnly: true,
      status: "in-progress",
      sort: "popular",
      page: 3,
    });
  });

  it("drops unknown and malformed values instead of failing", () => {
    expect(
      fromParams(
        "level=expert&level=Intermediate&level=&category=%3Cscript%3E&teacher=a%20b&country=&duration=forever&free=maybe&status=done&sort=random&page=-4",
      ),
    ).toEqual({ ...EMPTY_LIBRARY_QUERY, levels: ["intermediate"] });
    expect(fromParams("page=abc").page).toBe(1);
    expect(fromParams("page=2.5").page).toBe(1);
    expect(fromParams("page=100000").page).toBe(20);
    expect(fromParams(`q=${"a".repeat(120)}`).q).toHaveLength(120);
    expect(fromParams(`q=${"a   b ".repeat(30)}`).q).toHaveLength(119); // runs of spaces count as one
    // The one value refused rather than dropped: a search over its maximum says so (docs/product-rules.md#search).
    expect(() => fromParams(`q=${"a".repeat(121)}`)).toThrow(/120 characters or fewer/);
    expect(fromParams("level=beginner,advanced").levels).toEqual(["beginner", "advanced"]);
  });
});

describe("listLibrary filters", () => {
  it("lists published lessons only, newest first by default", async () => {
    expect(await titles()).toEqual([
      "A long evening chat",
      "A school morning",
      "Greetings",
      "Coffee talk",
      "Zebrafish and unicorns",
    ]);
  });

  it("combines level, length, dialect, teacher, topic and free filters", async () => {
    expect(await titles({ levels: ["beginner"] })).toEqual(["Greetings", "Coffee talk"]);
    expect(await titles({ levels: ["beginner"], duration: "under-1" })).toEqual(["Coffee talk"]);
    expect(await titles({ levels: ["beginner", "intermediate"], country: fixture.syria.code.toLowerCase() })).toEqual([
      "Greetings",
      "Coffee talk",
      "Zebrafish and unicorns",
    ]);
    expect(await titles({ teacher: fixture.rami.slug, freeOnly: true })).toEqual(["Coffee talk"]);
    expect(await titles({ freeOnly: true, levels: ["advanced"] })).toEqual(["A long evening chat"]);
    expect(await titles({ duration: "3-10" })).toEqual(["A school morning"]);
    expect(await titles({ duration: "10-plus" })).toEqual(["A long evening chat"]);
    expect(await titles({ duration: "1-3", teacher: fixture.maya.slug })).toEqual(["Greetings"]);
    expect(await titles({ category: fixture.food.slug })).toEqual(["Coffee talk"]);
    expect(await titles({ levels: ["advanced"], duration: "under-1" })).toEqual([]);
  });

  // "YY": no sample country starts with Y (tests/fixtures/admin-samples.ts), and files share one database.
  it("ignores a teacher, topic or dialect that does not exist, and says so in the applied query", async () => {
    const page = await listLibrary(ctx, { query: query({ teacher: "nobody-at-all", country: "yy" }) });
    expect(page.total).toBe(5);
    expect(page.query.teacher).toBeNull();
    expect(page.query.country).toBeNull();
    expect(page.query.category).toBe(fixture.topic.slug);
  });

  it("counts lessons per level with the other filters applied", async () => {
    const page = await listLibrary(ctx, { query: query({ duration: "under-1", levels: ["beginner"] }) });
    expect(page.total).toBe(1);
    expect(page.levelCounts).toEqual({ beginner: 1, intermediate: 1, advanced: 0 });
  });

  it("carries teachers, dialect, signed thumbnails and the free flag on each lesson", async () => {
    const page = await listLibrary(ctx, { query: query({ levels: ["beginner"], duration: "under-1" }) });
    const [lesson] = page.items;
    expect(lesson).toMatchObject({
      title: "Coffee talk",
      titleAr: "حديث القهوة",
      isFree: true,
      durationSeconds: 45,
      level: "beginner",
      teachers: [{ name: "Rami" }],
      country: { name: "Syria", dialect: "Damascene" },
      progress: null,
      match: null,
    });
    expect(lesson!.thumbnailUrl).toBeNull();
  });
});

describe("listLibrary sorting and pages", () => {
  it("sorts by popularity and by length", async () => {
    expect(await titles({ sort: "popular" })).toEqual([
      "Greetings",
      "Coffee talk",
      "Zebrafish and unicorns",
      "A school morning",
      "A long evening chat",
    ]);
    expect(await titles({ sort: "shortest" })).toEqual([
      "Zebrafish and unicorns",
      "Coffee talk",
      "Greetings",
      "A school morning",
      "A long evening chat",
    ]);
    // Relevance means nothing without a search: newest instead.
    expect(await titles({ sort: "relevance" })).toEqual(await titles());
  });

  it("renders pages 1..n, says whether there is more, and clamps a page past the end", async () => {
    const first = await listLibrary(ctx, { query: query({ sort: "shortest" }), pageSize: 2 });
    expect(first.items.map((item) => item.title)).toEqual(["Zebrafish and unicorns", "Coffee talk"]);
    expect(first).toMatchObject({ total: 5, pageCount: 3, hasMore: true });

    const second = await listLibrary(ctx, { query: query({ sort: "shortest", page: 2 }), pageSize: 2 });
    expect(second.items.map((item) => item.title)).toEqual([
      "Zebrafish and unicorns",
      "Coffee talk",
      "Greetings",
      "A school morning",
    ]);
    expect(second.hasMore).toBe(true);

    const past = await listLibrary(ctx, { query: query({ sort: "shortest", page: 17 }), pageSize: 2 });
    expect(past.query.page).toBe(3);
    expect(past.items).toHaveLength(5);
    expect(past.hasMore).toBe(false);
  });
});

describe("locks and progress", () => {
  it("locks every lesson for visitors, premium ones for members without a subscription", async () => {
    const visitor = await listLibrary(ctx, { query: query() });
    expect(visitor.items.every((item) => item.locked)).toBe(true);

    const user = await createUser();
    const access = await createViewer(ctx, user).access();
    expect(access).toMatchObject({ signedIn: true, hasSubscription: false, userId: user.id });
    const member = await listLibrary(ctx, { query: query(), identity: access });
    const locked = Object.fromEntries(member.items.map((item) => [item.title, item.locked]));
    expect(locked).toEqual({
      "A long evening chat": false,
      "A school morning": true,
      Greetings: true,
      "Coffee talk": false,
      "Zebrafish and unicorns": true,
    });

    const subscriber = await listLibrary(ctx, {
      query: query(),
      identity: { signedIn: true, hasSubscription: true, userId: user.id },
    });
    expect(subscriber.items.some((item) => item.locked)).toBe(false);

    // The page lists with the member alone and sets the locks once the subscription is known.
    const early = await listLibrary(ctx, { query: query(), identity: memberWithoutAccess(user) });
    expect(early.items.map((item) => item.locked)).toEqual(member.items.map((item) => item.locked));
    const relocked = withLocks(early.items, { signedIn: true, hasSubscription: true, userId: user.id });
    expect(relocked.some((item) => item.locked)).toBe(false);
    expect(withLocks(early.items, VISITOR_ACCESS).every((item) => item.locked)).toBe(true);
  });

  it("filters by the learner's progress and shows it on each lesson", async () => {
    const user = await createUser();
    const access: LessonAccessFacts = { signedIn: true, hasSubscription: true, userId: user.id };
    await setLessonProgress(ctx, {
      userId: user.id,
      videoId: fixture.coffee.id,
      positionSeconds: 45,
      watchedSeconds: 50,
      completed: true,
      at: daysAgo(3),
    });
    await setLessonProgress(ctx, {
      userId: user.id,
      videoId: fixture.greetings.id,
      positionSeconds: 30,
      watchedSeconds: 40,
      at: daysAgo(2),
    });
    await setLessonProgress(ctx, {
      userId: user.id,
      videoId: fixture.school.id,
      positionSeconds: 100,
      watchedSeconds: 110,
      at: daysAgo(1),
    });

    expect(await titles({ status: "completed" }, access)).toEqual(["Coffee talk"]);
    expect(await titles({ status: "in-progress" }, access)).toEqual(["A school morning", "Greetings"]);
    expect(await titles({ status: "unwatched" }, access)).toEqual(["A long evening chat", "Zebrafish and unicorns"]);
    expect(await titles({ status: "in-progress", levels: ["beginner"] }, access)).toEqual(["Greetings"]);
    // Visitors have no progress: the filter is dropped.
    const visitor = await listLibrary(ctx, { query: query({ status: "completed" }) });
    expect(visitor.total).toBe(5);
    expect(visitor.query.status).toBeNull();

    const page = await listLibrary(ctx, { query: query(), identity: access });
    const progress = Object.fromEntries(page.items.map((item) => [item.title, item.progress]));
    expect(progress["Coffee talk"]).toEqual({ positionSeconds: 45, percent: 100, completed: true });
    expect(progress.Greetings).toEqual({ positionSeconds: 30, percent: 20, completed: false });
    expect(progress["A long evening chat"]).toBeNull();

    const overview = await getLearnerOverview(ctx, { access });
    expect(overview!.continueWatching.map((item) => item.title)).toEqual(["A school morning", "Greetings"]);
    expect(overview!.continueWatching[0]!.progress).toEqual({ positionSeconds: 100, percent: 25, completed: false });
    expect(overview!.watchedSeconds).toBe(200);
    expect(overview!.completedCount).toBe(1);
    expect(await getLearnerOverview(ctx, { access: VISITOR_ACCESS })).toBeNull();
  });

  it("lists with the member still being looked up, and shows their progress once known", async () => {
    const user = await createUser();
    await setLessonProgress(ctx, { userId: user.id, videoId: fixture.coffee.id, positionSeconds: 45, completed: true });
    const access: LessonAccessFacts = { signedIn: true, hasSubscription: true, userId: user.id };
    let release!: (access: LessonAccessFacts) => void;
    const pending = listLibrary(ctx, { query: query(), identity: new Promise((resolve) => (release = resolve)) });
    release(access);
    const page = await pending;
    expect(page.items.find((item) => item.title === "Coffee talk")?.progress?.completed).toBe(true);
    // A filter on the member's own progress waits for them, and applies.
    const completed = await listLibrary(ctx, {
      query: query({ status: "completed" }),
      identity: Promise.resolve(access),
    });
    expect(completed.items.map((item) => item.title)).toEqual(["Coffee talk"]);
    expect(completed.query.status).toBe("completed");
  });
});

describe("the library's filter choices for a page", () => {
  it("are kept until the catalogue changes (a page-cache purge), then read again", async () => {
    await bumpPageCache(ctx);
    const before = await getLibraryFilterOptionsForPage(ctx);
    const added = await createCatalogTeacher(ctx, { name: "Nadia" });
    // No purge yet: the same choices, without reading D1 again.
    expect(await getLibraryFilterOptionsForPage(ctx)).toBe(before);
    expect(before.teachers.some((teacher) => teacher.slug === added.slug)).toBe(false);
    // Every change in the admin area purges the page cache, and with it these.
    await bumpPageCache(ctx);
    const after = await getLibraryFilterOptionsForPage(ctx);
    expect(after.teachers.some((teacher) => teacher.slug === added.slug)).toBe(true);
    expect(after.freeLessons).toBe(await countPublishedVideos(ctx, { freeOnly: true }));
  });
});

describe("search", () => {
  async function found(q: string) {
    return (await searchLessons(ctx, { query: q, limit: 50 })).filter((result) =>
      [
        fixture.coffee.id,
        fixture.greetings.id,
        fixture.school.id,
        fixture.longChat.id,
        fixture.zebra.id,
        fixture.draft.id,
      ].includes(result.videoId),
    );
  }

  async function expectCue(q: string, videoId: number, startMs: number) {
    const results = await found(q);
    const hit = results.find((result) => result.videoId === videoId);
    expect(hit, `"${q}" should find lesson ${videoId}`).toBeDefined();
    expect(hit!.match.kind).toBe("cue");
    expect(hit!.match.startMs).toBe(startMs);
    return hit!;
  }

  it("finds Arabic with and without tashkeel, and never a draft", async () => {
    const plain = await expectCue("قهوة", fixture.coffee.id, 12_500);
    expect(plain.match.cue).toMatchObject({
      arabic: "بدّي فنجان قَهْوة، لو سمحت.",
      transliteration: "baddi finjaan ʔahwe, law samaħt.",
      english: "I'd like a cup of coffee, please.",
    });
    await expectCue("قَهْوة", fixture.coffee.id, 12_500);
    await expectCue("قَهْوَةٌ", fixture.coffee.id, 12_500);
    expect((await found("قهوة")).some((result) => result.videoId === fixture.draft.id)).toBe(false);
  });

  it("folds taa marbuta, hamza and alef variants and the article", async () => {
    await expectCue("قهوه", fixture.coffee.id, 12_500);
    await expectCue("مدرسة", fixture.school.id, 61_000);
    await expectCue("مدرسه", fixture.school.id, 61_000);
    await expectCue("المدرسة", fixture.school.id, 61_000);
    await expectCue("انت", fixture.school.id, 65_000);
    await expectCue("أنت", fixture.school.id, 65_000);
    await expectCue("إنتِ", fixture.school.id, 65_000);
    await expectCue("هلا", fixture.longChat.id, 3_000);
  });

  it("finds romanised and Arabizi spellings alike", async () => {
    await expectCue("kiifak", fixture.greetings.id, 0);
    await expectCue("kifak", fixture.greetings.id, 0);
    await expectCue("keefak", fixture.greetings.id, 0);
    await expectCue("7abibi", fixture.greetings.id, 4_200);
    await expectCue("habibi", fixture.greetings.id, 4_200);
    await expectCue("2ahwe", fixture.coffee.id, 12_500);
    await expectCue("ahwe", fixture.coffee.id, 12_500);
    await expectCue("ʔahwe", fixture.coffee.id, 12_500);
    await expectCue("halla2", fixture.longChat.id, 3_000);
  });

  it("finds English words, prefixes while typing, and several words at once", async () => {
    await expectCue("coffee", fixture.coffee.id, 12_500);
    await expectCue("Coffee, please", fixture.coffee.id, 12_500);
    await expectCue("kif", fixture.greetings.id, 0);
    await expectCue("finjaan ahw", fixture.coffee.id, 12_500);
    expect(await found("finjaan kifak")).toEqual([]);
  });

  it("matches titles and descriptions too, and says which", async () => {
    const [title] = await found("zebrafish");
    expect(title).toMatchObject({ videoId: fixture.zebra.id, match: { kind: "title", startMs: null, cue: null } });
    const [description] = await found("pomegranate");
    expect(description).toMatchObject({ videoId: fixture.zebra.id, match: { kind: "description", startMs: null } });
  });

  it("treats FTS syntax in a query as plain text", async () => {
    for (const q of [
      "foo AND",
      '"',
      "*",
      "NEAR(",
      "kifak OR",
      "title:kifak",
      "-kifak",
      "(((",
      "'; DROP TABLE videos; --",
      "^",
      'a:b*c"d',
      "AND OR NOT",
    ]) {
      await expect(searchLessons(ctx, { query: q }), q).resolves.toBeInstanceOf(Array);
      await expect(listLibrary(ctx, { query: query({ q }) }), q).resolves.toHaveProperty("items");
    }
    expect((await found("kifak OR")).map((result) => result.videoId)).toEqual([]);
    expect(await searchLessons(ctx, { query: "   " })).toEqual([]);
  });

  it("combines with filters, links to the moment and marks the matching words", async () => {
    const subscriber: LessonAccessFacts = { signedIn: true, hasSubscription: true, userId: null };
    const page = await listLibrary(ctx, { query: query({ q: "قهوة" }), identity: subscriber });
    expect(page.searched).toBe(true);
    expect(page.sort).toBe("relevance");
    expect(page.items.map((item) => item.title)).toEqual(["Coffee talk"]);
    const match = page.items[0]!.match;
    expect(match).toMatchObject({ kind: "cue", startSeconds: 12 });
    if (match?.kind !== "cue") throw new Error("expected a cue match");
    expect(match.arabic.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(["قَهْوة"]);
    expect(match.arabic.map((segment) => segment.text).join("")).toBe("بدّي فنجان قَهْوة، لو سمحت.");
    // An Arabic query marks Arabic words; the English line is shown as is.
    expect(match.english.some((segment) => segment.match)).toBe(false);
    expect(page.items[0]!.titleHighlight!.titleAr.find((segment) => segment.match)?.text).toBe("القهوة");

    expect(await titles({ q: "kifak", levels: ["intermediate"] })).toEqual([]);
    expect(await titles({ q: "kifak", levels: ["beginner"] })).toEqual(["Greetings"]);
    expect(await titles({ q: "ahwe", freeOnly: true, duration: "under-1" })).toEqual(["Coffee talk"]);
    const counted = await listLibrary(ctx, { query: query({ q: "kifak" }) });
    expect(counted.total).toBe(1);
    expect(counted.levelCounts).toEqual({ beginner: 1, intermediate: 0, advanced: 0 });
  });

  it("shows a matching line only to viewers who may watch the lesson; others get its time alone", async () => {
    const freeMember: LessonAccessFacts = { signedIn: true, hasSubscription: false, userId: null };
    const subscriber: LessonAccessFacts = { signedIn: true, hasSubscription: true, userId: null };
    const matchFor = async (q: string, access: LessonAccessFacts) =>
      (await listLibrary(ctx, { query: query({ q }), identity: access })).items[0]!.match;
    // "Greetings" is premium: its line is the subscriber's only.
    expect(await matchFor("kifak", subscriber)).toMatchObject({ kind: "cue" });
    for (const access of [VISITOR_ACCESS, freeMember]) {
      const match = await matchFor("kifak", access);
      expect(match?.kind).toBe("locked-cue");
      expect(JSON.stringify(match)).not.toMatch(/kifak|كيفك/i);
    }
    // "Coffee talk" is free: members see the line, visitors (every lesson locked for them) its time only.
    expect(await matchFor("قهوة", freeMember)).toMatchObject({ kind: "cue", startSeconds: 12 });
    expect(await matchFor("قهوة", VISITOR_ACCESS)).toEqual({ kind: "locked-cue", startSeconds: 12 });
    // The locks may wait for the subscription lookup; the line follows the final access, not the first guess.
    const late = await listLibrary(ctx, {
      query: query({ q: "kifak" }),
      identity: freeMember,
      access: Promise.resolve(subscriber),
    });
    expect(late.items[0]!.match).toMatchObject({ kind: "cue" });
  });

  it("re-indexes one lesson after its transcript changes", async () => {
    const lesson = await createLesson(ctx, {
      cues: [{ arabic: "زيتون", transliteration: "zeetuun", english: "olives", startMs: 2_000 }],
    });
    await indexVideo(ctx, { lessonId: lesson.id });
    expect((await searchLessons(ctx, { query: "zeetuun" })).map((result) => result.videoId)).toContain(lesson.id);
    await ctx.db
      .update(transcriptCues)
      .set({ transliteration: "mishmish", english: "apricots", arabic: "مشمش" })
      .where(eq(transcriptCues.lessonId, lesson.id));
    await indexVideo(ctx, { lessonId: lesson.id });
    expect((await searchLessons(ctx, { query: "zeetuun" })).map((result) => result.videoId)).not.toContain(lesson.id);
    expect((await searchLessons(ctx, { query: "مشمش" })).map((result) => result.videoId)).toContain(lesson.id);
  });

  it("rebuilds the whole index from the lessons", async () => {
    const result = await rebuildSearchIndex(ctx);
    expect(result.videos).toBeGreaterThanOrEqual(6);
    await expectCue("7abibi", fixture.greetings.id, 4_200);
    await expectCue("مدرسة", fixture.school.id, 61_000);
  });
});

describe("GET /api/library", () => {
  const app = testApp();

  it("answers the same filters as JSON and ignores bad values", async () => {
    const response = await app.request(
      `/api/library?category=${fixture.topic.slug}&level=beginner&level=bogus&sort=nope&page=zero&duration=x&free=`,
      {},
      testEnv,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { total: number; items: Array<{ title: string; locked: boolean }> };
    };
    expect(body.data.total).toBe(2);
    expect(body.data.items.map((item) => item.title)).toEqual(["Greetings", "Coffee talk"]);
    expect(body.data.items.every((item) => item.locked)).toBe(true);
  });

  it("searches with any input", async () => {
    for (const q of ["NEAR(", '"', "kifak", ""]) {
      const response = await app.request(`/api/library/search?q=${encodeURIComponent(q)}&limit=abc`, {}, testEnv);
      expect(response.status).toBe(200);
    }
  });
});
