/**
 * The subtitles generator: transcript lines for a lesson from Workers AI Whisper (when an `AI` binding
 * is configured) or from an uploaded WebVTT/SRT file, to review in the cue editor before saving.
 */
import { Buffer } from "node:buffer";
import type { DraftCue } from "#core/cue-edits";
import type { AppContext } from "../context";
import { AppError } from "../lib/errors";
import {
  cuesFromWhisper,
  MAX_SUBTITLE_FILE_BYTES,
  parseSubtitles,
  tidyImportedCues,
  type ImportedCue,
  type WhisperAnswer,
} from "../lib/subtitle-files";
import { requireVideo } from "./admin-lesson";

export const WHISPER_MODEL = "@cf/openai/whisper-large-v3-turbo";
/** Whisper takes the whole file inline (base64); past this size, upload a shorter or audio-only file. */
export const MAX_TRANSCRIBE_BYTES = 25 * 1024 * 1024;

export function isAiTranscriptionAvailable(ctx: AppContext) {
  return Boolean(ctx.env.AI);
}

const toDrafts = (cues: ImportedCue[]): DraftCue[] =>
  tidyImportedCues(cues).map((cue) => ({
    startMs: cue.startMs,
    endMs: cue.endMs,
    arabic: cue.text,
    transliteration: "",
    english: "",
  }));

/** Reads an uploaded .vtt/.srt file; a malformed one is refused with every problem and its line. */
export async function importSubtitleFile(ctx: AppContext, { lessonId, file }: { lessonId: number; file: File }) {
  await requireVideo(ctx, { lessonId });
  if (file.size === 0) throw new AppError(422, ["The file is empty."], { file: ["The file is empty."] });
  if (file.size > MAX_SUBTITLE_FILE_BYTES) {
    throw new AppError(413, ["A subtitle file can be at most 1 MB."], {
      file: ["A subtitle file can be at most 1 MB."],
    });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new AppError(422, ["The file is not UTF-8 text. Save it as UTF-8 and try again."], {
      file: ["The file is not UTF-8 text."],
    });
  }
  const parsed = parseSubtitles(text, { fileName: file.name });
  if (parsed.problems.length > 0) {
    const messages = parsed.problems.map((problem) => `Line ${problem.line}: ${problem.message}`);
    throw new AppError(422, messages, { file: messages });
  }
  return { format: parsed.format!, cues: toDrafts(parsed.cues) };
}

/**
 * Sends the lesson's video from R2 to Whisper with the language forced to Arabic (so the text comes
 * back in Arabic script, not a romanisation or translation) and returns its segments as lines.
 */
export async function transcribeLesson(ctx: AppContext, { lessonId }: { lessonId: number }) {
  const ai = ctx.env.AI;
  if (!ai) {
    throw new AppError(503, ["AI transcription is off: this deployment has no Workers AI binding."]);
  }
  const video = await requireVideo(ctx, { lessonId });
  if (!video.videoKey) throw new AppError(422, ["Upload the lesson's video first."]);
  const object = await ctx.bucket.get(video.videoKey);
  if (!object) throw new AppError(422, ["The lesson's video file is missing from storage. Upload it again."]);
  if (object.size > MAX_TRANSCRIBE_BYTES) {
    await object.body.cancel();
    throw new AppError(413, [
      `The video is ${Math.round(object.size / 1024 / 1024)} MB; Whisper takes files up to 25 MB. Import a subtitle file instead.`,
    ]);
  }
  const audio = Buffer.from(await object.arrayBuffer()).toString("base64");
  let answer: WhisperAnswer;
  try {
    answer = (await ai.run(WHISPER_MODEL, {
      audio,
      language: "ar",
      task: "transcribe",
      vad_filter: true,
    })) as WhisperAnswer;
  } catch (error) {
    console.error("Whisper failed", error);
    throw new AppError(502, ["Workers AI could not transcribe this video. Try again, or import a subtitle file."]);
  }
  const cues = toDrafts(cuesFromWhisper(answer));
  if (cues.length === 0) throw new AppError(422, ["Whisper heard no speech in this video."]);
  return { cues, language: answer.transcription_info?.language ?? "ar" };
}
