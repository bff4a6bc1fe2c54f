import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { requireVideo, saveLessonCues } from "../../services/admin-lesson";
import { listLessonCues } from "../../services/lesson-content";
import { defineRoute, idParam, implement, jsonBody, list, OBJECT_BODY, ok, refused } from "../route";
import type { ApiEnv } from "../types";

const SEND_CUES = "Send { cues: [...] }.";
/** A whole transcript, as `{ cues: [...] }` (checked line by line by the service). */
const transcript = jsonBody(OBJECT_BODY, {
  maxBytes: 2 * 1024 * 1024,
  tooLargeMessage: "The transcript is too large.",
  notObjectMessage: SEND_CUES,
});
const lesson = z.object({ id: idParam({ routed: false, min: 0, notFound: "We couldn't find that lesson." }) });

/** /api/admin/lessons/:id/cues: a lesson's transcript, read and saved whole (one D1 batch). */
export const adminLessonCuesApi = new OpenAPIHono<ApiEnv>();

implement(
  adminLessonCuesApi,
  defineRoute({
    method: "get",
    path: "/{id}/cues",
    audience: "admin",
    summary: "A lesson's transcript lines, for the editor.",
    request: { params: lesson },
    responses: { ...ok(list) },
  }),
  async (c) => {
    const lessonId = c.req.valid("param").id;
    const app = c.get("app");
    await requireVideo(app, { lessonId });
    return c.json({ data: await listLessonCues(app, { lessonId }) });
  },
);

implement(
  adminLessonCuesApi,
  defineRoute({
    method: "put",
    path: "/{id}/cues",
    audience: "admin",
    summary: "Save a lesson's transcript lines (`{ cues: [...] }`), all or nothing.",
    request: { params: lesson, body: transcript },
    responses: { ...ok(), ...refused(400, 422) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    if (!("cues" in body)) throw new AppError(400, [SEND_CUES]);
    const input = { lessonId: c.req.valid("param").id, cues: body.cues, actor: c.get("user")! };
    return c.json({ data: await saveLessonCues(c.get("app"), input) });
  },
);
