import { redirect } from "@remix-run/cloudflare";
import {
  isWordKey,
  newQuizSeed,
  parseAnswerKeys,
  parseSeed,
  parseWordKeys,
  pickQuizWords,
  quizSearch,
  resolveQuiz,
  toQuizView,
  type QuizView,
  type QuizWord,
} from "#core/vocabulary-quiz";

// The play pages keep a quiz run in the URL (seed, words asked, answers so far), so a reload or a
// second tab shows the same question and score; only a finished run is written to D1.

interface QuizSourceWords {
  words: QuizWord[];
  pool: QuizWord[];
}

/** The run in the URL, or a redirect to a fresh run when there is none (or it no longer fits the words). */
export function requireQuizRun(request: Request, source: QuizSourceWords, playPath: string): QuizView | null {
  if (source.words.length === 0) return null;
  const params = new URL(request.url).searchParams;
  const seed = parseSeed(params.get("seed"));
  const wordKeys = parseWordKeys(params.get("words"));
  const answerKeys = parseAnswerKeys(params.get("answers"));
  const quiz = seed && wordKeys && answerKeys ? resolveQuiz(source, { seed, wordKeys, answerKeys }) : null;
  if (quiz) return toQuizView(quiz);
  const fresh = newQuizSeed();
  const freshKeys = pickQuizWords(source.words, fresh).map((word) => word.key);
  throw redirect(`${playPath}${quizSearch({ seed: fresh, wordKeys: freshKeys, answerKeys: [] })}`);
}

/**
 * One answer posted from the quiz form. Returns the run with that answer added, or a 400 when the
 * form does not describe a run of this quiz (a malformed or tampered post).
 */
export function readQuizAnswer(formData: FormData, source: QuizSourceWords) {
  const seed = parseSeed(String(formData.get("seed") ?? ""));
  const wordKeys = parseWordKeys(String(formData.get("words") ?? ""));
  const answerKeys = parseAnswerKeys(String(formData.get("answers") ?? ""));
  const choice = formData.get("choice");
  if (!seed || !wordKeys || !answerKeys || !isWordKey(choice)) {
    throw new Response("That answer doesn't belong to a quiz.", { status: 400 });
  }
  const next = [...answerKeys, choice];
  const quiz = resolveQuiz(source, { seed, wordKeys, answerKeys: next });
  if (!quiz) throw new Response("That answer doesn't fit this quiz. Start it again.", { status: 400 });
  return { quiz, seed, wordKeys, answerKeys: next, search: quizSearch({ seed, wordKeys, answerKeys: next }) };
}
