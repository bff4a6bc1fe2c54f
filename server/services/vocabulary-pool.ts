import { asc, sql } from "drizzle-orm";
import { exerciseAttempts, globalVocabularyWords } from "#drizzle/schema";
import { resolveQuiz, type QuizWord, type ResolvedQuiz } from "#core/vocabulary-quiz";
import type { AppContext } from "../context";
import { badRequest } from "../lib/errors";

// What the quiz over a learner's list (vocabulary-lists.ts) and over a global deck (global-vocabulary.ts)
// share: the words of a quiz, the global words that lend distractors, and recording a finished run once.

const POOL_SIZE = 40;

export interface QuizSource {
  words: QuizWord[];
  pool: QuizWord[];
}

/** Distractors for small lists: a slice of the global vocabulary. */
export async function listGlobalPoolWords(
  ctx: AppContext,
  { exceptDeckId }: { exceptDeckId?: number } = {},
): Promise<QuizWord[]> {
  const rows = await ctx.db
    .select({
      id: globalVocabularyWords.id,
      arabic: globalVocabularyWords.arabic,
      transliteration: globalVocabularyWords.transliteration,
      english: globalVocabularyWords.english,
    })
    .from(globalVocabularyWords)
    .where(exceptDeckId === undefined ? undefined : sql`${globalVocabularyWords.deckId} <> ${exceptDeckId}`)
    .orderBy(asc(globalVocabularyWords.id))
    .limit(POOL_SIZE);
  return rows.map((row) => ({ key: `g${row.id}`, ...row }));
}

/** The JSON stored with a finished quiz; `source` and `seed` identify the run, so it counts once. */
export interface QuizAttemptRecord {
  source: "list" | "deck";
  seed: number;
  correct: number;
  total: number;
  missed: string[];
}

/**
 * Stores a finished quiz once per run (seed): a repeated submit returns `recorded: false` and
 * changes nothing. Answers that do not fit the quiz are a 400.
 */
export async function recordQuizAttempt(
  ctx: AppContext,
  {
    userId,
    ...input
  }: { userId: number } & {
    source: "list" | "deck";
    sourceId: number;
    quizSource: QuizSource;
    seed: number;
    wordKeys: string[];
    answerKeys: string[];
  },
): Promise<{ quiz: ResolvedQuiz; recorded: boolean }> {
  const quiz = resolveQuiz(input.quizSource, input);
  if (!quiz) throw badRequest("Those answers don't match this quiz. Start it again.");
  if (!quiz.finished) throw badRequest("Answer every question before sending the quiz.");
  const record: QuizAttemptRecord = {
    source: input.source,
    seed: input.seed,
    correct: quiz.score.correct,
    total: quiz.score.total,
    missed: quiz.score.missed.map((word) => word.key),
  };
  const now = ctx.now().getTime();
  const result = await ctx.db.run(sql`
    insert into ${exerciseAttempts} (user_id, kind, exercise_id, answer, is_correct, created_at)
    select ${userId}, 'vocabulary-quiz', ${input.sourceId}, ${JSON.stringify(record)},
      ${quiz.score.correct === quiz.score.total ? 1 : 0}, ${now}
    where not exists (
      select 1 from ${exerciseAttempts}
      where user_id = ${userId} and kind = 'vocabulary-quiz' and exercise_id = ${input.sourceId}
        and json_extract(answer, '$.source') = ${input.source} and json_extract(answer, '$.seed') = ${input.seed}
    )
  `);
  return { quiz, recorded: (result.meta.changes ?? 0) > 0 };
}
