import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { acceptGlossesSchema, glossTokenSchema, publishLessonSchema } from "#core/schemas/glossing";
import { permissionFor } from "../../admin/registry";
import { videosResource } from "../../admin/resources/videos";
import { catalogueCoverage, glossingWorklist } from "../../services/words/coverage";
import {
  acceptGlossSuggestions,
  glossToken,
  isGlossSuggestionAvailable,
  lessonGlossing,
  publishLesson,
  suggestGlosses,
} from "../../services/words/glossing";
import { defineRoute, idParam, implement, jsonBody, ok, refused } from "../route";
import type { ApiEnv } from "../types";

/** Glossing edits a lesson: the same permission as editing it in the lessons resource (the workspace's). */
const lessonEdit = () => permissionFor(videosResource, "update");

// Unrouted like the transcript's routes beside it (server/api/admin/lesson-cues.ts): any segment reaches the
// guard, and one that is not an id answers 404.
const lesson = z.object({ id: idParam({ routed: false, notFound: "We couldn't find that lesson." }) });
const lessonToken = lesson.extend({ tokenId: idParam({ notFound: "That word is not in this lesson." }) });

const actor = (c: Context<ApiEnv>) => c.get("user")!;

/**
 * /api/admin/lessons/{id}/…: a lesson's words for the cue editor's glossing (docs/words.md "Glossing"): its
 * tokens and coverage, glossing one token, Workers AI's suggestions and accepting them, publishing (which
 * asks for `confirm` below 100 %).
 */
export const adminLessonGlossingApi = new OpenAPIHono<ApiEnv>();

implement(
  adminLessonGlossingApi,
  defineRoute({
    method: "get",
    path: "/{id}/glossing",
    audience: "admin",
    permission: lessonEdit,
    summary: "A lesson's lines with their tokens (lemma, meaning in the sentence) and its coverage.",
    request: { params: lesson },
    responses: { ...ok(), ...refused(404) },
  }),
  async (c) => {
    const app = c.get("app");
    const glossing = await lessonGlossing(app, { lessonId: c.req.valid("param").id });
    return c.json({ data: { ...glossing, suggestionsAvailable: isGlossSuggestionAvailable(app) } });
  },
);

implement(
  adminLessonGlossingApi,
  defineRoute({
    method: "put",
    path: "/{id}/tokens/{tokenId}",
    audience: "admin",
    permission: lessonEdit,
    summary: "Gloss one token: `lemmaId` (or a new `lemma`) and `gloss`, its meaning in this sentence.",
    request: { params: lessonToken, body: jsonBody(glossTokenSchema) },
    responses: { ...ok(), ...refused(404, 409, 422) },
  }),
  async (c) => {
    const { id, tokenId } = c.req.valid("param");
    const input = { actor: actor(c), lessonId: id, tokenId, input: c.req.valid("json") };
    return c.json({ data: await glossToken(c.get("app"), input) });
  },
);

implement(
  adminLessonGlossingApi,
  defineRoute({
    method: "post",
    path: "/{id}/gloss-suggestions",
    audience: "admin",
    permission: lessonEdit,
    summary: "Workers AI's lemma and meaning for every unglossed token (nothing is written).",
    request: { params: lesson },
    responses: { ...ok(), ...refused(404, 502, 503) },
  }),
  async (c) => c.json({ data: await suggestGlosses(c.get("app"), { lessonId: c.req.valid("param").id }) }),
);

implement(
  adminLessonGlossingApi,
  defineRoute({
    method: "post",
    path: "/{id}/gloss-suggestions/accept",
    audience: "admin",
    permission: lessonEdit,
    summary: "Write the suggestions the admin accepted or edited (`{ items: [...] }`).",
    request: { params: lesson, body: jsonBody(acceptGlossesSchema) },
    responses: { ...ok(), ...refused(404, 409, 422) },
  }),
  async (c) => {
    const input = { actor: actor(c), lessonId: c.req.valid("param").id, input: c.req.valid("json") };
    return c.json({ data: await acceptGlossSuggestions(c.get("app"), input) });
  },
);

implement(
  adminLessonGlossingApi,
  defineRoute({
    method: "post",
    path: "/{id}/publish",
    audience: "admin",
    permission: lessonEdit,
    summary:
      "Publish a lesson; failing its checklist (video, transcript line, duration read from the video, 100 % glossed) it needs `confirm: true` (422 says what is missing).",
    request: { params: lesson, body: jsonBody(publishLessonSchema) },
    responses: { ...ok(), ...refused(404, 422) },
  }),
  async (c) => {
    const input = { actor: actor(c), lessonId: c.req.valid("param").id, confirm: c.req.valid("json").confirm };
    return c.json({ data: await publishLesson(c.get("app"), input) });
  },
);

/** /api/admin/glossing: the catalogue's coverage and the worklist of unglossed words. */
export const adminGlossingApi = new OpenAPIHono<ApiEnv>();

implement(
  adminGlossingApi,
  defineRoute({
    method: "get",
    path: "/coverage",
    audience: "admin",
    permission: lessonEdit,
    summary: "How much of the catalogue is glossed (all lessons, published ones, complete lessons).",
    responses: { ...ok() },
  }),
  async (c) => c.json({ data: await catalogueCoverage(c.get("app")) }),
);

implement(
  adminGlossingApi,
  defineRoute({
    method: "get",
    path: "/worklist",
    audience: "admin",
    permission: lessonEdit,
    summary: "Unglossed words across lessons, grouped by spelling, most frequent first.",
    request: {
      query: z.object({
        limit: z.coerce
          .number({ error: "A whole number from 1 to 200." })
          .int("A whole number from 1 to 200.")
          .min(1, "A whole number from 1 to 200.")
          .max(200, "A whole number from 1 to 200.")
          .default(50),
      }),
    },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => c.json({ data: await glossingWorklist(c.get("app"), { limit: c.req.valid("query").limit }) }),
);
