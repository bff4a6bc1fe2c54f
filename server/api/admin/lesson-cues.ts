import { Hono } from "hono";
import { AppError, notFound } from "../../lib/errors";
import { requireVideo, saveLessonCues } from "../../services/admin-lesson";
import { listLessonCues } from "../../services/lesson-content";
import { readJson, requireAdmin } from "../helpers";
import type { ApiEnv } from "../types";

const TRANSCRIPT_BODY = {
  maxBytes: 2 * 1024 * 1024,
  tooLargeMessage: "The transcript is too large.",
  notObjectMessage: "Send { cues: [...] }.",
};

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
    const body = await readJson(c, null, TRANSCRIPT_BODY);
    if (!("cues" in body)) throw new AppError(400, [TRANSCRIPT_BODY.notObjectMessage]);
    const data = await saveLessonCues(c.get("app"), { videoId, cues: body.cues, actor: c.get("user")! });
    return c.json({ data });
  });
