import { Hono, type Context } from "hono";
import { reviewSchema } from "#core/schemas/flashcards";
import { AppError, notFound } from "../lib/errors";
import { requireAllDueReview, requireCollectionSession, requireFlashcardReview } from "../services/free-tier";
import {
  getFlashcardsOverview,
  getFlashcollection,
  getOwnVocabularyList,
  getReviewSession,
  reviewFlashcard,
  reviewSavedWord,
  type ReviewScope,
} from "../services/flashcards";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

const ID = "{[0-9]{1,12}}";

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** A review body that is not `{cardId, rating, requestId}` is malformed: 400 with the reasons. */
async function readReview(c: Context<ApiEnv>) {
  try {
    return await readJson(c, reviewSchema);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) throw new AppError(400, error.messages, error.fieldErrors);
    throw error;
  }
}

async function wordsScope(c: Context<ApiEnv>): Promise<ReviewScope> {
  const listText = c.req.query("list");
  if (listText === undefined) return { kind: "words" };
  if (!/^\d{1,12}$/.test(listText)) throw new AppError(400, ["list: Choose a list by its numeric id."]);
  const list = await getOwnVocabularyList(c.get("app"), c.get("user")!, Number(listText));
  if (!list) throw notFound("We couldn't find that list.");
  return { kind: "words", listId: list.id };
}

/**
 * Flashcards: collections are open to read (visitors get no counts); sessions and reviews need a
 * session. Reviews are idempotent per `requestId`. The free tier (docs/product-rules.md#free-and-paid): a
 * member's saved words are theirs; a collection's first session is free, then 402, as is "all due".
 */
export const flashcardsApi = new Hono<ApiEnv>()
  .get("/", async (c) => c.json({ data: await getFlashcardsOverview(c.get("app"), c.get("user")) }))
  .get("/due/session", requireUser, async (c) => {
    await requireAllDueReview(c.get("viewer"));
    return c.json({ data: await getReviewSession(c.get("app"), c.get("user")!, { kind: "due" }) });
  })
  .post("/reviews", requireUser, async (c) => {
    const input = await readReview(c);
    await requireFlashcardReview(c.get("app"), c.get("viewer"), input.cardId);
    return c.json({ data: await reviewFlashcard(c.get("app"), c.get("user")!, input) });
  })
  .get("/my-words/session", requireUser, async (c) =>
    c.json({ data: await getReviewSession(c.get("app"), c.get("user")!, await wordsScope(c)) }),
  )
  .post("/my-words/reviews", requireUser, async (c) => {
    const input = await readReview(c);
    return c.json({ data: await reviewSavedWord(c.get("app"), c.get("user")!, input) });
  })
  .get(`/:id${ID}`, async (c) => {
    const collection = await getFlashcollection(c.get("app"), c.get("user"), idParam(c.req.param("id")));
    if (!collection) throw notFound("We couldn't find that flashcard collection.");
    return c.json({ data: collection });
  })
  .get(`/:id${ID}/session`, requireUser, async (c) => {
    const app = c.get("app");
    const collectionId = idParam(c.req.param("id"));
    if (!(await getFlashcollection(app, null, collectionId)))
      throw notFound("We couldn't find that flashcard collection.");
    await requireCollectionSession(app, c.get("viewer"), collectionId);
    return c.json({ data: await getReviewSession(app, c.get("user")!, { kind: "collection", collectionId }) });
  });
