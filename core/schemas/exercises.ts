import { z } from "zod";

// A sentence exercise's answer, as the exercise's own endpoint (server/api/exercises.ts) and the outbox's
// `exercise-answer` event (./sync.ts) take it.

export const SENTENCE_EXERCISE_KINDS = ["sentence-order", "sentence-gap"] as const;
export type SentenceExerciseKind = (typeof SENTENCE_EXERCISE_KINDS)[number];

export const MAX_ORDER_WORDS = 60;
export const MAX_ANSWER_LENGTH = 200;

/** "Put the words in order": the learner's words, in their order. */
export const sentenceOrderAnswer = z
  .array(z.string().trim().min(1, "A word cannot be empty.").max(MAX_ANSWER_LENGTH))
  .min(1, "Put at least one word in your answer.")
  .max(MAX_ORDER_WORDS, "That is more words than the line has.");

/** "Fill the gap": the word the learner chose or typed. */
export const sentenceGapAnswer = z
  .string()
  .trim()
  .min(1, "Choose or type a word.")
  .max(MAX_ANSWER_LENGTH, "That answer is too long.");

export const sentenceOrderAnswerSchema = z.object({ answer: sentenceOrderAnswer });
export const sentenceGapAnswerSchema = z.object({ answer: sentenceGapAnswer });
