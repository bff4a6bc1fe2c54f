import type { APIRequestContext } from "@playwright/test";
import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "../../core/permissions";
import { isAudience, type Audience } from "../../app/lib/audience";
import { LOCAL_DEVELOPMENT_SECRET } from "../../server/lib/config";
import { signToken } from "../../server/lib/jwt";
// @ts-expect-error -- a plain ES module of the local scripts, without types
import { readDevVars } from "../../scripts/local-vars.mjs";
import { builtAudiences, isLayout, pageAudience, routeManifest, type ManifestRoute } from "./built-routes";
import { DEMO, uniqueEmail } from "./fixtures";
import { expect, serverURL, test } from "./test";

// Every page of the built app (its route manifest), opened and posted to as eight kinds of caller,
// against the audience each page's own module declares (`export const audience`, app/lib/audience.ts),
// read from the built server bundle. HTTP only: no browser.

/** Real values where a page only exists for them (the demo seed's first lesson); anything else for the rest. */
const PARAMS: Record<string, string> = { videoId: "1", videoSlug: "greetings-in-damascus", page: "blogs" };

function urlOf(routes: Record<string, ManifestRoute>, id: string): string {
  const segments: string[] = [];
  for (
    let route: ManifestRoute | undefined = routes[id];
    route;
    route = route.parentId ? routes[route.parentId] : undefined
  ) {
    if (route.path) segments.unshift(route.path);
  }
  const path = `/${segments.join("/")}`
    .replace(/:(\w+)/g, (_all, name: string) => PARAMS[name] ?? (/id$/i.test(name) ? "1" : "x"))
    .replace(/\/\*$/, "/no-such-page");
  return path;
}

type Identity =
  | "visitor"
  | "free member"
  | "subscribed member"
  | "member with another permission"
  | "expired token"
  | "revoked session"
  | "disabled account"
  | "admin";
const SIGNED_OUT: Identity[] = ["visitor", "expired token", "revoked session", "disabled account"];

type Outcome = "sign in" | "signed out of the admin" | "through";
function expected(audience: Audience, identity: Identity): Outcome {
  if (audience === "public") return "through";
  if (SIGNED_OUT.includes(identity)) return "sign in";
  if (audience === "admin" && identity !== "admin") return "signed out of the admin";
  return "through";
}

function outcomeOf(status: number, location: string | undefined): Outcome | `${number}` {
  if (status >= 300 && status < 400 && location) {
    const target = new URL(location, "http://x");
    if (target.pathname === "/auth/login" && target.searchParams.has("redirect")) return "sign in";
    if (target.pathname === "/auth/logout" && target.searchParams.get("reason") === "admin") {
      return "signed out of the admin";
    }
  }
  if (status === 401 || status === 403 || status >= 500) return `${status}`;
  return "through";
}

async function login(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function register(request: APIRequestContext) {
  const response = await request.post("/api/auth/register", {
    data: { name: "Page matrix", email: uniqueEmail("pages"), password: "marhaba-marhaba-1" },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { data } = (await response.json()) as { data: { token: string; user?: { id: number } } };
  const me = await request.get("/api/me", { headers: { Authorization: `Bearer ${data.token}` } });
  const { data: user } = (await me.json()) as { data: { id: number } };
  return { token: data.token, id: user.id };
}

test("every page answers each kind of caller as its module declares", async ({ request }) => {
  test.setTimeout(180_000);
  const routes = routeManifest();
  const declared = builtAudiences();
  // Every route of the built app declares who may open it (the root and the layouts too).
  expect(Object.keys(declared).sort()).toEqual(Object.keys(routes).sort());
  expect(Object.keys(routes).filter((id) => !isAudience(declared[id]))).toEqual([]);
  const pages = Object.keys(routes).filter((id) => !isLayout(routes[id]!));

  const admin = await login(request, DEMO.admin);
  const asAdmin = { Authorization: `Bearer ${admin}`, Origin: serverURL() };
  const withPermission = await register(request);
  expect(
    (
      await request.post(`/api/admin/users/${withPermission.id}/permissions`, {
        headers: asAdmin,
        data: { code: COMMUNITY_MODERATE_PERMISSION },
      })
    ).status(),
  ).toBe(201);
  const revoked = await register(request);
  await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${revoked.token}` } });
  const disabled = await register(request);
  expect((await request.post(`/api/admin/users/${disabled.id}/disable`, { headers: asAdmin })).status()).toBe(200);
  const secret = (readDevVars() as Record<string, string>).JWT_SECRET || LOCAL_DEVELOPMENT_SECRET;
  const expired = await signToken(
    {
      userId: 1,
      sessionId: "expired-session-0000",
      permissions: [ADMIN_PERMISSION],
      expiresAt: new Date(Date.now() - 1000),
    },
    secret,
  );
  const tokens: Record<Identity, string | null> = {
    visitor: null,
    "free member": (await register(request)).token,
    "subscribed member": await login(request, DEMO.learner),
    "member with another permission": withPermission.token,
    "expired token": expired,
    "revoked session": revoked.token,
    "disabled account": disabled.token,
    admin,
  };

  const origin = serverURL();
  const unexpected: string[] = [];
  let requests = 0;
  for (const id of pages) {
    const audience = pageAudience(routes, declared, id);
    const url = urlOf(routes, id);
    const methods = routes[id]!.hasAction ? ["GET", "POST"] : ["GET"];
    // A page's callers are asked at once (each with its own token), one page after another.
    const asks = (Object.entries(tokens) as Array<[Identity, string | null]>).flatMap(([identity, token]) =>
      // A POST is sent only where it must be refused: one that goes through would change something (an
      // empty form is refused by the action itself, which is each feature's own tests' business).
      methods
        .filter((m) => m === "GET" || expected(audience, identity) !== "through")
        .map((method) => ({ identity, token, method })),
    );
    await Promise.all(
      asks.map(async ({ identity, token, method }) => {
        // A POST must come from the site itself (server/lib/request-guards.ts); its form is empty.
        // Node's fetch, not Playwright's request context: that one keeps the cookies answers set.
        const response = await fetch(new URL(url, origin), {
          method,
          redirect: "manual",
          headers: {
            ...(token ? { Cookie: `token=${token}` } : {}),
            ...(method === "POST" ? { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          body: method === "POST" ? "intent=nothing" : undefined,
        });
        await response.arrayBuffer();
        requests += 1;
        const got = outcomeOf(response.status, response.headers.get("location") ?? undefined);
        const want = expected(audience, identity);
        if (got !== want) unexpected.push(`${method} ${url} (${id}) as ${identity}: ${got}, expected ${want}`);
      }),
    );
  }
  console.log(
    `${pages.length} pages × ${Object.keys(tokens).length} callers (GET, and POST where there is an action): ${requests} requests, ${unexpected.length} unexpected`,
  );
  expect(unexpected).toEqual([]);
});
