import { Hono } from "hono";
import {
  listItemSchema,
  listTitleSchema,
  moveItemSchema,
  quizResultSchema,
  saveGlobalWordSchema,
  wordSearchSchema,
} from "#core/schemas/vocabulary";
import { requireSignedIn } from "../access/policy";
import { notFound, parseWith } from "../lib/errors";
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
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

// Ids are digits only (at most 12); anything else falls through to the API's 404.
const ID = "{[0-9]{1,12}}";

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** Vocabulary lists, their words, global themes/decks and quiz results. Others' lists and words answer 404. */
export const vocabularyApi = new Hono<ApiEnv>()
  .use(requireUser)
  .get("/lists", async (c) => c.json({ data: await listVocabularyLists(c.get("app"), c.get("user")!) }))
  .post("/lists", async (c) => {
    const input = await readJson(c, listTitleSchema);
    return c.json({ data: await createVocabularyList(c.get("app"), c.get("user")!, input) }, 201);
  })
  .get(`/lists/:id${ID}`, async (c) => {
    const { q } = parseWith(wordSearchSchema, { q: c.req.query("q") });
    return c.json({ data: await getVocabularyList(c.get("app"), c.get("user")!, idParam(c.req.param("id")), { q }) });
  })
  .patch(`/lists/:id${ID}`, async (c) => {
    const input = await readJson(c, listTitleSchema);
    return c.json({
      data: await renameVocabularyList(c.get("app"), c.get("user")!, idParam(c.req.param("id")), input),
    });
  })
  .delete(`/lists/:id${ID}`, async (c) => {
    const list = await deleteVocabularyList(c.get("app"), c.get("user")!, idParam(c.req.param("id")));
    return c.json({ data: { id: list.id } });
  })
  .post(`/lists/:id${ID}/items`, async (c) => {
    const input = await readJson(c, listItemSchema);
    return c.json({ data: await addListItem(c.get("app"), c.get("user")!, idParam(c.req.param("id")), input) }, 201);
  })
  .patch(`/items/:id${ID}`, async (c) => {
    const input = await readJson(c, listItemSchema);
    return c.json({ data: await updateListItem(c.get("app"), c.get("user")!, idParam(c.req.param("id")), input) });
  })
  .post(`/items/:id${ID}/move`, async (c) => {
    const { toListId } = await readJson(c, moveItemSchema);
    return c.json({ data: await moveListItem(c.get("app"), c.get("user")!, idParam(c.req.param("id")), toListId) });
  })
  .delete(`/items/:id${ID}`, async (c) => {
    return c.json({ data: await deleteListItem(c.get("app"), c.get("user")!, idParam(c.req.param("id"))) });
  })
  .post(`/lists/:id${ID}/quiz-results`, async (c) => {
    const input = await readJson(c, quizResultSchema);
    const result = await finishListQuiz(c.get("app"), requireSignedIn(c.get("viewer")), {
      listId: idParam(c.req.param("id")),
      seed: input.seed,
      wordKeys: input.words,
      answerKeys: input.answers,
    });
    return c.json({ data: result }, result.recorded ? 201 : 200);
  })
  .get("/themes", async (c) => c.json({ data: await listVocabularyThemes(c.get("app")) }))
  .get(`/themes/:id${ID}`, async (c) =>
    c.json({ data: await getVocabularyTheme(c.get("app"), c.get("user")!, idParam(c.req.param("id"))) }),
  )
  .get(`/decks/:id${ID}`, async (c) => {
    const { q } = parseWith(wordSearchSchema, { q: c.req.query("q") });
    return c.json({ data: await getVocabularyDeck(c.get("app"), c.get("user")!, idParam(c.req.param("id")), { q }) });
  })
  // A deck's words are open to every member; recording a run is a session: the first is free, then 402
  // (docs/product-rules.md#free-and-paid). The run already recorded may be sent again (it counts once).
  .post(`/decks/:id${ID}/quiz-results`, async (c) => {
    const input = await readJson(c, quizResultSchema);
    const deckId = idParam(c.req.param("id"));
    await requireDeckSession(c.get("app"), c.get("viewer"), { deckId, seed: input.seed });
    const result = await finishDeckQuiz(c.get("app"), c.get("user")!, {
      deckId,
      seed: input.seed,
      wordKeys: input.words,
      answerKeys: input.answers,
    });
    return c.json({ data: result }, result.recorded ? 201 : 200);
  })
  .post("/saved-words", async (c) => {
    const input = await readJson(c, saveGlobalWordSchema);
    return c.json({ data: await saveGlobalWordToList(c.get("app"), c.get("user")!, input) }, 201);
  });
