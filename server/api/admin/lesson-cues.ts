import { Hono } from "hono";
import { AppError, notFound } from "../../lib/errors";
import { requireVideo, saveLessonCues } from "../../services/admin-lesson";
import { listLessonCues } from "../../services/lesson-content";
import { requireAdmin } from "../helpers";
import type { ApiEnv } from "../types";

const MAX_TRANSCRIPT_BYTES = 2 * 1024 * 1024;

function videoIdParam(value: string) {
  if (!/^\d{1,12}$/.test(value)) throw notFound("We couldn't find that lesson.");
  return Number(value);
}

/** /api/admin/lessons/:id/cues: a lesson's transcript, read and saved whole (one D1 batch). */
export const adminLessonCuesApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/:id/cues", async (c) => {
    const videoId = videoIdParam(c.req.param("id"));
    const app = c.get("app");
    await requireVideo(app, videoId);
    return c.json({ data: await listLessonCues(app, videoId) });
  })
  .put("/:id/cues", async (c) => {
    const videoId = videoIdParam(c.req.param("id"));
    if (Number(c.req.header("Content-Length") ?? 0) > MAX_TRANSCRIPT_BYTES) {
      throw new AppError(413, ["The transcript is too large."]);
    }
    const text = await c.req.text();
    if (text.length > MAX_TRANSCRIPT_BYTES) throw new AppError(413, ["The transcript is too large."]);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError(400, ["The request body must be valid JSON."]);
    }
    if (!body || typeof body !== "object" || Array.isArray(body) || !("cues" in body)) {
      throw new AppError(400, ["Send { cues: [...] }."]);
    }
    const data = await saveLessonCues(c.get("app"), { videoId, cues: (body as { cues: unknown }).cues });
    return c.json({ data });
  });
