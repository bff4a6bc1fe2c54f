import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Meta, Outlet } from "@remix-run/react";
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { createElement } from "react";
import * as entryServer from "../../app/entry.server";
import { createApp } from "../../server/app";
import { testEnv } from "./helpers";

// Real route modules rendered by Remix under a bare root, served through the Worker's own front door
// (server/app.ts, which builds the request's load context from its cookie). A test file using it mocks
// @remix-run/cloudflare with @remix-run/server-runtime (workerd cannot load the former's CommonJS).

type RouteModule = ServerBuild["routes"][string]["module"];

export interface PageRoute {
  path: string;
  /** A route module of a feature (its loader, action, component and boundary). */
  module: object;
}

const has = (module: object, name: string) => typeof (module as Record<string, unknown>)[name] === "function";

/**
 * `meta: true` renders the routes' `meta` in the document's head (title, canonical link, Open Graph, JSON-LD),
 * as app/root.tsx does.
 */
export function remixPages(routes: Record<string, PageRoute>, options: { now?: () => Date; meta?: boolean } = {}) {
  const head = options.meta ? [createElement("head", null, createElement(Meta))] : [];
  const build: ServerBuild = {
    mode: "production",
    entry: { module: entryServer },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => createElement("html", null, ...head, createElement("body", null, createElement(Outlet))),
        },
      },
      ...Object.fromEntries(
        Object.entries(routes).map(([id, route]) => [
          id,
          { id, parentId: "root", path: route.path, module: route.module as RouteModule },
        ]),
      ),
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      url: "/assets/manifest.js",
      version: "test",
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/assets/root.js",
          hasAction: false,
          hasLoader: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: false,
        },
        ...Object.fromEntries(
          Object.entries(routes).map(([id, route]) => [
            id,
            {
              id,
              parentId: "root",
              path: route.path,
              module: `/assets/${id}.js`,
              hasAction: has(route.module, "action"),
              hasLoader: has(route.module, "loader"),
              hasClientAction: false,
              hasClientLoader: false,
              hasErrorBoundary: has(route.module, "ErrorBoundary"),
            },
          ]),
        ),
      },
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: true,
    },
    isSpaMode: false,
  };
  const remix = createRequestHandler(build);
  return createApp({ now: options.now, remix: (request, context) => remix(request, context) });
}

/**
 * One request to `pages` as a browser without JavaScript sends it: a GET, or a POST of `form` (pairs, so a name
 * may repeat); the answer's status, Location and text.
 */
export async function sendPage(
  pages: ReturnType<typeof remixPages>,
  path: string,
  { cookie, form }: { cookie?: string; form?: Record<string, string> | Array<[string, string]> } = {},
) {
  const body = form ? new FormData() : undefined;
  for (const [name, value] of Array.isArray(form) ? form : Object.entries(form ?? {})) body!.append(name, value);
  const executionCtx = createExecutionContext();
  const response = await pages.request(
    `https://ahla.test${path}`,
    { method: form ? "POST" : "GET", headers: cookie ? { Cookie: cookie } : {}, body, redirect: "manual" },
    testEnv,
    executionCtx,
  );
  const text = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, location: response.headers.get("Location"), text };
}
