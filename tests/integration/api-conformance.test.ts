import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { videoAiSettings } from "../../drizzle/schema";
import { adminResourceSlugs } from "../../server/admin/registry";
import { jsonBodySchema } from "../../server/api/route";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createLesson } from "../fixtures/lessons";
import { conformanceProblem, DECLARED } from "./api-conformance";
import { apiPathFor, createUser, testApp, testEnv } from "./helpers";

// Every operation of the API, as a visitor, a member and an admin, answers only what its OpenAPI description
// documents (status, Content-Type and body schema): the operations without a body (GET, DELETE, the body-less
// POSTs) as they are, the others with an empty object. tests/integration/api-fuzz.test.ts checks the same on a
// thousand generated bodies per route.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const app = testApp();
/** The site as deployed has Workers AI (see api-fuzz.test.ts). */
const env = {
  ...testEnv,
  AI: { run: async () => ({ response: "«يلّا» means “come on”." }) } as unknown as Ai,
} as typeof testEnv;

/** Bodies that are files or signed by the provider: the fuzz and their own suites cover them. */
const RAW = new Set<string>([
  "POST /billing/webhooks/stripe",
  "PUT /admin/uploads/part",
  "POST /admin/:resource/upload",
  "POST /admin/imports/:kind/preview",
]);

type Caller = "visitor" | "member" | "admin";
const people: Partial<Record<Caller, number>> = {};
let lessonId = 0;
let gapId = 0;

beforeAll(async () => {
  people.member = (await createUser()).id;
  people.admin = (await createUser({ permissions: [ADMIN_PERMISSION] })).id;
  lessonId = (await createLesson(ctx, { isFree: true })).video.id;
  await ctx.db.insert(videoAiSettings).values({ lessonId, enabled: true, contextNotes: "" });
  const [gap] = await ctx.db.all<{ id: number }>(
    sql`select id from video_sentence_gaps where video_id = ${lessonId} limit 1`,
  );
  gapId = gap?.id ?? 987654321;
});

/** The generic admin routes are read for every resource of the registry, and written for one. */
function concretePaths(route: string): string[] {
  const [method, pattern] = route.split(" ") as [string, string];
  const real = { lesson: lessonId, sentenceGap: gapId };
  if (pattern.includes(":resource") && method === "GET")
    return adminResourceSlugs().map((resource) => apiPathFor(pattern, { ...real, resource }));
  return [apiPathFor(pattern, { ...real, resource: "blogs" })];
}

const routes = [...DECLARED.keys()].filter((route) => !RAW.has(route));

describe("every operation answers only what its description documents", () => {
  it.each(["visitor", "member", "admin"] as const)(
    "as a %s",
    async (caller) => {
      const problems = new Set<string>();
      const statuses = new Map<number, number>();
      let calls = 0;
      for (const route of routes) {
        const [method] = route.split(" ") as [string, string];
        const hasBody = jsonBodySchema(DECLARED.get(route)!.route) !== undefined;
        for (const path of concretePaths(route)) {
          // A fresh session each call: logout, disable or end-sessions must not change the next answer.
          const token = caller === "visitor" ? null : (await createSession(ctx, { userId: people[caller]! })).token;
          const response = await app.request(
            `${ORIGIN}/api${path}`,
            {
              method,
              headers: {
                Origin: ORIGIN,
                ...(token ? { Authorization: `Bearer ${token}` } : {}),
                ...(hasBody ? { "Content-Type": "application/json" } : {}),
              },
              body: hasBody ? "{}" : undefined,
            },
            env,
          );
          const text = await response.text();
          calls += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const problem = conformanceProblem(route, response, text);
          if (problem) problems.add(`${problem} [${path}]`);
        }
      }
      expect([...problems]).toEqual([]);
      expect(calls).toBeGreaterThan(routes.length);
      // Nothing here is meant to fail on our side.
      expect(statuses.get(500) ?? 0).toBe(0);
    },
    120_000,
  );
});
