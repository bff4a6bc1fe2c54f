import { z } from "zod";
import { CARD_TYPES } from "../cards";
import { SENTENCE_EXERCISE_KINDS, sentenceGapAnswer, sentenceOrderAnswer } from "./exercises";
import { saveWordSchema } from "./lessons";
import { WORD_STATUSES } from "./lexicon";
import { MAX_SYNC_EVENTS } from "../sync";

// The outbox's one request (docs/offline.md "Sync"): what a device did while it could not (or did not) tell the
// server at once, sent as one batch. The page validates each event with these schemas before it is stored on the
// device, and the server validates the batch again.
// The limits and the server's answer live in core/sync.ts (no zod, so a page's first load need not carry it).

export {
  MAX_SYNC_EVENTS,
  MIN_SYNC_GAP_MS,
  PROGRESS_SYNC_INTERVAL_MS,
  type SyncAnswer,
  type SyncEventResult,
  type SyncExerciseVerdict,
} from "../sync";

const idMessage = "Each event needs an id of 8–64 letters, digits, - or _.";
const eventId = z.string({ error: idMessage }).regex(/^[A-Za-z0-9_-]{8,64}$/, idMessage);
/** A device clock reading, epoch milliseconds (rebased on the server's clock: see `deviceOffset`). */
const instant = (what: string) =>
  z
    .number({ error: `${what} is a time in epoch milliseconds.` })
    .int(`${what} is a time in epoch milliseconds.`)
    .min(0, `${what} is a time in epoch milliseconds.`)
    .max(8_640_000_000_000_000, `${what} is a time in epoch milliseconds.`);
const positiveId = (what: string) =>
  z
    .number({ error: `${what} is a numeric id.` })
    .int(`${what} is a numeric id.`)
    .positive(`${what} is a numeric id.`)
    .max(Number.MAX_SAFE_INTEGER, `${what} is a numeric id.`);
const ratingMessage = "rating is 1 (again), 2 (hard), 3 (good) or 4 (easy).";

/** One answer to one card, made on the device (scheduled there with the same FSRS code, core/fsrs.ts). */
export const reviewEventSchema = z.strictObject({
  kind: z.literal("review"),
  id: eventId,
  /** When the learner answered, on the device's clock. */
  at: instant("at"),
  source: z.enum(["flashcard", "word"], { error: "source is flashcard or word." }),
  cardId: positiveId("cardId"),
  cardType: z.enum(CARD_TYPES, { error: "cardType is recognition, production or listening." }),
  rating: z.number({ error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(4, ratingMessage),
});

const seconds = (what: string, max: number) =>
  z
    .number({ error: `${what} is a number of seconds.` })
    .min(0, `${what} is 0 or more.`)
    .max(max, `${what} is at most ${max}.`);

/**
 * A stretch of one lesson's playback kept on the device: where the learner is now (`positionSeconds` at `to`) and
 * how many seconds they watched forward between `from` and `to` (`watchedSeconds`, the device's count). The
 * server credits at most what the wall time of that stretch allows, and never the same stretch twice.
 */
export const progressEventSchema = z
  .strictObject({
    kind: z.literal("progress"),
    id: eventId,
    lessonId: positiveId("lessonId"),
    positionSeconds: seconds("positionSeconds", 86_400),
    durationSeconds: seconds("durationSeconds", 86_400).optional(),
    watchedSeconds: seconds("watchedSeconds", 86_400),
    from: instant("from"),
    to: instant("to"),
  })
  .refine((event) => event.from <= event.to, { message: "from must not be after to.", path: ["from"] });

/** What the learner knows of a lemma, set on the device (the word popup's buttons): the latest setting by time wins. */
export const wordStatusEventSchema = z.strictObject({
  kind: z.literal("word-status"),
  id: eventId,
  at: instant("at"),
  lemmaId: positiveId("lemmaId"),
  status: z.enum(WORD_STATUSES, { error: `status is one of ${WORD_STATUSES.join(", ")}.` }),
});

/** A word saved to "My words" from a lesson on the device: saved once (a word already in the list stays as it is). */
export const saveWordEventSchema = z.strictObject({
  kind: z.literal("save-word"),
  id: eventId,
  at: instant("at"),
  lessonId: positiveId("lessonId"),
  word: saveWordSchema,
});

/**
 * An answer to one of a lesson's sentence exercises, given offline. The page cannot check it (the expected answer
 * never reaches the device before the learner finds it, ADR 049): the server checks it when it arrives, stores it
 * once (its id is the attempt's `request_id`) at the time it was given, and answers the verdict with the event.
 */
export const exerciseAnswerEventSchema = z
  .strictObject({
    kind: z.literal("exercise-answer"),
    id: eventId,
    at: instant("at"),
    lessonId: positiveId("lessonId"),
    exercise: z.enum(SENTENCE_EXERCISE_KINDS, { error: "exercise is sentence-order or sentence-gap." }),
    exerciseId: positiveId("exerciseId"),
    answer: z.union([sentenceGapAnswer, sentenceOrderAnswer], {
      error: "answer is the missing word, or the line's words in order.",
    }),
  })
  .refine((event) => Array.isArray(event.answer) === (event.exercise === "sentence-order"), {
    message: "A sentence-order answer is a list of words; a sentence-gap answer is one word.",
    path: ["answer"],
  });

export const syncEventSchema = z.discriminatedUnion(
  "kind",
  [reviewEventSchema, progressEventSchema, wordStatusEventSchema, saveWordEventSchema, exerciseAnswerEventSchema],
  { error: "Each event's kind is review, progress, word-status, save-word or exercise-answer." },
);

export const syncBatchSchema = z.strictObject({
  /** A random id the device chose once (kept in its storage); it names where an offline review was made. */
  device: z
    .string({ error: "device is the device's id." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "device is 8–64 letters, digits, - or _."),
  /** The device's clock when it sent this batch: the server rebases every event's time on its own clock. */
  sentAt: instant("sentAt"),
  events: z
    .array(syncEventSchema, { error: "events is a list." })
    .min(1, "Send at least one event.")
    .max(MAX_SYNC_EVENTS, `Send at most ${MAX_SYNC_EVENTS} events at once.`),
});

export type ReviewEvent = z.infer<typeof reviewEventSchema>;
export type ProgressEvent = z.infer<typeof progressEventSchema>;
export type WordStatusEvent = z.infer<typeof wordStatusEventSchema>;
export type SaveWordEvent = z.infer<typeof saveWordEventSchema>;
export type ExerciseAnswerEvent = z.infer<typeof exerciseAnswerEventSchema>;
export type SyncEvent = z.infer<typeof syncEventSchema>;
export type SyncBatch = z.infer<typeof syncBatchSchema>;
