import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { newsletterSignupSchema } from "#core/schemas/newsletter";
import { requestMeta } from "../lib/cookies";
import { subscribeToNewsletter } from "../services/newsletter";
import { accepted, defineRoute, implement, jsonBody, refused } from "./route";
import type { ApiEnv } from "./types";

/** Newsletter signup: open to visitors; the same 202 whether the address is new, pending or already confirmed. */
export const newsletterApi = new OpenAPIHono<ApiEnv>();

implement(
  newsletterApi,
  defineRoute({
    method: "post",
    path: "/",
    audience: "public",
    summary: "Sign up to the newsletter (double opt-in by mail).",
    request: { body: jsonBody(newsletterSignupSchema) },
    responses: {
      ...accepted(
        z.object({ message: z.string() }),
        "The same answer whether the address is new, pending or confirmed: a confirmation goes by mail.",
      ),
      ...refused(429),
    },
  }),
  async (c) => {
    const { ipAddress } = requestMeta(c.req.raw);
    const result = await subscribeToNewsletter(c.get("app"), { ...c.req.valid("json"), meta: { ipAddress } });
    return c.json({ data: result }, 202);
  },
);
