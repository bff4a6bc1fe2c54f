import { z } from "zod";

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
