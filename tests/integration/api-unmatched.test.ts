import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { createApi } from "../../server/api";
import { declaredRoutes } from "../../server/api/openapi";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { apiPathFor, createUser, testEnv } from "./helpers";

// Everything under /api answers the API's JSON, never a page: an unknown path is a 404, a known path with a
// method it does not take a 405 whose `Allow` lists the methods the routes register there. The whole app is
// under test, with a Remix stand-in, so a request that fell through to the pages would show.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);

const remixCalls: string[] = [];
const app = createApp({
  remix: async (request) => {
    remixCalls.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response("<!DOCTYPE html><html><body>Remix page</body></html>", {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  },
});

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const executionCtx = createExecutionContext();
  const hasBody = !["GET", "HEAD", "OPTIONS", "DELETE"].includes(method);
  const response = await app.request(
    `${ORIGIN}${path}`,
    {
      method,
      headers: { Origin: ORIGIN, ...(hasBody ? { "Content-Type": "application/json" } : {}), ...headers },
      body: hasBody ? "{}" : undefined,
    },
    testEnv,
    executionCtx,
  );
  const text = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { response, text };
}

function expectJsonErrors(response: Response, text: string, status: number) {
  expect(response.status, text.slice(0, 200)).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { errors?: unknown };
  expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
  expect((body.errors as unknown[]).every((error) => typeof error === "string")).toBe(true);
}

describe("a path the API does not have", () => {
  const unknown = [
    "/api",
    "/api/",
    "/api/nope",
    "/api/nope/deeper",
    "/api/nope/deeper/still/more",
    "/api/me/",
    "/api/me/extra",
    "/api/lessons/12/nope",
    "/api/lessons/12/comments/3/nope",
    "/api/playlists/abc",
    "/api/playlists/1/videos/2/3",
    "/api/community/groups/not-a-number",
    "/api/admin/blogs/1/delete-impact/more",
    "/api/admin/users/1/subscription",
    "/api/openapi.yaml",
  ];

  it.each(unknown)("GET %s is a JSON 404, never a page", async (path) => {
    remixCalls.length = 0;
    const { response, text } = await call("GET", path);
    expectJsonErrors(response, text, 404);
    expect(remixCalls).toEqual([]);
  });

  it("is a 404 whatever the method and whoever asks (no 401 from a section's sign-in check first)", async () => {
    const member = (await createSession(ctx, { userId: (await createUser()).id })).token;
    remixCalls.length = 0;
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/api/nope/deeper", "/api/lessons/12/nope", "/api/admin/users/1/subscription"]) {
        for (const headers of [{}, { Authorization: `Bearer ${member}` }] as Array<Record<string, string>>) {
          const { response, text } = await call(method, path, headers);
          expectJsonErrors(response, text, 404);
        }
      }
    }
    const head = await call("HEAD", "/api/nope/deeper");
    expect(head.response.status).toBe(404);
    expect(head.text).toBe("");
    expect(remixCalls).toEqual([]);
  });
});

describe("a method a known path does not take", () => {
  const cases: Array<{ method: string; path: string; allow: string }> = [
    { method: "DELETE", path: "/api/me", allow: "GET, HEAD, OPTIONS" },
    { method: "POST", path: "/api/me", allow: "GET, HEAD, OPTIONS" },
    { method: "PUT", path: "/api/openapi.json", allow: "GET, HEAD, OPTIONS" },
    { method: "GET", path: "/api/auth/login", allow: "POST, OPTIONS" },
    { method: "DELETE", path: "/api/newsletter", allow: "POST, OPTIONS" },
    { method: "PATCH", path: "/api/playlists", allow: "GET, HEAD, POST, OPTIONS" },
    { method: "POST", path: "/api/playlists/4", allow: "GET, HEAD, PATCH, DELETE, OPTIONS" },
    { method: "GET", path: "/api/playlists/4/videos", allow: "POST, PUT, OPTIONS" },
    { method: "PATCH", path: "/api/lessons/4/progress", allow: "POST, PUT, OPTIONS" },
    { method: "GET", path: "/api/lessons/4/comments/5", allow: "PATCH, DELETE, OPTIONS" },
    { method: "PUT", path: "/api/lesson-chat/4", allow: "GET, HEAD, POST, DELETE, OPTIONS" },
    // The member routes, and the generic `/admin/:resource/:id` (whose handler knows no resource "users").
    { method: "POST", path: "/api/admin/users/4", allow: "GET, HEAD, PUT, PATCH, DELETE, OPTIONS" },
    { method: "DELETE", path: "/api/admin/blogs", allow: "GET, HEAD, POST, OPTIONS" },
    { method: "POST", path: "/api/admin/blogs/4", allow: "GET, HEAD, PUT, PATCH, DELETE, OPTIONS" },
    { method: "GET", path: "/api/billing/webhooks/stripe", allow: "POST, OPTIONS" },
  ];

  it.each(cases)("$method $path is a JSON 405 with Allow: $allow", async ({ method, path, allow }) => {
    remixCalls.length = 0;
    const { response, text } = await call(method, path);
    expectJsonErrors(response, text, 405);
    expect(response.headers.get("Allow")).toBe(allow);
    expect(remixCalls).toEqual([]);
  });

  it("is a 405 for a signed-in admin too, before any handler runs", async () => {
    const admin = (await createSession(ctx, { userId: (await createUser({ permissions: [ADMIN_PERMISSION] })).id }))
      .token;
    const { response, text } = await call("DELETE", "/api/me", { Authorization: `Bearer ${admin}` });
    expectJsonErrors(response, text, 405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers HEAD as GET without a body where GET is registered, and 405 where it is not", async () => {
    const plans = await call("HEAD", "/api/billing/plans");
    expect(plans.response.status).toBe(200);
    expect(plans.response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(plans.text).toBe("");
    const signedOut = await call("HEAD", "/api/me");
    expect(signedOut.response.status).toBe(401);
    const login = await call("HEAD", "/api/auth/login");
    expect(login.response.status).toBe(405);
    expect(login.response.headers.get("Allow")).toBe("POST, OPTIONS");
    expect(login.text).toBe("");
  });

  it("answers OPTIONS with 204 and Allow on a known path, and no CORS permission", async () => {
    const { response, text } = await call("OPTIONS", "/api/playlists/4");
    expect(response.status).toBe(204);
    expect(text).toBe("");
    expect(response.headers.get("Allow")).toBe("GET, HEAD, PATCH, DELETE, OPTIONS");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await call("OPTIONS", "/api/auth/login", {
      Origin: "https://evil.example",
      "Access-Control-Request-Method": "POST",
    });
    expect(preflight.response.status).toBe(204);
    expect(preflight.response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("takes every registered method on every registered path (the guard lets each route through)", async () => {
    const registered = new Map<string, Set<string>>();
    for (const route of createApi().routes) {
      if (route.method === "ALL") continue;
      const path = apiPathFor(route.path, { resource: "blogs" });
      if (!registered.has(path)) registered.set(path, new Set());
      registered.get(path)!.add(route.method);
    }
    expect(registered.size).toBeGreaterThan(50);
    for (const [path, methods] of registered) {
      const { response } = await call("OPTIONS", `/api${path}`);
      expect(response.status, path).toBe(204);
      const allow = response.headers.get("Allow")!.split(", ");
      // A path may also match a wider pattern (the generic admin routes), so Allow may hold more.
      for (const method of methods) expect(allow, path).toContain(method);
    }
    expect(declaredRoutes(createApi()).length).toBeGreaterThan(registered.size);
  });
});
