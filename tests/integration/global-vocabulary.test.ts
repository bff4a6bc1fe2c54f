import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  deckProgress,
  exerciseAttempts,
  globalVocabularyDeckCategories,
  globalVocabularyDecks,
  globalVocabularyThemes,
  globalVocabularyWords,
} from "../../drizzle/schema";
import { pickQuizWords, resolveQuiz } from "../../core/vocabulary-quiz";
import { createAppContext } from "../../server/context";
import {
  finishDeckQuiz,
  getDeckQuizSource,
  getVocabularyDeck,
  getVocabularyTheme,
  listVocabularyThemes,
} from "../../server/services/global-vocabulary";
import { call, createUser, member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);

const WORDS = [
  ["إمّ", "mother", "إمّي بتطبخ."],
  ["بيّ", "father", ""],
  ["أخ", "brother", ""],
  ["أخت", "sister", ""],
  ["جدّو", "grandpa", ""],
] as const;

let themeId = 0;
let familyDeckId = 0;
let houseDeckId = 0;
let looseDeckId = 0;

beforeAll(async () => {
  const [theme] = await ctx.db
    .insert(globalVocabularyThemes)
    .values({ title: "Home & Family", titleAr: "البيت والعيلة", slug: "home-family" })
    .returning();
  themeId = theme!.id;
  const [topics, essentials] = await ctx.db
    .insert(globalVocabularyDeckCategories)
    .values([
      { title: "Topic decks", position: 1 },
      { title: "Essentials", position: 0 },
    ])
    .returning();
  const decks = await ctx.db
    .insert(globalVocabularyDecks)
    .values([
      { themeId, categoryId: essentials!.id, title: "Family Members", slug: "family-members", position: 0 },
      { themeId, categoryId: topics!.id, title: "Around the House", slug: "around-the-house", position: 1 },
      { themeId, categoryId: null, title: "Loose words", slug: "", position: 2 },
    ])
    .returning();
  [familyDeckId, houseDeckId, looseDeckId] = decks.map((deck) => deck.id) as [number, number, number];
  await ctx.db.insert(globalVocabularyWords).values([
    ...WORDS.map(([arabic, english, exampleArabic], position) => ({
      deckId: familyDeckId,
      arabic,
      english,
      exampleArabic,
      position,
    })),
    { deckId: houseDeckId, arabic: "مطبخ", english: "kitchen", audioKey: "audio/words/matbakh.mp3" },
    { deckId: houseDeckId, arabic: "باب", english: "door" },
  ]);
});

describe("themes and decks", () => {
  it("lists themes with deck and word counts", async () => {
    const themes = await listVocabularyThemes(ctx);
    expect(themes.find((theme) => theme.id === themeId)).toMatchObject({ deckCount: 3, wordCount: 7 });
  });

  it("groups a theme's decks by category in the categories' order, uncategorised last", async () => {
    const user = await createUser();
    const theme = await getVocabularyTheme(ctx, { userId: user.id, themeId });
    expect(theme.categories.map((category) => category.title)).toEqual(["Essentials", "Topic decks", "More decks"]);
    expect(theme.categories[0]!.decks[0]).toMatchObject({ title: "Family Members", wordCount: 5, progress: null });
    expect(theme.categories[2]!.decks[0]).toMatchObject({ slug: "loose-words", wordCount: 0 });
  });

  it("shows a deck's words with examples, signs audio and searches", async () => {
    const user = await createUser();
    const deck = await getVocabularyDeck(ctx, { userId: user.id, deckId: familyDeckId });
    expect(deck.words.map((word) => word.arabic)).toEqual(WORDS.map(([arabic]) => arabic));
    expect(deck.words[0]).toMatchObject({ exampleArabic: "إمّي بتطبخ.", audioUrl: null });
    expect(
      (await getVocabularyDeck(ctx, { userId: user.id, deckId: familyDeckId, q: "SIS" })).words.map(
        (word) => word.english,
      ),
    ).toEqual(["sister"]);
    // Tashkeel is ignored when searching Arabic.
    expect((await getVocabularyDeck(ctx, { userId: user.id, deckId: familyDeckId, q: "ام" })).words).toHaveLength(1);
    const house = await getVocabularyDeck(ctx, { userId: user.id, deckId: houseDeckId });
    expect(house.words.find((word) => word.arabic === "مطبخ")!.audioUrl).toMatch(
      /^\/media\/audio\/words\/matbakh\.mp3\?exp=\d+&sig=/,
    );
  });

  it("answers 404 for unknown themes and decks", async () => {
    const { token } = await member();
    expect((await call("/api/vocabulary/themes/999999", { token })).status).toBe(404);
    expect((await call("/api/vocabulary/decks/999999", { token })).status).toBe(404);
    expect((await call(`/api/vocabulary/decks/${familyDeckId}`)).status).toBe(401);
    const deck = await call(`/api/vocabulary/decks/${familyDeckId}`, { token });
    expect(deck.status).toBe(200);
  });
});

describe("playing a deck", () => {
  async function run(userId: number, seed: number, missFirst: boolean) {
    const source = await getDeckQuizSource(ctx, { userId: { id: userId }.id, deckId: familyDeckId });
    const words = pickQuizWords(source.words, seed).map((word) => word.key);
    const quiz = resolveQuiz(source, { seed, wordKeys: words, answerKeys: [] })!;
    const answers = quiz.questions.map((question, index) =>
      missFirst && index === 0
        ? question.options.find((option) => option.key !== question.word.key)!.key
        : question.word.key,
    );
    return { seed, words, answers };
  }

  it("keeps the best score, counts plays, and counts a double submit once", async () => {
    const user = await member();
    const perfect = await run(user.id, 10, false);
    const path = `/api/vocabulary/decks/${familyDeckId}/quiz-results`;
    // A double click: the same run posted twice at once.
    const [first, second] = await Promise.all([
      call(path, { method: "POST", token: user.token, json: perfect }),
      call(path, { method: "POST", token: user.token, json: perfect }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);

    const weaker = await run(user.id, 11, true);
    const result = await finishDeckQuiz(ctx, {
      userId: user.id,
      deckId: familyDeckId,
      seed: weaker.seed,
      wordKeys: weaker.words,
      answerKeys: weaker.answers,
    });
    expect(result).toMatchObject({ recorded: true, score: { correct: 4, total: 5, percent: 80 } });
    expect(result.progress).toEqual({ bestScore: 100, plays: 2 });

    const [progress] = await ctx.db
      .select()
      .from(deckProgress)
      .where(and(eq(deckProgress.userId, user.id), eq(deckProgress.deckId, familyDeckId)));
    expect(progress).toMatchObject({ bestScore: 100, plays: 2 });
    const attempts = await ctx.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.userId, user.id));
    expect(attempts).toHaveLength(2);

    const theme = await getVocabularyTheme(ctx, { userId: user.id, themeId });
    expect(theme.categories[0]!.decks[0]!.progress).toEqual({ bestScore: 100, plays: 2 });
    // Another learner's progress is their own.
    const other = await createUser();
    expect((await getVocabularyTheme(ctx, { userId: other.id, themeId })).categories[0]!.decks[0]!.progress).toBeNull();
  });

  it("rejects malformed results and unknown decks", async () => {
    const user = await member();
    const path = `/api/vocabulary/decks/${familyDeckId}/quiz-results`;
    expect((await call(path, { method: "POST", token: user.token, body: "{" })).status).toBe(400);
    expect(
      (await call(path, { method: "POST", token: user.token, json: { seed: 1, words: [], answers: [] } })).status,
    ).toBe(422);
    expect(
      (
        await call(path, {
          method: "POST",
          token: user.token,
          json: { seed: 1, words: ["g1"], answers: ["g1"], extra: 1 },
        })
      ).status,
    ).toBe(422);
    const valid = await run(user.id, 3, false);
    expect(
      (await call(path, { method: "POST", token: user.token, json: { ...valid, answers: valid.answers.slice(1) } }))
        .status,
    ).toBe(400);
    expect(
      (await call("/api/vocabulary/decks/999999/quiz-results", { method: "POST", token: user.token, json: valid }))
        .status,
    ).toBe(404);
    const [progress] = await ctx.db.select().from(deckProgress).where(eq(deckProgress.userId, user.id));
    expect(progress).toBeUndefined();
  });

  it("borrows options from other decks when a deck is small", async () => {
    const user = await createUser();
    const source = await getDeckQuizSource(ctx, { userId: user.id, deckId: houseDeckId });
    expect(source.words).toHaveLength(2);
    expect(source.pool.length).toBeGreaterThan(0);
    expect(source.pool.every((word) => !source.words.some((own) => own.key === word.key))).toBe(true);
    expect((await getDeckQuizSource(ctx, { userId: user.id, deckId: looseDeckId })).words).toEqual([]);
  });
});

describe("saving a global word to a list", () => {
  it("saves into My words by default, refuses duplicates clearly and others' lists with 404", async () => {
    const user = await member();
    const [word] = await ctx.db
      .select()
      .from(globalVocabularyWords)
      .where(eq(globalVocabularyWords.deckId, familyDeckId))
      .limit(1);
    const saved = await call("/api/vocabulary/saved-words", {
      method: "POST",
      token: user.token,
      json: { wordId: word!.id },
    });
    expect(saved.status).toBe(201);
    const lists = (await (await call("/api/vocabulary/lists", { token: user.token })).json()) as {
      data: Array<{ title: string; wordCount: number; id: number }>;
    };
    expect(lists.data).toEqual([expect.objectContaining({ title: "My words", wordCount: 1 })]);

    const again = await call("/api/vocabulary/saved-words", {
      method: "POST",
      token: user.token,
      json: { wordId: word!.id },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { errors: string[] }).errors).toEqual([
      `“${word!.arabic}” is already in My words.`,
    ]);

    const other = await member();
    const intoOthers = await call("/api/vocabulary/saved-words", {
      method: "POST",
      token: other.token,
      json: {
        wordId: word!.id,
        listId: lists.data[0]!.id,
      },
    });
    expect(intoOthers.status).toBe(404);
    expect(
      (await call("/api/vocabulary/saved-words", { method: "POST", token: other.token, json: { wordId: 999999 } }))
        .status,
    ).toBe(404);
    expect(
      (await call("/api/vocabulary/saved-words", { method: "POST", token: other.token, json: { wordId: "abc" } }))
        .status,
    ).toBe(422);
  });
});
