import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "../../core/permissions";
import { users } from "../../drizzle/schema";
import type { ApiAudience } from "../../server/access/api-routes";
import { adminResourceSlugs } from "../../server/admin/registry";
import { createApi } from "../../server/api";
import { declaredRoutes } from "../../server/api/openapi";
import { createAppContext } from "../../server/context";
import { signToken } from "../../server/lib/jwt";
import { createSession, logout } from "../../server/services/auth";
import { createSubscription } from "../fixtures/lessons";
import { apiPathFor, createUser, testApp, testEnv } from "./helpers";

// The authorization matrix of the JSON API: every route Hono registers, as every kind of caller, by cookie
// and by Authorization header, against the audience its own declaration gives it (server/api/route.ts).

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const app = testApp();

/** Every "METHOD path" the API registers (middleware excluded), as the declarations' keys spell it. */
function registeredRoutes(): string[] {
  const routes = new Set<string>();
  for (const route of createApi().routes) if (route.method !== "ALL") routes.add(`${route.method} ${route.path}`);
  return [...routes].sort();
}

/** The concrete paths of a route: the generic admin routes stand for every resource in the registry. */
function concretePaths(pattern: string): string[] {
  return pattern.includes(":resource")
    ? adminResourceSlugs().map((resource) => apiPathFor(pattern, { resource }))
    : [apiPathFor(pattern)];
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

const SIGNED_OUT: readonly Identity[] = ["visitor", "expired token", "revoked session", "disabled account"];
// "Another permission" is the community moderator's: unrelated to the admin area and the lessons.
const MEMBERS: readonly Identity[] = ["free member", "subscribed member", "member with another permission"];
const IDENTITIES: readonly Identity[] = [...SIGNED_OUT, ...MEMBERS, "admin"];

const people: Partial<Record<Identity, number>> = {};

beforeAll(async () => {
  people["free member"] = (await createUser()).id;
  const subscriber = await createUser();
  await createSubscription(ctx, subscriber.id);
  people["subscribed member"] = subscriber.id;
  people["member with another permission"] = (await createUser({ permissions: [COMMUNITY_MODERATE_PERMISSION] })).id;
  people["expired token"] = (await createUser()).id;
  people["revoked session"] = (await createUser()).id;
  const disabled = await createUser();
  await ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
  people["disabled account"] = disabled.id;
  people.admin = (await createUser({ permissions: [ADMIN_PERMISSION] })).id;
});

/** A fresh token for each call, so a route that ends a session (logout) cannot change the next answer. */
async function tokenFor(identity: Identity): Promise<string | null> {
  if (identity === "visitor") return null;
  const userId = people[identity]!;
  const { token, sessionId } = await createSession(ctx, { userId });
  if (identity === "revoked session") await logout(ctx, { sessionId });
  if (identity === "expired token") {
    // A real, open session, in a correctly signed token whose exp passed a second ago.
    return signToken(
      { userId, sessionId, permissions: [], expiresAt: new Date(Date.now() - 1000) },
      testEnv.JWT_SECRET!,
    );
  }
  return token;
}

async function call(method: string, path: string, identity: Identity, by: "cookie" | "header") {
  const token = await tokenFor(identity);
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (token)
    headers[by === "cookie" ? "Cookie" : "Authorization"] = by === "cookie" ? `token=${token}` : `Bearer ${token}`;
  const hasBody = method !== "GET" && method !== "DELETE";
  if (hasBody) headers["Content-Type"] = "application/json";
  const response = await app.request(
    `${ORIGIN}/api${path}`,
    { method, headers, body: hasBody ? "{}" : undefined },
    testEnv,
  );
  await response.arrayBuffer();
  return response.status;
}

/** What the declaration says a caller must get: an exact refusal, or "let through" (any answer but 401/403). */
function expected(audience: ApiAudience, identity: Identity): 401 | 403 | "through" {
  if (audience === "public" || audience === "provider") return "through";
  if (SIGNED_OUT.includes(identity)) return 401;
  if (audience === "admin" && identity !== "admin") return 403;
  if (audience === "moderator" && identity !== "admin" && identity !== "member with another permission") return 403;
  return "through";
}

describe("API authorization matrix", () => {
  const declarations = declaredRoutes(createApi());

  it("declares every registered route exactly once, and nothing that is not registered", () => {
    const registered = registeredRoutes();
    const declared = declarations.map(({ key }) => key).sort();
    expect(registered.filter((route) => !declared.includes(route))).toEqual([]);
    expect(declared.filter((route) => !registered.includes(route))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  const cases = declarations.flatMap(({ method, honoPath, route }) =>
    concretePaths(honoPath).map((concrete) => ({ method, path: concrete, audience: route.audience })),
  );

  it.each(cases.map((route, index) => ({ ...route, index })))(
    "$method $path ($audience)",
    async ({ method, path, audience, index }) => {
      // Every caller at once: each call has a token of its own, so none can change another's answer. Each caller
      // comes once, half of them by cookie and half by header, the halves swapping from one route to the next:
      // every route meets both ways in, and every caller both ways across the routes (the token is read by one
      // middleware for every route; both ways for every pair doubled the run for no other path).
      const answers = await Promise.all(
        IDENTITIES.map(async (identity, position) => {
          const by = (position + index) % 2 === 0 ? "cookie" : "header";
          const status = await call(method, path, identity, by);
          const want = expected(audience, identity);
          const ok = want === "through" ? status !== 401 && status !== 403 && status < 500 : status === want;
          return ok ? null : `${identity} by ${by}: ${status}, expected ${want}`;
        }),
      );
      const unexpected = answers.filter((answer) => answer !== null);
      expect(unexpected, unexpected.join("; ")).toEqual([]);
    },
  );
});
