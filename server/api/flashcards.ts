import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  cardReviewSchema,
  cardSuspensionSchema,
  collectionCardTypesSchema,
  noteUpdateSchema,
  reviewSettingsSchema,
} from "#core/schemas/flashcards";
import { setCollectionCardTypes, setFlashcardSuspended, updateNote } from "../services/cards";
import { AppError, notFound } from "../lib/errors";
import { requireAllDueReview, requireCollectionSession, requireFlashcardReview } from "../services/free-tier";
import {
  getFlashcardsOverview,
  getFlashcollection,
  getOwnVocabularyList,
  getReviewSession,
  getReviewSettings,
  REVIEW_SOURCES,
  reviewFlashcard,
  reviewSavedWord,
  saveReviewSettings,
  type ReviewScope,
  type ReviewSource,
} from "../services/flashcards";
import { defineRoute, idParam, implement, jsonBody, ok, queryParam, refusal, refused } from "./route";
import type { ApiEnv } from "./types";

const collection = z.object({ id: idParam() });

/** A review body that is not `{cardId, rating, requestId}` is malformed: 400 with the reasons. */
const review = jsonBody(cardReviewSchema, { invalidStatus: 400 });
const MALFORMED_REVIEW = refusal(400, "The review is not `{ cardId, rating, requestId }`: `errors` says why.");

/** `?source=words,sentences,collections`: only those sources in the daily review (none: all). */
function dueScope(c: Context<ApiEnv>): ReviewScope {
  const text = c.req.query("source");
  if (text === undefined || text === "") return { kind: "due" };
  const sources = text.split(",");
  const unknown = sources.filter((source) => !(REVIEW_SOURCES as readonly string[]).includes(source));
  if (unknown.length > 0)
    throw new AppError(400, [`source: choose among ${REVIEW_SOURCES.join(", ")} (not ${unknown.join(", ")}).`]);
  return { kind: "due", sources: sources as ReviewSource[] };
}

async function wordsScope(c: Context<ApiEnv>): Promise<ReviewScope> {
  const listText = c.req.query("list");
  if (listText === undefined) return { kind: "words" };
  if (!/^\d{1,12}$/.test(listText)) throw new AppError(400, ["list: Choose a list by its numeric id."]);
  const list = await getOwnVocabularyList(c.get("app"), { userId: c.get("user")!.id, listId: Number(listText) });
  if (!list) throw notFound("We couldn't find that list.");
  return { kind: "words", listId: list.id };
}

/**
 * Flashcards: collections are open to read (visitors get no counts); sessions and reviews need a
 * session. Reviews are idempotent per `requestId`. The free tier (docs/product-rules.md#free-and-paid): a
 * member's saved words are theirs; a collection's first session is free, then 402, as is "all due".
 */
export const flashcardsApi = new OpenAPIHono<ApiEnv>();

implement(
  flashcardsApi,
  defineRoute({
    method: "get",
    path: "/",
    audience: "public",
    summary: "The flashcard decks, with a member's due counts.",
    responses: { ...ok() },
  }),
  async (c) => c.json({ data: await getFlashcardsOverview(c.get("app"), { userId: c.get("user")?.id ?? null }) }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "get",
    path: "/due/session",
    audience: "member",
    summary: "The daily review: My words, sentence cards and every started collection's due cards (docs/cards.md).",
    parameters: [queryParam("source", "Only these sources, comma-separated: words, sentences, collections.")],
    responses: { ...ok(), ...refused(400, 402) },
  }),
  async (c) => {
    const viewer = c.get("viewer");
    const scope = dueScope(c);
    await requireAllDueReview(viewer);
    return c.json({
      data: await getReviewSession(c.get("app"), {
        userId: c.get("user")!.id,
        scope,
        lessonAccess: () => viewer.lessonAccess(),
      }),
    });
  },
);

implement(
  flashcardsApi,
  defineRoute({
    method: "post",
    path: "/reviews",
    audience: "member",
    summary: "Rate a card (spaced repetition): answers when it is due next.",
    request: { body: review },
    responses: { ...ok(), ...MALFORMED_REVIEW, ...refused(402, 404, 409, 422) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    await requireFlashcardReview(c.get("app"), { viewer: c.get("viewer"), cardId: input.cardId });
    return c.json({ data: await reviewFlashcard(c.get("app"), { userId: c.get("user")!.id, ...input }) });
  },
);

implement(
  flashcardsApi,
  defineRoute({
    method: "get",
    path: "/my-words/session",
    audience: "member",
    summary: "A review session of the member's saved words.",
    parameters: [queryParam("list", "Only this word list of theirs.", { schema: { type: "integer" } })],
    responses: { ...ok(), ...refused(400, 404) },
  }),
  async (c) => {
    const viewer = c.get("viewer");
    return c.json({
      data: await getReviewSession(c.get("app"), {
        userId: c.get("user")!.id,
        scope: await wordsScope(c),
        lessonAccess: () => viewer.lessonAccess(),
      }),
    });
  },
);

implement(
  flashcardsApi,
  defineRoute({
    method: "post",
    path: "/my-words/reviews",
    audience: "member",
    summary: "Rate one card of the member's saved words (a production card's typed answer is checked: wrong is Again).",
    request: { body: review },
    responses: { ...ok(), ...MALFORMED_REVIEW, ...refused(404, 409, 422) },
  }),
  async (c) =>
    c.json({ data: await reviewSavedWord(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") }) }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "get",
    path: "/settings",
    audience: "member",
    summary: "The member's daily limits of the review (new cards and reviews per local day).",
    responses: { ...ok() },
  }),
  async (c) => c.json({ data: await getReviewSettings(c.get("app"), { userId: c.get("user")!.id }) }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "put",
    path: "/settings",
    audience: "member",
    summary: "Set the member's daily limits of the review.",
    request: { body: jsonBody(reviewSettingsSchema) },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) =>
    c.json({
      data: await saveReviewSettings(c.get("app"), { userId: c.get("user")!.id, settings: c.req.valid("json") }),
    }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "patch",
    path: "/notes/{id}",
    audience: "member",
    summary: "Edit one of the member's notes: meaning, transliteration, card types, suspended.",
    request: { params: collection, body: jsonBody(noteUpdateSchema) },
    responses: { ...ok(), ...refused(404, 422) },
  }),
  async (c) =>
    c.json({
      data: await updateNote(c.get("app"), {
        userId: c.get("user")!.id,
        itemId: c.req.valid("param").id,
        patch: c.req.valid("json"),
      }),
    }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "put",
    path: "/{id}/card-types",
    audience: "member",
    summary: "Choose which card types a curated collection's cards make for the member (each with its own state).",
    request: { params: collection, body: jsonBody(collectionCardTypesSchema) },
    responses: { ...ok(), ...refused(404, 422) },
  }),
  async (c) =>
    c.json({
      data: await setCollectionCardTypes(c.get("app"), {
        userId: c.get("user")!.id,
        collectionId: c.req.valid("param").id,
        cardTypes: c.req.valid("json").cardTypes,
      }),
    }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "patch",
    path: "/cards/{id}",
    audience: "member",
    summary: "Suspend or unsuspend one curated card for the member: a suspended card leaves their reviews.",
    request: { params: collection, body: jsonBody(cardSuspensionSchema) },
    responses: { ...ok(), ...refused(404, 422) },
  }),
  async (c) =>
    c.json({
      data: await setFlashcardSuspended(c.get("app"), {
        userId: c.get("user")!.id,
        flashcardId: c.req.valid("param").id,
        suspended: c.req.valid("json").suspended,
      }),
    }),
);

implement(
  flashcardsApi,
  defineRoute({
    method: "get",
    path: "/{id}",
    audience: "public",
    summary: "One deck and its cards.",
    request: { params: collection },
    responses: { ...ok() },
  }),
  async (c) => {
    const found = await getFlashcollection(c.get("app"), {
      userId: c.get("user")?.id ?? null,
      collectionId: c.req.valid("param").id,
    });
    if (!found) throw notFound("We couldn't find that flashcard collection.");
    return c.json({ data: found });
  },
);

implement(
  flashcardsApi,
  defineRoute({
    method: "get",
    path: "/{id}/session",
    audience: "member",
    summary: "A review session of one deck.",
    request: { params: collection },
    responses: { ...ok(), ...refused(402) },
  }),
  async (c) => {
    const app = c.get("app");
    const collectionId = c.req.valid("param").id;
    if (!(await getFlashcollection(app, { userId: null, collectionId })))
      throw notFound("We couldn't find that flashcard collection.");
    await requireCollectionSession(app, { viewer: c.get("viewer"), collectionId });
    return c.json({
      data: await getReviewSession(app, { userId: c.get("user")!.id, scope: { kind: "collection", collectionId } }),
    });
  },
);
