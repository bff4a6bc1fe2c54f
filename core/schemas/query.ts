import { z } from "zod";

/**
 * A whole number in a query string, where everything arrives as text: digits only (no sign, space, exponent or
 * hex), then within bounds; anything else is refused with `message` rather than replaced by a default. JSON
 * bodies never take this: their numbers are JSON numbers.
 */
export const queryIntegerField = (message: string, { min = 1, max = 100_000 }: { min?: number; max?: number } = {}) =>
  z
    .string({ error: message })
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** `?page=`: from 1, absent is the first page. */
export const queryPageField = () => queryIntegerField("page must be a whole number from 1.").default(1);
