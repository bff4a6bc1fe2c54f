import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  flashcardReviewLogs,
  flashcards,
  flashcardStates,
  flashcollections,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewLogs,
} from "../../drizzle/schema";
import { NEW_CARDS_PER_DAY, Rating, State } from "../../core/fsrs";
import { createAppContext } from "../../server/context";
import {
  getFlashcardsOverview,
  getReviewSession,
  orderQueue,
  reviewFlashcard,
  reviewSavedWord,
  undoLastReview,
} from "../../server/services/flashcards";
import { caller, createUser, member as signedIn, testEnv } from "./helpers";

// Noon UTC today: near the real clock (session tokens carry real expiry times) and far from midnight,
// where the daily new-card allowance resets.
const start = new Date(new Date().setUTCHours(12, 0, 0, 0));
let clock = start;
const now = () => clock;
const ctx = createAppContext(testEnv, { now });
const call = caller({ now });
const minutesLater = (n: number) => new Date(start.getTime() + n * 60_000);

async function createCollection(options: { cards?: number; isPublished?: boolean; title?: string } = {}) {
  const [collection] = await ctx.db
    .insert(flashcollections)
    .values({
      title: options.title ?? "Greetings",
      slug: "greetings",
      level: "beginner",
      isPublished: options.isPublished ?? true,
      position: 0,
    })
    .returning();
  const rows = Array.from({ length: options.cards ?? 3 }, (_, position) => ({
    collectionId: collection!.id,
    arabic: `كلمة ${position + 1}`,
    transliteration: `kilme ${position + 1}`,
    english: `word ${position + 1}`,
    position,
  }));
  const cards = [];
  // D1 binds at most 100 variables per statement.
  for (let index = 0; index < rows.length; index += 10) {
    cards.push(
      ...(await ctx.db
        .insert(flashcards)
        .values(rows.slice(index, index + 10))
        .returning()),
    );
  }
  return { collection: collection!, cards };
}

async function saveWords(userId: number, words: string[]) {
  const [list] = await ctx.db.insert(vocabularyLists).values({ userId, title: "Café words" }).returning();
  const items = await ctx.db
    .insert(vocabularyListItems)
    .values(words.map((arabic) => ({ listId: list!.id, arabic, english: `meaning of ${arabic}` })))
    .returning();
  return { list: list!, items };
}

describe("due counts", () => {
  it("move from new to learned after a review and back to due when the card comes due", async () => {
    clock = start;
    const { collection, cards } = await createCollection({ cards: 3 });
    const user = await createUser();
    const before = await getFlashcardsOverview(ctx, { userId: user.id });
    const mine = () => before.collections.find((item) => item.id === collection.id)!;
    expect(mine().cardCount).toBe(3);
    expect(mine().counts).toEqual({ total: 3, due: 0, new: 3, learned: 0, newToday: 3 });

    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[0]!.id,
      rating: Rating.Good,
      requestId: "req-good-0001",
    });
    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[1]!.id,
      rating: Rating.Easy,
      requestId: "req-easy-0001",
    });
    const after = await getFlashcardsOverview(ctx, { userId: user.id });
    expect(after.collections.find((item) => item.id === collection.id)!.counts).toEqual({
      total: 3,
      due: 0,
      new: 1,
      learned: 2,
      newToday: 1,
    });

    // Good on a new card is the 10 minute learning step: due again ten minutes later.
    clock = minutesLater(10);
    const later = await getFlashcardsOverview(ctx, { userId: user.id });
    expect(later.collections.find((item) => item.id === collection.id)!.counts).toMatchObject({ due: 1, learned: 1 });
    expect(later.totals!.due).toBeGreaterThanOrEqual(1);
  });

  it("visitors see collections and card counts but no study counts", async () => {
    clock = start;
    const { collection } = await createCollection({ cards: 2, title: "Numbers" });
    await createCollection({ cards: 2, isPublished: false, title: "Draft" });
    const overview = await getFlashcardsOverview(ctx, { userId: null });
    const numbers = overview.collections.find((item) => item.id === collection.id)!;
    expect(numbers).toMatchObject({ title: "Numbers", cardCount: 2, counts: null });
    expect(overview.collections.some((item) => item.title === "Draft")).toBe(false);
    expect(overview.totals).toBeNull();
    expect(overview.savedWords).toBeNull();
  });
});

describe("a review session", () => {
  it("shows due cards first, then new ones in order, and summarises the session", async () => {
    clock = start;
    const { collection, cards } = await createCollection({ cards: 3 });
    const user = await createUser();
    const scope = { kind: "collection", collectionId: collection.id } as const;

    const first = await getReviewSession(ctx, { userId: user.id, scope, since: start });
    expect(first.current?.card.id).toBe(cards[0]!.id);
    expect(first.current?.isNew).toBe(true);
    expect(first.current?.previews.map((preview) => preview.interval)).toEqual([
      "1m",
      "6m",
      "10m",
      expect.stringMatching(/d$/),
    ]);
    expect(first.remaining).toEqual({ due: 0, new: 3, learning: 0 });
    // Only studied cards have a next due date; new ones wait for the learner.
    expect(first.nextDue).toBeNull();

    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[0]!.id,
      rating: Rating.Again,
      requestId: "session-a-1",
    });
    clock = minutesLater(2);
    // The card answered Again is due after its 1 minute step, so it comes before the new ones.
    const second = await getReviewSession(ctx, { userId: user.id, scope, since: start });
    expect(second.current?.card.id).toBe(cards[0]!.id);
    expect(second.current?.isNew).toBe(false);
    expect(second.remaining).toEqual({ due: 1, new: 2, learning: 0 });

    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[0]!.id,
      rating: Rating.Easy,
      requestId: "session-a-2",
    });
    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[1]!.id,
      rating: Rating.Easy,
      requestId: "session-a-3",
    });
    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[2]!.id,
      rating: Rating.Hard,
      requestId: "session-a-4",
    });
    const third = await getReviewSession(ctx, { userId: user.id, scope, since: start });
    // Hard on a new card is a 6 minute step: within the learn-ahead window, so it is shown now.
    expect(third.current?.card.id).toBe(cards[2]!.id);
    expect(third.remaining).toEqual({ due: 0, new: 0, learning: 1 });
    await reviewFlashcard(ctx, {
      userId: user.id,
      cardId: cards[2]!.id,
      rating: Rating.Easy,
      requestId: "session-a-5",
    });

    const done = await getReviewSession(ctx, { userId: user.id, scope, since: start });
    expect(done.current).toBeNull();
    expect(done.summary).toEqual({ reviewed: 5, ratings: { again: 1, hard: 1, good: 0, easy: 3 } });
    expect(done.nextDue!.getTime()).toBeGreaterThanOrEqual(clock.getTime() + 86_400_000);
    expect(done.canUndo).toBe(true);
  });

  it("lets in at most the daily number of new cards", async () => {
    clock = start;
    const { collection } = await createCollection({ cards: NEW_CARDS_PER_DAY + 5 });
    const user = await createUser();
    const session = await getReviewSession(ctx, {
      userId: user.id,
      scope: { kind: "collection", collectionId: collection.id },
    });
    expect(session.remaining.new).toBe(NEW_CARDS_PER_DAY);
    const overview = await getFlashcardsOverview(ctx, { userId: user.id });
    expect(overview.collections.find((item) => item.id === collection.id)!.counts).toMatchObject({
      new: NEW_CARDS_PER_DAY + 5,
      newToday: NEW_CARDS_PER_DAY,
    });
  });

  it("orders a queue as Anki does", () => {
    const now = start;
    const state = (minutes: number, cardState: State) => ({
      due: new Date(now.getTime() + minutes * 60_000),
      stability: 1,
      difficulty: 5,
      elapsedDays: 0,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: cardState,
      lastReview: now,
    });
    const order = orderQueue(
      [
        { id: 1, state: null },
        { id: 2, state: state(-5, State.Review) },
        { id: 3, state: state(5, State.Learning) },
        { id: 4, state: state(-60, State.Review) },
        { id: 5, state: null },
        { id: 6, state: state(60 * 24, State.Review) },
      ],
      now,
      1,
    );
    expect(order.queue.map((card) => card.id)).toEqual([4, 2, 1, 3]);
  });

  it("undoes the last answer of the session", async () => {
    clock = start;
    const { collection, cards } = await createCollection({ cards: 2 });
    const user = await createUser();
    const scope = { kind: "collection", collectionId: collection.id } as const;
    await reviewFlashcard(ctx, { userId: user.id, cardId: cards[0]!.id, rating: Rating.Good, requestId: "undo-0001" });
    expect(await undoLastReview(ctx, { userId: user.id, scope, since: start })).toEqual({
      undone: true,
      cardId: cards[0]!.id,
    });
    const states = await ctx.db.select().from(flashcardStates).where(eq(flashcardStates.userId, user.id));
    expect(states).toHaveLength(0);
    const session = await getReviewSession(ctx, { userId: user.id, scope, since: start });
    expect(session.summary?.reviewed).toBe(0);
    expect(session.current?.card.id).toBe(cards[0]!.id);
    expect(await undoLastReview(ctx, { userId: user.id, scope, since: start })).toEqual({
      undone: false,
      cardId: null,
    });
  });
});

describe("POST /api/flashcards/reviews", () => {
  it("saves the new state; the same request id twice rates once", async () => {
    clock = start;
    const { cards } = await createCollection({ cards: 1 });
    const member = await signedIn({ now });
    const body = { cardId: cards[0]!.id, rating: Rating.Good, requestId: "double-click-1" };
    const [one, two] = await Promise.all([
      call("/api/flashcards/reviews", { method: "POST", token: member.token, json: body }),
      call("/api/flashcards/reviews", { method: "POST", token: member.token, json: body }),
    ]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    const results = [
      ((await one.json()) as { data: { applied: boolean; state: { reps: number; due: string } } }).data,
      ((await two.json()) as { data: { applied: boolean; state: { reps: number; due: string } } }).data,
    ];
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(results.map((result) => result.state.reps)).toEqual([1, 1]);
    expect(new Date(results[0]!.state.due)).toEqual(minutesLater(10));

    // A retry later still does not rate again.
    clock = minutesLater(30);
    const retry = await call("/api/flashcards/reviews", { method: "POST", token: member.token, json: body });
    expect(((await retry.json()) as { data: { applied: boolean; state: { reps: number } } }).data).toMatchObject({
      applied: false,
      state: { reps: 1 },
    });
    const logs = await ctx.db.select().from(flashcardReviewLogs).where(eq(flashcardReviewLogs.userId, member.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ rating: Rating.Good, requestId: "double-click-1", previousState: null });
  });

  it("leaves another learner's state untouched", async () => {
    clock = start;
    const { cards } = await createCollection({ cards: 1 });
    const alice = await signedIn({ now });
    const bob = await signedIn({ now });
    await call("/api/flashcards/reviews", {
      method: "POST",
      token: alice.token,
      json: {
        cardId: cards[0]!.id,
        rating: 4,
        requestId: "alice-0001",
      },
    });
    // Bob may use the same request id: ids are per learner.
    const response = await call("/api/flashcards/reviews", {
      method: "POST",
      token: bob.token,
      json: {
        cardId: cards[0]!.id,
        rating: 1,
        requestId: "alice-0001",
      },
    });
    expect(((await response.json()) as { data: { applied: boolean } }).data.applied).toBe(true);
    const [aliceState] = await ctx.db
      .select()
      .from(flashcardStates)
      .where(and(eq(flashcardStates.userId, alice.id), eq(flashcardStates.flashcardId, cards[0]!.id)));
    const [bobState] = await ctx.db
      .select()
      .from(flashcardStates)
      .where(and(eq(flashcardStates.userId, bob.id), eq(flashcardStates.flashcardId, cards[0]!.id)));
    expect(aliceState).toMatchObject({ state: State.Review, reps: 1 });
    expect(bobState).toMatchObject({ state: State.Learning, reps: 1 });
  });

  it("rejects bad input with 400, unknown cards with 404, visitors with 401", async () => {
    clock = start;
    const { cards } = await createCollection({ cards: 1 });
    const hidden = await createCollection({ cards: 1, isPublished: false });
    const member = await signedIn({ now });
    const good = { cardId: cards[0]!.id, rating: 3, requestId: "bad-input-01" };
    expect((await call("/api/flashcards/reviews", { method: "POST", json: good })).status).toBe(401);
    for (const body of [
      "not json",
      "[1,2]",
      { ...good, rating: 0 },
      { ...good, rating: 5 },
      { ...good, rating: "3" },
      { ...good, cardId: -1 },
      { ...good, requestId: "x" },
      { ...good, requestId: "has spaces in it" },
      { cardId: cards[0]!.id, rating: 3 },
    ]) {
      const response = await call("/api/flashcards/reviews", {
        method: "POST",
        token: member.token,
        ...(typeof body === "string" ? { body } : { json: body }),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
    }
    expect(
      (
        await call("/api/flashcards/reviews", {
          method: "POST",
          token: member.token,
          json: { ...good, cardId: 99_999_999 },
        })
      ).status,
    ).toBe(404);
    const unpublished = { ...good, cardId: hidden.cards[0]!.id };
    expect(
      (await call("/api/flashcards/reviews", { method: "POST", token: member.token, json: unpublished })).status,
    ).toBe(404);
    // One request id cannot answer two cards.
    const second = await createCollection({ cards: 1 });
    expect((await call("/api/flashcards/reviews", { method: "POST", token: member.token, json: good })).status).toBe(
      200,
    );
    const reused = await call("/api/flashcards/reviews", {
      method: "POST",
      token: member.token,
      json: {
        ...good,
        cardId: second.cards[0]!.id,
      },
    });
    expect(reused.status).toBe(409);
  });

  it("answers collections to visitors and 404 for unknown ones", async () => {
    clock = start;
    const { collection } = await createCollection({ cards: 2 });
    const list = await call("/api/flashcards");
    expect(list.status).toBe(200);
    const detail = await call(`/api/flashcards/${collection.id}`);
    const body = (await detail.json()) as { data: { cards: Array<{ arabic: string; status: string | null }> } };
    expect(body.data.cards.map((card) => card.arabic)).toEqual(["كلمة 1", "كلمة 2"]);
    expect(body.data.cards[0]!.status).toBeNull();
    expect((await call("/api/flashcards/99999999")).status).toBe(404);
    expect((await call(`/api/flashcards/${collection.id}/session`)).status).toBe(401);
  });
});

describe("saved words", () => {
  it("are reviewed like flashcards, per learner, and counted on the overview", async () => {
    clock = start;
    const member = await signedIn({ now });
    const other = await signedIn({ now });
    const { list, items } = await saveWords(member.id, ["قهوة", "شاي"]);
    const theirs = await saveWords(other.id, ["مي"]);

    const session = await call("/api/flashcards/my-words/session", { token: member.token });
    const sessionBody = (await session.json()) as {
      data: { current: { card: { arabic: string } }; remaining: { new: number } };
    };
    expect(sessionBody.data.current.card.arabic).toBe("قهوة");
    expect(sessionBody.data.remaining.new).toBe(2);

    const review = await call("/api/flashcards/my-words/reviews", {
      method: "POST",
      token: member.token,
      json: {
        cardId: items[0]!.id,
        rating: Rating.Good,
        requestId: "word-review-1",
      },
    });
    expect(review.status).toBe(200);
    const again = await reviewSavedWord(ctx, {
      userId: member.id,
      cardId: items[0]!.id,
      rating: Rating.Good,
      requestId: "word-review-1",
    });
    expect(again.applied).toBe(false);
    const logs = await ctx.db.select().from(vocabularyReviewLogs).where(eq(vocabularyReviewLogs.userId, member.id));
    expect(logs).toHaveLength(1);

    const overview = await getFlashcardsOverview(ctx, { userId: member.id });
    expect(overview.savedWords).toEqual({ total: 2, due: 0, new: 1, learned: 1, newToday: 1 });

    // Someone else's word answers like an unknown one.
    const foreign = await call("/api/flashcards/my-words/reviews", {
      method: "POST",
      token: member.token,
      json: {
        cardId: theirs.items[0]!.id,
        rating: Rating.Good,
        requestId: "word-review-2",
      },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(`/api/flashcards/my-words/session?list=${theirs.list.id}`, { token: member.token })).status,
    ).toBe(404);
    expect((await call("/api/flashcards/my-words/session?list=abc", { token: member.token })).status).toBe(400);
    const oneList = await call(`/api/flashcards/my-words/session?list=${list.id}`, { token: member.token });
    expect(oneList.status).toBe(200);
    expect((await getFlashcardsOverview(ctx, { userId: other.id })).savedWords).toMatchObject({ total: 1, new: 1 });
  });
});
