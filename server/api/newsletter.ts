import { Hono } from "hono";
import { newsletterSignupSchema } from "#core/schemas/newsletter";
import { requestMeta } from "../lib/cookies";
import { subscribeToNewsletter } from "../services/newsletter";
import { readJson } from "./helpers";
import type { ApiEnv } from "./types";

/** Newsletter signup: open to visitors; the same 202 whether the address is new, pending or already confirmed. */
export const newsletterApi = new Hono<ApiEnv>().post("/", async (c) => {
  const input = await readJson(c, newsletterSignupSchema);
  const { ipAddress } = requestMeta(c.req.raw);
  const result = await subscribeToNewsletter(c.get("app"), input, { ipAddress });
  return c.json({ data: result }, 202);
});
