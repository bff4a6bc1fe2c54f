import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { listExerciseAttempts, submitExerciseAttempt, type SentenceExerciseKind } from "../services/exercises";
import { created, defineRoute, idParam, implement, jsonBody, list, ok, pathParam, refused } from "./route";
import type { ApiEnv } from "./types";

const NOT_FOUND = "We couldn't find that exercise.";
const KIND_BY_PATH = {
  "sentence-orders": "sentence-order",
  "sentence-gaps": "sentence-gap",
} as const satisfies Record<string, SentenceExerciseKind>;

/** The exercise of the path: its kind (routed: no other word matches) and its id. */
const exercise = z.object({
  kind: pathParam(
    z.enum(["sentence-orders", "sentence-gaps"]).transform((kind): SentenceExerciseKind => KIND_BY_PATH[kind]),
    { pattern: "sentence-orders|sentence-gaps", notFound: NOT_FOUND },
  ),
  id: idParam({ notFound: NOT_FOUND }),
});

/** Any JSON object: the service validates the answer itself, so a bad one is a 400 with its reason. */
export const exerciseAttemptBody = z.looseObject({});

/**
 * `/api/exercises/{sentence-orders|sentence-gaps}/:id/attempts`: POST `{ answer }` → `{ correct, expected,
 * line, moment }`, stored per learner; GET lists the learner's own attempts. Needs a session (401) and the
 * lesson's entitlement (402); unknown exercises 404, malformed answers 400.
 */
export const exercisesApi = new OpenAPIHono<ApiEnv>();

implement(
  exercisesApi,
  defineRoute({
    method: "post",
    path: "/{kind}/{id}/attempts",
    audience: "member",
    summary: "Answer an exercise: `{ answer }`, checked by the exercise's own rules.",
    request: { params: exercise, body: jsonBody(exerciseAttemptBody) },
    responses: { ...created(undefined, "The answer, checked."), ...refused(400, 402) },
  }),
  async (c) => {
    const { kind, id: exerciseId } = c.req.valid("param");
    const input = c.req.valid("json");
    const result = await submitExerciseAttempt(c.get("app"), { viewer: c.get("viewer"), kind, exerciseId, input });
    return c.json({ data: result }, 201);
  },
);

implement(
  exercisesApi,
  defineRoute({
    method: "get",
    path: "/{kind}/{id}/attempts",
    audience: "member",
    summary: "The member's attempts at an exercise.",
    request: { params: exercise },
    responses: { ...ok(list), ...refused(402) },
  }),
  async (c) => {
    const { kind, id: exerciseId } = c.req.valid("param");
    const attempts = await listExerciseAttempts(c.get("app"), { userId: c.get("user")!.id, kind, exerciseId });
    return c.json({ data: attempts });
  },
);
