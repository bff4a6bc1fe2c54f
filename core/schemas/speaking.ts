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

/** A shared recording: at most 2 MiB (a few minutes of Opus/AAC; a line's attempt is tens of KB). */
export const SHARE_MAX_BYTES = 2 * 1024 * 1024;
export const SHARE_NOTE_MAX = 1000;
/** What MediaRecorder writes (docs/speaking.md), and WAV. */
export const SHARE_AUDIO_TYPES = ["audio/webm", "audio/mp4", "audio/ogg", "audio/wav"] as const;

const formId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** POST /api/speaking/shares: the form fields beside the `audio` file. */
export const shareRecordingSchema = z.object({
  lessonId: formId("Say which lesson the line is from."),
  cueId: formId("Say which line this is."),
  groupId: formId("Choose the group to ask in."),
  note: z
    .string()
    .trim()
    .max(SHARE_NOTE_MAX, `Keep the note to ${SHARE_NOTE_MAX} characters or fewer.`)
    .optional()
    .default(""),
});
export type ShareRecordingInput = z.infer<typeof shareRecordingSchema>;
