import { describe, expect, it } from "vitest";
import {
  buildQuestions,
  gradeAnswers,
  parseAnswerKeys,
  parseSeed,
  parseWordKeys,
  pickQuizWords,
  QUIZ_LENGTH_MAX,
  quizSearch,
  resolveQuiz,
  scoreQuiz,
  seededRandom,
  shuffle,
  toQuizView,
  type QuizWord,
} from "../../core/vocabulary-quiz";

const word = (id: number, arabic: string, english: string, extra: Partial<QuizWord> = {}): QuizWord => ({
  key: `i${id}`,
  arabic,
  transliteration: "",
  english,
  ...extra,
});

const LIST: QuizWord[] = [
  word(1, "مرحبا", "hello"),
  word(2, "شكرا", "thank you"),
  word(3, "بيت", "house"),
  word(4, "قهوة", "coffee"),
  word(5, "مي", "water"),
  word(6, "خبز", "bread"),
];

describe("seeded shuffling", () => {
  it("gives the same order for the same seed and a different one for another seed", () => {
    const items = Array.from({ length: 20 }, (_, index) => index);
    const first = shuffle(items, seededRandom(42));
    expect(shuffle(items, seededRandom(42))).toEqual(first);
    expect(shuffle(items, seededRandom(43))).not.toEqual(first);
    expect([...first].sort((a, b) => a - b)).toEqual(items);
  });
});

describe("picking the words of a quiz", () => {
  it("puts the most-missed words first and keeps at most the quiz length", () => {
    const words = Array.from({ length: 15 }, (_, index) => word(index + 1, `كلمة${index}`, `word ${index}`));
    words[7] = { ...words[7]!, missCount: 3 };
    words[12] = { ...words[12]!, missCount: 1 };
    const picked = pickQuizWords(words, 99);
    expect(picked).toHaveLength(QUIZ_LENGTH_MAX);
    expect(picked[0]!.key).toBe("i8");
    expect(picked[1]!.key).toBe("i13");
    expect(new Set(picked.map((entry) => entry.key)).size).toBe(QUIZ_LENGTH_MAX);
  });

  it("is reproducible from the seed", () => {
    expect(pickQuizWords(LIST, 7)).toEqual(pickQuizWords(LIST, 7));
  });
});

describe("building questions", () => {
  it("offers the right answer among distinct options from the other words", () => {
    const questions = buildQuestions(LIST, LIST, 1234);
    for (const question of questions) {
      expect(question.options).toHaveLength(4);
      expect(question.options.map((option) => option.key)).toContain(question.word.key);
      const labels = question.options.map((option) => option.label);
      expect(new Set(labels).size).toBe(labels.length);
      const right = question.options.find((option) => option.key === question.word.key)!;
      expect(right.label).toBe(question.kind === "arabic-to-meaning" ? question.word.english : question.word.arabic);
    }
  });

  it("asks both directions and only asks listening questions of words with audio", () => {
    const questions = buildQuestions(LIST, LIST, 5);
    expect(questions.map((question) => question.kind)).toEqual(
      expect.arrayContaining(["arabic-to-meaning", "meaning-to-arabic"]),
    );
    expect(questions.some((question) => question.kind === "listening")).toBe(false);
    const withAudio = LIST.map((entry) => ({ ...entry, audioUrl: "/media/audio/x.mp3" }));
    const kinds = new Set(
      Array.from({ length: 10 }, (_, seed) => buildQuestions(withAudio, withAudio, seed + 1))
        .flat()
        .map((question) => question.kind),
    );
    expect(kinds.has("listening")).toBe(true);
  });

  it("never offers two meanings that read the same", () => {
    const words = [
      word(1, "بيت", "house"),
      word(2, "دار", "House "),
      word(3, "قهوة", "coffee"),
      word(4, "مي", "water"),
    ];
    for (let seed = 1; seed < 30; seed += 1) {
      for (const question of buildQuestions(words, words, seed)) {
        if (question.kind !== "arabic-to-meaning") continue;
        const normalised = question.options.map((option) => option.label.trim().toLowerCase());
        expect(new Set(normalised).size).toBe(normalised.length);
      }
    }
  });

  it("borrows distractors from the pool when the list is small", () => {
    const small = [word(1, "مرحبا", "hello")];
    const pool = [word(90, "بيت", "house"), word(91, "قهوة", "coffee"), word(92, "مي", "water")].map((entry) => ({
      ...entry,
      key: entry.key.replace("i", "g"),
    }));
    const [question] = buildQuestions(small, [...small, ...pool], 3);
    expect(question!.options).toHaveLength(4);
  });
});

describe("grading and scoring", () => {
  const questions = buildQuestions(LIST.slice(0, 3), LIST, 77);
  const right = questions.map((question) => question.word.key);

  it("scores right and wrong answers and lists the missed words", () => {
    const wrong = questions[1]!.options.find((option) => option.key !== questions[1]!.word.key)!.key;
    const answers = gradeAnswers(questions, [right[0]!, wrong, right[2]!])!;
    const score = scoreQuiz(answers);
    expect(score).toMatchObject({ correct: 2, total: 3, percent: 67 });
    expect(score.missed.map((missed) => missed.key)).toEqual([questions[1]!.word.key]);
  });

  it("rejects an answer that is not one of the question's options, or too many answers", () => {
    const notOffered = LIST.map((entry) => entry.key).find(
      (key) => !questions[0]!.options.some((option) => option.key === key),
    )!;
    expect(gradeAnswers(questions, [notOffered])).toBeNull();
    expect(gradeAnswers(questions, [...right, right[0]!])).toBeNull();
  });
});

describe("a run kept in the URL", () => {
  it("rebuilds the same quiz and score from seed, words and answers", () => {
    const picked = pickQuizWords(LIST, 11).map((entry) => entry.key);
    const first = resolveQuiz({ words: LIST, pool: [] }, { seed: 11, wordKeys: picked, answerKeys: [] })!;
    const answerKeys = first.questions.map((question) => question.word.key);
    const done = resolveQuiz({ words: LIST, pool: [] }, { seed: 11, wordKeys: picked, answerKeys })!;
    expect(done.finished).toBe(true);
    expect(done.score.percent).toBe(100);
    const view = toQuizView(done);
    expect(view.question).toBeNull();
    const search = new URLSearchParams(quizSearch({ seed: 11, wordKeys: picked, answerKeys }));
    expect(parseWordKeys(search.get("words"))).toEqual(picked);
    expect(parseAnswerKeys(search.get("answers"))).toEqual(answerKeys);
  });

  it("does not reveal the answer of the question being asked", () => {
    const quiz = resolveQuiz({ words: LIST, pool: [] }, { seed: 4, wordKeys: ["i1", "i2"], answerKeys: [] })!;
    const view = toQuizView(quiz);
    expect(JSON.stringify(view.question)).not.toContain('"key":"i1","arabic":');
    expect(view.score.missed).toEqual([]);
  });

  it("gives up on state that no longer fits (a word deleted since)", () => {
    expect(resolveQuiz({ words: LIST, pool: [] }, { seed: 4, wordKeys: ["i1", "i99"], answerKeys: [] })).toBeNull();
  });

  it("rejects malformed URL state", () => {
    expect(parseSeed("abc")).toBeNull();
    expect(parseSeed("0")).toBeNull();
    expect(parseSeed("123")).toBe(123);
    expect(parseWordKeys("i1.i1")).toBeNull();
    expect(parseWordKeys("x1")).toBeNull();
    expect(parseWordKeys(Array.from({ length: 11 }, (_, index) => `i${index + 1}`).join("."))).toBeNull();
    expect(parseAnswerKeys("i1.<script>")).toBeNull();
    expect(parseAnswerKeys(null)).toEqual([]);
  });
});
