/**
 * Speaking (docs/speaking.md): the intelligibility check — a member's shadowing attempt sent to Whisper through
 * the Workers AI binding, and the words of the line that came through (only when an `AI` binding is
 * configured) — and sharing an attempt to a community thread for feedback (ADR 048).
 */
import { Buffer } from "node:buffer";
import { and, asc, eq } from "drizzle-orm";
import { communityMessages, sharedRecordings, transcriptCues, videos } from "#drizzle/schema";
import { communityThreadHref } from "#core/community-paths";
import { THREAD_TITLE_MAX } from "#core/schemas/community";
import { hasArabic } from "#core/arabic";
import { compareHeard } from "#core/intelligibility";
import { intelligibilityWavSchema, SHARE_MAX_BYTES, type ShareRecordingInput } from "#core/schemas/speaking";
import { readWavInfo } from "#core/wav";
import type { Viewer } from "../access/viewer";
import { requireLessonAccess } from "../access/policy";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import { createThread } from "./community";
import { lessonPath } from "./lessons";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";
import { looksLike, SHARED_EXTENSIONS, sharedAudioType } from "./shared-recordings";
import { WHISPER_MODEL } from "./subtitles";

export const INTELLIGIBILITY_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60 * 1000 };
const OFF_MESSAGE = "The intelligibility check is not set up on this site.";

export function isIntelligibilityCheckAvailable(ctx: AppContext) {
  return Boolean(ctx.env.AI);
}

/** A line of a lesson this member may watch (404/402 as for the lesson; 404 for a line of another lesson). */
async function requireLine(
  ctx: AppContext,
  { lessonId, cueId, viewer }: { lessonId: number; cueId: number; viewer: Viewer },
) {
  await requireLessonAccess(ctx, { videoId: lessonId, viewer });
  const [cue] = await ctx.db
    .select({
      position: transcriptCues.position,
      arabic: transcriptCues.arabic,
      transliteration: transcriptCues.transliteration,
      english: transcriptCues.english,
    })
    .from(transcriptCues)
    .where(and(eq(transcriptCues.id, cueId), eq(transcriptCues.lessonId, lessonId)))
    .limit(1);
  if (!cue) throw notFound("We couldn't find that line in this lesson.");
  return cue;
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
  const cue = await requireLine(ctx, { lessonId, cueId, viewer });
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

/** The opening message of a shared attempt: the line (Arabic and English), where it is from, the learner's note. */
function shareBody(
  line: { arabic: string; english: string; transliteration: string },
  lesson: { title: string; path: string; lineNumber: number },
  note: string,
) {
  const quoted = [line.arabic, line.transliteration, line.english].filter(Boolean).map((part) => `> ${part}`);
  return [
    "I shadowed this line. How does my attempt sound? My recording is below.",
    "",
    ...quoted.flatMap((part, index) => (index === 0 ? [part] : [">", part])),
    "",
    `Line ${lesson.lineNumber} of [${lesson.title}](${lesson.path})`,
    ...(note ? ["", note] : []),
  ].join("\n");
}

/**
 * Shares a shadowing attempt for feedback (ADR 048): checks the file (type by its first bytes, size), puts it in
 * R2, starts a thread in the chosen group whose opening message quotes the line, and ties the recording to that
 * message. Only now does the attempt leave the learner's device; deleting the message, the thread or the account
 * removes it from R2 and D1.
 */
export async function shareRecording(
  ctx: AppContext,
  { viewer, input, audio }: { viewer: Viewer; input: ShareRecordingInput; audio: { type: string; bytes: Uint8Array } },
) {
  const cue = await requireLine(ctx, { lessonId: input.lessonId, cueId: input.cueId, viewer });
  const type = sharedAudioType(audio.type);
  if (!type || !looksLike(type, audio.bytes)) {
    const message = "The recording must be WebM, MP4, Ogg or WAV audio.";
    throw new AppError(400, [message], { audio: [message] });
  }
  if (audio.bytes.length > SHARE_MAX_BYTES) {
    throw new AppError(413, ["A shared recording can be at most 2 MB."], { audio: ["At most 2 MB."] });
  }
  const [lesson] = await ctx.db
    .select({ id: videos.id, title: videos.title, slug: videos.slug })
    .from(videos)
    .where(eq(videos.id, input.lessonId))
    .limit(1);
  const userId = viewer.userId!;
  const key = `audio/voices/${userId}/${crypto.randomUUID()}.${SHARED_EXTENSIONS[type]}`;
  const line = cue.english || cue.arabic;
  const titleStart = "Feedback on my shadowing: ";
  const room = THREAD_TITLE_MAX - titleStart.length;
  const title = `${titleStart}${line.length > room ? `${line.slice(0, room - 1)}…` : line}`;
  const body = shareBody(
    cue,
    { title: lesson!.title, path: lessonPath(lesson!), lineNumber: cue.position + 1 },
    input.note,
  );

  await ctx.bucket.put(key, audio.bytes, { httpMetadata: { contentType: type } });
  try {
    const thread = await createThread(ctx, { viewer, groupId: input.groupId, title, body });
    const [opening] = await ctx.db
      .select({ id: communityMessages.id })
      .from(communityMessages)
      .where(eq(communityMessages.threadId, thread.id))
      .orderBy(asc(communityMessages.id))
      .limit(1);
    await ctx.db.insert(sharedRecordings).values({
      userId,
      messageId: opening!.id,
      lessonId: input.lessonId,
      cueId: input.cueId,
      key,
      mimeType: type,
      bytes: audio.bytes.length,
      createdAt: ctx.now(),
    });
    return { threadId: thread.id, href: communityThreadHref(thread.group, thread) };
  } catch (error) {
    // Nothing of the voice stays behind a share that did not happen (a full group, a rate limit, D1).
    await ctx.bucket.delete(key);
    throw error;
  }
}
