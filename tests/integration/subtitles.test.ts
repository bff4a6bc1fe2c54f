import { describe, expect, it } from "vitest";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { AppError } from "../../server/lib/errors";
import { cuesFromWhisper, parseSubtitles, plainCueText, tidyImportedCues } from "../../server/lib/subtitle-files";
import { importSubtitleFile, transcribeLesson, WHISPER_MODEL } from "../../server/services/subtitles";
import { createLesson } from "../fixtures/lessons";
import { testEnv } from "./helpers";

const VTT = `WEBVTT - Greetings

NOTE a comment block
that spans two lines

1
00:00:01.000 --> 00:00:03.500 align:start
<v Rami>مرحبا! كيفك؟</v>

00:03.500 --> 00:06.000
أنا منيح،
الحمدلله &amp; إنت؟
`;

const SRT = `1
00:00:01,000 --> 00:00:02,500
<i>يلا</i>

2
00:00:02,500 --> 00:00:04,000
مع السلامة
`;

describe("WebVTT and SRT files", () => {
  it("reads WebVTT cues: ids, settings, NOTE blocks, voice tags, entities and line breaks", () => {
    const parsed = parseSubtitles(VTT);
    expect(parsed.problems).toEqual([]);
    expect(parsed.format).toBe("vtt");
    expect(parsed.cues).toEqual([
      { startMs: 1000, endMs: 3500, text: "مرحبا! كيفك؟" },
      { startMs: 3500, endMs: 6000, text: "أنا منيح، الحمدلله & إنت؟" },
    ]);
  });

  it("reads SRT with commas in the times, by content or by file name", () => {
    expect(parseSubtitles(SRT).cues).toEqual([
      { startMs: 1000, endMs: 2500, text: "يلا" },
      { startMs: 2500, endMs: 4000, text: "مع السلامة" },
    ]);
    expect(parseSubtitles(SRT.replace(/\n/g, "\r\n"), { fileName: "x.srt" }).format).toBe("srt");
    expect(parseSubtitles(`\uFEFF${SRT}`).problems).toEqual([]);
  });

  it("refuses malformed files with every problem and its line number", () => {
    const broken = `WEBVTT

00:00:01.000 --> 00:00:0x.000
bad end

00:00:05.000 --> 00:00:04.000
backwards

just some text without timing

00:00:07.000 -> 00:00:08.000
wrong arrow

00:00:09.000 --> 00:00:10.000
`;
    const parsed = parseSubtitles(broken);
    expect(parsed.problems).toEqual([
      { line: 3, message: "“00:00:0x.000” is not a valid end time." },
      { line: 6, message: "The end time must be after the start time." },
      { line: 9, message: "Expected a timing line like “00:00:01.000 --> 00:00:03.500”." },
      { line: 11, message: "Expected a timing line like “00:00:01.000 --> 00:00:03.500”." },
      { line: 14, message: "This cue has no text." },
    ]);
  });

  it("explains files that are not subtitles at all", () => {
    expect(parseSubtitles("").problems[0]?.message).toBe("The file is empty.");
    expect(parseSubtitles("hello there\n").problems).toEqual([
      {
        line: 1,
        message: "This is neither a WebVTT file (it would start with “WEBVTT”) nor an SRT file (numbered blocks).",
      },
    ]);
    expect(parseSubtitles("WEBVTTX\n\n00:01.000 --> 00:02.000\nx", { fileName: "a.vtt" }).problems[0]).toEqual({
      line: 1,
      message: "A WebVTT file must start with the line “WEBVTT”.",
    });
    expect(
      parseSubtitles("1\n00:00:01,000 --> 00:00:02,000\nhi\n\nx\n00:00:03,000 --> 00:00:04,000\nyo", { format: "srt" })
        .problems,
    ).toEqual([{ line: 5, message: "Expected the cue number, found “x”." }]);
  });

  it("keeps text plain and lines in order without overlaps", () => {
    expect(plainCueText(["<c.loud>يا</c> <00:00:01.500>هلا&nbsp;&#1605;"])).toBe("يا هلا م");
    expect(
      tidyImportedCues([
        { startMs: 2000, endMs: 4000, text: "ب" },
        { startMs: 0, endMs: 2500, text: "أ" },
        { startMs: 2050, endMs: 3000, text: "ج" },
      ]),
    ).toEqual([
      { startMs: 0, endMs: 2000, text: "أ" },
      { startMs: 2000, endMs: 4000, text: "ب ج" },
    ]);
  });

  it("imports an uploaded file for review, refusing non-UTF-8 and malformed ones with line numbers", async () => {
    const ctx = createAppContext(testEnv);
    const { video } = await createLesson(ctx);
    const imported = await importSubtitleFile(ctx, { lessonId: video.id, file: new File([VTT], "greetings.vtt") });
    expect(imported.format).toBe("vtt");
    expect(imported.cues[0]).toEqual({
      startMs: 1000,
      endMs: 3500,
      arabic: "مرحبا! كيفك؟",
      transliteration: "",
      english: "",
    });

    const latin1 = new File([new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xe9, 0xff])], "bad.vtt");
    await expect(importSubtitleFile(ctx, { lessonId: video.id, file: latin1 })).rejects.toMatchObject({ status: 422 });
    const malformed = new File(["WEBVTT\n\n00:00:01.000 --> soon\nx\n"], "bad.vtt");
    const error = await importSubtitleFile(ctx, { lessonId: video.id, file: malformed }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).messages).toEqual(["Line 3: “soon” is not a valid end time."]);
  });
});

/** The shape @cf/openai/whisper-large-v3-turbo answers with (recorded from the real model, trimmed). */
const WHISPER_ANSWER = {
  transcription_info: {
    language: "ar",
    language_probability: 0.98,
    duration: 7.4,
    duration_after_vad: 6.9,
  },
  text: "مرحبا كيفك؟ أنا منيح الحمد لله.",
  word_count: 6,
  segments: [
    {
      start: 0.32,
      end: 2.9,
      text: " مرحبا كيفك؟",
      temperature: 0,
      avg_logprob: -0.21,
      compression_ratio: 0.8,
      no_speech_prob: 0.01,
      words: [
        { word: "مرحبا", start: 0.32, end: 1.2 },
        { word: "كيفك؟", start: 1.3, end: 2.9 },
      ],
    },
    {
      start: 3.1,
      end: 6.74,
      text: " أنا منيح الحمد لله.",
      temperature: 0,
      avg_logprob: -0.3,
      compression_ratio: 0.9,
      no_speech_prob: 0.02,
      words: [],
    },
  ],
  vtt: "WEBVTT\n\n00:00.320 --> 00:02.900\nمرحبا كيفك؟\n\n00:03.100 --> 00:06.740\nأنا منيح الحمد لله.\n",
};

describe("Whisper through Workers AI", () => {
  it("turns segments (or the VTT, or the whole text) into lines", () => {
    expect(cuesFromWhisper(WHISPER_ANSWER)).toEqual([
      { startMs: 320, endMs: 2900, text: "مرحبا كيفك؟" },
      { startMs: 3100, endMs: 6740, text: "أنا منيح الحمد لله." },
    ]);
    expect(cuesFromWhisper({ ...WHISPER_ANSWER, segments: [] })).toHaveLength(2);
    expect(cuesFromWhisper({ text: "كلمة", transcription_info: { duration: 2 } })).toEqual([
      { startMs: 0, endMs: 2000, text: "كلمة" },
    ]);
  });

  it("sends the lesson's video from R2 as base64 and asks for Arabic", async () => {
    const bytes = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 1, 2, 3, 4]);
    await testEnv.MEDIA.put("videos/whisper-test.mp4", bytes);
    const calls: Array<{ model: string; input: Record<string, unknown> }> = [];
    const fakeAi = {
      run: async (model: string, input: Record<string, unknown>) => {
        calls.push({ model, input });
        return WHISPER_ANSWER;
      },
    };
    const ctx = createAppContext({ ...testEnv, AI: fakeAi as unknown as Ai } as Env);
    const { video } = await createLesson(ctx, { videoKey: "videos/whisper-test.mp4", cues: [] });
    const result = await transcribeLesson(ctx, { lessonId: video.id });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(WHISPER_MODEL);
    expect(calls[0]!.input.language).toBe("ar");
    expect(calls[0]!.input.audio).toBe(btoa(String.fromCharCode(...bytes)));
    expect(result.cues.map((cue) => [cue.startMs, cue.endMs, cue.arabic])).toEqual([
      [320, 2900, "مرحبا كيفك؟"],
      [3100, 6740, "أنا منيح الحمد لله."],
    ]);
  });

  it("is off without the binding, and needs a video", async () => {
    const ctx = createAppContext(testEnv);
    const { video } = await createLesson(ctx, { cues: [] });
    await expect(transcribeLesson(ctx, { lessonId: video.id })).rejects.toMatchObject({ status: 503 });
    const withAi = createAppContext({ ...testEnv, AI: { run: async () => WHISPER_ANSWER } as unknown as Ai } as Env);
    await expect(transcribeLesson(withAi, { lessonId: video.id })).rejects.toMatchObject({ status: 422 });
    const failing = createAppContext({
      ...testEnv,
      AI: {
        run: async () => {
          throw new Error("3030: model overloaded");
        },
      } as unknown as Ai,
    } as Env);
    await testEnv.MEDIA.put("videos/whisper-fail.mp4", new Uint8Array([1, 2, 3]));
    const { video: withVideo } = await createLesson(ctx, { videoKey: "videos/whisper-fail.mp4", cues: [] });
    await expect(transcribeLesson(failing, { lessonId: withVideo.id })).rejects.toMatchObject({ status: 502 });
  });
});
