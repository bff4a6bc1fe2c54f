import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../lib/errors";
import {
  getListeningActivity,
  getListeningAttempt,
  listListeningGroups,
  submitListeningAttempt,
} from "../services/listening";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

// Ids are digits only (at most 12); anything else falls through to the API's 404.
const ID = "{[0-9]{1,12}}";

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** Any JSON object: the service validates the answers itself, so a bad one is a 400 with its reason. */
export const listeningAttemptBody = z.looseObject({});

/**
 * `/api/listening`: the groups (open; which activity is free, and for a learner best scores and locks), one
 * activity to play, POST answers → score and review, and the learner's own past attempts. 401 without a
 * session where it is needed, 402 for any but the first activity of a group without a subscription
 * (docs/product-rules.md#free-and-paid), 404 for unknown activities and for other learners' attempts, 400
 * for malformed answers.
 */
export const listeningApi = new Hono<ApiEnv>()
  .get("/", async (c) => c.json({ data: await listListeningGroups(c.get("app"), c.get("viewer")) }))
  .get(`/activities/:id${ID}`, requireUser, async (c) => {
    const activity = await getListeningActivity(c.get("app"), c.get("viewer"), idParam(c.req.param("id")));
    return c.json({ data: activity });
  })
  .post(`/activities/:id${ID}/attempts`, requireUser, async (c) => {
    const input = await readJson(c, listeningAttemptBody);
    const activityId = idParam(c.req.param("id"));
    const result = await submitListeningAttempt(c.get("app"), c.get("viewer"), { activityId, input });
    return c.json({ data: result }, 201);
  })
  .get(`/activities/:id${ID}/attempts/:attemptId${ID}`, requireUser, async (c) => {
    const result = await getListeningAttempt(c.get("app"), c.get("viewer"), {
      activityId: idParam(c.req.param("id")),
      attemptId: idParam(c.req.param("attemptId")),
    });
    return c.json({ data: result });
  });
