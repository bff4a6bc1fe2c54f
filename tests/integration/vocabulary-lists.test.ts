import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exerciseAttempts, transcriptCues, videos, vocabularyListItems } from "../../drizzle/schema";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import {
  exportVocabularyListCsv,
  finishListQuiz,
  getListQuizSource,
  getVocabularyList,
} from "../../server/services/vocabulary-lists";
import { saveWordToDefaultList } from "../../server/services/vocabulary-save";
import { pickQuizWords, resolveQuiz } from "../../core/vocabulary-quiz";
import { createVideo } from "../fixtures/collections";
import { call, json, member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);

type Json = { data?: any; errors?: string[] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are checked field by field

async function newList(token: string, title = "Food") {
  const response = await call("/api/vocabulary/lists", { method: "POST", token, json: { title } });
  expect(response.status).toBe(201);
  return (await json<Json>(response)).data as { id: number; title: string; slug: string };
}

async function addWord(
  token: string,
  listId: number,
  word: { arabic: string; english?: string; transliteration?: string },
) {
  return call(`/api/vocabulary/lists/${listId}/items`, { method: "POST", token, json: word });
}

describe("vocabulary lists API", () => {
  it("needs a session", async () => {
    expect((await call("/api/vocabulary/lists")).status).toBe(401);
  });

  it("creates, renames, counts and deletes a learner's lists", async () => {
    const { token } = await member();
    const list = await newList(token, "  Café words ");
    expect(list.title).toBe("Café words");
    expect(list.slug).toBe("cafe-words");
    expect((await addWord(token, list.id, { arabic: "قهوة", english: "coffee" })).status).toBe(201);

    const lists = (await json<Json>(await call("/api/vocabulary/lists", { token }))).data;
    expect(lists).toEqual([expect.objectContaining({ id: list.id, title: "Café words", wordCount: 1 })]);

    const renamed = await call(`/api/vocabulary/lists/${list.id}`, {
      method: "PATCH",
      token,
      json: { title: "Coffee" },
    });
    expect((await json<Json>(renamed)).data).toMatchObject({ title: "Coffee", slug: "coffee" });

    expect((await call(`/api/vocabulary/lists/${list.id}`, { method: "DELETE", token })).status).toBe(200);
    expect((await call(`/api/vocabulary/lists/${list.id}`, { token })).status).toBe(404);
    const items = await ctx.db.select().from(vocabularyListItems).where(eq(vocabularyListItems.listId, list.id));
    expect(items).toEqual([]);
  });

  it("answers 404 for another learner's list and words, and for unknown ids", async () => {
    const owner = await member();
    const other = await member();
    const list = await newList(owner.token);
    const item = (await json<Json>(await addWord(owner.token, list.id, { arabic: "خبز", english: "bread" }))).data;

    for (const [method, path, body] of [
      ["GET", `/api/vocabulary/lists/${list.id}`, undefined],
      ["PATCH", `/api/vocabulary/lists/${list.id}`, { title: "Mine now" }],
      ["DELETE", `/api/vocabulary/lists/${list.id}`, undefined],
      ["POST", `/api/vocabulary/lists/${list.id}/items`, { arabic: "مي" }],
      ["PATCH", `/api/vocabulary/items/${item.id}`, { arabic: "مي" }],
      ["POST", `/api/vocabulary/items/${item.id}/move`, { toListId: list.id }],
      ["DELETE", `/api/vocabulary/items/${item.id}`, undefined],
      ["GET", "/api/vocabulary/lists/999999", undefined],
      ["DELETE", "/api/vocabulary/items/999999", undefined],
    ] as const) {
      const response = await call(path, { method: method, token: other.token, json: body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await json<Json>(response)).errors?.length).toBeGreaterThan(0);
    }
    expect((await call("/api/vocabulary/lists/abc", { token: other.token })).status).toBe(404);
    // Moving one's own word into someone else's list is a 404 too, and leaves the word where it was.
    const mine = await newList(other.token, "Mine");
    const ownItem = (await json<Json>(await addWord(other.token, mine.id, { arabic: "شاي" }))).data;
    expect(
      (
        await call(`/api/vocabulary/items/${ownItem.id}/move`, {
          method: "POST",
          token: other.token,
          json: { toListId: list.id },
        })
      ).status,
    ).toBe(404);
    const [stored] = await ctx.db.select().from(vocabularyListItems).where(eq(vocabularyListItems.id, ownItem.id));
    expect(stored!.listId).toBe(mine.id);
    // The owner's data is untouched.
    expect(
      (await getVocabularyList(ctx, { userId: owner.id, listId: list.id })).items.map((entry) => entry.arabic),
    ).toEqual(["خبز"]);
  });

  it("validates words: empty Arabic is a 422 at the field, a duplicate a clear 409", async () => {
    const { token } = await member();
    const list = await newList(token);
    const empty = await addWord(token, list.id, { arabic: "  ", english: "nothing" });
    expect(empty.status).toBe(422);
    expect((await json<Json>(empty)).errors).toEqual([expect.stringMatching(/^arabic: /)]);
    const latin = await addWord(token, list.id, { arabic: "hello" });
    expect(latin.status).toBe(422);

    expect((await addWord(token, list.id, { arabic: "كِيفَك", english: "how are you" })).status).toBe(201);
    const duplicate = await addWord(token, list.id, { arabic: "كيفك" });
    expect(duplicate.status).toBe(409);
    expect((await json<Json>(duplicate)).errors).toEqual(["“كيفك” is already in Food."]);

    const malformed = await call(`/api/vocabulary/lists/${list.id}/items`, {
      method: "POST",
      token,
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    const noTitle = await call("/api/vocabulary/lists", { method: "POST", token, json: { title: "" } });
    expect(noTitle.status).toBe(422);
    expect((await json<Json>(noTitle)).errors).toEqual(["title: Give your list a name."]);
  });

  it("edits, moves and deletes words", async () => {
    const { token } = await member();
    const from = await newList(token, "From");
    const to = await newList(token, "To");
    const item = (await json<Json>(await addWord(token, from.id, { arabic: "بيت", english: "hous" }))).data;

    const edited = await call(`/api/vocabulary/items/${item.id}`, {
      method: "PATCH",
      token,
      json: {
        arabic: "بيت",
        transliteration: "bēt",
        english: "house",
      },
    });
    expect((await json<Json>(edited)).data).toMatchObject({ english: "house", transliteration: "bēt" });

    await addWord(token, to.id, { arabic: "بيت" });
    const clash = await call(`/api/vocabulary/items/${item.id}/move`, {
      method: "POST",
      token,
      json: { toListId: to.id },
    });
    expect(clash.status).toBe(409);
    expect((await json<Json>(clash)).errors).toEqual(["“بيت” is already in To."]);

    const other = (await json<Json>(await addWord(token, from.id, { arabic: "مفتاح", english: "key" }))).data;
    const moved = await call(`/api/vocabulary/items/${other.id}/move`, {
      method: "POST",
      token,
      json: { toListId: to.id },
    });
    expect(moved.status).toBe(200);
    const toList = (await json<Json>(await call(`/api/vocabulary/lists/${to.id}`, { token }))).data;
    expect(toList.items.map((entry: { arabic: string }) => entry.arabic).sort()).toEqual(["بيت", "مفتاح"].sort());

    const badMove = await call(`/api/vocabulary/items/${other.id}/move`, {
      method: "POST",
      token,
      json: { toListId: "x" },
    });
    expect(badMove.status).toBe(422);

    expect((await call(`/api/vocabulary/items/${item.id}`, { method: "DELETE", token })).status).toBe(200);
    expect((await call(`/api/vocabulary/items/${item.id}`, { method: "DELETE", token })).status).toBe(404);
  });

  it("searches a list and links words saved from a lesson back to their moment", async () => {
    const user = await member();
    const video = await createVideo(ctx, { title: "At the Café", slug: "at-the-cafe", isFree: true });
    const [cue] = await ctx.db
      .insert(transcriptCues)
      .values({ lessonId: video.id, position: 0, startMs: 65_400, endMs: 68_000, arabic: "مرحبا كيفك", english: "Hi" })
      .returning();
    const saved = await saveWordToDefaultList(ctx, {
      userId: user.id,
      input: {
        videoId: video.id,
        cueId: cue!.id,
        arabic: "مرحبا",
        english: "hello",
        transliteration: "marḥaba",
      },
    });
    await addWord(user.token, saved.list.id, { arabic: "قهوة", english: "coffee" });

    const list = await getVocabularyList(ctx, { userId: user.id, listId: saved.list.id });
    const fromLesson = list.items.find((entry) => entry.arabic === "مرحبا")!;
    expect(fromLesson.lesson).toMatchObject({ title: "At the Café", href: `/video/${video.id}/at-the-cafe?t=65` });

    expect(
      (await getVocabularyList(ctx, { userId: user.id, listId: saved.list.id, q: "COFF" })).items.map(
        (entry) => entry.arabic,
      ),
    ).toEqual(["قهوة"]);
    expect((await getVocabularyList(ctx, { userId: user.id, listId: saved.list.id, q: "مَرحبا" })).items).toHaveLength(
      1,
    );

    // A free lesson's moment can be heard in the quiz, through a signed URL with a media fragment.
    await ctx.db.update(videos).set({ videoKey: "videos/at-the-cafe.mp4" }).where(eq(videos.id, video.id));
    const source = await getListQuizSource(ctx, { viewer: createViewer(ctx, user), listId: saved.list.id });
    const heard = source.words.find((entry) => entry.arabic === "مرحبا")!;
    expect(heard.audioUrl).toMatch(/^\/media\/videos\/at-the-cafe\.mp4\?exp=\d+&sig=[0-9a-f]+#t=65\.4,68$/);
    expect(source.words.find((entry) => entry.arabic === "قهوة")!.audioUrl).toBeNull();
  });

  it("exports CSV with a BOM, CRLF lines and proper quoting", async () => {
    const user = await member();
    const list = await newList(user.token, 'Quotes, "and" commas');
    await addWord(user.token, list.id, { arabic: "مرحبا", english: 'hello, "friend"', transliteration: "marḥaba" });
    await addWord(user.token, list.id, { arabic: "يلا", english: "=let's go" });
    const { body, filename } = await exportVocabularyListCsv(ctx, { userId: user.id, listId: list.id });
    expect(filename).toBe("quotes-and-commas.csv");
    expect(body.startsWith("\uFEFFArabic,Transliteration,English,Lesson,Lesson link\r\n")).toBe(true);
    expect(body).toContain('مرحبا,marḥaba,"hello, ""friend""",,\r\n');
    // A formula is defused with a leading apostrophe (server/lib/csv.ts; Papa Parse quotes the cell it escapes).
    expect(body).toContain(`يلا,,"'=let's go",,\r\n`);
    const other = await member();
    await expect(exportVocabularyListCsv(ctx, { userId: other.id, listId: list.id })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("list quiz results", () => {
  async function listWithWords(token: string) {
    const list = await newList(token, "Quiz me");
    for (const [arabic, english] of [
      ["مرحبا", "hello"],
      ["شكرا", "thank you"],
      ["بيت", "house"],
      ["قهوة", "coffee"],
      ["خبز", "bread"],
    ]) {
      await addWord(token, list.id, { arabic: arabic!, english });
    }
    return list;
  }

  it("records a finished run once, raises missCount of missed words and puts them first next time", async () => {
    const user = await member();
    const list = await listWithWords(user.token);
    const source = await getListQuizSource(ctx, { viewer: createViewer(ctx, user), listId: list.id });
    const seed = 2024;
    const words = pickQuizWords(source.words, seed).map((entry) => entry.key);
    const quiz = resolveQuiz(source, { seed, wordKeys: words, answerKeys: [] })!;
    // Miss the first question, get the rest right.
    const answers = quiz.questions.map((question, index) =>
      index === 0 ? question.options.find((option) => option.key !== question.word.key)!.key : question.word.key,
    );
    const missedKey = quiz.questions[0]!.word.key;

    const first = await call(`/api/vocabulary/lists/${list.id}/quiz-results`, {
      method: "POST",
      token: user.token,
      json: {
        seed,
        words,
        answers,
      },
    });
    expect(first.status).toBe(201);
    expect((await json<Json>(first)).data).toMatchObject({
      recorded: true,
      score: { correct: 4, total: 5, percent: 80 },
    });
    const again = await call(`/api/vocabulary/lists/${list.id}/quiz-results`, {
      method: "POST",
      token: user.token,
      json: {
        seed,
        words,
        answers,
      },
    });
    expect(again.status).toBe(200);
    expect((await json<Json>(again)).data.recorded).toBe(false);

    const attempts = await ctx.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.userId, user.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ kind: "vocabulary-quiz", exerciseId: list.id, isCorrect: false });

    const items = await ctx.db.select().from(vocabularyListItems).where(eq(vocabularyListItems.listId, list.id));
    const missed = items.find((item) => `i${item.id}` === missedKey)!;
    expect(missed.missCount).toBe(1);
    expect(items.filter((item) => item.id !== missed.id).every((item) => item.missCount === 0)).toBe(true);

    const next = await getListQuizSource(ctx, { viewer: createViewer(ctx, user), listId: list.id });
    for (const nextSeed of [1, 2, 3]) expect(pickQuizWords(next.words, nextSeed)[0]!.key).toBe(missedKey);
  });

  it("rejects malformed or unfinished answers with 400/422 and others' lists with 404", async () => {
    const user = await member();
    const list = await listWithWords(user.token);
    const source = await getListQuizSource(ctx, { viewer: createViewer(ctx, user), listId: list.id });
    const words = pickQuizWords(source.words, 5).map((entry) => entry.key);
    const path = `/api/vocabulary/lists/${list.id}/quiz-results`;

    const notJson = await call(path, { method: "POST", token: user.token, body: "[1,2" });
    expect(notJson.status).toBe(400);
    const badShape = await call(path, {
      method: "POST",
      token: user.token,
      json: { seed: "x", words: "i1", answers: [] },
    });
    expect(badShape.status).toBe(422);
    const unfinished = await call(path, { method: "POST", token: user.token, json: { seed: 5, words, answers: [] } });
    expect(unfinished.status).toBe(400);
    const notAnOption = await call(path, {
      method: "POST",
      token: user.token,
      json: { seed: 5, words, answers: words.map(() => "i999999") },
    });
    expect(notAnOption.status).toBe(400);
    expect((await json<Json>(notAnOption)).errors).toEqual(["Those answers don't match this quiz. Start it again."]);
    await expect(
      finishListQuiz(ctx, {
        viewer: createViewer(ctx, { id: user.id }),
        listId: list.id,
        seed: 5,
        wordKeys: words,
        answerKeys: ["g1"],
      }),
    ).rejects.toMatchObject({
      status: 400,
    });

    const other = await member();
    expect(
      (await call(path, { method: "POST", token: other.token, json: { seed: 5, words, answers: words } })).status,
    ).toBe(404);
  });
});
