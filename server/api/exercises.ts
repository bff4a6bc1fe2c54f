import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../lib/errors";
import { listExerciseAttempts, submitExerciseAttempt, type SentenceExerciseKind } from "../services/exercises";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

// Ids are digits only (at most 12); anything else falls through to the API's 404.
const ID = "{[0-9]{1,12}}";

const KIND_BY_PATH: Record<string, SentenceExerciseKind> = {
  "sentence-orders": "sentence-order",
  "sentence-gaps": "sentence-gap",
};

function target(kindPath: string, idText: string) {
  const kind = KIND_BY_PATH[kindPath];
  const exerciseId = Number(idText);
  if (!kind || !Number.isSafeInteger(exerciseId) || exerciseId < 1) throw notFound("We couldn't find that exercise.");
  return { kind, exerciseId };
}

/** Any JSON object: the service validates the answer itself, so a bad one is a 400 with its reason. */
export const exerciseAttemptBody = z.looseObject({});

/**
 * `/api/exercises/{sentence-orders|sentence-gaps}/:id/attempts`: POST `{ answer }` → `{ correct, expected,
 * line, moment }`, stored per learner; GET lists the learner's own attempts. Needs a session (401) and the
 * lesson's entitlement (402); unknown exercises 404, malformed answers 400.
 */
export const exercisesApi = new Hono<ApiEnv>()
  .use(requireUser)
  .post(`/:kind{sentence-orders|sentence-gaps}/:id${ID}/attempts`, async (c) => {
    const { kind, exerciseId } = target(c.req.param("kind"), c.req.param("id"));
    const input = await readJson(c, exerciseAttemptBody);
    const result = await submitExerciseAttempt(c.get("app"), c.get("viewer"), { kind, exerciseId, input });
    return c.json({ data: result }, 201);
  })
  .get(`/:kind{sentence-orders|sentence-gaps}/:id${ID}/attempts`, async (c) => {
    const { kind, exerciseId } = target(c.req.param("kind"), c.req.param("id"));
    const attempts = await listExerciseAttempts(c.get("app"), c.get("user")!.id, { kind, exerciseId });
    return c.json({ data: attempts });
  });
