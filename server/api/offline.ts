import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { OFFLINE_GRACE_DAYS } from "#core/offline";
import { defineRoute, implement, ok } from "./route";
import type { ApiEnv } from "./types";

/** /api/offline: what a device holding downloaded lessons asks the server (docs/offline.md). */
export const offlineApi = new OpenAPIHono<ApiEnv>();

const offlineAccess = z.object({
  userId: z.number(),
  premium: z.boolean(),
  checkedAt: z.string(),
  graceDays: z.number(),
});

implement(
  offlineApi,
  defineRoute({
    method: "get",
    path: "/access",
    audience: "member",
    summary:
      "The caller's access as the service worker records it for their downloads: may they watch premium lessons now " +
      `(premium downloads stop at once when not, and ${OFFLINE_GRACE_DAYS} days after the last answer).`,
    responses: { ...ok(offlineAccess) },
  }),
  async (c) => {
    const viewer = c.get("viewer");
    const access = await viewer.lessonAccess();
    // Never kept by a cache: a stale "premium" would extend a download past the end of the subscription.
    c.header("Cache-Control", "no-store");
    return c.json({
      data: {
        userId: viewer.userId!,
        premium: access.hasSubscription,
        checkedAt: c.get("app").now().toISOString(),
        graceDays: OFFLINE_GRACE_DAYS,
      },
    });
  },
);
