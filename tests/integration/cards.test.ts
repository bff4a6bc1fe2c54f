import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  flashcardReviewLogs,
  flashcards,
  flashcardStates,
  flashcollections,
  transcriptCues,
  users,
  vocabularyListItems,
  vocabularyReviewLogs,
  vocabularyReviewStates,
} from "../../drizzle/schema";
import { Rating } from "../../core/fsrs";
import { checkProductionAnswer } from "../../core/cards";
import { createAppContext } from "../../server/context";
import { getReviewSession, reviewSavedWord, undoLastReview } from "../../server/services/flashcards";
import { saveWordToDefaultList } from "../../server/services/vocabulary-save";
import { createVideo } from "../fixtures/collections";
import { caller, json, member as signedIn, testEnv } from "./helpers";

// Cards (docs/cards.md, ADR 036): sentence cards saved from a lesson's line, card types with their own FSRS
// state, typed production answers, the daily limits on the member's own day, and editing one's notes.

// Noon UTC today: near the real clock (session tokens carry real expiry times).
const start = new Date(new Date().setUTCHours(12, 0, 0, 0));
let clock = start;
const now = () => clock;
const ctx = createAppContext(testEnv, { now });
const call = caller({ now });
const member = (options: Parameters<typeof signedIn>[0] = {}) => signedIn({ now, ...options });

type Json = { data?: any; errors?: string[] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked field by field

async function lessonWithLines(overrides: Parameters<typeof createVideo>[1] = {}) {
  const video = await createVideo(ctx, {
    isFree: true,
    videoKey: "videos/cards-lesson.mp4",
    thumbnailKey: "thumbnails/cards-lesson.jpg",
    ...overrides,
  });
  const cues = await ctx.db
    .insert(transcriptCues)
    .values([
      {
        lessonId: video.id,
        position: 0,
        startMs: 12_500,
        endMs: 15_250,
        arabic: "كِيفَك اليوم؟",
        transliteration: "kīfak il-yōm?",
        english: "How are you today?",
      },
      {
        lessonId: video.id,
        position: 1,
        startMs: 16_000,
        endMs: 18_000,
        arabic: "منيح الحمد لله",
        transliteration: "mnīħ il-ħamdilla",
        english: "Fine, thank God",
      },
    ])
    .returning();
  return { video, cues };
}

async function saveLine(token: string | null, lessonId: number, body: unknown) {
  return call(`/api/lessons/${lessonId}/lines`, { method: "POST", token, json: body });
}

async function wordsSession(token: string) {
  return (await json<Json>(await call("/api/flashcards/my-words/session", { token }))).data;
}

let requests = 0;
const requestId = () => `cards-test-${++requests}-${crypto.randomUUID().slice(0, 8)}`;

describe("saving a line as a sentence card", () => {
  it("saves the line with its range and sound, once per member and line", async () => {
    const { video, cues } = await lessonWithLines();
    const learner = await member();
    const first = await saveLine(learner.token, video.id, { cueId: cues[0]!.id });
    expect(first.status).toBe(201);
    const saved = (await json<Json>(first)).data;
    expect(saved.item).toMatchObject({
      kind: "sentence",
      arabic: "كِيفَك اليوم؟",
      english: "How are you today?",
      videoId: video.id,
      cueId: cues[0]!.id,
      startMs: 12_500,
      endMs: 15_250,
      cardTypes: ["recognition", "listening"],
    });
    const again = await saveLine(learner.token, video.id, { cueId: cues[0]!.id });
    expect(again.status).toBe(200);
    expect((await json<Json>(again)).data.item.id).toBe(saved.item.id);

    // Its card carries the line: the lesson's own media (signed, Range-served) and the way back to the moment.
    const session = await wordsSession(learner.token);
    expect(session.current.card).toMatchObject({ id: saved.item.id, kind: "sentence", cardType: "recognition" });
    expect(session.current.card.line).toMatchObject({
      lessonId: video.id,
      href: `/video/${video.id}/${video.slug}?t=12`,
      startMs: 12_500,
      endMs: 15_250,
    });
    expect(session.current.card.line.mediaUrl).toMatch(
      /^\/media\/videos\/cards-lesson\.mp4\?exp=\d+&sig=[0-9a-f]{64}$/,
    );
    expect(session.current.card.line.posterUrl).toMatch(/^\/media\/thumbnails\/cards-lesson\.jpg\?/);
  });

  it("refuses visitors, other lessons' lines, unknown lines and bad input", async () => {
    const { video, cues } = await lessonWithLines();
    const other = await lessonWithLines();
    const learner = await member();
    expect((await saveLine(null, video.id, { cueId: cues[0]!.id })).status).toBe(401);
    expect((await saveLine(learner.token, video.id, { cueId: other.cues[0]!.id })).status).toBe(404);
    expect((await saveLine(learner.token, video.id, { cueId: 987_654_321 })).status).toBe(404);
    expect((await saveLine(learner.token, 987_654_321, { cueId: cues[0]!.id })).status).toBe(404);
    for (const body of [{ cueId: "one" }, {}, { cueId: -3 }, { cueId: cues[0]!.id, arabic: "x" }]) {
      const response = await saveLine(learner.token, video.id, body);
      expect(response.status).toBe(422);
      expect((await json<Json>(response)).errors?.length).toBeGreaterThan(0);
    }
  });

  it("needs a subscription for a premium lesson's line, and hides a premium lesson's media without one", async () => {
    const { video, cues } = await lessonWithLines({ isFree: false });
    const free = await member();
    expect((await saveLine(free.token, video.id, { cueId: cues[0]!.id })).status).toBe(402);
    // Saved while subscribed; the subscription gone, the card is still reviewed but plays nothing.
    const subscriber = await member({ subscribed: true });
    const { item } = (await json<Json>(await saveLine(subscriber.token, video.id, { cueId: cues[0]!.id }))).data;
    expect((await wordsSession(subscriber.token)).current.card.line.mediaUrl).not.toBeNull();
    const session = await getReviewSession(ctx, { userId: subscriber.id, scope: { kind: "words" } });
    expect(session.current?.card).toMatchObject({ id: item.id });
    expect(session.current?.card.line?.mediaUrl).toBeNull();
  });

  it("remembers a saved word's example line, so its card plays that line", async () => {
    const { video, cues } = await lessonWithLines();
    const learner = await member();
    const { item } = await saveWordToDefaultList(ctx, {
      userId: learner.id,
      input: { arabic: "منيح", transliteration: "mnīħ", english: "fine", videoId: video.id, cueId: cues[1]!.id },
    });
    expect(item).toMatchObject({ kind: "word", startMs: 16_000, endMs: 18_000, cueId: cues[1]!.id });
    const session = await wordsSession(learner.token);
    expect(session.current.card.line).toMatchObject({ arabic: "منيح الحمد لله", english: "Fine, thank God" });
  });
});

describe("card types", () => {
  it("gives each card type its own state: rating one does not move the other", async () => {
    const { video, cues } = await lessonWithLines();
    const learner = await member();
    const { item } = (await json<Json>(await saveLine(learner.token, video.id, { cueId: cues[0]!.id }))).data;
    const first = await wordsSession(learner.token);
    expect(first.remaining.new).toBe(2);
    expect(first.current.card.cardType).toBe("recognition");

    await reviewSavedWord(ctx, { userId: learner.id, cardId: item.id, rating: Rating.Easy, requestId: requestId() });
    const [recognition] = await ctx.db
      .select()
      .from(vocabularyReviewStates)
      .where(and(eq(vocabularyReviewStates.itemId, item.id), eq(vocabularyReviewStates.cardType, "recognition")));
    // Its sibling waits for tomorrow (burying, below); the next day it is the listening card's turn.
    clock = new Date(start.getTime() + 24 * 60 * 60_000);
    try {
      expect((await wordsSession(learner.token)).current.card.cardType).toBe("listening");
    } finally {
      clock = start;
    }

    await reviewSavedWord(ctx, {
      userId: learner.id,
      cardId: item.id,
      cardType: "listening",
      rating: Rating.Again,
      requestId: requestId(),
    });
    const states = await ctx.db.select().from(vocabularyReviewStates).where(eq(vocabularyReviewStates.itemId, item.id));
    expect(states.map((state) => state.cardType).sort()).toEqual(["listening", "recognition"]);
    const after = states.find((state) => state.cardType === "recognition")!;
    expect(after.due.getTime()).toBe(recognition!.due.getTime());
    expect(after.reps).toBe(recognition!.reps);
    expect(states.find((state) => state.cardType === "listening")!.due.getTime()).toBeLessThan(
      recognition!.due.getTime(),
    );
    const logs = await ctx.db.select().from(vocabularyReviewLogs).where(eq(vocabularyReviewLogs.itemId, item.id));
    expect(logs.map((log) => log.cardType).sort()).toEqual(["listening", "recognition"]);
  });

  it("refuses a card type the note does not make", async () => {
    const learner = await member();
    const { item } = await saveWordToDefaultList(ctx, {
      userId: learner.id,
      input: {
        arabic: "شباك",
        transliteration: "shubbāk",
        english: "window",
        videoId: (await lessonWithLines()).video.id,
      },
    });
    const response = await call("/api/flashcards/my-words/reviews", {
      method: "POST",
      token: learner.token,
      json: { cardId: item.id, cardType: "listening", rating: 3, requestId: requestId() },
    });
    expect(response.status).toBe(422);
    const bad = await call("/api/flashcards/my-words/reviews", {
      method: "POST",
      token: learner.token,
      json: { cardId: item.id, cardType: "spelling", rating: 3, requestId: requestId() },
    });
    expect(bad.status).toBe(400);
  });

  it("grades a typed production answer as tolerantly as the exercises: tashkeel and Arabizi count", async () => {
    expect(checkProductionAnswer({ arabic: "كِيفَك", transliteration: "kīfak" }, "كيفك")).toBe(true);
    expect(checkProductionAnswer({ arabic: "كِيفَك", transliteration: "kīfak" }, "kifak")).toBe(true);
    expect(checkProductionAnswer({ arabic: "منيح", transliteration: "mnīħ" }, "mni7")).toBe(true);
    expect(checkProductionAnswer({ arabic: "منيح", transliteration: "mnīħ" }, "كتير")).toBe(false);

    const learner = await member();
    const { item } = await saveWordToDefaultList(ctx, {
      userId: learner.id,
      input: { arabic: "مْنِيح", transliteration: "mnīħ", english: "good", videoId: (await lessonWithLines()).video.id },
    });
    const enable = await call(`/api/flashcards/notes/${item.id}`, {
      method: "PATCH",
      token: learner.token,
      json: { cardTypes: ["production", "recognition"] },
    });
    expect((await json<Json>(enable)).data.cardTypes).toEqual(["recognition", "production"]);
    const review = (answer: string, rating: number) =>
      call("/api/flashcards/my-words/reviews", {
        method: "POST",
        token: learner.token,
        json: { cardId: item.id, cardType: "production", answer, rating, requestId: requestId() },
      });
    const plain = await json<Json>(await review("منيح", Rating.Good));
    expect(plain.data).toMatchObject({ applied: true, correct: true, cardType: "production" });
    clock = new Date(start.getTime() + 60 * 60_000);
    try {
      expect((await json<Json>(await review("mni7", Rating.Good))).data.correct).toBe(true);
      clock = new Date(start.getTime() + 3 * 24 * 60 * 60_000);
      expect((await json<Json>(await review("mabsout", Rating.Easy))).data.correct).toBe(false);
    } finally {
      clock = start;
    }
    const logs = await ctx.db
      .select({ rating: vocabularyReviewLogs.rating })
      .from(vocabularyReviewLogs)
      .where(and(eq(vocabularyReviewLogs.itemId, item.id), eq(vocabularyReviewLogs.cardType, "production")))
      .orderBy(vocabularyReviewLogs.id);
    // A wrong answer is rated Again, whatever button was pressed.
    expect(logs.map((log) => log.rating)).toEqual([Rating.Good, Rating.Good, Rating.Again]);
  });
});

describe("sibling burying", () => {
  it("leaves a note's other cards for tomorrow once one is answered today; the answered card's steps go on", async () => {
    const { video, cues } = await lessonWithLines();
    const learner = await member();
    const { item } = (await json<Json>(await saveLine(learner.token, video.id, { cueId: cues[1]!.id }))).data;
    const first = await wordsSession(learner.token);
    expect(first).toMatchObject({ remaining: { new: 2 }, buried: 0 });

    // An answer taken back unburies the sibling.
    await reviewSavedWord(ctx, { userId: learner.id, cardId: item.id, rating: Rating.Good, requestId: requestId() });
    expect((await wordsSession(learner.token)).buried).toBe(1);
    const since = new Date(start.getTime() - 60_000);
    expect((await undoLastReview(ctx, { userId: learner.id, scope: { kind: "words" }, since })).undone).toBe(true);
    expect(await wordsSession(learner.token)).toMatchObject({ remaining: { new: 2 }, buried: 0 });

    // Again: the recognition card comes back within minutes; its listening sibling is buried for the day.
    await reviewSavedWord(ctx, { userId: learner.id, cardId: item.id, rating: Rating.Again, requestId: requestId() });
    const later = await wordsSession(learner.token);
    expect(later.current.card).toMatchObject({ id: item.id, cardType: "recognition" });
    expect(later).toMatchObject({ remaining: { new: 0, learning: 1 }, buried: 1 });
    await reviewSavedWord(ctx, { userId: learner.id, cardId: item.id, rating: Rating.Easy, requestId: requestId() });
    const done = await wordsSession(learner.token);
    expect(done.current).toBeNull();
    expect(done.buried).toBe(1);

    // The member's next day (here Tokyo's, which starts at 15:00 UTC): the sibling is back.
    await ctx.db.update(users).set({ timeZone: "Asia/Tokyo" }).where(eq(users.id, learner.id));
    clock = new Date(start.getTime() + 3.5 * 60 * 60_000);
    try {
      const nextDay = await wordsSession(learner.token);
      expect(nextDay.current.card).toMatchObject({ id: item.id, cardType: "listening" });
      expect(nextDay.buried).toBe(0);
    } finally {
      clock = start;
    }
  });
});

describe("curated collections: card types and suspension", () => {
  async function collectionWithCards() {
    const [collection] = await ctx.db
      .insert(flashcollections)
      .values({ title: "Café", slug: "cafe", level: "beginner", isPublished: true, position: 0 })
      .returning();
    const cards = await ctx.db
      .insert(flashcards)
      .values([
        {
          collectionId: collection!.id,
          arabic: "قَهوة",
          transliteration: "ahwe",
          english: "coffee",
          audioKey: "audio/ahwe.mp3",
          position: 0,
        },
        { collectionId: collection!.id, arabic: "شاي", transliteration: "shāy", english: "tea", position: 1 },
      ])
      .returning();
    return { collection: collection!, cards };
  }
  const session = async (token: string, collectionId: number) =>
    (await json<Json>(await call(`/api/flashcards/${collectionId}/session`, { token }))).data;
  const rate = (token: string, body: Record<string, unknown>) =>
    call("/api/flashcards/reviews", { method: "POST", token, json: { rating: 3, requestId: requestId(), ...body } });

  it("makes the card types the member chose, each with its own state, and buries siblings", async () => {
    const { collection, cards } = await collectionWithCards();
    const learner = await member({ subscribed: true });
    const stranger = await member({ subscribed: true });
    const path = `/api/flashcards/${collection.id}/card-types`;
    const put = (token: string | null, body: unknown, to = path) => call(to, { method: "PUT", token, json: body });

    expect((await put(null, { cardTypes: ["production"] })).status).toBe(401);
    expect((await put(learner.token, { cardTypes: [] })).status).toBe(422);
    const bad = await put(learner.token, { cardTypes: ["spelling"] });
    expect(bad.status).toBe(422);
    expect((await json<Json>(bad)).errors?.length).toBeGreaterThan(0);
    expect(
      (await put(learner.token, { cardTypes: ["production"] }, "/api/flashcards/999999999/card-types")).status,
    ).toBe(404);
    const saved = await put(learner.token, { cardTypes: ["listening", "production", "recognition"] });
    expect((await json<Json>(saved)).data.cardTypes).toEqual(["recognition", "production", "listening"]);

    // Two recognition, two production, one listening (only the card with a recording); recognition first.
    const mine = await session(learner.token, collection.id);
    expect(mine.remaining.new).toBe(5);
    expect(mine.current.card).toMatchObject({ id: cards[0]!.id, cardType: "recognition", source: "flashcard" });
    expect(mine.current.card.enabledTypes).toEqual(["recognition", "production", "listening"]);
    // Another member's choice is their own.
    expect((await session(stranger.token, collection.id)).remaining.new).toBe(2);

    // A typed production answer is checked (Arabizi counts); a wrong one is Again whatever was pressed.
    const right = await json<Json>(
      await rate(learner.token, { cardId: cards[1]!.id, cardType: "production", answer: "shay" }),
    );
    expect(right.data).toMatchObject({ applied: true, correct: true, cardType: "production" });
    const wrong = await json<Json>(
      await rate(learner.token, { cardId: cards[0]!.id, cardType: "production", answer: "māy", rating: 4 }),
    );
    expect(wrong.data.correct).toBe(false);
    const [log] = await ctx.db
      .select({ rating: flashcardReviewLogs.rating })
      .from(flashcardReviewLogs)
      .where(and(eq(flashcardReviewLogs.userId, learner.id), eq(flashcardReviewLogs.flashcardId, cards[0]!.id)));
    expect(log!.rating).toBe(Rating.Again);
    // The tea card has no recording: no listening card.
    expect((await rate(learner.token, { cardId: cards[1]!.id, cardType: "listening" })).status).toBe(422);
    expect((await rate(stranger.token, { cardId: cards[0]!.id, cardType: "production" })).status).toBe(422);

    // Both flashcards had a card answered: their other cards wait for tomorrow, the wrong one's steps go on.
    const after = await session(learner.token, collection.id);
    expect(after).toMatchObject({ remaining: { new: 0, learning: 2 }, buried: 3 });
    expect(after.current.card).toMatchObject({ id: cards[0]!.id, cardType: "production" });
    const states = await ctx.db.select().from(flashcardStates).where(eq(flashcardStates.userId, learner.id));
    expect(states.map((state) => `${state.flashcardId}:${state.cardType}`).sort()).toEqual(
      [`${cards[0]!.id}:production`, `${cards[1]!.id}:production`].sort(),
    );
  });

  it("suspends a curated card for the member only, out of the collection's and the daily review", async () => {
    const { collection, cards } = await collectionWithCards();
    const learner = await member({ subscribed: true });
    const stranger = await member({ subscribed: true });
    const suspend = (token: string | null, id: number, body: unknown) =>
      call(`/api/flashcards/cards/${id}`, { method: "PATCH", token, json: body });

    expect((await rate(learner.token, { cardId: cards[1]!.id })).status).toBe(200);
    clock = new Date(start.getTime() + 3 * 24 * 60 * 60_000);
    try {
      const daily = async (token: string) =>
        (await json<Json>(await call("/api/flashcards/due/session?source=collections", { token }))).data;
      expect((await daily(learner.token)).current.card.id).toBe(cards[1]!.id);

      expect((await suspend(null, cards[1]!.id, { suspended: true })).status).toBe(401);
      expect((await suspend(learner.token, cards[1]!.id, { suspended: "yes" })).status).toBe(422);
      expect((await suspend(learner.token, 999_999_999, { suspended: true })).status).toBe(404);
      const done = await json<Json>(await suspend(learner.token, cards[1]!.id, { suspended: true }));
      expect(done.data).toMatchObject({ id: cards[1]!.id, suspended: true });
      expect((await suspend(learner.token, cards[1]!.id, { suspended: true })).status).toBe(200);

      expect((await daily(learner.token)).current).toBeNull();
      const own = await session(learner.token, collection.id);
      expect(own.remaining).toMatchObject({ due: 0, new: 1 });
      expect((await session(stranger.token, collection.id)).remaining.new).toBe(2);
      const detail = (await json<Json>(await call(`/api/flashcards/${collection.id}`, { token: learner.token }))).data;
      expect(detail.cards.map((card: { suspended: boolean }) => card.suspended)).toEqual([false, true]);
      expect(detail).toMatchObject({ withAudio: 1, cardTypes: ["recognition"] });
      const theirs = (await json<Json>(await call(`/api/flashcards/${collection.id}`, { token: stranger.token }))).data;
      expect(theirs.cards.map((card: { suspended: boolean }) => card.suspended)).toEqual([false, false]);

      await suspend(learner.token, cards[1]!.id, { suspended: false });
      expect((await daily(learner.token)).current.card.id).toBe(cards[1]!.id);
    } finally {
      clock = start;
    }
  });
});

describe("daily limits", () => {
  it("holds new cards and reviews per day, counted on the member's own day", async () => {
    // 07:00 UTC is still yesterday evening in Los Angeles; 09:00 UTC is the next local day (the same UTC day).
    const day = new Date(start);
    day.setUTCHours(7, 0, 0, 0);
    clock = day;
    try {
      const learner = await member();
      await ctx.db.update(users).set({ timeZone: "America/Los_Angeles" }).where(eq(users.id, learner.id));
      const video = (await lessonWithLines()).video;
      for (const arabic of ["باب", "بيت", "شمس"])
        await saveWordToDefaultList(ctx, {
          userId: learner.id,
          input: { arabic, transliteration: "", english: arabic, videoId: video.id },
        });
      const limits = await call("/api/flashcards/settings", {
        method: "PUT",
        token: learner.token,
        json: { newPerDay: 1, reviewsPerDay: 0 },
      });
      expect(limits.status).toBe(200);
      const bad = await call("/api/flashcards/settings", {
        method: "PUT",
        token: learner.token,
        json: { newPerDay: -1, reviewsPerDay: "lots" },
      });
      expect(bad.status).toBe(422);
      expect((await json<Json>(bad)).errors?.length).toBeGreaterThan(0);

      const before = await wordsSession(learner.token);
      expect(before.remaining.new).toBe(1);
      await reviewSavedWord(ctx, {
        userId: learner.id,
        cardId: before.current.card.id,
        rating: Rating.Easy,
        requestId: requestId(),
      });
      const done = await wordsSession(learner.token);
      expect(done.current).toBeNull();
      expect(done.held).toEqual({ new: 2, due: 0 });

      clock = new Date(day.getTime() + 2 * 60 * 60_000); // 01:00 the next day in Los Angeles
      const nextDay = await wordsSession(learner.token);
      expect(nextDay.remaining.new).toBe(1);
      expect(nextDay.current).not.toBeNull();

      // Weeks later the first card is due: with no reviews a day it waits too; with some it is shown.
      clock = new Date(day.getTime() + 25 * 24 * 60 * 60_000);
      const setLimits = (newPerDay: number, reviewsPerDay: number) =>
        call("/api/flashcards/settings", { method: "PUT", token: learner.token, json: { newPerDay, reviewsPerDay } });
      await setLimits(0, 0);
      const held = await wordsSession(learner.token);
      expect(held.current).toBeNull();
      expect(held.held).toEqual({ new: 2, due: 1 });
      await setLimits(0, 5);
      const due = await wordsSession(learner.token);
      expect(due.current.card.id).toBe(before.current.card.id);
      expect(due.remaining.due).toBe(1);
    } finally {
      clock = start;
    }
  });
});

describe("editing, suspending and deleting one's notes", () => {
  it("edits the meaning, suspends and unsuspends, deletes; another member's note is a 404", async () => {
    const learner = await member();
    const stranger = await member();
    const video = (await lessonWithLines()).video;
    const { item } = await saveWordToDefaultList(ctx, {
      userId: learner.id,
      input: { arabic: "قلم", transliteration: "", english: "pen?", videoId: video.id },
    });
    const patch = (token: string, body: unknown) =>
      call(`/api/flashcards/notes/${item.id}`, { method: "PATCH", token, json: body });

    expect((await call(`/api/flashcards/notes/${item.id}`, { method: "PATCH", json: { english: "x" } })).status).toBe(
      401,
    );
    expect((await patch(stranger.token, { english: "stolen" })).status).toBe(404);
    expect((await patch(learner.token, {})).status).toBe(422);
    expect((await patch(learner.token, { cardTypes: [] })).status).toBe(422);

    const edited = await json<Json>(await patch(learner.token, { english: "pen", transliteration: "ʔalam" }));
    expect(edited.data).toMatchObject({ english: "pen", transliteration: "ʔalam" });
    expect((await wordsSession(learner.token)).current.card).toMatchObject({ english: "pen" });

    expect((await json<Json>(await patch(learner.token, { suspended: true }))).data.suspended).toBe(true);
    expect((await wordsSession(learner.token)).current).toBeNull();
    await patch(learner.token, { suspended: false });
    expect((await wordsSession(learner.token)).current.card.id).toBe(item.id);

    expect((await call(`/api/vocabulary/items/${item.id}`, { method: "DELETE", token: stranger.token })).status).toBe(
      404,
    );
    expect((await call(`/api/vocabulary/items/${item.id}`, { method: "DELETE", token: learner.token })).status).toBe(
      200,
    );
    expect(await ctx.db.select().from(vocabularyListItems).where(eq(vocabularyListItems.id, item.id))).toEqual([]);
    expect((await wordsSession(learner.token)).current).toBeNull();
  });
});

describe("migration 0014", () => {
  it("copies every existing state as a recognition card", async () => {
    // The migration's own statements, run on tables of the old shape under other names.
    const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith("0014_"));
    expect(migration).toBeDefined();
    const renamed = [
      "vocabulary_list_items_word_unique",
      "vocabulary_list_items",
      "vocabulary_review_states_due_idx",
      "vocabulary_review_states",
      "vocabulary_review_logs",
      "flashcard_states_due_idx",
      "flashcard_states",
      "flashcard_review_logs",
      "review_settings",
      "flashcards",
    ];
    const rename = (sql: string) =>
      renamed.reduce(
        (text, name) =>
          text.replaceAll(`\`${name}\``, `\`m14_${name}\``).replaceAll(`\`__new_${name}\``, `\`__new_m14_${name}\``),
        sql,
      );
    const owner = (await member()).id;
    const old = [
      "CREATE TABLE `m14_flashcards` (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL)",
      "INSERT INTO `m14_flashcards` VALUES (71)",
      "CREATE TABLE `m14_vocabulary_list_items` (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `list_id` integer NOT NULL, `arabic` text NOT NULL)",
      "CREATE UNIQUE INDEX `m14_vocabulary_list_items_word_unique` ON `m14_vocabulary_list_items` (`list_id`,`arabic`)",
      "INSERT INTO `m14_vocabulary_list_items` VALUES (70, 1, 'باب')",
      "CREATE TABLE `m14_flashcard_review_logs` (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `user_id` integer NOT NULL)",
      "CREATE TABLE `m14_vocabulary_review_logs` (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `user_id` integer NOT NULL)",
      ...["flashcard_states", "vocabulary_review_states"].map(
        (table) =>
          `CREATE TABLE \`m14_${table}\` (\`user_id\` integer NOT NULL, \`${table === "flashcard_states" ? "flashcard_id" : "item_id"}\` integer NOT NULL, \`due\` integer NOT NULL, \`stability\` real NOT NULL, \`difficulty\` real NOT NULL, \`elapsed_days\` integer NOT NULL, \`scheduled_days\` integer NOT NULL, \`learning_steps\` integer DEFAULT 0 NOT NULL, \`reps\` integer NOT NULL, \`lapses\` integer NOT NULL, \`state\` integer NOT NULL, \`last_review\` integer, \`created_at\` integer NOT NULL, \`updated_at\` integer NOT NULL, PRIMARY KEY(\`user_id\`, \`${table === "flashcard_states" ? "flashcard_id" : "item_id"}\`))`,
      ),
      "CREATE INDEX `m14_flashcard_states_due_idx` ON `m14_flashcard_states` (`user_id`,`due`)",
      "CREATE INDEX `m14_vocabulary_review_states_due_idx` ON `m14_vocabulary_review_states` (`user_id`,`due`)",
      `INSERT INTO \`m14_vocabulary_review_states\` VALUES (${owner}, 70, 1000, 3.5, 5.1, 1, 3, 0, 4, 1, 2, 900, 1, 2)`,
      `INSERT INTO \`m14_flashcard_states\` VALUES (${owner}, 71, 2000, 8.25, 4.2, 2, 9, 0, 6, 0, 2, 1900, 1, 2)`,
    ];
    await env.DB.batch(old.map((statement) => env.DB.prepare(statement)));
    for (const query of migration!.queries) await env.DB.prepare(rename(query)).run();
    const words = await env.DB.prepare("SELECT * FROM `m14_vocabulary_review_states`").all();
    expect(words.results).toEqual([
      expect.objectContaining({
        user_id: owner,
        item_id: 70,
        card_type: "recognition",
        due: 1000,
        stability: 3.5,
        reps: 4,
      }),
    ]);
    const cards = await env.DB.prepare("SELECT * FROM `m14_flashcard_states`").all();
    expect(cards.results).toEqual([
      expect.objectContaining({
        user_id: owner,
        flashcard_id: 71,
        card_type: "recognition",
        due: 2000,
        stability: 8.25,
      }),
    ]);
    // Another card type of the same note is a row of its own now.
    await env.DB.prepare(
      `INSERT INTO \`m14_vocabulary_review_states\` VALUES (${owner}, 70, 'listening', 1000, 1, 1, 0, 0, 0, 1, 0, 1, null, 1, 2)`,
    ).run();
    for (const table of [
      "vocabulary_review_states",
      "vocabulary_review_logs",
      "flashcard_states",
      "flashcard_review_logs",
      "review_settings",
      "vocabulary_list_items",
      "flashcards",
    ])
      await env.DB.prepare(`DROP TABLE \`m14_${table}\``).run();
  });
});
