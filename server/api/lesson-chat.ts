import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { chatMessageSchema } from "#core/schemas/admin-lesson";
import { askLessonAssistant, clearLessonChat, getLessonChat } from "../services/lesson-chat";
import { created, defineRoute, idParam, implement, jsonBody, ok, refusal, refused } from "./route";
import type { ApiEnv } from "./types";

/** Any segment routes here; what is not digits answers 404, and the services decide the rest (a lesson's access). */
const lesson = z.object({
  videoId: idParam({ routed: false, min: 0, notFound: "We couldn't find that lesson." }),
});

/**
 * /api/lesson-chat/:videoId: the signed-in learner's conversation with the lesson assistant. Only
 * learners who may watch the lesson (401/402/404 as for the lesson itself); nobody reads another's.
 */
export const lessonChatApi = new OpenAPIHono<ApiEnv>();

implement(
  lessonChatApi,
  defineRoute({
    method: "get",
    path: "/{videoId}",
    audience: "member",
    summary: "The member's conversation with the lesson's assistant.",
    request: { params: lesson },
    responses: { ...ok(), ...refused(402) },
  }),
  async (c) => {
    const { videoId: lessonId } = c.req.valid("param");
    return c.json({ data: await getLessonChat(c.get("app"), { lessonId, viewer: c.get("viewer") }) });
  },
);

implement(
  lessonChatApi,
  defineRoute({
    method: "post",
    path: "/{videoId}",
    audience: "member",
    summary: "Ask the lesson's assistant (Workers AI).",
    request: { params: lesson, body: jsonBody(chatMessageSchema) },
    responses: {
      ...created(undefined, "The assistant's answer."),
      ...refused(402, 429, 502),
      ...refusal(503, "The assistant is off for this lesson, or not set up."),
    },
  }),
  async (c) => {
    const { videoId: lessonId } = c.req.valid("param");
    const { message } = c.req.valid("json");
    return c.json(
      { data: await askLessonAssistant(c.get("app"), { lessonId, viewer: c.get("viewer"), message }) },
      201,
    );
  },
);

implement(
  lessonChatApi,
  defineRoute({
    method: "delete",
    path: "/{videoId}",
    audience: "member",
    summary: "Clear the conversation.",
    request: { params: lesson },
    responses: { ...ok(z.object({ cleared: z.literal(true) })), ...refused(402) },
  }),
  async (c) => {
    await clearLessonChat(c.get("app"), { lessonId: c.req.valid("param").videoId, viewer: c.get("viewer") });
    return c.json({ data: { cleared: true } });
  },
);
