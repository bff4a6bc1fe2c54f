import { Hono } from "hono";
import { createApi, type ApiOptions } from "./api";
import { createMediaApp } from "./api/media";
import type { Env } from "./env";
import { secureResponses } from "./lib/security-headers";
import { createLoadContext, type LoadContext } from "./load-context";

export type RemixHandler = (request: Request, context: LoadContext) => Promise<Response>;

/**
 * The whole request path: /api → the Hono JSON API, /media → signed R2 objects, everything else → Remix. Static files never
 * get here: Workers static assets serve build/client first.
 */
export function createApp(options: ApiOptions & { remix?: RemixHandler } = {}) {
  const app = new Hono<{ Bindings: Env }>();
  app.use(secureResponses());
  app.route("/api", createApi(options));
  app.route("/media", createMediaApp(options));
  if (options.remix) {
    const remix = options.remix;
    app.all("*", (c) => remix(c.req.raw, createLoadContext(c.req.raw, c.env, c.executionCtx, { now: options.now })));
  }
  return app;
}
