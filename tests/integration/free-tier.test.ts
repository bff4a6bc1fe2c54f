import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as collectionRoute from "../../app/features/flashcards/routes/collection-by-id";
import * as reviewRoute from "../../app/features/flashcards/routes/review";
import * as activityRoute from "../../app/features/listening/routes/activity";
import * as activitiesRoute from "../../app/features/listening/routes/activities";
import * as plansRoute from "../../app/features/billing/routes/plans";
import * as homeRoute from "../../app/features/landing/routes/home";
import * as deckPlayRoute from "../../app/features/vocabulary/routes/deck-play";
import * as deckWordsRoute from "../../app/features/vocabulary/routes/deck-words";
import { ADMIN_PERMISSION } from "../../core/permissions";
import {
  FREE_ACCOUNT_INCLUDES,
  FREE_COLLECTION_SESSION_MS,
  FREE_TIER_MESSAGES,
  SUBSCRIPTION_ADDS,
} from "../../core/free-tier";
import { pickQuizWords, quizSearch, resolveQuiz } from "../../core/vocabulary-quiz";
import { Rating } from "../../core/fsrs";
import {
  deckProgress,
  flashcardReviewLogs,
  flashcards,
  flashcollections,
  globalVocabularyDecks,
  globalVocabularyThemes,
  globalVocabularyWords,
  listeningActivities,
  listeningActivityGroups,
  listeningAttempts,
  listeningQuestions,
  vocabularyListItems,
  vocabularyLists,
} from "../../drizzle/schema";
import {
  canContinueDeckSession,
  canOpenListeningActivity,
  canReviewAllDue,
  canStartDeckSession,
  canStudyCollection,
} from "../../server/access/policy";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { getDeckQuizSource } from "../../server/services/global-vocabulary";
import type { ListeningGroupView } from "../../server/services/listening";
import { getListQuizSource } from "../../server/services/vocabulary-lists";
import { ensureBillingFixtures } from "./billing-helpers";
import { call, json, member, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it
// (`redirect`, `data`, the request handler) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The free tier (docs/product-rules.md#free-and-paid, ADR 029): for each gate, a free member gets the free
// part and is refused the rest (402 naming what the subscription adds; a page sends them to /checkout with
// the same words), a subscriber and an admin get everything, a visitor is asked to sign in, and what a free
// member saved and their progress stay readable.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const HOUR_MS = 60 * 60 * 1000;

type Who = "free" | "subscriber" | "admin";

/** A member of each kind the gates tell apart. */
const memberOf = (kind: Who) =>
  member({ subscribed: kind === "subscriber", permissions: kind === "admin" ? [ADMIN_PERMISSION] : [] });

/** A 402 whose `errors` is exactly the gate's message. */
async function expectRefused(response: Response, message: string) {
  expect(response.status).toBe(402);
  expect((await json(response)).errors).toEqual([message]);
}

const tag = () => crypto.randomUUID().slice(0, 8);

// ---------------------------------------------------------------------------------------------------
// Fixtures

/** A group with three published activities (positions 0, 1, 2) and an unpublished one placed before them. */
async function createGroup() {
  const t = tag();
  const [group] = await ctx.db
    .insert(listeningActivityGroups)
    .values({ title: `Group ${t}`, slug: `group-${t}` })
    .returning();
  const activity = async (position: number, isPublished = true) => {
    const [row] = await ctx.db
      .insert(listeningActivities)
      .values({
        groupId: group!.id,
        title: `Clip ${position} ${t}`,
        slug: `clip-${position}-${t}`,
        transcript: "- مرحبا",
        isPublished,
        position,
      })
      .returning();
    const [question] = await ctx.db
      .insert(listeningQuestions)
      .values({ activityId: row!.id, kind: "choice", prompt: "Hello?", options: ["Hi", "Bye"], answer: "Hi" })
      .returning();
    return { ...row!, questionId: question!.id };
  };
  const hidden = await activity(-1, false);
  const first = await activity(0);
  const second = await activity(1);
  const third = await activity(2);
  return { group: group!, hidden, first, second, third };
}

async function createDeck() {
  const t = tag();
  const [theme] = await ctx.db
    .insert(globalVocabularyThemes)
    .values({ title: `Theme ${t}`, slug: `theme-${t}` })
    .returning();
  const [deck] = await ctx.db
    .insert(globalVocabularyDecks)
    .values({ themeId: theme!.id, title: `Family ${t}`, slug: `family-${t}` })
    .returning();
  await ctx.db.insert(globalVocabularyWords).values(
    ["إمّ", "بيّ", "أخ", "أخت", "جدّو"].map((arabic, position) => ({
      deckId: deck!.id,
      arabic,
      english: `word ${position}`,
      position,
    })),
  );
  return { theme: theme!, deck: deck! };
}

/** A finished run of a deck's quiz, every answer right: what the quiz page or an API client sends. */
async function deckRun(userId: number, deckId: number, seed: number) {
  const source = await getDeckQuizSource(ctx, { userId: { id: userId }.id, deckId });
  const words = pickQuizWords(source.words, seed).map((word) => word.key);
  const quiz = resolveQuiz(source, { seed, wordKeys: words, answerKeys: [] })!;
  return { seed, words, answers: quiz.questions.map((question) => question.word.key) };
}

async function createCollection() {
  const t = tag();
  const [collection] = await ctx.db
    .insert(flashcollections)
    .values({ title: `Kitchen ${t}`, slug: `kitchen-${t}` })
    .returning();
  const cards = await ctx.db
    .insert(flashcards)
    .values(
      ["قهوة", "شاي", "خبز"].map((arabic, position) => ({
        collectionId: collection!.id,
        arabic,
        english: `card ${position}`,
        position,
      })),
    )
    .returning();
  return { collection: collection!, cards };
}

/** A rating given some hours ago (a session that began then), as the review writer logs it. */
async function reviewedHoursAgo(userId: number, cardId: number, hours: number) {
  await ctx.db.insert(flashcardReviewLogs).values({
    userId,
    flashcardId: cardId,
    rating: Rating.Good,
    reviewedAt: new Date(ctx.now().getTime() - hours * HOUR_MS),
    requestId: `earlier-${tag()}`,
  });
}

const reviewBody = (cardId: number) => ({ cardId, rating: Rating.Good, requestId: `req-${tag()}` });

// ---------------------------------------------------------------------------------------------------
// The rules

describe("the free tier's rules (server/access/policy.ts)", () => {
  const visitor = { signedIn: false, hasSubscription: false };
  const free = { signedIn: true, hasSubscription: false };
  const entitled = { signedIn: true, hasSubscription: true };
  const now = new Date("2031-05-01T12:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms);

  it("opens the first listening activity of a group to every member, the rest with a subscription", () => {
    expect(canOpenListeningActivity(free, { isFirstOfGroup: true })).toBe(true);
    expect(canOpenListeningActivity(free, { isFirstOfGroup: false })).toBe(false);
    expect(canOpenListeningActivity(entitled, { isFirstOfGroup: false })).toBe(true);
    expect(canOpenListeningActivity(visitor, { isFirstOfGroup: true })).toBe(false);
  });

  it("gives one session of a deck: a new run while nothing is recorded, and the recorded run itself", () => {
    expect(canStartDeckSession(free, { plays: 0 })).toBe(true);
    expect(canStartDeckSession(free, { plays: 1 })).toBe(false);
    expect(canStartDeckSession(entitled, { plays: 9 })).toBe(true);
    expect(canStartDeckSession(visitor, { plays: 0 })).toBe(false);
    expect(canContinueDeckSession(free, { plays: 1 }, { recorded: true })).toBe(true);
    expect(canContinueDeckSession(free, { plays: 1 }, { recorded: false })).toBe(false);
    expect(canContinueDeckSession(visitor, { plays: 0 }, { recorded: true })).toBe(false);
  });

  it("gives one session of a collection: from the first rating, for a day", () => {
    expect(canStudyCollection(free, { firstReviewAt: null }, now)).toBe(true);
    expect(canStudyCollection(free, { firstReviewAt: before(FREE_COLLECTION_SESSION_MS - 1) }, now)).toBe(true);
    expect(canStudyCollection(free, { firstReviewAt: before(FREE_COLLECTION_SESSION_MS) }, now)).toBe(false);
    expect(canStudyCollection(entitled, { firstReviewAt: before(30 * 24 * HOUR_MS) }, now)).toBe(true);
    expect(canStudyCollection(visitor, { firstReviewAt: null }, now)).toBe(false);
  });

  it("keeps 'review all due' for subscribers", () => {
    expect(canReviewAllDue(free)).toBe(false);
    expect(canReviewAllDue(entitled)).toBe(true);
    expect(canReviewAllDue(visitor)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// The API

describe("listening activities", () => {
  it("marks the first published activity of each group free and locks the others for a free member", async () => {
    const { group, hidden, first, second, third } = await createGroup();
    const groupOf = async (token: string | null) =>
      ((await json(await call("/api/listening", { token }))).data as ListeningGroupView[]).find(
        (item) => item.id === group.id,
      )!;

    const free = await member();
    const mine = await groupOf(free.token);
    expect(mine.activities.map((activity) => activity.id)).toEqual([first.id, second.id, third.id]);
    expect(mine.activities.some((activity) => activity.id === hidden.id)).toBe(false);
    expect(mine.activities.map(({ isFree, locked }) => ({ isFree, locked }))).toEqual([
      { isFree: true, locked: false },
      { isFree: false, locked: true },
      { isFree: false, locked: true },
    ]);
    // A visitor sees which one is free; signing in comes before any lock.
    expect((await groupOf(null)).activities.map(({ isFree, locked }) => [isFree, locked])).toEqual([
      [true, false],
      [false, false],
      [false, false],
    ]);
    for (const kind of ["subscriber", "admin"] as const) {
      const { token } = await memberOf(kind);
      expect((await groupOf(token)).activities.every((activity) => !activity.locked)).toBe(true);
    }
  });

  it("opens the free one, refuses the rest with 402, and lets subscribers and admins do every one", async () => {
    const { first, second, third } = await createGroup();
    const free = await member();
    expect((await call(`/api/listening/activities/${first.id}`, { token: free.token })).status).toBe(200);
    const answers = (activity: { questionId: number }) => ({ answers: { [activity.questionId]: "Hi" } });
    expect(
      (
        await call(`/api/listening/activities/${first.id}/attempts`, {
          method: "POST",
          token: free.token,
          json: answers(first),
        })
      ).status,
    ).toBe(201);
    for (const activity of [second, third]) {
      await expectRefused(
        await call(`/api/listening/activities/${activity.id}`, { token: free.token }),
        FREE_TIER_MESSAGES.listening,
      );
      await expectRefused(
        await call(`/api/listening/activities/${activity.id}/attempts`, {
          method: "POST",
          token: free.token,
          json: answers(activity),
        }),
        FREE_TIER_MESSAGES.listening,
      );
    }
    const stored = await ctx.db.select().from(listeningAttempts).where(eq(listeningAttempts.userId, free.id));
    expect(stored.map((row) => row.activityId)).toEqual([first.id]);

    for (const kind of ["subscriber", "admin"] as const) {
      const { token } = await memberOf(kind);
      expect((await call(`/api/listening/activities/${third.id}`, { token })).status, kind).toBe(200);
      const posted = await call(`/api/listening/activities/${third.id}/attempts`, {
        method: "POST",
        token,
        json: answers(third),
      });
      expect(posted.status, kind).toBe(201);
    }
    expect((await call(`/api/listening/activities/${second.id}`)).status).toBe(401);
    expect(
      (await call(`/api/listening/activities/${second.id}/attempts`, { method: "POST", json: answers(second) })).status,
    ).toBe(401);
    // Unknown stays unknown: 404 before any lock.
    expect((await call("/api/listening/activities/999999999", { token: free.token })).status).toBe(404);
  });

  it("keeps a free member's best score on the list for an activity they did before the free tier", async () => {
    const { group, second } = await createGroup();
    const free = await member();
    const [attempt] = await ctx.db
      .insert(listeningAttempts)
      .values({ userId: free.id, activityId: second.id, score: 1, total: 1, answers: { [second.questionId]: "Hi" } })
      .returning();
    const listed = ((await json(await call("/api/listening", { token: free.token }))).data as ListeningGroupView[])
      .find((item) => item.id === group.id)!
      .activities.find((activity) => activity.id === second.id)!;
    expect(listed).toMatchObject({ best: { score: 1, total: 1 }, attempts: 1, locked: true });
    // The review carries the activity's transcript and answers: it is behind the same gate.
    await expectRefused(
      await call(`/api/listening/activities/${second.id}/attempts/${attempt!.id}`, { token: free.token }),
      FREE_TIER_MESSAGES.listening,
    );
  });
});

describe("global vocabulary decks", () => {
  it("records a free member's first run, takes the same run again, and refuses a second run with 402", async () => {
    const { deck } = await createDeck();
    const free = await member();
    const path = `/api/vocabulary/decks/${deck.id}/quiz-results`;
    const first = await deckRun(free.id, deck.id, 101);
    expect((await call(path, { method: "POST", token: free.token, json: first })).status).toBe(201);
    // The same run sent again (a double submit, a retry): it counts once and is not a second session.
    const again = await call(path, { method: "POST", token: free.token, json: first });
    expect(again.status).toBe(200);
    expect(((await json(again)).data as { recorded: boolean }).recorded).toBe(false);
    await expectRefused(
      await call(path, { method: "POST", token: free.token, json: await deckRun(free.id, deck.id, 102) }),
      FREE_TIER_MESSAGES.deck,
    );
    const [progress] = await ctx.db.select().from(deckProgress).where(eq(deckProgress.userId, free.id));
    expect(progress).toMatchObject({ deckId: deck.id, plays: 1, bestScore: 100 });

    // The deck's words and the member's progress stay open.
    const words = await call(`/api/vocabulary/decks/${deck.id}`, { token: free.token });
    expect(words.status).toBe(200);
    expect((await json(words)).data).toMatchObject({ totalWords: 5, progress: { bestScore: 100, plays: 1 } });

    // Another deck has its own first session.
    const other = await createDeck();
    const otherRun = await deckRun(free.id, other.deck.id, 103);
    expect(
      (
        await call(`/api/vocabulary/decks/${other.deck.id}/quiz-results`, {
          method: "POST",
          token: free.token,
          json: otherRun,
        })
      ).status,
    ).toBe(201);
  });

  it("lets subscribers and admins play as often as they like; a visitor gets 401", async () => {
    const { deck } = await createDeck();
    const path = `/api/vocabulary/decks/${deck.id}/quiz-results`;
    for (const kind of ["subscriber", "admin"] as const) {
      const someone = await memberOf(kind);
      for (const seed of [201, 202, 203]) {
        const response = await call(path, {
          method: "POST",
          token: someone.token,
          json: await deckRun(someone.id, deck.id, seed),
        });
        expect(response.status, `${kind} run ${seed}`).toBe(201);
      }
    }
    expect((await call(path, { method: "POST", json: { seed: 1, words: ["g1"], answers: ["g1"] } })).status).toBe(401);
  });
});

describe("flashcard collections", () => {
  it("gives a free member one session of a day from their first rating, then 402", async () => {
    const { collection, cards } = await createCollection();
    const free = await member();
    const session = `/api/flashcards/${collection.id}/session`;
    expect((await call(session, { token: free.token })).status).toBe(200);
    expect(
      (await call("/api/flashcards/reviews", { method: "POST", token: free.token, json: reviewBody(cards[0]!.id) }))
        .status,
    ).toBe(200);
    expect(
      (await call("/api/flashcards/reviews", { method: "POST", token: free.token, json: reviewBody(cards[1]!.id) }))
        .status,
    ).toBe(200);

    // The session began with the first rating: 23 hours in, still open; past a day, over.
    const inSession = await member();
    await reviewedHoursAgo(inSession.id, cards[0]!.id, 23);
    expect(
      (
        await call("/api/flashcards/reviews", {
          method: "POST",
          token: inSession.token,
          json: reviewBody(cards[1]!.id),
        })
      ).status,
    ).toBe(200);

    const past = await member();
    await reviewedHoursAgo(past.id, cards[0]!.id, 25);
    await expectRefused(await call(session, { token: past.token }), FREE_TIER_MESSAGES.collection);
    await expectRefused(
      await call("/api/flashcards/reviews", { method: "POST", token: past.token, json: reviewBody(cards[1]!.id) }),
      FREE_TIER_MESSAGES.collection,
    );
    // Browsing the cards, with the member's own progress, stays open.
    const browse = await call(`/api/flashcards/${collection.id}`, { token: past.token });
    expect(browse.status).toBe(200);
    // Another collection has its own first session.
    const other = await createCollection();
    expect(
      (
        await call("/api/flashcards/reviews", {
          method: "POST",
          token: past.token,
          json: reviewBody(other.cards[0]!.id),
        })
      ).status,
    ).toBe(200);
  });

  it("lets subscribers and admins review every collection at any time; a visitor gets 401", async () => {
    const { collection, cards } = await createCollection();
    for (const kind of ["subscriber", "admin"] as const) {
      const someone = await memberOf(kind);
      await reviewedHoursAgo(someone.id, cards[0]!.id, 24 * 40);
      expect((await call(`/api/flashcards/${collection.id}/session`, { token: someone.token })).status, kind).toBe(200);
      const rated = await call("/api/flashcards/reviews", {
        method: "POST",
        token: someone.token,
        json: reviewBody(cards[1]!.id),
      });
      expect(rated.status, kind).toBe(200);
    }
    expect((await call(`/api/flashcards/${collection.id}/session`)).status).toBe(401);
    expect((await call("/api/flashcards/reviews", { method: "POST", json: reviewBody(cards[0]!.id) })).status).toBe(
      401,
    );
  });

  it("keeps 'review all due' for subscribers and admins", async () => {
    const free = await member();
    await expectRefused(await call("/api/flashcards/due/session", { token: free.token }), FREE_TIER_MESSAGES.allDue);
    for (const kind of ["subscriber", "admin"] as const) {
      const { token } = await memberOf(kind);
      expect((await call("/api/flashcards/due/session", { token })).status, kind).toBe(200);
    }
    expect((await call("/api/flashcards/due/session")).status).toBe(401);
  });
});

describe("what a free member saved stays theirs", () => {
  it("reads and studies their saved words and lists: the list, its quiz, My words flashcards", async () => {
    const free = await member();
    const [list] = await ctx.db.insert(vocabularyLists).values({ userId: free.id, title: "Café words" }).returning();
    const items = await ctx.db
      .insert(vocabularyListItems)
      .values(["قهوة", "شاي"].map((arabic) => ({ listId: list!.id, arabic, english: `meaning of ${arabic}` })))
      .returning();

    expect((await call("/api/vocabulary/lists", { token: free.token })).status).toBe(200);
    expect((await call(`/api/vocabulary/lists/${list!.id}`, { token: free.token })).status).toBe(200);

    const viewer = createViewer(ctx, { id: free.id });
    const source = await getListQuizSource(ctx, { viewer, listId: list!.id });
    const seed = 7;
    const words = pickQuizWords(source.words, seed).map((word) => word.key);
    const quiz = resolveQuiz(source, { seed, wordKeys: words, answerKeys: [] })!;
    const result = await call(`/api/vocabulary/lists/${list!.id}/quiz-results`, {
      method: "POST",
      token: free.token,
      json: {
        seed,
        words,
        answers: quiz.questions.map((question) => question.word.key),
      },
    });
    expect(result.status).toBe(201);

    expect((await call("/api/flashcards/my-words/session", { token: free.token })).status).toBe(200);
    const reviewed = await call("/api/flashcards/my-words/reviews", {
      method: "POST",
      token: free.token,
      json: reviewBody(items[0]!.id),
    });
    expect(reviewed.status).toBe(200);
    const overview = (await json(await call("/api/flashcards", { token: free.token }))).data as {
      savedWords: { total: number; learned: number };
    };
    expect(overview.savedWords).toMatchObject({ total: 2, learned: 1 });
  });
});

// ---------------------------------------------------------------------------------------------------
// The pages: the real route modules under a bare root, served through the Worker's own front door.

const ROUTES = {
  "listening-activities": { path: "listening-activity", module: activitiesRoute },
  "listening-activity": {
    path: "listening-activity/:activityId/:activitySlug",
    module: activityRoute,
  },
  "deck-play": { path: "global-vocabulary-deck/:deckId/:deckSlug/play", module: deckPlayRoute },
  "deck-words": {
    path: "global-vocabulary-deck/:deckId/:deckSlug/vocabularies",
    module: deckWordsRoute,
  },
  collection: { path: "flashcard/:collectionId", module: collectionRoute },
  review: { path: "flashcards/review", module: reviewRoute },
  plans: { path: "checkout", module: plansRoute },
  home: { path: "", module: homeRoute },
} as const;

const pages = remixPages(ROUTES);

async function openPage(path: string, token: string | null, form?: Record<string, string>) {
  const executionCtx = createExecutionContext();
  const headers: Record<string, string> = token ? { Cookie: `token=${token}` } : {};
  if (form) {
    Object.assign(headers, { Origin: ORIGIN, Host: new URL(ORIGIN).host });
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const response = await pages.request(
    `${ORIGIN}${path}`,
    { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined },
    testEnv,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { path, status: response.status, location: response.headers.get("Location"), toast: toastOf(response), body };
}

/** The text of the toast a redirect carries (app/lib/toast.server.ts). */
function toastOf(response: Response): string | null {
  const cookie = response.headers.get("Set-Cookie")?.match(/(?:^|,\s*)toast=([^;]+)/)?.[1];
  if (!cookie) return null;
  const bytes = Uint8Array.from(atob(cookie), (char) => char.charCodeAt(0));
  return (JSON.parse(new TextDecoder().decode(bytes)) as { text: string }).text;
}

/** Sent to /checkout with the gate's message, and the page as the way back after paying. */
function expectCheckout(page: Awaited<ReturnType<typeof openPage>>, message: string) {
  expect(page.status, page.body.slice(0, 3000)).toBeGreaterThanOrEqual(300);
  expect(page.status, page.body.slice(0, 3000)).toBeLessThan(400);
  expect(page.location).toBe(`/checkout?redirect=${encodeURIComponent(page.path)}`);
  expect(page.toast).toBe(message);
}

describe("pages", () => {
  beforeAll(async () => {
    await ensureBillingFixtures();
  });

  it("a listening activity: the free one opens, the others send a free member to /checkout", async () => {
    const { first, second } = await createGroup();
    const free = await member();
    const open = await openPage(`/listening-activity/${first.id}/${first.slug}`, free.token);
    expect(open.status).toBe(200);
    expect(open.body).toContain(first.title);
    expectCheckout(
      await openPage(`/listening-activity/${second.id}/${second.slug}`, free.token),
      FREE_TIER_MESSAGES.listening,
    );
    // Answering a locked one by a plain form post: /checkout too, nothing stored.
    const posted = await openPage(`/listening-activity/${second.id}/${second.slug}`, free.token, {
      [`answer-${second.questionId}`]: "Hi",
    });
    expectCheckout(posted, FREE_TIER_MESSAGES.listening);
    expect(posted.status).toBe(303);
    expect(await ctx.db.select().from(listeningAttempts).where(eq(listeningAttempts.userId, free.id))).toEqual([]);

    const subscriber = await member({ subscribed: true });
    expect((await openPage(`/listening-activity/${second.id}/${second.slug}`, subscriber.token)).status).toBe(200);
    const visitor = await openPage(`/listening-activity/${second.id}/${second.slug}`, null);
    expect(visitor.location).toMatch(/^\/auth\/login\?redirect=/);
  });

  it("the listening list marks the free activity and locks the others with text", async () => {
    const { first, second } = await createGroup();
    const free = await member();
    const list = await openPage("/listening-activity", free.token);
    expect(list.status).toBe(200);
    expect(list.body).toContain(FREE_TIER_MESSAGES.listening);
    const cardOf = (title: string) => list.body.slice(list.body.indexOf(title), list.body.indexOf(title) + 2500);
    expect(cardOf(first.title)).not.toContain("Subscribe to open");
    expect(cardOf(second.title)).toContain("Subscribe to open");
    const subscriber = await member({ subscribed: true });
    expect((await openPage("/listening-activity", subscriber.token)).body).not.toContain("Subscribe to open");
  });

  it("a deck: the first session plays and shows its score; playing again sends a free member to /checkout", async () => {
    const { deck } = await createDeck();
    const free = await member();
    const play = `/global-vocabulary-deck/${deck.id}/${deck.slug}/play`;
    const words = `/global-vocabulary-deck/${deck.id}/${deck.slug}/vocabularies`;
    expect((await openPage(words, free.token)).body).toContain("Free: one session");
    // A new run: the page picks one and redirects to it.
    const fresh = await openPage(play, free.token);
    expect(fresh.location).toMatch(/\/play\?seed=\d+&words=/);

    const run = await deckRun(free.id, deck.id, 301);
    expect(
      (await call(`/api/vocabulary/decks/${deck.id}/quiz-results`, { method: "POST", token: free.token, json: run }))
        .status,
    ).toBe(201);
    // The recorded run's score page stays open.
    const search = quizSearch({ seed: run.seed, wordKeys: run.words, answerKeys: run.answers });
    const score = await openPage(`${play}${search}`, free.token);
    expect(score.status, score.body.slice(0, 300)).toBe(200);
    expect(score.body).toContain("That was your free session of this deck.");

    expectCheckout(await openPage(play, free.token), FREE_TIER_MESSAGES.deck);
    expectCheckout(
      await openPage(`${play}${quizSearch({ seed: 302, wordKeys: run.words, answerKeys: [] })}`, free.token),
      FREE_TIER_MESSAGES.deck,
    );
    const answered = await openPage(play, free.token, {
      seed: "302",
      words: run.words.join("."),
      answers: "",
      choice: run.answers[0]!,
    });
    expectCheckout(answered, FREE_TIER_MESSAGES.deck);
    expect((await openPage(words, free.token)).body).toContain("Free session used");

    const subscriber = await member({ subscribed: true });
    await ctx.db.insert(deckProgress).values({ userId: subscriber.id, deckId: deck.id, bestScore: 50, plays: 3 });
    expect((await openPage(play, subscriber.token)).location).toMatch(/\/play\?seed=\d+&words=/);
    expect((await openPage(play, null)).location).toMatch(/^\/auth\/login\?redirect=/);
  });

  it("a collection: a free member reviews in their session, then sees their progress and the lock", async () => {
    const { collection, cards } = await createCollection();
    const page = `/flashcard/${collection.id}`;
    const free = await member();
    const fresh = await openPage(page, free.token);
    expect(fresh.status, `${page} → ${fresh.location}`).toBe(200);
    expect(fresh.body).toContain("Free: one session");
    expect(fresh.body).toContain("Show answer");

    const past = await member();
    await reviewedHoursAgo(past.id, cards[0]!.id, 30);
    const locked = await openPage(page, past.token);
    expect(locked.status).toBe(200);
    expect(locked.body).toContain("Free session used");
    expect(locked.body).toContain(FREE_TIER_MESSAGES.collection);
    expect(locked.body).not.toContain("Show answer");
    const rated = await openPage(page, past.token, {
      intent: "rate",
      cardId: String(cards[1]!.id),
      rating: "3",
      requestId: `page-${tag()}`,
      session: String(Date.now()),
    });
    expectCheckout(rated, FREE_TIER_MESSAGES.collection);

    const subscriber = await member({ subscribed: true });
    await reviewedHoursAgo(subscriber.id, cards[0]!.id, 30);
    const theirs = await openPage(page, subscriber.token);
    expect(theirs.body).not.toContain("Free session used");
    expect(theirs.body).not.toContain("Free: one session");
  });

  it("'review all due' sends a free member to /checkout; subscribers and admins review", async () => {
    const free = await member();
    expectCheckout(await openPage("/flashcards/review", free.token), FREE_TIER_MESSAGES.allDue);
    for (const kind of ["subscriber", "admin"] as const) {
      const { token } = await memberOf(kind);
      expect((await openPage("/flashcards/review", token)).status, kind).toBe(200);
    }
    expect((await openPage("/flashcards/review", null)).location).toMatch(/^\/auth\/login\?redirect=/);
  });

  it("the plan cards on /checkout and on the landing page show the same free-or-subscription comparison", async () => {
    const free = await member();
    for (const [path, token] of [
      ["/checkout", free.token],
      ["/", null],
    ] as const) {
      const page = await openPage(path, token);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain("Free account or subscription");
      for (const line of [...FREE_ACCOUNT_INCLUDES, ...SUBSCRIPTION_ADDS]) expect(page.body, path).toContain(line);
    }
  });
});
