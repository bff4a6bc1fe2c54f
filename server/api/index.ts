import { OpenAPIHono } from "@hono/zod-openapi";
import { TrieRouter } from "hono/router/trie-router";
import { z } from "zod";
import { createViewer } from "../access/viewer";
import type { Env } from "../env";
import { readToken } from "../lib/cookies";
import { AppError, appErrorHeaders } from "../lib/errors";
import { authenticate } from "../services/auth";
import { adminApi } from "./admin";
import { authApi } from "./auth";
import { billingApi } from "./billing";
import { communityApi } from "./community";
import { exercisesApi } from "./exercises";
import { exportApi } from "./export";
import { flashcardsApi } from "./flashcards";
import { idempotency } from "./idempotency";
import { lessonChatApi } from "./lesson-chat";
import { lessonsApi } from "./lessons";
import { libraryApi } from "./library";
import { listeningApi } from "./listening";
import { speakingApi } from "./speaking";
import { newsletterApi } from "./newsletter";
import { offlineApi } from "./offline";
import { openApiDocument } from "./openapi";
import { playlistsApi } from "./playlists";
import { defineRoute, implement, ok, plain } from "./route";
import { vocabularyApi } from "./vocabulary";
import { syncApi } from "./sync";
import { wordsApi } from "./words";
import type { ApiEnv } from "./types";

/** What GET /api/openapi.json answers, in outline. */
const openApiObject = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({}),
  paths: z.record(z.string(), z.looseObject({})),
});

/** Where server/app.ts mounts the API. */
const API_BASE = "/api";

/**
 * The methods the API registers for a path (relative to /api), from its own route table: an empty list is an
 * unknown path. Hono answers HEAD as GET, and the API answers OPTIONS itself (createApi).
 */
function methodsByPath(routes: ReadonlyArray<{ method: string; path: string }>) {
  const routers = new Map<string, TrieRouter<true>>();
  for (const { method, path } of routes) {
    if (method === "ALL") continue; // middleware
    if (!routers.has(method)) routers.set(method, new TrieRouter<true>());
    routers.get(method)!.add(method, path, true);
  }
  return (path: string) =>
    [...routers].filter(([method, router]) => router.match(method, path)[0].length > 0).map(([method]) => method);
}

/** The `Allow` header of a path that has `methods`: HEAD wherever GET is, and OPTIONS everywhere. */
export function allowHeader(methods: readonly string[]) {
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  const allowed = new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"]);
  return order
    .filter((method) => allowed.delete(method))
    .concat([...allowed])
    .join(", ");
}

export interface ApiOptions {
  /** The clock of every request's AppContext (server/app.ts). */
  now?: () => Date;
  onError?: (error: unknown, request: Request, env: Env) => void;
}

/** The JSON API, mounted at /api by the Worker. Every answer is `{ data }` or `{ errors: string[] }`. */
export function createApi(options: ApiOptions = {}) {
  const api = new OpenAPIHono<ApiEnv>();

  // Before anything else (no session looked up): a path the API does not have is a JSON 404, a method it does
  // not take there a JSON 405 with `Allow`, read from the routes registered below; OPTIONS answers 204 with
  // `Allow` (no CORS: the API is same-origin). Without this, server/app.ts would hand them to Remix's HTML.
  let methodsFor: ((path: string) => string[]) | null = null;
  api.use(async (c, next) => {
    methodsFor ??= methodsByPath(api.routes);
    const path = c.req.path.startsWith(`${API_BASE}/`) ? c.req.path.slice(API_BASE.length) : c.req.path;
    const methods = methodsFor(path);
    if (methods.length === 0) return c.json({ errors: ["Not found."] }, 404);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (methods.includes(method)) return next();
    c.header("Allow", allowHeader(methods));
    if (method === "OPTIONS") return c.body(null, 204);
    return c.json({ errors: [`${c.req.method} is not allowed here; this path takes ${allowHeader(methods)}.`] }, 405);
  });

  api.use(async (c, next) => {
    // The AppContext (and its D1 session) is the request's, opened by server/app.ts.
    const app = c.get("app");
    const user = await authenticate(app, { token: readToken(c.req.raw) });
    c.set("user", user);
    c.set("viewer", createViewer(app, user));
    await next();
  });
  api.use(idempotency);

  api.route("/admin", adminApi);
  api.route("/auth", authApi);
  api.route("/billing", billingApi);
  api.route("/community", communityApi);
  api.route("/exercises", exercisesApi);
  api.route("/export", exportApi);
  api.route("/flashcards", flashcardsApi);
  api.route("/lessons", lessonsApi);
  api.route("/lesson-chat", lessonChatApi);
  api.route("/library", libraryApi);
  api.route("/listening", listeningApi);
  api.route("/newsletter", newsletterApi);
  api.route("/offline", offlineApi);
  api.route("/playlists", playlistsApi);
  api.route("/speaking", speakingApi);
  api.route("/sync", syncApi);
  api.route("/vocabulary", vocabularyApi);
  api.route("/words", wordsApi);

  // What this API is, as OpenAPI 3.1 (server/api/openapi.ts): the same for everyone, cacheable.
  implement(
    api,
    defineRoute({
      method: "get",
      path: "/openapi.json",
      audience: "public",
      summary: "This description of the API, as OpenAPI 3.1.",
      responses: plain(200, "The OpenAPI 3.1 document (not wrapped in `data`).", openApiObject),
    }),
    (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.json(openApiDocument(api));
    },
  );

  implement(
    api,
    defineRoute({
      method: "get",
      path: "/me",
      audience: "member",
      summary: "The signed-in member, their permissions and subscription status.",
      responses: {
        ...ok(
          z.object({
            id: z.number(),
            email: z.string(),
            name: z.string().nullable(),
            permissions: z.array(z.string()),
            subscription: z.unknown(),
          }),
        ),
      },
    }),
    async (c) => {
      const user = c.get("user")!;
      const subscription = await c.get("viewer").subscription();
      return c.json({
        data: { id: user.id, email: user.email, name: user.name, permissions: user.permissions, subscription },
      });
    },
  );

  api.notFound((c) => c.json({ errors: ["Not found."] }, 404));

  api.onError((error, c) => {
    if (error instanceof AppError) return c.json({ errors: error.messages }, error.status, appErrorHeaders(error));
    options.onError?.(error, c.req.raw, c.env);
    console.error(error);
    return c.json({ errors: ["Error occurred. We're working on fixing it."] }, 500);
  });

  return api;
}
