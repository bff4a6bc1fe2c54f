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

/** The intelligibility check's audio: mono 16 kHz 16-bit WAV, 0.3 to 30 seconds (docs/speaking.md). */
export const INTELLIGIBILITY_RATE = 16_000;
export const INTELLIGIBILITY_MAX_SECONDS = 30;
export const INTELLIGIBILITY_MAX_BYTES = 44 + INTELLIGIBILITY_RATE * 2 * INTELLIGIBILITY_MAX_SECONDS;

/** What the Worker accepts of a WAV header (core/wav.ts reads it). */
export const intelligibilityWavSchema = z.object({
  riff: z.literal(true, { error: "The attempt must be a WAV file." }),
  format: z.literal(1, { error: "The WAV must be plain PCM." }),
  channels: z.literal(1, { error: "The WAV must be mono." }),
  sampleRate: z.literal(INTELLIGIBILITY_RATE, { error: "The WAV must be sampled at 16 kHz." }),
  bitsPerSample: z.literal(16, { error: "The WAV must be 16-bit." }),
  seconds: z
    .number()
    .min(0.3, "The attempt is too short: say the whole line.")
    .max(INTELLIGIBILITY_MAX_SECONDS, `The attempt can be at most ${INTELLIGIBILITY_MAX_SECONDS} seconds.`),
});
