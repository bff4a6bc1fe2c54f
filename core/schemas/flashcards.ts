import { z } from "zod";
import { CARD_TYPES, MAX_PER_DAY } from "../cards";

// One schema for the review forms and the JSON API.
const ratingMessage = "Rate the card 1 (again), 2 (hard), 3 (good) or 4 (easy).";

export const reviewSchema = z.object({
  cardId: z
    .number({ error: "Choose a card by its numeric id." })
    .int("Choose a card by its numeric id.")
    .positive("Choose a card by its numeric id.")
    .max(Number.MAX_SAFE_INTEGER, "Choose a card by its numeric id."),
  rating: z.number({ error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(4, ratingMessage),
  /** Chosen by the client once per card shown: the same id twice is one answer. */
  requestId: z
    .string({ error: "Send a request id." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "The request id must be 8–64 letters, digits, - or _."),
});

/** The same fields as they arrive from a plain HTML form (strings). */
export const reviewFormSchema = z.object({
  cardId: z.coerce.number().pipe(reviewSchema.shape.cardId),
  rating: z.coerce.number().pipe(reviewSchema.shape.rating),
  requestId: reviewSchema.shape.requestId,
});

export type ReviewPayload = z.infer<typeof reviewSchema>;

// Cards (docs/cards.md): a review may name the card type and carry a production card's typed answer.
const cardTypeField = z.enum(CARD_TYPES, { error: "cardType is recognition, production or listening." });
const answerField = z.string({ error: "The answer is text." }).max(300, "The answer is at most 300 characters.");

export const cardReviewSchema = reviewSchema.extend({
  cardType: cardTypeField.optional(),
  answer: answerField.optional(),
});

export const cardReviewFormSchema = reviewFormSchema.extend({
  cardType: cardTypeField.optional(),
  answer: answerField.optional(),
  source: z.enum(["flashcard", "word"]).optional(),
});

const perDay = (what: string) =>
  z
    .number({ error: `${what} is a whole number.` })
    .int(`${what} is a whole number.`)
    .min(0, `${what} is 0 or more.`)
    .max(MAX_PER_DAY, `${what} is at most ${MAX_PER_DAY}.`);

/** The daily limits of the review. */
export const reviewSettingsSchema = z.strictObject({
  newPerDay: perDay("New cards per day"),
  reviewsPerDay: perDay("Reviews per day"),
});
export const reviewSettingsFormSchema = z.object({
  newPerDay: z.coerce.number().pipe(reviewSettingsSchema.shape.newPerDay),
  reviewsPerDay: z.coerce.number().pipe(reviewSettingsSchema.shape.reviewsPerDay),
});

/** Editing one of the member's own notes from the review: its meaning and transliteration, card types, suspension. */
export const noteUpdateSchema = z
  .strictObject({
    transliteration: z.string().trim().max(300, "The transliteration is at most 300 characters.").optional(),
    english: z.string().trim().max(500, "The meaning is at most 500 characters.").optional(),
    cardTypes: z
      .array(cardTypeField)
      .min(1, "Keep at least one card type.")
      .max(CARD_TYPES.length, "Each card type once.")
      .optional(),
    suspended: z.boolean({ error: "suspended is true or false." }).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { error: "Send at least one field to change." });
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;

const cardTypesField = z
  .array(cardTypeField, { error: "cardTypes is a list of card types." })
  .min(1, "Keep at least one card type.")
  .max(CARD_TYPES.length, "Each card type once.");

/** The card types of a curated collection's cards, for one member (docs/cards.md). */
export const collectionCardTypesSchema = z.strictObject({ cardTypes: cardTypesField });

/** Suspending or bringing back one curated card, for one member. */
export const cardSuspensionSchema = z.strictObject({
  suspended: z.boolean({ error: "suspended is true or false." }),
});
