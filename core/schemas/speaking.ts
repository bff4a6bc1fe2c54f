import { z } from "zod";

/** The most seconds of speaking practice one request records. */
export const PRACTICE_SECONDS_MAX = 600;

/** POST /api/speaking/practice: seconds of a shadowing attempt just recorded (docs/speaking.md). */
export const practiceSchema = z.strictObject({
  seconds: z
    .number({ error: "Seconds must be a number." })
    .int("Seconds must be a whole number.")
    .min(1, "Seconds must be at least 1.")
    .max(PRACTICE_SECONDS_MAX, `Seconds must be at most ${PRACTICE_SECONDS_MAX}.`),
});
