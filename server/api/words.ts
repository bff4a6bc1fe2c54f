import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { WORD_STATUSES } from "#core/schemas/lexicon";
import { wordStatusBodySchema } from "#core/schemas/words";
import { setWordStatus } from "../services/words/status";
import { defineRoute, idParam, implement, jsonBody, ok, refused } from "./route";
import type { ApiEnv } from "./types";

/** `/api/words/…`: what the member knows of each lemma of the lexicon (docs/words.md "The popup"). */
export const wordsApi = new OpenAPIHono<ApiEnv>();

implement(
  wordsApi,
  defineRoute({
    method: "put",
    path: "/{lemmaId}/status",
    audience: "member",
    summary: "Set what the member knows of a word (a lemma): new (forgets it), learning, known or ignored.",
    request: {
      params: z.object({ lemmaId: idParam({ notFound: "That word is not in the lexicon." }) }),
      body: jsonBody(wordStatusBodySchema),
    },
    responses: {
      ...ok(z.object({ lemmaId: z.number(), status: z.enum(WORD_STATUSES), knownAt: z.string().nullable() })),
      ...refused(404),
    },
  }),
  async (c) => {
    const result = await setWordStatus(c.get("app"), {
      userId: c.get("user")!.id,
      lemmaId: c.req.valid("param").lemmaId,
      status: c.req.valid("json").status,
    });
    return c.json({ data: { ...result, knownAt: result.knownAt?.toISOString() ?? null } });
  },
);
