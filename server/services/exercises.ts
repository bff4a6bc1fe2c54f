import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { exerciseAttempts, videoSentenceGaps, videoSentenceOrders } from "#drizzle/schema";
import {
  checkSentenceGap,
  checkSentenceOrder,
  fillGap,
  scrambleWords,
  sentenceWords,
  splitGapSentence,
} from "#core/exercise-checkers";
import { sentenceGapAnswerSchema, sentenceOrderAnswerSchema, type SentenceExerciseKind } from "#core/schemas/exercises";
import type { Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { getSentenceGap, getSentenceOrder, type SentenceGapRow, type SentenceOrderRow } from "./lesson-content";
import { AppError, notFound } from "../lib/errors";
import { requireLessonAccess } from "../access/policy";

export {
  MAX_ANSWER_LENGTH,
  MAX_ORDER_WORDS,
  SENTENCE_EXERCISE_KINDS,
  type SentenceExerciseKind,
} from "#core/schemas/exercises";

// Sentence-order and sentence-gap exercises of a lesson: what the lesson page shows, and the learner's
// attempts, checked here (the browser's own check is only for layout).

/** Where the line is spoken in the lesson video. */
export interface ExerciseMoment {
  startMs: number;
  endMs: number;
}

export interface SentenceOrderExercise {
  id: number;
  translation: string;
  /** The line's words, shuffled the same way on every render. */
  words: string[];
  moment: ExerciseMoment | null;
  solved: boolean;
  /** The whole line, once the learner has solved it. */
  solution: string | null;
}

export interface SentenceGapExercise {
  id: number;
  translation: string;
  before: string;
  after: string;
  options: string[];
  moment: ExerciseMoment | null;
  solved: boolean;
  /** The missing word, once the learner has solved it. */
  solution: string | null;
}

export interface LessonExercises {
  sentenceOrderCount: number;
  sentenceGapCount: number;
  sentenceOrders: SentenceOrderExercise[];
  sentenceGaps: SentenceGapExercise[];
}

export interface ExerciseAttemptResult {
  correct: boolean;
  /** The right answer: the words in order, or the missing word. */
  expected: string | string[];
  /** The whole line with the right answer in place. */
  line: string;
  moment: ExerciseMoment | null;
}

// ---------------------------------------------------------------------------------------------
// The lesson page (queries run inside the page's batch)
// ---------------------------------------------------------------------------------------------

/** The exercises of this lesson the learner has answered correctly at least once (a visitor: none). */
export function solvedExercisesQuery(
  ctx: AppContext,
  { userId, lessonId }: { userId: number | null; lessonId: number },
) {
  return ctx.db
    .selectDistinct({ kind: exerciseAttempts.kind, exerciseId: exerciseAttempts.exerciseId })
    .from(exerciseAttempts)
    .where(
      and(
        userId === null ? sql`0` : eq(exerciseAttempts.userId, userId),
        eq(exerciseAttempts.isCorrect, true),
        or(
          and(
            eq(exerciseAttempts.kind, "sentence-order"),
            inArray(
              exerciseAttempts.exerciseId,
              ctx.db
                .select({ id: videoSentenceOrders.id })
                .from(videoSentenceOrders)
                .where(eq(videoSentenceOrders.videoId, lessonId)),
            ),
          ),
          and(
            eq(exerciseAttempts.kind, "sentence-gap"),
            inArray(
              exerciseAttempts.exerciseId,
              ctx.db
                .select({ id: videoSentenceGaps.id })
                .from(videoSentenceGaps)
                .where(eq(videoSentenceGaps.videoId, lessonId)),
            ),
          ),
        ),
      ),
    );
}

type SolvedRow = Awaited<ReturnType<typeof solvedExercisesQuery>>[number];

function momentOf(row: { startMs: number | null; endMs: number | null }): ExerciseMoment | null {
  return row.startMs === null || row.endMs === null ? null : { startMs: row.startMs, endMs: row.endMs };
}

/** What the lesson page shows: no answer leaves the server before the learner has found it. */
export function toLessonExercises(
  orderRows: SentenceOrderRow[],
  gapRows: SentenceGapRow[],
  solvedRows: SolvedRow[],
): LessonExercises {
  const solved = new Set(solvedRows.map((row) => `${row.kind}:${row.exerciseId}`));
  return {
    sentenceOrderCount: orderRows.length,
    sentenceGapCount: gapRows.length,
    sentenceOrders: orderRows
      .map((row) => ({ row, words: sentenceWords(row.sentence) }))
      .filter(({ words }) => words.length > 1)
      .map(({ row, words }) => {
        const isSolved = solved.has(`sentence-order:${row.id}`);
        return {
          id: row.id,
          translation: row.translation,
          words: scrambleWords(words, row.id),
          moment: momentOf(row),
          solved: isSolved,
          solution: isSolved ? row.sentence : null,
        };
      }),
    sentenceGaps: gapRows.map((row) => {
      const isSolved = solved.has(`sentence-gap:${row.id}`);
      return {
        id: row.id,
        translation: row.translation,
        ...splitGapSentence(row.sentence),
        options: row.options,
        moment: momentOf(row),
        solved: isSolved,
        solution: isSolved ? row.answer : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Attempts
// ---------------------------------------------------------------------------------------------

/** One sentence exercise of any lesson (its `lessonId` says which), or null when unknown. */
export async function findSentenceExercise(ctx: AppContext, kind: SentenceExerciseKind, exerciseId: number) {
  if (kind === "sentence-order") {
    const row = await getSentenceOrder(ctx, { exerciseId });
    return row ? { kind, ...row } : null;
  }
  const row = await getSentenceGap(ctx, { exerciseId });
  return row ? { kind, ...row } : null;
}

export type SentenceExerciseRow = NonNullable<Awaited<ReturnType<typeof findSentenceExercise>>>;

/** Malformed answers are a 400 with the reason (a zod failure would otherwise read as 422). */
function parseAnswer<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw new AppError(400, messages, { answer: messages });
}

/**
 * Checks an answer (`{ answer }`, any JSON: a malformed one is a 400) by the exercise's own rules: the verdict the
 * learner sees and the attempt's row to store. The same check whether the answer came online or from the outbox.
 */
export function checkExerciseAnswer(
  exercise: SentenceExerciseRow,
  input: unknown,
): { result: ExerciseAttemptResult; stored: string } {
  const moment = momentOf(exercise);
  if (exercise.kind === "sentence-order") {
    const { answer } = parseAnswer(sentenceOrderAnswerSchema, input);
    const check = checkSentenceOrder(exercise.sentence, answer);
    return { result: { ...check, line: exercise.sentence, moment }, stored: answer.join(" ") };
  }
  const { answer } = parseAnswer(sentenceGapAnswerSchema, input);
  const check = checkSentenceGap(exercise, answer);
  return { result: { ...check, line: fillGap(exercise.sentence, exercise.answer), moment }, stored: answer };
}

/**
 * Checks a learner's answer to one exercise and stores the attempt. The exercise is reachable only
 * through its lesson: 404 when either is unknown (or a draft), 401 for visitors, 402 for a premium
 * lesson without a subscription; a malformed answer is a 400.
 */
export async function submitExerciseAttempt(
  ctx: AppContext,
  {
    viewer,
    kind,
    exerciseId,
    input,
  }: { viewer: Viewer } & { kind: SentenceExerciseKind; exerciseId: number; input: unknown },
): Promise<ExerciseAttemptResult> {
  const exercise = await findSentenceExercise(ctx, kind, exerciseId);
  if (!exercise) throw notFound("We couldn't find that exercise.");
  await requireLessonAccess(ctx, { videoId: exercise.lessonId, viewer });
  const { result, stored } = checkExerciseAnswer(exercise, input);
  await ctx.db.insert(exerciseAttempts).values({
    userId: viewer.userId!,
    kind,
    exerciseId,
    answer: stored,
    isCorrect: result.correct,
    createdAt: ctx.now(),
  });
  return result;
}

/** The learner's attempts at one exercise, newest first (for the API and tests). */
export async function listExerciseAttempts(
  ctx: AppContext,
  { userId, kind, exerciseId }: { userId: number } & { kind: SentenceExerciseKind; exerciseId: number },
) {
  return ctx.db
    .select({
      answer: exerciseAttempts.answer,
      isCorrect: exerciseAttempts.isCorrect,
      createdAt: exerciseAttempts.createdAt,
    })
    .from(exerciseAttempts)
    .where(
      and(
        eq(exerciseAttempts.userId, userId),
        eq(exerciseAttempts.kind, kind),
        eq(exerciseAttempts.exerciseId, exerciseId),
      ),
    )
    .orderBy(desc(exerciseAttempts.createdAt), desc(exerciseAttempts.id));
}
