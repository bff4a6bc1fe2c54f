/**
 * Speaking (docs/speaking.md): the intelligibility check — a member's shadowing attempt sent to Whisper through
 * the Workers AI binding, and the words of the line that came through. Only when an `AI` binding is configured.
 */
import { Buffer } from "node:buffer";
import { and, eq } from "drizzle-orm";
import { transcriptCues } from "#drizzle/schema";
import { hasArabic } from "#core/arabic";
import { compareHeard } from "#core/intelligibility";
import { intelligibilityWavSchema } from "#core/schemas/speaking";
import { readWavInfo } from "#core/wav";
import type { Viewer } from "../access/viewer";
import { requireLessonAccess } from "../access/policy";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";
import { WHISPER_MODEL } from "./subtitles";

export const INTELLIGIBILITY_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60 * 1000 };
const OFF_MESSAGE = "The intelligibility check is not set up on this site.";

export function isIntelligibilityCheckAvailable(ctx: AppContext) {
  return Boolean(ctx.env.AI);
}

/** The checked WAV header, or a 400 that says what is wrong with the file. */
function checkWav(bytes: Uint8Array) {
  const info = readWavInfo(bytes);
  if (!info.riff) throw new AppError(400, ["The attempt must be a WAV file (16 kHz, mono, 16-bit)."]);
  const result = intelligibilityWavSchema.safeParse(info);
  if (!result.success)
    throw new AppError(
      400,
      result.error.issues.map((issue) => issue.message),
    );
  return result.data;
}

/**
 * Transcribes the attempt with Whisper (Arabic forced, and never the line as a prompt: a prompt would make it
 * "hear" the expected words) and compares the text with the line. 404 when the check is off, the lesson is not
 * the member's to watch or the line is not the lesson's; 402 as for the lesson; 400 for audio it cannot take.
 */
export async function checkIntelligibility(
  ctx: AppContext,
  { lessonId, cueId, viewer, wav }: { lessonId: number; cueId: number; viewer: Viewer; wav: Uint8Array },
) {
  const ai = ctx.env.AI;
  if (!ai) throw notFound(OFF_MESSAGE);
  await requireLessonAccess(ctx, { videoId: lessonId, viewer });
  const [cue] = await ctx.db
    .select({ arabic: transcriptCues.arabic, transliteration: transcriptCues.transliteration })
    .from(transcriptCues)
    .where(and(eq(transcriptCues.id, cueId), eq(transcriptCues.lessonId, lessonId)))
    .limit(1);
  if (!cue) throw notFound("We couldn't find that line in this lesson.");
  const audio = checkWav(wav);
  const used = await hitRateLimit(ctx, { key: `intelligibility:${viewer.userId}`, rule: INTELLIGIBILITY_RATE_LIMIT });
  if (used > INTELLIGIBILITY_RATE_LIMIT.limit) {
    throw new AppError(429, ["You have checked a lot of attempts this hour. Try again later."]);
  }
  let text: string;
  try {
    const answer = (await ai.run(WHISPER_MODEL, {
      audio: Buffer.from(wav).toString("base64"),
      language: "ar",
      task: "transcribe",
      vad_filter: true,
    })) as { text?: unknown };
    text = typeof answer.text === "string" ? answer.text.trim() : "";
  } catch (error) {
    console.error("Whisper failed on an intelligibility check", error);
    throw new AppError(502, ["The check could not run just now. Try again in a moment."]);
  }
  // Whisper writes Arabic script when told "ar"; should it romanise, the line's transliteration is compared.
  const line = text && !hasArabic(text) && cue.transliteration ? cue.transliteration : cue.arabic;
  return { heard: text, seconds: Math.round(audio.seconds * 10) / 10, ...compareHeard(line, text) };
}
