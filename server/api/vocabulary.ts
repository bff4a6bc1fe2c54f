import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  listItemSchema,
  listTitleSchema,
  moveItemSchema,
  quizResultSchema,
  saveGlobalWordSchema,
  wordSearchSchema,
} from "#core/schemas/vocabulary";
import { requireSignedIn } from "../access/policy";
import { requireDeckSession } from "../services/free-tier";
import {
  finishDeckQuiz,
  getVocabularyDeck,
  getVocabularyTheme,
  listVocabularyThemes,
  saveGlobalWordToList,
} from "../services/global-vocabulary";
import {
  addListItem,
  createVocabularyList,
  deleteListItem,
  deleteVocabularyList,
  finishListQuiz,
  getVocabularyList,
  listVocabularyLists,
  moveListItem,
  renameVocabularyList,
  updateListItem,
} from "../services/vocabulary-lists";
import { created, defineRoute, idOnly, idParam, implement, jsonBody, list, ok, refused } from "./route";
import type { ApiEnv } from "./types";

const byId = z.object({ id: idParam() });
/** A learner's word filter (a list's, a deck's): longer is a 422. */
const wordSearch = wordSearchSchema.extend({
  q: wordSearchSchema.shape.q.describe("Only words containing this text."),
});
const quizRecorded = {
  ...created(undefined, "Recorded."),
  ...ok(undefined, "Already recorded (the same run sent again)."),
};

/** Vocabulary lists, their words, global themes/decks and quiz results. Others' lists and words answer 404. */
export const vocabularyApi = new OpenAPIHono<ApiEnv>();

implement(
  vocabularyApi,
  defineRoute({
    method: "get",
    path: "/lists",
    audience: "member",
    summary: "The member's word lists.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listVocabularyLists(c.get("app"), { userId: c.get("user")!.id }) }),
);

implement(
  vocabularyApi,
  defineRoute({
    method: "post",
    path: "/lists",
    audience: "member",
    summary: "Create a word list.",
    request: { body: jsonBody(listTitleSchema) },
    responses: { ...created(), ...refused(409, 422) },
  }),
  async (c) =>
    c.json(
      { data: await createVocabularyList(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") }) },
      201,
    ),
);

implement(
  vocabularyApi,
  defineRoute({
    method: "get",
    path: "/lists/{id}",
    audience: "member",
    summary: "One word list and its words.",
    request: { params: byId, query: wordSearch },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const { q } = c.req.valid("query");
    return c.json({
      data: await getVocabularyList(c.get("app"), { userId: c.get("user")!.id, listId: c.req.valid("param").id, q }),
    });
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "patch",
    path: "/lists/{id}",
    audience: "member",
    summary: "Rename a word list.",
    request: { params: byId, body: jsonBody(listTitleSchema) },
    responses: { ...ok(), ...refused(409) },
  }),
  async (c) => {
    const renamed = await renameVocabularyList(c.get("app"), {
      userId: c.get("user")!.id,
      listId: c.req.valid("param").id,
      ...c.req.valid("json"),
    });
    return c.json({ data: renamed });
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "delete",
    path: "/lists/{id}",
    audience: "member",
    summary: "Delete a word list and its words.",
    request: { params: byId },
    responses: { ...ok(idOnly), ...refused(409) },
  }),
  async (c) => {
    const deleted = await deleteVocabularyList(c.get("app"), {
      userId: c.get("user")!.id,
      listId: c.req.valid("param").id,
    });
    return c.json({ data: { id: deleted.id } });
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "post",
    path: "/lists/{id}/items",
    audience: "member",
    summary: "Add a word to a list.",
    request: { params: byId, body: jsonBody(listItemSchema) },
    responses: { ...created(), ...refused(409, 422) },
  }),
  async (c) => {
    const item = await addListItem(c.get("app"), {
      userId: c.get("user")!.id,
      listId: c.req.valid("param").id,
      ...c.req.valid("json"),
    });
    return c.json({ data: item }, 201);
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "patch",
    path: "/items/{id}",
    audience: "member",
    summary: "Edit a word.",
    request: { params: byId, body: jsonBody(listItemSchema) },
    responses: { ...ok(), ...refused(409, 422) },
  }),
  async (c) => {
    const item = await updateListItem(c.get("app"), {
      userId: c.get("user")!.id,
      itemId: c.req.valid("param").id,
      ...c.req.valid("json"),
    });
    return c.json({ data: item });
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "post",
    path: "/items/{id}/move",
    audience: "member",
    summary: "Move a word to another of the member's lists.",
    request: { params: byId, body: jsonBody(moveItemSchema) },
    responses: { ...ok(), ...refused(409, 422) },
  }),
  async (c) => {
    const { toListId } = c.req.valid("json");
    return c.json({
      data: await moveListItem(c.get("app"), { userId: c.get("user")!.id, itemId: c.req.valid("param").id, toListId }),
    });
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "delete",
    path: "/items/{id}",
    audience: "member",
    summary: "Delete a word.",
    request: { params: byId },
    responses: { ...ok() },
  }),
  async (c) =>
    c.json({
      data: await deleteListItem(c.get("app"), { userId: c.get("user")!.id, itemId: c.req.valid("param").id }),
    }),
);

implement(
  vocabularyApi,
  defineRoute({
    method: "post",
    path: "/lists/{id}/quiz-results",
    audience: "member",
    summary: "Record a quiz on a word list.",
    request: { params: byId, body: jsonBody(quizResultSchema) },
    responses: { ...quizRecorded, ...refused(409, 422) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const result = await finishListQuiz(c.get("app"), {
      viewer: requireSignedIn(c.get("viewer")),
      listId: c.req.valid("param").id,
      seed: input.seed,
      wordKeys: input.words,
      answerKeys: input.answers,
    });
    return c.json({ data: result }, result.recorded ? 201 : 200);
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "get",
    path: "/themes",
    audience: "member",
    summary: "The vocabulary themes.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listVocabularyThemes(c.get("app")) }),
);

implement(
  vocabularyApi,
  defineRoute({
    method: "get",
    path: "/themes/{id}",
    audience: "member",
    summary: "One theme and its decks.",
    request: { params: byId },
    responses: { ...ok() },
  }),
  async (c) =>
    c.json({
      data: await getVocabularyTheme(c.get("app"), { userId: c.get("user")!.id, themeId: c.req.valid("param").id }),
    }),
);

implement(
  vocabularyApi,
  defineRoute({
    method: "get",
    path: "/decks/{id}",
    audience: "member",
    summary: "One deck of a theme and its words.",
    request: { params: byId, query: wordSearch },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const { q } = c.req.valid("query");
    return c.json({
      data: await getVocabularyDeck(c.get("app"), { userId: c.get("user")!.id, deckId: c.req.valid("param").id, q }),
    });
  },
);

// A deck's words are open to every member; recording a run is a session: the first is free, then 402
// (docs/product-rules.md#free-and-paid). The run already recorded may be sent again (it counts once).
implement(
  vocabularyApi,
  defineRoute({
    method: "post",
    path: "/decks/{id}/quiz-results",
    audience: "member",
    summary: "Record a quiz on a deck.",
    request: { params: byId, body: jsonBody(quizResultSchema) },
    responses: { ...quizRecorded, ...refused(402, 409, 422) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const deckId = c.req.valid("param").id;
    await requireDeckSession(c.get("app"), { viewer: c.get("viewer"), deckId, seed: input.seed });
    const result = await finishDeckQuiz(c.get("app"), {
      userId: c.get("user")!.id,
      deckId,
      seed: input.seed,
      wordKeys: input.words,
      answerKeys: input.answers,
    });
    return c.json({ data: result }, result.recorded ? 201 : 200);
  },
);

implement(
  vocabularyApi,
  defineRoute({
    method: "post",
    path: "/saved-words",
    audience: "member",
    summary: "Save a word from the dictionary to a list.",
    request: { body: jsonBody(saveGlobalWordSchema) },
    responses: { ...created(), ...refused(404, 409, 422) },
  }),
  async (c) =>
    c.json(
      { data: await saveGlobalWordToList(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") }) },
      201,
    ),
);
