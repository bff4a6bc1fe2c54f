import { Hono } from "hono";
import { createApi, type ApiOptions } from "./api";
import { createMediaApp } from "./api/media";
import type { AppEnv } from "./api/types";
import { createAppContext } from "./context";
import { configErrorResponse, getConfig, hasDevelopmentTools } from "./lib/config";
import {
  apiBodyTypeProblem,
  crossSiteReason,
  malformedRequestProblem,
  checkPageRequest,
  type Refusal,
} from "./lib/request-guards";
import { carriesCredential } from "./lib/cookies";
import { openD1Session } from "./lib/d1-session";
import { secureResponses } from "./lib/security-headers";
import { createLoadContext, type LoadContext } from "./load-context";
import { servePublicPage } from "./lib/page-cache";

export type RemixHandler = (request: Request, context: LoadContext) => Promise<Response>;

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * Pages and API routes that take an email address, a password or a mailed link. The development cost figure
 * (`Server-Timing: d1;…`) is left off them: the rows a sign-in or a reset reads differ for a known and an
 * unknown address, which would make the figure an account oracle on any server that shows it.
 */
const takesAccountDetails = (path: string) => /^\/(api\/)?(auth|newsletter|settings|reminders)(\/|$)/.test(path);

/**
 * The whole request path: /api → the Hono JSON API, /media → signed R2 objects, everything else → Remix. Static files never
 * get here: Workers static assets serve build/client first. Before any of them: a configuration that
 * fails closed refuses the request, /dev pages exist only outside production, and no other site can
 * make a browser change anything here.
 */
export function createApp(options: ApiOptions & { remix?: RemixHandler; buildVersion?: string } = {}) {
  const app = new Hono<AppEnv>();
  // First, so the refusals below carry the baseline security headers too.
  app.use(secureResponses());

  app.use(async (c, next) => {
    const refused = configErrorResponse(c.env);
    if (refused) return refused;
    const malformed = malformedRequestProblem(c.req.raw);
    if (malformed) return refuse(c.req.raw, malformed);
    const path = new URL(c.req.url).pathname;
    const devTool = path === "/dev" || path.startsWith("/dev/") || path.startsWith("/api/billing/dev/");
    if (devTool && !hasDevelopmentTools(getConfig(c.env))) {
      return isApiPath(path) ? c.json({ errors: ["Not found."] }, 404) : c.text("Not found", 404);
    }
    const crossSite = crossSiteReason(c.req.raw);
    if (crossSite) {
      const message = "Requests from other sites cannot change anything here.";
      return isApiPath(path) ? c.json({ errors: [message] }, 403) : c.text(message, 403);
    }
    if (isApiPath(path)) {
      const problem = apiBodyTypeProblem(c.req.raw);
      if (problem) return c.json({ errors: [problem] }, 415);
    }
    // The cached public pages are purged by the writes that change them, not here (server/services/page-cache.ts).
    await next();
  });

  // One D1 session per request (server/lib/d1-session.ts), shared by the API, /media and Remix's loaders
  // through the one AppContext; the bookmark cookie and the development cost figure go on whatever answers.
  app.use(async (c, next) => {
    const measure = hasDevelopmentTools(getConfig(c.env)) && !takesAccountDetails(new URL(c.req.url).pathname);
    const d1 = openD1Session(c.env.DB, c.req.raw, { measure });
    c.set("app", createAppContext(c.env, { now: options.now, d1 }));
    await next();
    try {
      d1.finish(c.res.headers);
    } catch {
      // Headers of a fetched or Response.redirect() response are immutable: answer with a copy.
      c.res = new Response(c.res.body, c.res);
      d1.finish(c.res.headers);
    }
  });

  // What no route answered for itself (a page or /media failing, a step above them): reported through `onError`
  // (server/index.ts sends it to Sentry; without this, Hono answered its own 500 inside `app.fetch` and the error
  // reached no reporter) and answered without its message. The API answers its own errors (server/api).
  app.onError((error, c) => {
    options.onError?.(error, c.req.raw, c.env);
    console.error(error);
    return isApiPath(new URL(c.req.url).pathname)
      ? c.json({ errors: ["Error occurred. We're working on fixing it."] }, 500)
      : c.text("Internal Server Error", 500);
  });

  app.route("/api", createApi(options));
  app.route("/media", createMediaApp());
  if (options.remix) {
    const remix = options.remix;
    const cache = { buildVersion: options.buildVersion ?? "dev" };
    app.all("*", async (c) => {
      // The page is rendered for the request the page cache hands back: the caller's own, or, for a page
      // that may be shared, a bare visitor's request of the same URL. The load context (who is signed in)
      // is built from that very request, so a shared page can never be rendered for someone.
      const checked = await checkPageRequest(c.req.raw);
      if ("refusal" in checked) return refuse(c.req.raw, checked.refusal);
      const render = async (request: Request) => {
        const loadContext = createLoadContext(request, c.env, c.executionCtx, {
          app: c.get("app"),
          reportError: (error) => options.onError?.(error, c.req.raw, c.env),
        });
        return withPageCaching(request, await remix(request, loadContext));
      };
      return servePublicPage(checked.request, c.get("app"), c.executionCtx, cache, render);
    });
  }
  return app;
}

/** A guard's refusal: JSON `{ errors }` under /api, plain text elsewhere. */
function refuse(request: Request, { status, message, allow }: Refusal): Response {
  const headers = new Headers(allow ? { Allow: allow } : {});
  let path = "";
  try {
    path = new URL(request.url).pathname;
  } catch {
    // An address the runtime handed over but URL cannot parse: answered as a page.
  }
  if (isApiPath(path)) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ errors: [message] }), { status, headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(request.method === "HEAD" ? null : message, { status, headers });
}

/**
 * A page for a signed-in member is theirs alone: never stored by the browser or anything between
 * (back/forward after logout must not show it). Routes that set their own Cache-Control keep it.
 */
function withPageCaching(request: Request, response: Response): Response {
  const html = response.headers.get("Content-Type")?.startsWith("text/html");
  if (!html || response.headers.has("Cache-Control")) return response;
  // Remix's own responses have mutable headers (secureResponses sets its headers the same way).
  response.headers.set("Cache-Control", carriesCredential(request) ? "private, no-store" : "no-cache");
  return response;
}
