import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as lemmaRoute from "../../app/features/words/routes/lemma";
import * as lemmaByIdRoute from "../../app/features/words/routes/lemma-by-id";
import * as schema from "../../drizzle/schema";
import {
  cueTokens,
  lemmas,
  memberLemmas,
  transcriptCues,
  users,
  videos,
  vocabularyListItems,
  vocabularyReviewLogs,
  vocabularyReviewStates,
} from "../../drizzle/schema";
import { isRightForMe, KNOWN_STABILITY_DAYS } from "../../core/words/knowledge";
import { normalizeArabic } from "../../core/arabic";
import { DEMO_ACCOUNTS } from "../../seed/demo-content";
import { seedDemo } from "../../seed/seed-demo";
import { createAppContext } from "../../server/context";
import { hashPassword } from "../../server/lib/password";
import { createSession } from "../../server/services/auth";
import { getKnownWordsReport, getLessonsKnowledge } from "../../server/services/words/known";
import { call, json, member } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The word popup end to end at the server (docs/words.md "The popup"), on the demo catalogue as `npm start`
// seeds it: every word of every published lesson answers its meaning in that sentence; the status API and
// the transcript's tint for a member, a visitor and a wrong member; the lemma page.

const ctx = createAppContext(env);

interface TokenAnswer {
  word: string;
  found: boolean;
  token: { cueId: number; position: number; surface: string; gloss: string; source: string };
  breakdown: {
    prefixes: Array<{ form: string; kind: string; meaning: string; translit: string }>;
    stem: string;
    suffixes: Array<{ form: string; kind: string; meaning: string }>;
  };
  lemma: { id: number; key: string; arabic: string; meanings: string[] } | null;
  moment: { startMs: number; endMs: number };
  status: string;
  saved: boolean;
}

let learnerToken = "";
let learnerId = 0;

beforeAll(async () => {
  // The demo seed in this file's own database (vitest.config.ts OWN_DATABASE), with a cheap password hash.
  await seedDemo(drizzle(env.DB, { schema }), { passwordHash: (password) => hashPassword(password, 1000) });
  const learner = DEMO_ACCOUNTS.find((account) => account.key === "learner")!;
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, learner.email));
  learnerId = row!.id;
  learnerToken = (await createSession(ctx, { userId: learnerId })).token;
});

/** Every token of the published lessons, in lesson and line order. */
async function publishedTokens() {
  return ctx.db
    .select({
      lessonId: cueTokens.lessonId,
      cueId: cueTokens.cueId,
      position: cueTokens.position,
      surface: cueTokens.surface,
      startMs: transcriptCues.startMs,
      endMs: transcriptCues.endMs,
    })
    .from(cueTokens)
    .innerJoin(videos, eq(videos.id, cueTokens.lessonId))
    .innerJoin(transcriptCues, eq(transcriptCues.id, cueTokens.cueId))
    .where(eq(videos.isPublished, true))
    .orderBy(asc(cueTokens.lessonId), asc(transcriptCues.position), asc(cueTokens.position));
}

const lookupPath = (lessonId: number, word: string, cueId?: number, position?: number) => {
  const query = new URLSearchParams({ w: word });
  if (cueId !== undefined) query.set("cue", String(cueId));
  if (position !== undefined) query.set("i", String(position));
  return `/api/lessons/${lessonId}/words?${query}`;
};

async function lessonBySlug(slug: string) {
  const [lesson] = await ctx.db
    .select({ id: videos.id, slug: videos.slug, title: videos.title, isFree: videos.isFree })
    .from(videos)
    .where(eq(videos.slug, slug));
  return lesson!;
}

async function firstToken(lessonId: number) {
  const [token] = await ctx.db
    .select({
      cueId: cueTokens.cueId,
      position: cueTokens.position,
      surface: cueTokens.surface,
      lemmaId: cueTokens.lemmaId,
    })
    .from(cueTokens)
    .innerJoin(transcriptCues, eq(transcriptCues.id, cueTokens.cueId))
    .where(eq(cueTokens.lessonId, lessonId))
    .orderBy(asc(transcriptCues.position), asc(cueTokens.position))
    .limit(1);
  return token!;
}

describe("the demo learner's words (seed/seed-demo.ts)", () => {
  it("has reviewed their saved words and knows real shares of the lessons, some of it this week", async () => {
    const published = await ctx.db.select().from(videos).where(eq(videos.isPublished, true));
    const knowledge = await getLessonsKnowledge(ctx, { userId: learnerId, lessonIds: published.map(({ id }) => id) });
    const bySlug = new Map(published.map((lesson) => [lesson.slug, knowledge.get(lesson.id)!]));
    // The lesson they worked through is "right for them"; every published lesson has a figure, most a low one.
    expect(isRightForMe(bySlug.get("greetings-in-damascus")!)).toBe(true);
    expect(bySlug.get("ordering-coffee-in-beirut")!.percent).toBeGreaterThan(40);
    for (const [slug, figure] of bySlug) expect(figure.percent, slug).not.toBeNull();
    expect([...bySlug.values()].filter((figure) => figure.percent! < 40).length).toBeGreaterThan(10);

    // Each saved word has its FSRS state and the answers that led there; a stability of 21 days is known.
    const states = await ctx.db
      .select({ state: vocabularyReviewStates, arabic: vocabularyListItems.arabic })
      .from(vocabularyReviewStates)
      .innerJoin(vocabularyListItems, eq(vocabularyListItems.id, vocabularyReviewStates.itemId))
      .where(eq(vocabularyReviewStates.userId, learnerId));
    expect(states.length).toBe(8);
    const logs = await ctx.db.select().from(vocabularyReviewLogs).where(eq(vocabularyReviewLogs.userId, learnerId));
    expect(logs.length).toBe(states.reduce((sum, { state }) => sum + state.reps, 0));
    expect(states.filter(({ state }) => state.stability >= KNOWN_STABILITY_DAYS).length).toBe(4);

    const report = await getKnownWordsReport(ctx, { userId: learnerId, now: new Date() });
    expect(report.known).toBeGreaterThan(30);
    expect(report.learning).toBeGreaterThan(0);
    expect(report.ignored).toBeGreaterThan(0);
    expect(report.weeks.at(-1)!.added).toBeGreaterThan(0);
    expect(report.weeks.filter((week) => week.added > 0).length).toBeGreaterThan(5);
    const rows = await ctx.db.select().from(memberLemmas).where(eq(memberLemmas.userId, learnerId));
    for (const row of rows) expect(row.knownAt !== null, String(row.lemmaId)).toBe(row.status === "known");
  });
});

describe("the word lookup by token", () => {
  it("gives every word of every published demo lesson its meaning in that sentence, explained", async () => {
    const tokens = await publishedTokens();
    const lessons = new Set(tokens.map((token) => token.lessonId));
    expect(lessons.size).toBe(16);
    expect(tokens.length).toBeGreaterThan(600);

    const problems: string[] = [];
    const BATCH = 16;
    for (let start = 0; start < tokens.length; start += BATCH) {
      await Promise.all(
        tokens.slice(start, start + BATCH).map(async (token) => {
          const where = `lesson ${token.lessonId} line ${token.cueId} word ${token.position} (${token.surface})`;
          const response = await call(lookupPath(token.lessonId, token.surface, token.cueId, token.position), {
            token: learnerToken,
          });
          if (response.status !== 200) return problems.push(`${where}: ${response.status}`);
          const { data } = await json<{ data: TokenAnswer }>(response);
          if (!("token" in data)) return problems.push(`${where}: answered by the word alone`);
          if (!data.found || !data.token.gloss.trim()) problems.push(`${where}: no meaning in this sentence`);
          if (!data.lemma || data.lemma.meanings.length === 0) problems.push(`${where}: no lemma`);
          if (data.token.surface !== token.surface) problems.push(`${where}: another word (${data.token.surface})`);
          if (data.moment.startMs !== token.startMs || data.moment.endMs !== token.endMs)
            problems.push(`${where}: not its line's moment`);
          for (const piece of [...data.breakdown.prefixes, ...data.breakdown.suffixes]) {
            if (piece.kind === "other" || !piece.meaning) problems.push(`${where}: ${piece.form} unexplained`);
          }
          if (!data.breakdown.stem) problems.push(`${where}: no stem`);
        }),
      );
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("explains the pieces by their context: b- present on a verb, bi- before the article, the article's sound", async () => {
    const asked = ["بشوفك", "بالجامعة", "الشام", "هالبرد", "اسمي", "معي"].map(normalizeArabic);
    const answers = new Map<string, TokenAnswer>();
    for (const token of await publishedTokens()) {
      if (answers.has(token.surface) || !asked.includes(normalizeArabic(token.surface))) continue;
      const response = await call(lookupPath(token.lessonId, token.surface, token.cueId, token.position), {
        token: learnerToken,
      });
      answers.set(token.surface, (await json<{ data: TokenAnswer }>(response)).data);
    }
    const meanings = (surface: string) => {
      const answer = [...answers].find(([written]) => normalizeArabic(written) === normalizeArabic(surface))?.[1];
      expect(answer, surface).toBeDefined();
      return [...answer!.breakdown.prefixes, ...answer!.breakdown.suffixes].map((piece) => piece.meaning);
    };
    expect(meanings("بشوفك")).toEqual(["b- (present tense)", "-ak/-ik (you)"]);
    expect(meanings("بالجامعة")).toEqual(["bi- (in, with, by)", "il- (the)"]);
    expect(meanings("الشام")).toEqual(["il- (the)"]);
    expect(
      answers.get([...answers.keys()].find((w) => normalizeArabic(w) === "الشام")!)!.breakdown.prefixes[0]!.translit,
    ).toBe("ish-");
    expect(meanings("هالبرد")).toEqual(["ha- (this)", "il- (the)"]);
    expect(meanings("اسمي")).toEqual(["-i (my)"]);
    expect(meanings("معي")).toEqual(["-i (me)"]);
  });

  it("falls back to the lookup by the word when the line does not have it there, and checks its query", async () => {
    const lesson = await lessonBySlug("greetings-in-damascus");
    const other = await lessonBySlug("ordering-coffee-in-beirut");
    const token = await firstToken(lesson.id);
    const otherToken = await firstToken(other.id);
    const get = (path: string) => call(path, { token: learnerToken });

    const byWord = await json<{ data: Record<string, unknown> }>(await get(lookupPath(lesson.id, token.surface)));
    expect(byWord.data).toHaveProperty("entry");
    expect(byWord.data).not.toHaveProperty("token");
    // Another lesson's line, or another word at that place: the word alone.
    for (const path of [
      lookupPath(lesson.id, otherToken.surface, otherToken.cueId, otherToken.position),
      lookupPath(lesson.id, "بيت", token.cueId, token.position),
      lookupPath(lesson.id, token.surface, token.cueId, 499),
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect((await json<{ data: Record<string, unknown> }>(response)).data, path).not.toHaveProperty("token");
    }
    for (const path of [
      `/api/lessons/${lesson.id}/words?w=${encodeURIComponent(token.surface)}&cue=${token.cueId}`,
      `/api/lessons/${lesson.id}/words?w=${encodeURIComponent(token.surface)}&i=0`,
      lookupPath(lesson.id, token.surface, token.cueId, 500),
      `/api/lessons/${lesson.id}/words?w=${encodeURIComponent(token.surface)}&cue=x&i=0`,
      `/api/lessons/${lesson.id}/words?w=${encodeURIComponent(token.surface)}&cue=${token.cueId}&i=-1`,
    ]) {
      expect((await get(path)).status, path).toBe(422);
    }
  });

  it("answers a visitor 401 and a member without a subscription 402 on a premium lesson", async () => {
    const premium = await lessonBySlug("introducing-your-family");
    const free = await lessonBySlug("greetings-in-damascus");
    expect(premium.isFree).toBe(false);
    const token = await firstToken(premium.id);
    const path = lookupPath(premium.id, token.surface, token.cueId, token.position);
    expect((await call(path)).status).toBe(401);
    const freeMember = await member();
    expect((await call(path, { token: freeMember.token })).status).toBe(402);
    expect((await call(`/api/lessons/${premium.id}/word-statuses`, { token: freeMember.token })).status).toBe(402);
    expect((await call(`/api/lessons/${premium.id}/word-statuses`)).status).toBe(401);
    const freeToken = await firstToken(free.id);
    const answer = await call(lookupPath(free.id, freeToken.surface, freeToken.cueId, freeToken.position), {
      token: freeMember.token,
    });
    expect(answer.status).toBe(200);
    expect((await json<{ data: TokenAnswer }>(answer)).data.status).toBe("new");
  });

  it("says whether the word is saved: the lemma's dictionary form in My words", async () => {
    const lesson = await lessonBySlug("greetings-in-damascus");
    const token = await firstToken(lesson.id);
    const someone = await member();
    const path = lookupPath(lesson.id, token.surface, token.cueId, token.position);
    const before = (await json<{ data: TokenAnswer }>(await call(path, { token: someone.token }))).data;
    expect(before.saved).toBe(false);
    const saved = await call(`/api/lessons/${lesson.id}/words`, {
      token: someone.token,
      json: { arabic: before.lemma!.arabic, english: before.lemma!.meanings[0], cueId: token.cueId },
    });
    expect(saved.status).toBe(201);
    expect((await json<{ data: TokenAnswer }>(await call(path, { token: someone.token }))).data.saved).toBe(true);
  });
});

describe("PUT /api/words/{lemmaId}/status", () => {
  const put = (lemmaId: number | string, body: unknown, token?: string) =>
    call(`/api/words/${lemmaId}/status`, { method: "PUT", token, json: body });

  it("refuses a visitor, an unknown word and a bad status", async () => {
    const [lemma] = await ctx.db.select({ id: lemmas.id }).from(lemmas).limit(1);
    const someone = await member();
    expect((await put(lemma!.id, { status: "known" })).status).toBe(401);
    expect((await put(987654321, { status: "known" }, someone.token)).status).toBe(404);
    expect((await put("abc", { status: "known" }, someone.token)).status).toBe(404);
    for (const body of [{ status: "mastered" }, {}, { status: "known", extra: 1 }, { status: 3 }]) {
      const response = await put(lemma!.id, body, someone.token);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await json(response)).errors!.join(" ")).toMatch(/status|extra|Unrecognized/i);
    }
    const rows = await ctx.db.select().from(memberLemmas).where(eq(memberLemmas.userId, someone.id));
    expect(rows).toEqual([]);
  });

  it("sets, keeps the first known_at, resets with new; a member's status is theirs alone", async () => {
    const lesson = await lessonBySlug("greetings-in-damascus");
    const token = await firstToken(lesson.id);
    const lemmaId = token.lemmaId!;
    const alice = await member();
    const bob = await member();
    const lookup = async (who: string) =>
      (
        await json<{ data: TokenAnswer }>(
          await call(lookupPath(lesson.id, token.surface, token.cueId, token.position), { token: who }),
        )
      ).data.status;
    const row = async (userId: number) =>
      (
        await ctx.db
          .select()
          .from(memberLemmas)
          .where(and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, lemmaId)))
      )[0];

    const learning = await put(lemmaId, { status: "learning" }, alice.token);
    expect(learning.status).toBe(200);
    expect((await json(learning)).data).toEqual({ lemmaId, status: "learning", knownAt: null });
    expect(await lookup(alice.token)).toBe("learning");

    const known = await json<{ data: { knownAt: string } }>(await put(lemmaId, { status: "known" }, alice.token));
    expect(known.data.knownAt).toEqual(expect.any(String));
    const firstKnown = (await row(alice.id))!.knownAt!.getTime();
    await put(lemmaId, { status: "known" }, alice.token);
    expect((await row(alice.id))!.knownAt!.getTime()).toBe(firstKnown);
    expect(await lookup(alice.token)).toBe("known");

    // The wrong member: Bob sees nothing of Alice's, in the lookup and in the tint.
    expect(await lookup(bob.token)).toBe("new");
    const bobTint = await json<{ data: { statuses: Record<string, string> } }>(
      await call(`/api/lessons/${lesson.id}/word-statuses`, { token: bob.token }),
    );
    expect(bobTint.data.statuses).toEqual({});
    const aliceTint = await json<{ data: { statuses: Record<string, string> } }>(
      await call(`/api/lessons/${lesson.id}/word-statuses`, { token: alice.token }),
    );
    expect(aliceTint.data.statuses).toEqual({ [lemmaId]: "known" });

    await put(lemmaId, { status: "ignored" }, alice.token);
    expect((await row(alice.id))!.knownAt).toBeNull();
    expect((await put(lemmaId, { status: "new" }, alice.token)).status).toBe(200);
    expect(await row(alice.id)).toBeUndefined();
    expect(await lookup(alice.token)).toBe("new");
    expect((await put(lemmaId, { status: "new" }, alice.token)).status).toBe(200);
  });
});

describe("GET /api/lessons/{id}/word-statuses", () => {
  it("gives each line's lemma ids by word place, for every line of the lesson", async () => {
    const lesson = await lessonBySlug("greetings-in-damascus");
    const response = await call(`/api/lessons/${lesson.id}/word-statuses`, { token: learnerToken });
    expect(response.status).toBe(200);
    const { data } = await json<{
      data: { lines: Record<string, Array<number | null>>; statuses: Record<string, string> };
    }>(response);
    const tokens = await ctx.db
      .select({ cueId: cueTokens.cueId, position: cueTokens.position, lemmaId: cueTokens.lemmaId })
      .from(cueTokens)
      .where(eq(cueTokens.lessonId, lesson.id));
    expect(Object.values(data.lines).flat()).toHaveLength(tokens.length);
    for (const token of tokens) expect(data.lines[String(token.cueId)]![token.position]).toBe(token.lemmaId);
    // The demo learner's saved words are "learning" (seed/seed-demo.ts); only lemmas of this lesson come back.
    const lessonLemmas = new Set(tokens.map((token) => String(token.lemmaId)));
    for (const [lemmaId, status] of Object.entries(data.statuses)) {
      expect(lessonLemmas.has(lemmaId)).toBe(true);
      expect(["learning", "known", "ignored"]).toContain(status);
    }
  });
});

// The lemma page, rendered by Remix through the Worker's front door.
const pages = remixPages({
  "lemma-by-id": { path: "word/:lemmaId", module: lemmaByIdRoute },
  lemma: { path: "word/:lemmaId/:lemmaKey", module: lemmaRoute },
});

async function openPage(path: string, options: { token?: string; method?: string; body?: BodyInit } = {}) {
  const executionCtx = createExecutionContext();
  const headers: Record<string, string> = { Host: "ahla.test" };
  if (options.token) headers.Cookie = `token=${options.token}`;
  if (options.body) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = "https://ahla.test";
  }
  const response = await pages.request(
    `https://ahla.test${path}`,
    { method: options.method ?? "GET", headers, body: options.body, redirect: "manual" },
    env,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, location: response.headers.get("Location"), body };
}

describe("/word/{id}/{key}", () => {
  /** A lemma heard in a free lesson, a premium one and the unpublished one. */
  async function sharedLemma() {
    const rows = await ctx.db
      .select({ lemmaId: cueTokens.lemmaId, slug: videos.slug, isFree: videos.isFree, isPublished: videos.isPublished })
      .from(cueTokens)
      .innerJoin(videos, eq(videos.id, cueTokens.lessonId));
    const byLemma = new Map<number, Array<(typeof rows)[number]>>();
    for (const row of rows) byLemma.set(row.lemmaId!, [...(byLemma.get(row.lemmaId!) ?? []), row]);
    for (const [lemmaId, list] of byLemma) {
      if (
        list.some((r) => r.isFree) &&
        list.some((r) => !r.isFree && r.isPublished) &&
        list.some((r) => !r.isPublished)
      ) {
        const [lemma] = await ctx.db.select().from(lemmas).where(eq(lemmas.id, lemmaId));
        return { lemma: lemma!, lessons: list };
      }
    }
    throw new Error("no lemma in a free, a premium and an unpublished lesson");
  }

  it("shows anyone the entry and where it is heard; lines only of lessons the viewer may watch", async () => {
    const { lemma, lessons } = await sharedLemma();
    const path = `/word/${lemma.id}/${lemma.key}`;
    const draft = lessons.find((row) => !row.isPublished)!;
    const [draftLesson] = await ctx.db.select().from(videos).where(eq(videos.slug, draft.slug));
    const premium = lessons.find((row) => !row.isFree && row.isPublished)!;
    const [premiumLesson] = await ctx.db.select().from(videos).where(eq(videos.slug, premium.slug));
    const [premiumLine] = await ctx.db
      .select({ english: transcriptCues.english })
      .from(cueTokens)
      .innerJoin(transcriptCues, eq(transcriptCues.id, cueTokens.cueId))
      .where(and(eq(cueTokens.lemmaId, lemma.id), eq(cueTokens.lessonId, premiumLesson!.id)));

    const visitor = await openPage(path);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toContain(lemma.arabic);
    for (const meaning of JSON.parse(lemma.meanings) as string[])
      expect(visitor.body).toContain(meaning.replace(/'/g, "&#x27;"));
    expect(visitor.body).toContain(premiumLesson!.title.replace(/'/g, "&#x27;"));
    expect(visitor.body).not.toContain(draftLesson!.title.replace(/'/g, "&#x27;"));
    // A visitor may watch no lesson: every moment is a link without its line.
    expect(visitor.body).not.toContain(premiumLine!.english.replace(/'/g, "&#x27;"));
    expect(visitor.body).toContain("Sign in to watch it.");
    expect(visitor.body).not.toContain('name="status"');

    const freeMember = await member();
    const asFree = await openPage(path, { token: freeMember.token });
    expect(asFree.body).not.toContain(premiumLine!.english.replace(/'/g, "&#x27;"));
    expect(asFree.body).toContain("subscribe to watch it");
    expect(asFree.body).toContain('name="status"');

    const asLearner = await openPage(path, { token: learnerToken });
    expect(asLearner.body).toContain(premiumLine!.english.replace(/'/g, "&#x27;"));
  });

  it("sends a stale key and the bare id to the page, and an unknown id to a 404", async () => {
    const { lemma } = await sharedLemma();
    const stale = await openPage(`/word/${lemma.id}/not-the-key`);
    expect(stale.status).toBe(301);
    expect(stale.location).toBe(`/word/${lemma.id}/${lemma.key}`);
    const bare = await openPage(`/word/${lemma.id}`);
    expect(bare.status).toBe(301);
    expect(bare.location).toBe(`/word/${lemma.id}/${lemma.key}`);
    expect((await openPage(`/word/987654321/x`)).status).toBe(404);
    expect((await openPage(`/word/987654321`)).status).toBe(404);
  });

  it("sets the member's status from its form; a visitor is sent to sign in", async () => {
    const { lemma } = await sharedLemma();
    const path = `/word/${lemma.id}/${lemma.key}`;
    const visitor = await openPage(path, { method: "POST", body: "status=known" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth\/login\?redirect=/);

    const someone = await member();
    const posted = await openPage(path, { method: "POST", body: "status=known", token: someone.token });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(path);
    const [row] = await ctx.db
      .select()
      .from(memberLemmas)
      .where(and(eq(memberLemmas.userId, someone.id), eq(memberLemmas.lemmaId, lemma.id)));
    expect(row).toMatchObject({ status: "known" });
    const page = await openPage(path, { token: someone.token });
    expect(page.body).toMatch(/aria-pressed="true"[^>]*value="known"|value="known"[^>]*aria-pressed="true"/);
    expect((await openPage(path, { method: "POST", body: "status=bogus", token: someone.token })).status).toBe(400);
  });
});
