import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  INTELLIGIBILITY_MAX_BYTES,
  practiceSchema,
  SHARE_MAX_BYTES,
  shareRecordingSchema,
} from "#core/schemas/speaking";
import { AppError, parseWith } from "../lib/errors";
import { checkIntelligibility, shareRecording } from "../services/speaking";
import { recordSpeakingPractice } from "../services/study-progress";
import { created, defineRoute, idParam, implement, jsonBody, ok, rawBody, refusal, refused } from "./route";
import type { ApiEnv } from "./types";

/**
 * /api/speaking (docs/speaking.md): how long the member practised, and, when Workers AI is bound, the
 * intelligibility check of one attempt (sent on the learner's press only; nothing of it is stored).
 */
export const speakingApi = new OpenAPIHono<ApiEnv>();

implement(
  speakingApi,
  defineRoute({
    method: "post",
    path: "/practice",
    audience: "member",
    summary: "Add seconds of speaking practice to the member's day (shown on /progress).",
    request: { body: jsonBody(practiceSchema) },
    responses: { ...ok(z.object({ day: z.string(), secondsSpoken: z.number() })) },
  }),
  async (c) => {
    const app = c.get("app");
    const { seconds } = c.req.valid("json");
    const data = await recordSpeakingPractice(app, { userId: c.get("viewer").userId!, seconds, now: app.now() });
    return c.json({ data });
  },
);

/** Any segment routes here; what is not digits answers 404, and the service decides the rest. */
const lessonLine = z.object({
  videoId: idParam({ routed: false, min: 0, notFound: "We couldn't find that lesson." }),
  cueId: idParam({ routed: false, min: 0, notFound: "We couldn't find that line in this lesson." }),
});

const WAV_TYPES = new Set(["audio/wav", "audio/x-wav", "audio/wave"]);

implement(
  speakingApi,
  defineRoute({
    method: "post",
    path: "/lessons/{videoId}/lines/{cueId}/intelligibility",
    audience: "member",
    summary: "Intelligibility check: which words of the line Whisper heard in the attempt (Workers AI only).",
    request: { params: lessonLine, body: rawBody("audio/wav", "The attempt: mono 16 kHz 16-bit WAV, 0.3–30 s.") },
    responses: {
      ...ok(
        z.object({
          heard: z.string(),
          seconds: z.number(),
          words: z.array(z.object({ text: z.string(), heard: z.boolean() })),
          heardCount: z.number(),
          total: z.number(),
        }),
      ),
      ...refused(400, 402, 413, 429, 502),
      ...refusal(404, "No such lesson or line for this member, or the check is not set up (no Workers AI)."),
    },
  }),
  async (c) => {
    const { videoId: lessonId, cueId } = c.req.valid("param");
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!WAV_TYPES.has(type)) throw new AppError(400, ["Send the attempt as audio/wav."]);
    const tooLarge = () =>
      new AppError(413, [`The attempt is too long: at most ${INTELLIGIBILITY_MAX_BYTES} bytes (30 seconds).`]);
    if (Number(c.req.header("Content-Length") ?? "0") > INTELLIGIBILITY_MAX_BYTES) throw tooLarge();
    const wav = new Uint8Array(await c.req.arrayBuffer());
    if (wav.byteLength > INTELLIGIBILITY_MAX_BYTES) throw tooLarge();
    const data = await checkIntelligibility(c.get("app"), { lessonId, cueId, viewer: c.get("viewer"), wav });
    return c.json({ data });
  },
);

implement(
  speakingApi,
  defineRoute({
    method: "post",
    path: "/shares",
    audience: "member",
    summary: "Share a shadowing attempt for feedback: a new community thread with the line and the recording.",
    request: {
      body: rawBody(
        "multipart/form-data",
        "`audio` (WebM, MP4, Ogg or WAV, at most 2 MB), `lessonId`, `cueId`, `groupId`, and an optional `note`.",
      ),
    },
    responses: {
      ...created(z.object({ threadId: z.number(), href: z.string() })),
      ...refused(400, 402, 404, 413, 422, 429),
    },
  }),
  async (c) => {
    // Form fields and their boundaries add a little beside the file itself.
    const tooLarge = () => new AppError(413, ["A shared recording can be at most 2 MB."]);
    if (Number(c.req.header("Content-Length") ?? "0") > SHARE_MAX_BYTES + 16 * 1024) throw tooLarge();
    const form = await c.req.formData().catch(() => {
      throw new AppError(400, ["Send the recording as multipart/form-data with a field named “audio”."]);
    });
    const audio = form.get("audio");
    if (!(audio instanceof File) || audio.size === 0) {
      throw new AppError(400, ["Attach the recording in a field named “audio”."], { audio: ["Attach the recording."] });
    }
    if (audio.size > SHARE_MAX_BYTES) throw tooLarge();
    const input = parseWith(shareRecordingSchema, {
      lessonId: form.get("lessonId") ?? undefined,
      cueId: form.get("cueId") ?? undefined,
      groupId: form.get("groupId") ?? undefined,
      note: form.get("note") ?? undefined,
    });
    const data = await shareRecording(c.get("app"), {
      viewer: c.get("viewer"),
      input,
      audio: { type: audio.type, bytes: new Uint8Array(await audio.arrayBuffer()) },
    });
    return c.json({ data }, 201);
  },
);
