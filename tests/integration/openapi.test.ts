import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { API_ACCESS, type ApiRoute } from "../../server/access/api-routes";
import { createApi } from "../../server/api";
import { API_DOCS, OBJECT_BODY, openApiPath } from "../../server/api/openapi";
import type { AppEnv } from "../../server/api/types";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createLesson } from "../fixtures/lessons";
import { apiPathFor, createUser, testApp, testEnv } from "./helpers";

// The API's OpenAPI document (GET /api/openapi.json) must describe exactly the routes the Hono app
// registers, and each JSON body with the very schema its handler reads.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await testApp().request(`${ORIGIN}/api/openapi.json`, {}, testEnv);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return (await response.json()) as OpenApiDocument;
}

describe("GET /api/openapi.json", () => {
  it("lists every route the API registers and no other, with its path parameters", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    const registered = new Set<string>();
    for (const route of createApi().routes) if (route.method !== "ALL") registered.add(`${route.method} ${route.path}`);

    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        documented.add(`${method.toUpperCase()} ${path}`);
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        expect(operation.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(names);
      }
    }
    const expected = [...registered].map((route) => {
      const [method, honoPath] = route.split(" ") as [string, string];
      return `${method} /api${openApiPath(honoPath).path}`;
    });
    expect(expected.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !expected.includes(route))).toEqual([]);
    expect(documented.size).toBe(registered.size);
    // Members' writes may be retried with an Idempotency-Key; reads and public routes take none.
    const headers = (path: string, method: string) =>
      document.paths[path]![method]!.parameters.filter((p) => p.in === "header").map((p) => p.name);
    expect(headers("/api/playlists", "post")).toEqual(["Idempotency-Key"]);
    expect(headers("/api/playlists", "get")).toEqual([]);
    expect(headers("/api/auth/login", "post")).toEqual([]);
  });

  it("documents a request body exactly where the handler reads one", async () => {
    const document = await fetchDocument();
    for (const [route, doc] of Object.entries(API_DOCS)) {
      const [method, honoPath] = route.split(" ") as [string, string];
      const operation = document.paths[`/api${openApiPath(honoPath).path}`]![method.toLowerCase()]!;
      expect(Boolean(operation.requestBody), route).toBe(Boolean(doc.body || doc.rawBody));
    }
  });
});

describe("the documented bodies are the handlers' own schemas", () => {
  const tokens: { member?: string; admin?: string } = {};
  let lessonId = 0;
  let gapId = 0;
  beforeAll(async () => {
    tokens.member = (await createSession(ctx, (await createUser()).id)).token;
    tokens.admin = (await createSession(ctx, (await createUser({ permissions: [ADMIN_PERMISSION] })).id)).token;
    lessonId = (await createLesson(ctx, { isFree: true })).video.id;
    const [gap] = await ctx.db.all<{ id: number }>(
      sql`select id from video_sentence_gaps where video_id = ${lessonId} limit 1`,
    );
    gapId = gap?.id ?? 987654321;
  });

  const withJsonBody = (Object.entries(API_DOCS) as Array<[ApiRoute, (typeof API_DOCS)[ApiRoute]]>).filter(
    ([, doc]) => doc.body !== undefined,
  );

  it("checks every route documented with a JSON body", async () => {
    // The app under a middleware that notes which schema `readJson` used (server/api/helpers.ts).
    const read = new Map<string, z.ZodType | null | undefined>();
    const probe = new Hono<AppEnv>();
    let current = "";
    probe.use(async (c, next) => {
      await next();
      read.set(
        current,
        (c as unknown as { get(key: "jsonBodySchema"): z.ZodType | null | undefined }).get("jsonBodySchema"),
      );
    });
    probe.route("/", testApp());

    const unreached: string[] = [];
    for (const [route, doc] of withJsonBody) {
      const [method, pattern] = route.split(" ") as [string, string];
      const audience = API_ACCESS[route];
      const token = audience === "admin" ? tokens.admin : audience === "public" ? undefined : tokens.member;
      const path = apiPathFor(pattern, { lesson: lessonId, sentenceGap: gapId, resource: "blogs" });
      current = route;
      const response = await probe.request(
        `${ORIGIN}/api${path}`,
        {
          method,
          headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(token ? { Authorization: token } : {}) },
          body: "{}",
        },
        testEnv,
      );
      await response.arrayBuffer();
      const used = read.get(route);
      if (used === undefined) {
        unreached.push(`${route} (${response.status})`);
        continue;
      }
      expect(used === null ? OBJECT_BODY : used, route).toBe(doc.body);
    }
    // A handler refused before reading the body (an object that does not exist) proves nothing: list them.
    expect(unreached).toEqual([]);
  });
});
