import { Hono } from "hono";
import { chatMessageSchema } from "#core/schemas/admin-lesson";
import { notFound } from "../lib/errors";
import { askLessonAssistant, clearLessonChat, getLessonChat } from "../services/lesson-chat";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

function videoIdParam(value: string) {
  if (!/^\d{1,12}$/.test(value)) throw notFound("We couldn't find that lesson.");
  return Number(value);
}

/**
 * /api/lesson-chat/:videoId: the signed-in learner's conversation with the lesson assistant. Only
 * learners who may watch the lesson (401/402/404 as for the lesson itself); nobody reads another's.
 */
export const lessonChatApi = new Hono<ApiEnv>()
  .use(requireUser)
  .get("/:videoId", async (c) => {
    const videoId = videoIdParam(c.req.param("videoId"));
    return c.json({ data: await getLessonChat(c.get("app"), { videoId, viewer: c.get("viewer") }) });
  })
  .post("/:videoId", async (c) => {
    const videoId = videoIdParam(c.req.param("videoId"));
    const { message } = await readJson(c, chatMessageSchema);
    return c.json({ data: await askLessonAssistant(c.get("app"), { videoId, viewer: c.get("viewer"), message }) }, 201);
  })
  .delete("/:videoId", async (c) => {
    const videoId = videoIdParam(c.req.param("videoId"));
    await clearLessonChat(c.get("app"), { videoId, viewer: c.get("viewer") });
    return c.json({ data: { cleared: true } });
  });
