import { eq, getTableName, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  flashcardReviewLogs,
  flashcards,
  flashcardStates,
  flashcollections,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewLogs,
  vocabularyReviewStates,
} from "../../drizzle/schema";
import { Rating } from "../../core/fsrs";
import { createAppContext } from "../../server/context";
import {
  applyReview,
  FLASHCARD_REVIEWS,
  SAVED_WORD_REVIEWS,
  takeBackReview,
  type ReviewTables,
} from "../../server/services/fsrs-reviews";
import { createUser, testEnv } from "./helpers";

// The one FSRS writer (server/services/fsrs-reviews.ts), called as flashcards and saved words call it.

// A clock a millisecond on at every reading, as two real requests would see it.
let ticks = 0;
const start = Date.UTC(2026, 0, 5, 12);
const ctx = createAppContext(testEnv, { now: () => new Date(start + (ticks += 1)) });

async function flashcard() {
  const [collection] = await ctx.db
    .insert(flashcollections)
    .values({ title: "Writer", slug: "writer", level: "beginner", isPublished: true, position: 0 })
    .returning();
  const [card] = await ctx.db
    .insert(flashcards)
    .values({ collectionId: collection!.id, arabic: "قهوة", english: "coffee", position: 0 })
    .returning();
  return card!.id;
}

async function savedWord(userId: number) {
  const [list] = await ctx.db.insert(vocabularyLists).values({ userId, title: "Writer words" }).returning();
  const [item] = await ctx.db
    .insert(vocabularyListItems)
    .values({ listId: list!.id, arabic: "شاي", english: "tea" })
    .returning();
  return item!.id;
}

async function rowsOf(userId: number) {
  const [cardStates, cardLogs, wordStates, wordLogs] = await ctx.db.batch([
    ctx.db.select().from(flashcardStates).where(eq(flashcardStates.userId, userId)),
    ctx.db.select().from(flashcardReviewLogs).where(eq(flashcardReviewLogs.userId, userId)),
    ctx.db.select().from(vocabularyReviewStates).where(eq(vocabularyReviewStates.userId, userId)),
    ctx.db.select().from(vocabularyReviewLogs).where(eq(vocabularyReviewLogs.userId, userId)),
  ]);
  return { cardStates, cardLogs, wordStates, wordLogs };
}

it("writes a flashcard's rating to the flashcard tables and a saved word's to the word tables", async () => {
  const user = await createUser();
  const cardId = await flashcard();
  const itemId = await savedWord(user.id);

  const card = await applyReview(ctx, {
    tables: FLASHCARD_REVIEWS,
    userId: user.id,
    cardId,
    rating: Rating.Good,
    requestId: "writer-card-1",
  });
  expect(card).toMatchObject({ applied: true, cardId, state: { reps: 1 } });
  let rows = await rowsOf(user.id);
  expect(rows.cardStates).toMatchObject([{ flashcardId: cardId, reps: 1 }]);
  expect(rows.cardLogs).toMatchObject([{ flashcardId: cardId, rating: Rating.Good, requestId: "writer-card-1" }]);
  expect(rows.wordStates).toEqual([]);
  expect(rows.wordLogs).toEqual([]);

  const word = await applyReview(ctx, {
    tables: SAVED_WORD_REVIEWS,
    userId: user.id,
    cardId: itemId,
    rating: Rating.Again,
    requestId: "writer-word-1",
  });
  expect(word).toMatchObject({ applied: true, cardId: itemId, state: { reps: 1 } });
  rows = await rowsOf(user.id);
  expect(rows.wordStates).toMatchObject([{ itemId, reps: 1 }]);
  expect(rows.wordLogs).toMatchObject([{ itemId, rating: Rating.Again, requestId: "writer-word-1" }]);
  expect(rows.cardStates).toHaveLength(1);
  expect(rows.cardLogs).toHaveLength(1);
});

describe.each([
  ["flashcards", FLASHCARD_REVIEWS, () => flashcard()],
  ["saved words", SAVED_WORD_REVIEWS, (userId: number) => savedWord(userId)],
] as Array<[string, ReviewTables, (userId: number) => Promise<number>]>)(
  "the review writer for %s",
  (_, tables, newCard) => {
    const stateRows = (userId: number) =>
      rowsOf(userId).then((rows) => (tables.cardKey === "flashcardId" ? rows.cardStates : rows.wordStates));
    const logRows = (userId: number) =>
      rowsOf(userId).then((rows) => (tables.cardKey === "flashcardId" ? rows.cardLogs : rows.wordLogs));

    it("rates once when two answers to one card arrive together", async () => {
      const user = await createUser();
      const cardId = await newCard(user.id);
      const results = await Promise.all([
        applyReview(ctx, { tables, userId: user.id, cardId, rating: Rating.Good, requestId: "together-good" }),
        applyReview(ctx, { tables, userId: user.id, cardId, rating: Rating.Again, requestId: "together-again" }),
      ]);
      expect(results.filter((result) => result.applied)).toHaveLength(1);
      const [stored] = await stateRows(user.id);
      expect(stored).toMatchObject({ reps: 1 });
      expect(await logRows(user.id)).toHaveLength(1);
      // The answer that lost reports the state that won.
      expect(results.map((result) => result.state.due.getTime())).toEqual([
        stored!.due.getTime(),
        stored!.due.getTime(),
      ]);
    });

    it("writes the state and the log together or not at all", async () => {
      const user = await createUser();
      const cardId = await newCard(user.id);
      const trigger = `fail_${getTableName(tables.logs)}`;
      await ctx.db.run(
        sql.raw(
          `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${getTableName(tables.logs)} BEGIN SELECT RAISE(ABORT, 'log refused'); END`,
        ),
      );
      try {
        await expect(
          applyReview(ctx, { tables, userId: user.id, cardId, rating: Rating.Good, requestId: "atomic-0001" }),
        ).rejects.toThrow();
      } finally {
        await ctx.db.run(sql.raw(`DROP TRIGGER ${trigger}`));
      }
      expect(await stateRows(user.id)).toEqual([]);
      expect(await logRows(user.id)).toEqual([]);

      const retried = await applyReview(ctx, {
        tables,
        userId: user.id,
        cardId,
        rating: Rating.Good,
        requestId: "atomic-0001",
      });
      expect(retried).toMatchObject({ applied: true, state: { reps: 1 } });
    });

    it("takes back the latest answer only, back to the state before it", async () => {
      const user = await createUser();
      const cardId = await newCard(user.id);
      const first = await applyReview(ctx, {
        tables,
        userId: user.id,
        cardId,
        rating: Rating.Good,
        requestId: "undo-1",
      });
      await applyReview(ctx, { tables, userId: user.id, cardId, rating: Rating.Easy, requestId: "undo-2" });
      const logs = await logRows(user.id);
      const byRequest = (requestId: string) => {
        const log = logs.find((row) => row.requestId === requestId)!;
        return { ...log, cardId };
      };

      // The first answer is no longer the card's latest: nothing changes.
      expect(await takeBackReview(ctx, { tables, userId: user.id, log: byRequest("undo-1") })).toBe(false);
      expect(await logRows(user.id)).toHaveLength(2);

      expect(await takeBackReview(ctx, { tables, userId: user.id, log: byRequest("undo-2") })).toBe(true);
      const [restored] = await stateRows(user.id);
      expect(restored).toMatchObject({ reps: 1, due: first.state.due, lastReview: first.state.lastReview });
      expect((await logRows(user.id)).map((row) => row.requestId)).toEqual(["undo-1"]);

      expect(await takeBackReview(ctx, { tables, userId: user.id, log: byRequest("undo-1") })).toBe(true);
      expect(await stateRows(user.id)).toEqual([]);
      expect(await logRows(user.id)).toEqual([]);
    });
  },
);
