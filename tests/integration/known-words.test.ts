import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMPTY_LIBRARY_QUERY } from "../../core/library-query";
import { Rating } from "../../core/fsrs";
import { KNOWN_STABILITY_DAYS, type LessonKnowledge } from "../../core/words/knowledge";
import {
  cueTokens,
  lemmas,
  lessonLemmas,
  memberLemmas,
  transcriptCues,
  users,
  videoCategories,
  videoVocabulary,
  vocabularyListItems,
  vocabularyReviewStates,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { listLibrary } from "../../server/services/catalog/library";
import { reviewSavedWord, undoLastReview } from "../../server/services/flashcards";
import { getForYou } from "../../server/services/recommendations";
import { getOrCreateDefaultList } from "../../server/services/vocabulary-save";
import {
  getKnownWordsReport,
  getLessonKnowledge,
  getLessonsKnowledge,
  markRestKnown,
} from "../../server/services/words/known";
import { createCatalogCategory, createLesson, uniqueTag } from "../fixtures/catalog";
import { call, createUser, json, member, testEnv } from "./helpers";

// What the learner knows (server/services/words/known.ts, docs/words.md "What the learner knows"): saving makes
// a lemma "learning", FSRS at 21 days "known", "mark the rest as known" and its exact undo, "% known" of
// lessons, the library's sort and "right for me" filter, "For you", /progress's weeks, and who may call the
// new routes. Every lemma, lesson and member here is this file's own.

const ctx = createAppContext(testEnv);
const at = (iso: string) => new Date(iso);

/** A lemma of our own: a random key and an Arabic word of random letters, so no other file's rows match it. */
async function lemma(arabic = randomArabic(), partOfSpeech = "noun") {
  const [row] = await ctx.db
    .insert(lemmas)
    .values({
      key: `k-${uniqueTag()}`,
      arabic,
      arabicPlain: arabic,
      transliteration: "x",
      partOfSpeech,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: lemmas.id });
  return row!.id;
}

const LETTERS = [..."بتثجحخدذرزسشصضطظعغفقكلمن"];
function randomArabic(length = 7) {
  return Array.from({ length }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join("");
}

async function lemmasOf(count: number) {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await lemma());
  return ids;
}

/** A published lesson whose lemma set (`lesson_lemmas`) is these lemmas. */
async function lessonOf(
  lemmaIds: number[],
  input: Parameters<typeof createLesson>[1] = {},
): Promise<Awaited<ReturnType<typeof createLesson>>> {
  const lesson = await createLesson(ctx, { isFree: true, ...input });
  if (lemmaIds.length > 0)
    await ctx.db.insert(lessonLemmas).values(lemmaIds.map((lemmaId) => ({ lessonId: lesson.id, lemmaId })));
  return lesson;
}

type Status = "learning" | "known" | "ignored";
async function setStatus(userId: number, lemmaId: number, status: Status, knownAt: Date | null = null) {
  const now = new Date();
  await ctx.db
    .insert(memberLemmas)
    .values({ userId, lemmaId, status, knownAt, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [memberLemmas.userId, memberLemmas.lemmaId],
      set: { status, knownAt, batchId: null, previousStatus: null },
    });
}

async function statusOf(userId: number, lemmaId: number) {
  const [row] = await ctx.db
    .select({ status: memberLemmas.status, knownAt: memberLemmas.knownAt })
    .from(memberLemmas)
    .where(and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, lemmaId)));
  return row ?? null;
}

async function rowsOf(userId: number) {
  return ctx.db.select().from(memberLemmas).where(eq(memberLemmas.userId, userId)).orderBy(memberLemmas.lemmaId);
}

const figure = (knowledge: LessonKnowledge | null | undefined) =>
  knowledge ? { known: knowledge.known, counted: knowledge.counted, percent: knowledge.percent } : null;

describe("saving a word makes its lemma learning", () => {
  it("from a lesson line (the token as tapped), typed by hand (the lexicon) and from the lesson's vocabulary", async () => {
    const friend = await lemma("صاحب");
    const [tapped, typed, listed, alreadyKnown] = [friend, await lemma(), await lemma(), await lemma()];
    const lesson = await createLesson(ctx, { isFree: true, cues: [{ arabic: "مرحبا يا صاحبي", startMs: 0 }] });
    const [cue] = await ctx.db.select().from(transcriptCues).where(eq(transcriptCues.lessonId, lesson.id));
    await ctx.db.insert(cueTokens).values({
      cueId: cue!.id,
      lessonId: lesson.id,
      position: 2,
      surface: "صاحبي",
      lemmaId: tapped,
      stem: "صاحب",
      source: "seed",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const [listedWord] = await ctx.db.select({ arabic: lemmas.arabic }).from(lemmas).where(eq(lemmas.id, listed));
    await ctx.db.insert(videoVocabulary).values({
      videoId: lesson.id,
      arabic: `${listedWord!.arabic}ً`, // with a tanween: found all the same
      english: "listed",
      lemmaId: listed,
    });
    const learner = await member();
    await setStatus(learner.id, alreadyKnown, "known", at("2026-01-01T00:00:00Z"));

    const save = (arabic: string, cueId?: number) =>
      call(`/api/lessons/${lesson.id}/words`, { token: learner.token, json: { arabic, ...(cueId ? { cueId } : {}) } });
    expect((await save("صاحبي", cue!.id)).status).toBe(201);
    expect(await statusOf(learner.id, tapped)).toEqual({ status: "learning", knownAt: null });
    expect((await save(listedWord!.arabic)).status).toBe(201);
    expect((await statusOf(learner.id, listed))?.status).toBe("learning");

    // Typed by hand into a list: the lexicon's dictionary form.
    const [typedWord] = await ctx.db.select({ arabic: lemmas.arabic }).from(lemmas).where(eq(lemmas.id, typed));
    const list = await getOrCreateDefaultList(ctx, { userId: learner.id });
    const added = await call(`/api/vocabulary/lists/${list.id}/items`, {
      token: learner.token,
      json: { arabic: typedWord!.arabic, transliteration: "", english: "typed" },
    });
    expect(added.status).toBe(201);
    expect((await statusOf(learner.id, typed))?.status).toBe("learning");

    // Known stays known; a word the lexicon lacks changes nothing.
    const [knownWord] = await ctx.db.select({ arabic: lemmas.arabic }).from(lemmas).where(eq(lemmas.id, alreadyKnown));
    expect((await save(knownWord!.arabic)).status).toBe(201);
    expect(await statusOf(learner.id, alreadyKnown)).toEqual({ status: "known", knownAt: at("2026-01-01T00:00:00Z") });
    const before = (await rowsOf(learner.id)).length;
    expect((await save(randomArabic(9))).status).toBe(201);
    expect((await rowsOf(learner.id)).length).toBe(before);
  });
});

describe("FSRS makes a saved word's lemma known at a stability of 21 days", () => {
  it("learning below the line, known at it (known_at = that answer), learning again when the answer is taken back", async () => {
    const word = randomArabic();
    const lemmaId = await lemma(word);
    const learner = await createUser();
    const list = await getOrCreateDefaultList(ctx, { userId: learner.id });
    const [item] = await ctx.db
      .insert(vocabularyListItems)
      .values({ listId: list.id, arabic: word, english: "a word", createdAt: new Date(), updatedAt: new Date() })
      .returning({ id: vocabularyListItems.id });
    // Saved before this feature: no status yet.
    expect(await statusOf(learner.id, lemmaId)).toBeNull();

    let clock = at("2026-03-02T09:00:00Z");
    const answer = async (rating: typeof Rating.Good | typeof Rating.Easy) => {
      const when = clock;
      const clocked = createAppContext(testEnv, { now: () => when });
      const result = await reviewSavedWord(clocked, {
        userId: learner.id,
        cardId: item!.id,
        rating,
        requestId: crypto.randomUUID(),
      });
      expect(result.applied).toBe(true);
      clock = new Date(result.state.due.getTime() + 60_000);
      return { stability: result.state.stability, when };
    };

    const first = await answer(Rating.Good);
    expect(first.stability).toBeLessThan(KNOWN_STABILITY_DAYS);
    expect(await statusOf(learner.id, lemmaId)).toEqual({ status: "learning", knownAt: null });

    let last = first;
    for (let answers = 0; last.stability < KNOWN_STABILITY_DAYS && answers < 20; answers += 1) {
      last = await answer(Rating.Easy);
      if (last.stability < KNOWN_STABILITY_DAYS) {
        expect(await statusOf(learner.id, lemmaId), `stability ${last.stability}`).toEqual({
          status: "learning",
          knownAt: null,
        });
      }
    }
    expect(last.stability).toBeGreaterThanOrEqual(KNOWN_STABILITY_DAYS);
    expect(await statusOf(learner.id, lemmaId)).toEqual({ status: "known", knownAt: last.when });

    // Taking that answer back (the review screen's undo) takes "known" back with it.
    const undoCtx = createAppContext(testEnv, { now: () => clock });
    const undone = await undoLastReview(undoCtx, { userId: learner.id, scope: { kind: "words" }, since: new Date(0) });
    expect(undone.undone).toBe(true);
    expect(await statusOf(learner.id, lemmaId)).toEqual({ status: "learning", knownAt: null });
    const [state] = await ctx.db
      .select({ stability: vocabularyReviewStates.stability })
      .from(vocabularyReviewStates)
      .where(eq(vocabularyReviewStates.itemId, item!.id));
    expect(state!.stability).toBeLessThan(KNOWN_STABILITY_DAYS);
  });

  it("a lapse never takes known back, and an ignored word stays ignored", async () => {
    const [knownWord, ignoredWord] = [randomArabic(), randomArabic()];
    const [knownLemma, ignoredLemma] = [await lemma(knownWord), await lemma(ignoredWord)];
    const learner = await createUser();
    const knownSince = at("2026-01-05T00:00:00Z");
    await setStatus(learner.id, knownLemma, "known", knownSince);
    await setStatus(learner.id, ignoredLemma, "ignored");
    const list = await getOrCreateDefaultList(ctx, { userId: learner.id });
    const items = await ctx.db
      .insert(vocabularyListItems)
      .values(
        [knownWord, ignoredWord].map((arabic) => ({
          listId: list.id,
          arabic,
          createdAt: new Date(),
          updatedAt: new Date(),
        })),
      )
      .returning({ id: vocabularyListItems.id });
    for (const item of items)
      await reviewSavedWord(ctx, {
        userId: learner.id,
        cardId: item.id,
        rating: Rating.Again,
        requestId: crypto.randomUUID(),
      });
    expect(await statusOf(learner.id, knownLemma)).toEqual({ status: "known", knownAt: knownSince });
    expect((await statusOf(learner.id, ignoredLemma))?.status).toBe("ignored");
  });
});

describe("“% known” of a lesson", () => {
  it("known ÷ every lemma but the ignored, rounded down; learning and new count as not known", async () => {
    const ids = await lemmasOf(10);
    const lesson = await lessonOf(ids);
    const learner = await member();
    for (const id of ids.slice(0, 6)) await setStatus(learner.id, id, "known", new Date());
    for (const id of ids.slice(6, 8)) await setStatus(learner.id, id, "learning");
    await setStatus(learner.id, ids[8]!, "ignored");

    const response = await call(`/api/lessons/${lesson.id}/known-words`, { token: learner.token });
    expect(response.status).toBe(200);
    const { data } = await json<{ data: { knowledge: LessonKnowledge; lastBatch: null } }>(response);
    expect(data).toEqual({
      knowledge: { lemmas: 10, known: 6, learning: 2, ignored: 1, new: 1, counted: 9, percent: 66 },
      lastBatch: null,
    });

    // The same figure on the lesson's library card, and nothing for a visitor.
    const topic = await createCatalogCategory(ctx);
    await ctx.db.insert(videoCategories).values({ videoId: lesson.id, categoryId: topic.id });
    const query = { ...EMPTY_LIBRARY_QUERY, category: topic.slug };
    const asMember = await listLibrary(ctx, {
      query,
      identity: { signedIn: true, hasSubscription: false, userId: learner.id },
    });
    expect(asMember.items.map((item) => figure(item.known))).toEqual([{ known: 6, counted: 9, percent: 66 }]);
    const asVisitor = await listLibrary(ctx, { query });
    expect(asVisitor.items.map((item) => item.known)).toEqual([null]);

    // A lesson with no words to count has no figure; everything ignored counts nothing.
    const empty = await lessonOf([]);
    const allIgnored = await lessonOf([ids[8]!]);
    const byLesson = await getLessonsKnowledge(ctx, { userId: learner.id, lessonIds: [empty.id, allIgnored.id] });
    expect(byLesson.get(empty.id)).toBeUndefined();
    expect(byLesson.get(allIgnored.id)?.percent).toBeNull();
  });
});

describe("mark the rest as known, and undo", () => {
  it("marks only the lemmas with no status, as one batch; the undo puts back exactly what was there", async () => {
    const [learningId, ignoredId, knownId, newA, newB] = await lemmasOf(5);
    const elsewhere = await lemma(); // not in the lesson: never touched
    const lesson = await lessonOf([learningId!, ignoredId!, knownId!, newA!, newB!]);
    const learner = await member();
    await setStatus(learner.id, learningId!, "learning");
    await setStatus(learner.id, ignoredId!, "ignored");
    await setStatus(learner.id, knownId!, "known", at("2026-02-01T00:00:00Z"));
    await setStatus(learner.id, elsewhere, "learning");
    const before = await rowsOf(learner.id);

    const marked = await call(`/api/lessons/${lesson.id}/known-words`, { method: "POST", token: learner.token });
    expect(marked.status).toBe(201);
    const { data } = await json<{ data: { batchId: string; marked: number; knowledge: LessonKnowledge } }>(marked);
    expect(data.marked).toBe(2);
    expect(data.batchId).toMatch(/^\d{12}$/);
    expect(figure(data.knowledge)).toEqual({ known: 3, counted: 4, percent: 75 });
    const after = await rowsOf(learner.id);
    const batchRows = after.filter((row) => row.batchId === data.batchId);
    expect(batchRows.map((row) => [row.lemmaId, row.status, row.previousStatus])).toEqual([
      [newA, "known", "new"],
      [newB, "known", "new"],
    ]);
    expect(batchRows.every((row) => row.knownAt instanceof Date)).toBe(true);
    expect(after.filter((row) => row.batchId !== data.batchId)).toEqual(before);

    // The lesson page offers the undo of that batch.
    const panel = await getLessonKnowledge(ctx, { userId: learner.id, lessonId: lesson.id });
    expect(panel.lastBatch).toEqual({ batchId: data.batchId, marked: 2 });

    // Nothing left to mark: 200, no batch.
    const again = await call(`/api/lessons/${lesson.id}/known-words`, { method: "POST", token: learner.token });
    expect(again.status).toBe(200);
    expect((await json<{ data: { batchId: null; marked: number } }>(again)).data).toMatchObject({
      batchId: null,
      marked: 0,
    });

    const undo = await call(`/api/lessons/${lesson.id}/known-words/${data.batchId}`, {
      method: "DELETE",
      token: learner.token,
    });
    expect(undo.status).toBe(200);
    const undone = await json<{ data: { restored: number; knowledge: LessonKnowledge } }>(undo);
    expect(undone.data.restored).toBe(2);
    expect(figure(undone.data.knowledge)).toEqual({ known: 1, counted: 4, percent: 25 });
    expect(await rowsOf(learner.id)).toEqual(before);
    expect((await getLessonKnowledge(ctx, { userId: learner.id, lessonId: lesson.id })).lastBatch).toBeNull();

    // Twice: nothing left to undo.
    const twice = await call(`/api/lessons/${lesson.id}/known-words/${data.batchId}`, {
      method: "DELETE",
      token: learner.token,
    });
    expect(twice.status).toBe(404);
  });

  it("a word the member set since the batch stays as they set it", async () => {
    const ids = await lemmasOf(3);
    const lesson = await lessonOf(ids);
    const learner = await createUser();
    const { batchId } = await markRestKnown(ctx, { userId: learner.id, lessonId: lesson.id });
    // Set one by one afterwards (what the popup's status does: the row leaves the batch).
    await setStatus(learner.id, ids[0]!, "learning");
    const undo = await call(`/api/lessons/${lesson.id}/known-words/${batchId}`, {
      method: "DELETE",
      token: (await member()).token,
    });
    expect(undo.status).toBe(404); // another member's batch is nothing of theirs
    const { undoMarkedKnown } = await import("../../server/services/words/known");
    const { restored } = await undoMarkedKnown(ctx, { userId: learner.id, lessonId: lesson.id, batchId: batchId! });
    expect(restored).toBe(2);
    expect((await rowsOf(learner.id)).map((row) => [row.lemmaId, row.status])).toEqual([[ids[0], "learning"]]);
  });
});

describe("who may call the knowledge routes", () => {
  it("a visitor gets 401, a member without a subscription 402 on a premium lesson, an unknown lesson 404", async () => {
    const ids = await lemmasOf(2);
    const premium = await lessonOf(ids, { isFree: false });
    const free = await lessonOf(ids, { isFree: true });
    const draft = await lessonOf(ids, { isPublished: false });
    const routes = (lessonId: number) =>
      [
        ["GET", `/api/lessons/${lessonId}/known-words`],
        ["POST", `/api/lessons/${lessonId}/known-words`],
        ["DELETE", `/api/lessons/${lessonId}/known-words/123456789012`],
      ] as const;
    const unsubscribed = await member();
    for (const [method, path] of routes(free.id)) {
      expect((await call(path, { method })).status, `${method} ${path} as a visitor`).toBe(401);
    }
    for (const [method, path] of routes(premium.id)) {
      expect((await call(path, { method, token: unsubscribed.token })).status, `${method} ${path}`).toBe(402);
    }
    for (const [method, path] of routes(draft.id)) {
      expect((await call(path, { method, token: unsubscribed.token })).status, `${method} ${path}`).toBe(404);
    }
    // The subscriber may; nothing of theirs was marked, so the undo of another number is a 404.
    const subscriber = await member({ subscribed: true });
    const [get, post, del] = routes(premium.id);
    expect((await call(get[1], { token: subscriber.token })).status).toBe(200);
    expect((await call(post[1], { method: "POST", token: subscriber.token })).status).toBe(201);
    expect((await call(del[1], { method: "DELETE", token: subscriber.token })).status).toBe(404);
    // A batch id that is no number is no batch.
    expect(
      (await call(`/api/lessons/${free.id}/known-words/not-a-batch`, { method: "DELETE", token: subscriber.token }))
        .status,
    ).toBe(404);
  });
});

describe("the library: sort by “% known” and “right for me”", () => {
  it("orders by the share known (no figure last) and keeps 80–95 % for “right for me”; a visitor gets neither", async () => {
    const ids = await lemmasOf(20);
    const topic = await createCatalogCategory(ctx);
    const learner = await createUser();
    for (const id of ids.slice(0, 19)) await setStatus(learner.id, id, "known", new Date());
    await setStatus(learner.id, ids[19]!, "ignored");
    const base = new Date("2300-01-01T00:00:00Z").getTime();
    const make = async (title: string, known: number, unknown: number, order: number, ignored = false) =>
      lessonOf([...ids.slice(0, known), ...(await lemmasOf(unknown)), ...(ignored ? [ids[19]!] : [])], {
        title,
        categoryIds: [topic.id],
        publishedAt: new Date(base + order * 60_000),
      });
    await make("Ninety", 9, 1, 1); // 9 of 10
    await make("Half", 5, 5, 2); // 5 of 10
    await make("All", 10, 0, 3, true); // 10 of 10 counted (the ignored one left out)
    await make("None", 0, 0, 4); // no words to count
    await make("Eighty", 4, 1, 5, true); // 4 of 5 counted
    await make("NinetyFive", 19, 1, 6); // 19 of 20: the band's top, included
    const viewer = { signedIn: true, hasSubscription: false, userId: learner.id };
    const titles = async (query: Partial<typeof EMPTY_LIBRARY_QUERY>, who?: typeof viewer) =>
      (
        await listLibrary(ctx, { query: { ...EMPTY_LIBRARY_QUERY, category: topic.slug, ...query }, identity: who })
      ).items.map((item) => [item.title, item.known?.percent ?? null]);

    expect(await titles({ sort: "known" }, viewer)).toEqual([
      ["All", 100],
      ["NinetyFive", 95],
      ["Ninety", 90],
      ["Eighty", 80],
      ["Half", 50],
      ["None", null],
    ]);
    // "Right for me", newest first.
    expect(await titles({ fit: true }, viewer)).toEqual([
      ["NinetyFive", 95],
      ["Eighty", 80],
      ["Ninety", 90],
    ]);
    const page = await listLibrary(ctx, {
      query: { ...EMPTY_LIBRARY_QUERY, category: topic.slug, fit: true, sort: "known" },
      identity: viewer,
    });
    expect(page.query).toMatchObject({ fit: true, sort: "known" });
    expect(page.sort).toBe("known");
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.title)).toEqual(["NinetyFive", "Ninety", "Eighty"]);

    // A visitor: no filter, newest first, no figures.
    const visitor = await listLibrary(ctx, {
      query: { ...EMPTY_LIBRARY_QUERY, category: topic.slug, fit: true, sort: "known" },
    });
    expect(visitor.query.fit).toBeUndefined();
    expect(visitor.query.sort).toBeNull();
    expect(visitor.sort).toBe("newest");
    expect(visitor.items.map((item) => [item.title, item.known])).toEqual([
      ["NinetyFive", null],
      ["Eighty", null],
      ["None", null],
      ["All", null],
      ["Half", null],
      ["Ninety", null],
    ]);
  });

  it("reads the query string: fit=1 and sort=known", async () => {
    const { parseLibraryParams } = await import("../../server/services/catalog/library-params");
    expect(parseLibraryParams(new URLSearchParams("fit=1&sort=known"))).toMatchObject({ fit: true, sort: "known" });
    const unsure = parseLibraryParams(new URLSearchParams("fit=maybe&sort=KNOWN"));
    expect([unsure.fit, unsure.sort]).toEqual([undefined, "known"]);
  });
});

describe("“For you” prefers lessons in the “right for me” band", () => {
  it("ranks the level suggestions by how near they are to 80–95 % known, newest first among equals", async () => {
    const learner = await createUser();
    await ctx.db.update(users).set({ level: "advanced" }).where(eq(users.id, learner.id));
    const ids = await lemmasOf(10);
    for (const id of ids.slice(0, 9)) await setStatus(learner.id, id, "known", new Date());
    // Far in the future: the newest advanced lessons whatever else the database holds.
    const base = new Date("2400-01-01T00:00:00Z").getTime() + Math.floor(Math.random() * 1e9);
    const lesson = (lemmaIds: number[], order: number) =>
      lessonOf(lemmaIds, { level: "advanced", publishedAt: new Date(base + order * 60_000) });
    const fits = await lesson(ids, 1); // 90 %: in the band
    const half = await lesson([...ids.slice(0, 5), ...(await lemmasOf(5))], 2); // 50 %
    const newest = await lesson(await lemmasOf(4), 3); // 0 %
    const items = await getForYou(ctx, { userId: learner.id, limit: 3 });
    expect(items.map((item) => [item.id, item.known?.percent ?? null])).toEqual([
      [fits.id, 90],
      [half.id, 50],
      [newest.id, 0],
    ]);
  });
});

describe("/progress: known words over time", () => {
  it("counts by status and the known lemmas week by week in the member's zone", async () => {
    const learner = await createUser();
    await ctx.db.update(users).set({ timeZone: "Asia/Beirut" }).where(eq(users.id, learner.id));
    const ids = await lemmasOf(6);
    // Monday 2026-03-16 in Beirut (UTC+2): a known_at of Sunday 22:30 UTC is already Monday there.
    await setStatus(learner.id, ids[0]!, "known", at("2025-06-01T00:00:00Z")); // long before the chart
    await setStatus(learner.id, ids[1]!, "known", at("2026-03-09T10:00:00Z")); // the week before last
    await setStatus(learner.id, ids[2]!, "known", at("2026-03-15T22:30:00Z")); // this week, in Beirut
    await setStatus(learner.id, ids[3]!, "known", at("2026-03-17T08:00:00Z")); // this week
    await setStatus(learner.id, ids[4]!, "learning");
    await setStatus(learner.id, ids[5]!, "ignored");
    const report = await getKnownWordsReport(ctx, { userId: learner.id, now: at("2026-03-18T12:00:00Z") });
    expect({ known: report.known, learning: report.learning, ignored: report.ignored }).toEqual({
      known: 4,
      learning: 1,
      ignored: 1,
    });
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks.slice(-3)).toEqual([
      { week: "2026-03-02", added: 0, total: 1 },
      { week: "2026-03-09", added: 1, total: 2 },
      { week: "2026-03-16", added: 2, total: 4 },
    ]);
    expect(report.weeks[0]).toEqual({ week: "2025-12-29", added: 0, total: 1 });
  });
});
