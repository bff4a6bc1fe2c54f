// The vocabulary quiz, as pure functions: the same words, seed and answers always give the same quiz
// and score, so a quiz's whole state can live in its URL (see docs/decisions on the vocabulary quiz).

export const QUIZ_LENGTH_MAX = 10;
export const QUIZ_OPTION_COUNT = 4;
/** Word keys: `i<id>` for a list item, `g<id>` for a global vocabulary word. */
const KEY_PATTERN = /^[ig][1-9]\d{0,11}$/;

export type QuestionKind = "arabic-to-meaning" | "meaning-to-arabic" | "listening";

/** One word the quiz can ask about or offer as an option. `key` is unique across lists and global decks. */
export interface QuizWord {
  key: string;
  arabic: string;
  transliteration: string;
  english: string;
  /** How often the learner missed it before (list words only). */
  missCount?: number;
  /** A signed URL (with a media fragment for lesson moments) when the learner may hear this word. */
  audioUrl?: string | null;
}

export interface QuizOption {
  key: string;
  /** What the option shows: Arabic for meaning→Arabic and listening, the English meaning otherwise. */
  label: string;
  arabic: boolean;
}

export interface QuizQuestion {
  index: number;
  kind: QuestionKind;
  word: QuizWord;
  options: QuizOption[];
}

export interface QuizAnswer {
  question: QuizQuestion;
  chosenKey: string;
  correct: boolean;
}

export interface QuizScore {
  correct: number;
  total: number;
  /** 0–100, rounded. */
  percent: number;
  missed: QuizWord[];
}

/** mulberry32: small, fast and good enough to shuffle options reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A string hashed to a 32-bit seed, so one quiz seed gives each question its own stream. */
function mix(seed: number, salt: string): number {
  let hash = seed ^ 0x9e3779b9;
  for (let i = 0; i < salt.length; i += 1) hash = Math.imul(hash ^ salt.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function newQuizSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 2_000_000_000);
}

/**
 * The words a new quiz asks about: most-missed first, the rest in a seeded random order, at most
 * `QUIZ_LENGTH_MAX` of them.
 */
export function pickQuizWords(words: readonly QuizWord[], seed: number, limit = QUIZ_LENGTH_MAX): QuizWord[] {
  const shuffled = shuffle(words, seededRandom(seed));
  // Array.prototype.sort is stable, so ties keep their shuffled order.
  return shuffled.sort((a, b) => (b.missCount ?? 0) - (a.missCount ?? 0)).slice(0, limit);
}

/**
 * The questions for these words. Options are the right word plus distractors drawn from `pool` (the
 * list's other words first, then the global vocabulary), never two options with the same text.
 * A word with audio alternates into a listening question.
 */
export function buildQuestions(
  words: readonly QuizWord[],
  pool: readonly QuizWord[],
  seed: number,
  optionCount = QUIZ_OPTION_COUNT,
): QuizQuestion[] {
  // Question kinds take turns from a seeded starting point, so a quiz always asks both ways round.
  const offset = seed % 6;
  return words.map((word, index) => {
    const random = seededRandom(mix(seed, `${index}:${word.key}`));
    const kinds: QuestionKind[] = ["arabic-to-meaning", "meaning-to-arabic"];
    if (word.audioUrl) kinds.push("listening");
    const kind = kinds[(index + offset) % kinds.length]!;
    const showsArabic = kind !== "arabic-to-meaning";
    const labelOf = (candidate: QuizWord) => (showsArabic ? candidate.arabic : candidate.english);
    const comparable = (candidate: QuizWord) => labelOf(candidate).trim().toLowerCase();
    const seen = new Set([comparable(word)]);
    const distractors: QuizWord[] = [];
    for (const candidate of shuffle(
      pool.filter((other) => other.key !== word.key),
      random,
    )) {
      if (distractors.length >= optionCount - 1) break;
      const label = comparable(candidate);
      if (!label || seen.has(label)) continue;
      seen.add(label);
      distractors.push(candidate);
    }
    const options = shuffle([word, ...distractors], random).map((option) => ({
      key: option.key,
      label: labelOf(option),
      arabic: showsArabic,
    }));
    return { index, kind, word, options };
  });
}

/** The learner's answers as they are kept in the URL: option keys joined by ".". */
export function parseAnswerKeys(text: string | null | undefined): string[] | null {
  if (!text) return [];
  const keys = text.split(".");
  return keys.every((key) => KEY_PATTERN.test(key)) ? keys : null;
}

export function parseWordKeys(text: string | null | undefined): string[] | null {
  if (!text) return null;
  const keys = text.split(".");
  if (keys.length > QUIZ_LENGTH_MAX || new Set(keys).size !== keys.length) return null;
  return keys.every((key) => KEY_PATTERN.test(key)) ? keys : null;
}

export function isWordKey(value: unknown): value is string {
  return typeof value === "string" && KEY_PATTERN.test(value);
}

/** Pairs answers with questions; an answer must be one of its question's options. */
export function gradeAnswers(questions: readonly QuizQuestion[], answerKeys: readonly string[]): QuizAnswer[] | null {
  if (answerKeys.length > questions.length) return null;
  const answers: QuizAnswer[] = [];
  for (const [index, chosenKey] of answerKeys.entries()) {
    const question = questions[index]!;
    if (!question.options.some((option) => option.key === chosenKey)) return null;
    answers.push({ question, chosenKey, correct: chosenKey === question.word.key });
  }
  return answers;
}

export function scoreQuiz(answers: readonly QuizAnswer[], total = answers.length): QuizScore {
  const correct = answers.filter((answer) => answer.correct).length;
  return {
    correct,
    total,
    percent: total ? Math.round((correct / total) * 100) : 0,
    missed: answers.filter((answer) => !answer.correct).map((answer) => answer.question.word),
  };
}

/** What the URL of a quiz in progress looks like: `?seed=…&words=i1.i2&answers=i2`. */
export function quizSearch(state: { seed: number; wordKeys: readonly string[]; answerKeys: readonly string[] }) {
  const params = new URLSearchParams({ seed: String(state.seed), words: state.wordKeys.join(".") });
  if (state.answerKeys.length) params.set("answers", state.answerKeys.join("."));
  return `?${params.toString()}`;
}

export function parseSeed(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const seed = Number(text);
  return seed >= 1 && seed <= 4_294_967_295 ? seed : null;
}

export interface ResolvedQuiz {
  seed: number;
  wordKeys: string[];
  questions: QuizQuestion[];
  answers: QuizAnswer[];
  finished: boolean;
  score: QuizScore;
}

/**
 * Rebuilds a quiz from its URL state. Null when the state does not fit these words (a word was
 * removed since, or an answer is not one of its question's options): the caller starts a new run.
 */
export function resolveQuiz(
  source: { words: readonly QuizWord[]; pool: readonly QuizWord[] },
  state: { seed: number; wordKeys: readonly string[]; answerKeys: readonly string[] },
): ResolvedQuiz | null {
  const byKey = new Map(source.words.map((word) => [word.key, word]));
  const words = state.wordKeys.map((key) => byKey.get(key));
  if (words.length === 0 || words.some((word) => word === undefined)) return null;
  const asked = words as QuizWord[];
  const questions = buildQuestions(asked, [...source.words, ...source.pool], state.seed);
  const answers = gradeAnswers(questions, state.answerKeys);
  if (!answers) return null;
  return {
    seed: state.seed,
    wordKeys: [...state.wordKeys],
    questions,
    answers,
    finished: answers.length === questions.length,
    score: scoreQuiz(answers, questions.length),
  };
}

/** What the quiz screen needs, and nothing the learner should not see yet (the next answer). */
export interface QuizView {
  state: { seed: number; words: string; answers: string };
  total: number;
  answered: number;
  correctSoFar: number;
  question: {
    number: number;
    kind: QuestionKind;
    arabic: string | null;
    english: string | null;
    audioUrl: string | null;
    options: QuizOption[];
  } | null;
  last: { correct: boolean; arabic: string; transliteration: string; english: string; chosen: string } | null;
  finished: boolean;
  score: {
    correct: number;
    total: number;
    percent: number;
    missed: Array<{ key: string; arabic: string; transliteration: string; english: string }>;
  };
}

export function toQuizView(quiz: ResolvedQuiz): QuizView {
  const next = quiz.finished ? null : quiz.questions[quiz.answers.length]!;
  const lastAnswer = quiz.answers.at(-1);
  const wordView = ({ key, arabic, transliteration, english }: QuizWord) => ({ key, arabic, transliteration, english });
  return {
    state: {
      seed: quiz.seed,
      words: quiz.wordKeys.join("."),
      answers: quiz.answers.map((answer) => answer.chosenKey).join("."),
    },
    total: quiz.questions.length,
    answered: quiz.answers.length,
    correctSoFar: quiz.score.correct,
    question: next
      ? {
          number: next.index + 1,
          kind: next.kind,
          arabic: next.kind === "arabic-to-meaning" ? next.word.arabic : null,
          english: next.kind === "meaning-to-arabic" ? next.word.english : null,
          audioUrl: next.kind === "listening" ? (next.word.audioUrl ?? null) : null,
          options: next.options,
        }
      : null,
    last: lastAnswer
      ? {
          correct: lastAnswer.correct,
          arabic: lastAnswer.question.word.arabic,
          transliteration: lastAnswer.question.word.transliteration,
          english: lastAnswer.question.word.english,
          chosen: lastAnswer.question.options.find((option) => option.key === lastAnswer.chosenKey)?.label ?? "",
        }
      : null,
    finished: quiz.finished,
    score: { ...quiz.score, missed: quiz.score.missed.map(wordView) },
  };
}
