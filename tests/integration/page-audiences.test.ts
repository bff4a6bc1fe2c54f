import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { UNSAFE_RouteConfigEntry as RouteConfigEntry } from "@remix-run/dev";
import routeConfig from "../../app/routes";
import { isAudience, stricter, type Audience } from "../../app/lib/audience";
import { audienceOf, forAudience } from "../../app/lib/auth.server";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { createAppContext } from "../../server/context";
import { createLoadContext } from "../../server/load-context";
import { createSession } from "../../server/services/auth";
import { createUser, testEnv } from "./helpers";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the routes use of it
// (`data`, `redirect`) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// Every page declares who may open it in its own module (app/lib/audience.ts) and builds its loader and
// action with the one gate, `forAudience` (app/lib/auth.server.ts). This fails on a route of app/routes.ts
// without the declaration, on a loader or action that bypasses the gate or enforces another audience, and
// on a page looser than its layout; tests/e2e/page-access.spec.ts then opens every built page as eight kinds
// of caller.

const MODULES = import.meta.glob([
  "../../app/root.tsx",
  "../../app/layouts/*.tsx",
  "../../app/features/*/routes/*.tsx",
]);

interface MountedRoute {
  id: string;
  file: string;
  parent?: MountedRoute;
}

function mountedRoutes(): MountedRoute[] {
  const root: MountedRoute = { id: "root", file: "root.tsx" };
  const all = [root];
  const walk = (entries: RouteConfigEntry[], parent: MountedRoute) => {
    for (const entry of entries) {
      const route = { id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), file: entry.file, parent };
      all.push(route);
      walk(entry.children ?? [], route);
    }
  };
  walk(routeConfig, root);
  return all;
}

type RouteModule = Record<string, unknown>;

describe("every route declares its audience", () => {
  const routes = mountedRoutes();
  const modules = new Map<string, RouteModule>();
  // Importing every page (and all it imports) takes a while in workerd the first time.
  beforeAll(async () => {
    for (const route of routes) {
      const load = MODULES[`../../app/${route.file}`];
      if (!load) throw new Error(`${route.file} (${route.id}) is not where route modules live`);
      modules.set(route.id, (await load()) as RouteModule);
    }
  }, 180_000);

  it("in its own module, and its loader and action go through the gate for that audience", () => {
    const problems: string[] = [];
    for (const route of routes) {
      const module = modules.get(route.id)!;
      const audience = module.audience;
      if (!isAudience(audience)) {
        problems.push(`${route.id}: no \`export const audience\` ("public", "member" or "admin")`);
        continue;
      }
      for (const name of ["loader", "action"]) {
        if (module[name] === undefined) continue;
        const enforced = audienceOf(module[name]);
        if (enforced !== audience) {
          problems.push(`${route.id}: its ${name} is not forAudience(audience, …) (enforces ${enforced ?? "nothing"})`);
        }
      }
      // Without a loader nothing would answer a visitor who opens the page, or a client-side navigation to it.
      if (audience !== "public" && module.loader === undefined)
        problems.push(`${route.id}: ${audience} without a loader`);
    }
    expect(problems).toEqual([]);
  });

  it("a page is at least as strict as each layout above it", () => {
    const audiences = new Map<string, Audience>();
    for (const route of routes) audiences.set(route.id, modules.get(route.id)!.audience as Audience);
    const looser = routes.flatMap((route) => {
      const own = audiences.get(route.id)!;
      const parent = route.parent ? audiences.get(route.parent.id)! : "public";
      return stricter(own, parent) === own ? [] : [`${route.id} (${own}) under ${route.parent!.id} (${parent})`];
    });
    expect(looser).toEqual([]);
    // The app as it is: the root and the three pathless layouts are public, the admin area is admin.
    expect(routes.filter((route) => audiences.get(route.id) === "admin").length).toBeGreaterThan(10);
  });
});

describe("forAudience, the gate", () => {
  const ctx = createAppContext(testEnv);

  async function argsFor(path: string, options: { cookie?: string; fetchSite?: string; method?: string } = {}) {
    const request = new Request(`https://ahla.test${path}`, {
      method: options.method ?? "GET",
      headers: {
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(options.fetchSite ? { "Sec-Fetch-Site": options.fetchSite } : {}),
      },
    });
    return {
      request,
      params: {},
      context: createLoadContext(request, testEnv, createExecutionContext(), { app: ctx }),
    };
  }

  async function answer(run: () => Promise<unknown>) {
    try {
      return { ran: await run() };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return {
        status: thrown.status,
        location: thrown.headers.get("Location"),
        cookie: thrown.headers.get("Set-Cookie"),
      };
    }
  }

  async function signedIn(permissions: string[] = []) {
    const user = await createUser({ permissions });
    const { token } = await createSession(ctx, { userId: user.id });
    return `token=${token}`;
  }

  const handler = vi.fn(async () => "the page's own code");

  it("lets anyone through to a public page", async () => {
    const gate = forAudience("public", handler);
    expect(await answer(async () => gate(await argsFor("/about")))).toEqual({ ran: "the page's own code" });
    expect(audienceOf(gate)).toBe("public");
    expect(audienceOf(handler)).toBeUndefined();
  });

  it("sends a caller who is not signed in to sign in, the page and its query as the return address", async () => {
    handler.mockClear();
    const path = "/progress?tab=week";
    const expected = `/auth/login?redirect=${encodeURIComponent(path)}`;
    for (const audience of ["member", "admin"] as const) {
      const gate = forAudience(audience, handler);
      expect(await answer(async () => gate(await argsFor(path)))).toMatchObject({ status: 302, location: expected });
      expect(await answer(async () => gate(await argsFor(path, { cookie: "token=expired.or.forged" })))).toMatchObject({
        status: 302,
        location: expected,
      });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it("lets a member through to a member page, and only an administrator through to an admin page", async () => {
    const member = await signedIn();
    const admin = await signedIn([ADMIN_PERMISSION]);
    expect(
      await answer(async () => forAudience("member", handler)(await argsFor("/progress", { cookie: member }))),
    ).toEqual({
      ran: "the page's own code",
    });
    expect(await answer(async () => forAudience("admin", handler)(await argsFor("/admin", { cookie: admin })))).toEqual(
      {
        ran: "the page's own code",
      },
    );
  });

  it("signs a member without the permission out of the admin area", async () => {
    handler.mockClear();
    const gate = forAudience("admin", handler);
    const fromLink = await answer(async () => gate(await argsFor("/admin/users?page=2", { cookie: await signedIn() })));
    expect(fromLink).toMatchObject({
      status: 302,
      location: `/auth/logout?reason=admin&redirect=${encodeURIComponent("/admin/users?page=2")}`,
    });
    const typed = await answer(async () =>
      gate(await argsFor("/admin/users", { cookie: await signedIn(), fetchSite: "same-origin" })),
    );
    expect(typed).toMatchObject({
      status: 302,
      location: `/auth/login?redirect=${encodeURIComponent("/admin/users")}`,
    });
    expect((typed as { cookie: string }).cookie).toMatch(/^token=;/);
    expect(handler).not.toHaveBeenCalled();
  });

  it("answers a caller who is not signed in with the page's own answer when it gives one", async () => {
    handler.mockClear();
    const gate = forAudience("member", handler, { signedOut: async () => "signed out" });
    expect(await answer(async () => gate(await argsFor("/auth/logout")))).toEqual({ ran: "signed out" });
    expect(await answer(async () => gate(await argsFor("/auth/logout", { cookie: await signedIn() })))).toEqual({
      ran: "the page's own code",
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
