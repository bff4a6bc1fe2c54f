import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { syncBatchSchema } from "#core/schemas/sync";
import { requireLessonAccess } from "../access/policy";
import { AppError } from "../lib/errors";
import { applySyncBatch, type LessonAccessAnswers } from "../services/sync";
import { defineRoute, implement, jsonBody, ok } from "./route";
import type { ApiEnv } from "./types";

/** `/api/sync`: the device's outbox (docs/offline.md "Sync", ADR 044). */
export const syncApi = new OpenAPIHono<ApiEnv>();

const result = z.object({
  id: z.string(),
  status: z.union([z.literal(200), z.literal(402), z.literal(404), z.literal(422)]),
  error: z.string().optional(),
  exercise: z
    .object({ correct: z.boolean(), expected: z.union([z.string(), z.array(z.string())]), line: z.string() })
    .optional(),
});

implement(
  syncApi,
  defineRoute({
    method: "post",
    path: "/",
    audience: "member",
    summary:
      "Send the device's outbox: review events (replayed per card in time order, each stored once by its id), " +
      "playback stretches, word statuses, saved words and exercise answers (checked here, each stored once by its " +
      "id, the verdict in its result). Answers each event's outcome; an event answered 402, 404 or 422 will never " +
      "be stored.",
    request: { body: jsonBody(syncBatchSchema) },
    responses: { ...ok(z.object({ results: z.array(result), serverTime: z.number() })) },
  }),
  async (c) => {
    const user = c.get("user")!;
    const batch = c.req.valid("json");
    // A word saved or an exercise answered offline needs what it needs online: the lesson, watchable by this member now.
    const lessonAccess: LessonAccessAnswers = new Map();
    for (const event of batch.events) {
      if ((event.kind !== "save-word" && event.kind !== "exercise-answer") || lessonAccess.has(event.lessonId))
        continue;
      try {
        await requireLessonAccess(c.get("app"), { videoId: event.lessonId, viewer: c.get("viewer") });
        lessonAccess.set(event.lessonId, 200);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        lessonAccess.set(event.lessonId, error.status === 402 ? 402 : 404);
      }
    }
    return c.json({
      data: await applySyncBatch(c.get("app"), {
        userId: user.id,
        timeZone: user.timeZone,
        ...batch,
        lessonAccess,
      }),
    });
  },
);
