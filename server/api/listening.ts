import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  getListeningActivity,
  getListeningAttempt,
  listListeningGroups,
  submitListeningAttempt,
} from "../services/listening";
import { created, defineRoute, idParam, implement, jsonBody, list, ok, refused } from "./route";
import type { ApiEnv } from "./types";

const activity = z.object({ id: idParam() });

/** Any JSON object: the service validates the answers itself, so a bad one is a 400 with its reason. */
export const listeningAttemptBody = z.looseObject({});

/**
 * `/api/listening`: the groups (open; which activity is free, and for a learner best scores and locks), one
 * activity to play, POST answers → score and review, and the learner's own past attempts. 401 without a
 * session where it is needed, 402 for any but the first activity of a group without a subscription
 * (docs/product-rules.md#free-and-paid), 404 for unknown activities and for other learners' attempts, 400
 * for malformed answers.
 */
export const listeningApi = new OpenAPIHono<ApiEnv>();

implement(
  listeningApi,
  defineRoute({
    method: "get",
    path: "/",
    audience: "public",
    summary: "The listening practice groups, with a member's best scores.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listListeningGroups(c.get("app"), { viewer: c.get("viewer") }) }),
);

implement(
  listeningApi,
  defineRoute({
    method: "get",
    path: "/activities/{id}",
    audience: "member",
    summary: "One listening activity to play.",
    request: { params: activity },
    responses: { ...ok(), ...refused(402) },
  }),
  async (c) =>
    c.json({
      data: await getListeningActivity(c.get("app"), { viewer: c.get("viewer"), activityId: c.req.valid("param").id }),
    }),
);

implement(
  listeningApi,
  defineRoute({
    method: "post",
    path: "/activities/{id}/attempts",
    audience: "member",
    summary: "Answer a listening activity: its answers, checked by the activity's own rules.",
    request: { params: activity, body: jsonBody(listeningAttemptBody) },
    responses: { ...created(undefined, "The answers, scored."), ...refused(400, 402) },
  }),
  async (c) => {
    const input = { activityId: c.req.valid("param").id, input: c.req.valid("json") };
    return c.json({ data: await submitListeningAttempt(c.get("app"), { viewer: c.get("viewer"), ...input }) }, 201);
  },
);

implement(
  listeningApi,
  defineRoute({
    method: "get",
    path: "/activities/{id}/attempts/{attemptId}",
    audience: "member",
    summary: "One of the member's attempts, with corrections.",
    request: { params: z.object({ id: idParam(), attemptId: idParam() }) },
    responses: { ...ok() },
  }),
  async (c) => {
    const { id: activityId, attemptId } = c.req.valid("param");
    return c.json({
      data: await getListeningAttempt(c.get("app"), { viewer: c.get("viewer"), activityId, attemptId }),
    });
  },
);
