import { describe, expect, it } from "vitest";
import { encodeWav } from "../../core/wav";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { WHISPER_MODEL } from "../../server/services/subtitles";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv, type ApiBody } from "./helpers";

// The intelligibility check (docs/speaking.md, issue 29 part 3): POST /api/speaking/lessons/:id/lines/:cue/
// intelligibility with a WAV attempt, Whisper through a stand-in at the AI binding.

const ctx = createAppContext(testEnv);

/** A stand-in for the Workers AI binding: answers `text` and keeps every call to look at. */
function standIn(text: string) {
  const calls: Array<{ model: string; input: Record<string, unknown> }> = [];
  const ai = {
    run: async (model: string, input: Record<string, unknown>) => {
      calls.push({ model, input });
      return { text, transcription_info: { language: "ar" }, segments: [] };
    },
  };
  return { calls, env: { ...testEnv, AI: ai as unknown as Ai } as Env };
}

const wav = (seconds = 1.5, rate = 16_000) =>
  encodeWav(
    new Float32Array(Math.round(seconds * rate)).map((_, index) => Math.sin(index / 7) * 0.3),
    rate,
  );

async function lessonWithLine({ isFree = true, isPublished = true } = {}) {
  const { video, cues } = await createLesson(ctx, {
    isFree,
    isPublished,
    cues: [
      { arabic: "أَنا منيح، الحمدلله.", transliteration: "ʔana mniiħ", english: "I'm well.", startMs: 0, endMs: 2000 },
      { arabic: "يلّا، مع السلامة!", transliteration: "yalla", english: "Bye!", startMs: 2000, endMs: 4000 },
    ],
  });
  return { lessonId: video.id, cueId: cues[0]!.id, otherCueId: cues[1]!.id };
}

const path = (lessonId: number | string, cueId: number | string) =>
  `/api/speaking/lessons/${lessonId}/lines/${cueId}/intelligibility`;

function send(
  target: string,
  { token, env, body = wav(), type = "audio/wav" }: { token?: string; env?: Env; body?: BodyInit; type?: string },
) {
  return call(target, { method: "POST", token, env, body, headers: { "Content-Type": type } });
}

interface Checked {
  heard: string;
  seconds: number;
  words: Array<{ text: string; heard: boolean }>;
  heardCount: number;
  total: number;
}

describe("the intelligibility check", () => {
  it("sends the attempt to Whisper without the line as a prompt and says which words came through", async () => {
    const learner = await member();
    const { lessonId, cueId } = await lessonWithLine();
    const ai = standIn("انا منيح");
    const attempt = wav(1.5);
    const response = await send(path(lessonId, cueId), { token: learner.token, env: ai.env, body: attempt });
    expect(response.status).toBe(200);
    const { data } = await json<ApiBody<Checked>>(response);
    expect(data).toEqual({
      heard: "انا منيح",
      seconds: 1.5,
      words: [
        { text: "أَنا", heard: true },
        { text: "منيح", heard: true },
        { text: "الحمدلله", heard: false },
      ],
      heardCount: 2,
      total: 3,
    });
    expect(ai.calls).toHaveLength(1);
    const [{ model, input }] = ai.calls as [{ model: string; input: Record<string, unknown> }];
    expect(model).toBe(WHISPER_MODEL);
    expect(input.language).toBe("ar");
    expect(atob(input.audio as string).length).toBe(attempt.length);
    // Never the line (or anything) as a prompt or prefix: it would make Whisper "hear" the expected words.
    expect(Object.keys(input).sort()).toEqual(["audio", "language", "task", "vad_filter"]);
    expect(JSON.stringify(input)).not.toContain("منيح");
  });

  it("is off without the AI binding: 404, and Whisper is not asked", async () => {
    const learner = await member();
    const { lessonId, cueId } = await lessonWithLine();
    const response = await send(path(lessonId, cueId), { token: learner.token });
    expect(response.status).toBe(404);
    expect((await json(response)).errors?.[0]).toMatch(/not set up/);
  });

  it("is 401 for a visitor, even on a free lesson", async () => {
    const { lessonId, cueId } = await lessonWithLine();
    const ai = standIn("انا منيح");
    expect((await send(path(lessonId, cueId), { env: ai.env })).status).toBe(401);
    expect(ai.calls).toHaveLength(0);
  });

  it("refuses a lesson the member may not watch, a draft, and a line of another lesson", async () => {
    const learner = await member();
    const ai = standIn("انا منيح");
    const premium = await lessonWithLine({ isFree: false });
    expect((await send(path(premium.lessonId, premium.cueId), { token: learner.token, env: ai.env })).status).toBe(402);
    const draft = await lessonWithLine({ isPublished: false });
    expect((await send(path(draft.lessonId, draft.cueId), { token: learner.token, env: ai.env })).status).toBe(404);
    const open = await lessonWithLine();
    const response = await send(path(open.lessonId, premium.cueId), { token: learner.token, env: ai.env });
    expect(response.status).toBe(404);
    expect((await send(path("abc", open.cueId), { token: learner.token, env: ai.env })).status).toBe(404);
    expect(ai.calls).toHaveLength(0);
  });

  it.each([
    ["not a WAV", new TextEncoder().encode("OggS and then some opus"), "audio/wav"],
    ["a WAV at 44.1 kHz", wav(1, 44_100), "audio/wav"],
    ["a WAV under 0.3 s", wav(0.1), "audio/wav"],
    ["a body sent as WebM", wav(), "audio/webm"],
    ["an empty body", new Uint8Array(0), "audio/wav"],
  ])("refuses %s with 400 and its reason, before Whisper", async (_, body, type) => {
    const learner = await member();
    const { lessonId, cueId } = await lessonWithLine();
    const ai = standIn("انا منيح");
    const response = await send(path(lessonId, cueId), { token: learner.token, env: ai.env, body, type });
    expect(response.status).toBe(400);
    expect((await json(response)).errors?.length).toBeGreaterThan(0);
    expect(ai.calls).toHaveLength(0);
  });

  it("refuses an attempt over 30 seconds with 413", async () => {
    const learner = await member();
    const { lessonId, cueId } = await lessonWithLine();
    const ai = standIn("انا منيح");
    const response = await send(path(lessonId, cueId), { token: learner.token, env: ai.env, body: wav(31) });
    expect(response.status).toBe(413);
    expect(ai.calls).toHaveLength(0);
  });

  it("answers 502 when Whisper fails", async () => {
    const learner = await member();
    const { lessonId, cueId } = await lessonWithLine();
    const failing = {
      ...testEnv,
      AI: {
        run: async () => {
          throw new Error("3030: overloaded");
        },
      } as unknown as Ai,
    } as Env;
    const response = await send(path(lessonId, cueId), { token: learner.token, env: failing });
    expect(response.status).toBe(502);
  });
});
