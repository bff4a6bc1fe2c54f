import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { practiceSchema } from "#core/schemas/speaking";
import { recordSpeakingPractice } from "../services/study-progress";
import { defineRoute, implement, jsonBody, ok } from "./route";
import type { ApiEnv } from "./types";

/**
 * /api/speaking: the only thing the server learns of shadowing is how long the member practised (the
 * recordings stay on their device, docs/speaking.md).
 */
export const speakingApi = new OpenAPIHono<ApiEnv>();

implement(
  speakingApi,
  defineRoute({
    method: "post",
    path: "/practice",
    audience: "member",
    summary: "Add seconds of speaking practice to the member's day (shown on /progress).",
    request: { body: jsonBody(practiceSchema) },
    responses: { ...ok(z.object({ day: z.string(), secondsSpoken: z.number() })) },
  }),
  async (c) => {
    const app = c.get("app");
    const { seconds } = c.req.valid("json");
    const data = await recordSpeakingPractice(app, { userId: c.get("viewer").userId!, seconds, now: app.now() });
    return c.json({ data });
  },
);
