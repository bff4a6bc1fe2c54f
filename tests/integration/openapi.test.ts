import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { memberActionSchema } from "../../core/schemas/admin-users";
import { newsletterSignupFormSchema } from "../../core/schemas/newsletter";
import { communityGroups } from "../../drizzle/schema";
import { createApi } from "../../server/api";
import { declaredRoutes } from "../../server/api/openapi";
import { jsonBodySchema } from "../../server/api/route";
import type { AppEnv } from "../../server/api/types";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createLesson } from "../fixtures/lessons";
import { apiPathFor, createUser, testApp, testEnv } from "./helpers";

// The API's OpenAPI document (GET /api/openapi.json) must describe exactly the routes the Hono app
// registers, and each JSON body with the very schema its request is checked with: both come from the routes'
// declarations (server/api/route.ts), and these tests hold the document to what the app does.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const declarations = declaredRoutes(createApi());

/** Hono's "/lessons/:id{[0-9]{1,12}}" → OpenAPI's "/lessons/{id}", written out independently of the declarations. */
const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, "{$1}");

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters: Array<{ name: string; in: string }>;
        requestBody?: unknown;
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
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
      return `${method} /api${openApiPath(honoPath)}`;
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

  it("documents a request body exactly where the route declares one", async () => {
    const document = await fetchDocument();
    for (const { key, method, honoPath, route } of declarations) {
      const operation = document.paths[`/api${openApiPath(honoPath)}`]![method.toLowerCase()]!;
      expect(Boolean(operation.requestBody), key).toBe(Boolean(route.request?.body));
    }
  });
});

describe("the documented bodies are the handlers' own schemas", () => {
  const tokens: { member?: string; admin?: string } = {};
  let lessonId = 0;
  let gapId = 0;
  beforeAll(async () => {
    tokens.member = (await createSession(ctx, { userId: (await createUser()).id })).token;
    tokens.admin = (
      await createSession(ctx, { userId: (await createUser({ permissions: [ADMIN_PERMISSION] })).id })
    ).token;
    lessonId = (await createLesson(ctx, { isFree: true })).video.id;
    const [gap] = await ctx.db.all<{ id: number }>(
      sql`select id from video_sentence_gaps where video_id = ${lessonId} limit 1`,
    );
    gapId = gap?.id ?? 987654321;
  });

  const withJsonBody = declarations.filter(({ route }) => jsonBodySchema(route) !== undefined);

  it("checks every route documented with a JSON body", async () => {
    const document = await fetchDocument();
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
    for (const { key: route, method, honoPath: pattern, route: declared } of withJsonBody) {
      const audience = declared.audience;
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
      // null: read as any object (the admin's records, a transcript), documented as `{ type: "object" }`.
      const documented = document.paths[`/api${openApiPath(pattern)}`]![method.toLowerCase()]!.requestBody as {
        content: Record<string, { schema: unknown }>;
      };
      if (used === null) expect(documented.content["application/json"]!.schema, route).toEqual({ type: "object" });
      else {
        expect(used, route).toBe(jsonBodySchema(declared));
        const { $schema: _dialect, ...described } = z.toJSONSchema(used, { io: "input", unrepresentable: "any" });
        expect(documented.content["application/json"]!.schema, route).toEqual(described);
      }
    }
    // A handler refused before reading the body (an object that does not exist) proves nothing: list them.
    expect(unreached).toEqual([]);
  });
});

describe("the documented responses", () => {
  it("give every operation at least one success and one refusal, each JSON answer with its schema", async () => {
    const document = await fetchDocument();
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.every((status) => /^[1-5][0-9]{2}$/.test(status)),
          `${method} ${path}: ${statuses}`,
        ).toBe(true);
        expect(
          statuses.some((status) => status.startsWith("2")),
          `${method} ${path}`,
        ).toBe(true);
        expect(
          statuses.some((status) => /^[45]/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        expect(statuses, `${method} ${path}`).toContain("500");
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const media of Object.values(response.content ?? {}))
            expect(media.schema, `${path} ${status}`).toBeTruthy();
        }
      }
    }
    expect(operations).toBe(declarations.length);
  });

  it("document the statuses the fuzzer met undocumented", async () => {
    const document = await fetchDocument();
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    expect(statuses("/api/auth/email-link", "post")).toContain("202");
    expect(statuses("/api/newsletter", "post")).toContain("202");
    expect(statuses("/api/admin/users/{id}/password-reset", "post")).toContain("202");
    expect(statuses("/api/billing/checkout", "post")).toContain("201");
    expect(statuses("/api/lesson-chat/{videoId}", "post")).toEqual(expect.arrayContaining(["201", "503", "429"]));
    // What is not answered is not documented: the checkout never answers 200, the newsletter never 201.
    expect(statuses("/api/billing/checkout", "post")).not.toContain("200");
    expect(statuses("/api/newsletter", "post")).not.toContain("200");
    expect(statuses("/api/admin/users/{id}", "delete")).toContain("204");
    // The refusal body, shared.
    const refusal = document.paths["/api/newsletter"]!.post!.responses["422"]!.content!["application/json"]!;
    expect(refusal.schema).toEqual({ $ref: "#/components/schemas/Errors" });
  });
});

describe("boundary types are strict", () => {
  const tokens: { member?: string; admin?: string } = {};
  beforeAll(async () => {
    tokens.member = (await createSession(ctx, { userId: (await createUser()).id })).token;
    tokens.admin = (
      await createSession(ctx, { userId: (await createUser({ permissions: [ADMIN_PERMISSION] })).id })
    ).token;
  });

  async function send(method: string, path: string, body?: unknown, token?: string) {
    const response = await testApp().request(
      `${ORIGIN}/api${path}`,
      {
        method,
        headers: {
          Origin: ORIGIN,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      testEnv,
    );
    return { status: response.status, body: (await response.json()) as { errors?: string[]; data?: unknown } };
  }

  it("refuses an unknown newsletter source, and consent that is not true, instead of replacing them", async () => {
    const signup = { email: "strict-source@example.com", consent: true };
    const unknown = await send("POST", "/newsletter", { ...signup, source: "billboard" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors!.join(" ")).toMatch(/^source: /);
    for (const consent of ["on", "true", 1, [true]]) {
      const answer = await send("POST", "/newsletter", { ...signup, consent });
      expect(answer.status, JSON.stringify(consent)).toBe(422);
      expect(answer.body.errors!.join(" ")).toMatch(/consent: /);
    }
    expect((await send("POST", "/newsletter", { ...signup, source: "blog" })).status).toBe(202);
    expect((await send("POST", "/newsletter", { ...signup, email: "strict-none@example.com" })).status).toBe(202);
    // The page's form keeps its own reading: a ticked box is "on", an old page's source falls back.
    const form = newsletterSignupFormSchema.parse({ email: "a@example.com", consent: "on", source: "billboard" });
    expect(form).toMatchObject({ consent: true, source: "landing" });
  });

  it("takes the admin's days, invoice and flags as JSON numbers and booleans only", async () => {
    const reason = "Support ticket 42";
    for (const days of [true, "1", [1], 1.5, null]) {
      for (const route of ["extend", "comp"]) {
        const body = route === "comp" ? { plan: "monthly", days, reason } : { days, reason };
        const answer = await send("POST", `/admin/users/987654321/subscription/${route}`, body, tokens.admin);
        expect(answer.status, `${route} ${JSON.stringify(days)}`).toBe(422);
        expect(answer.body.errors!.join(" ")).toMatch(/^days: /);
      }
    }
    // A whole number gets past the body to the member, who does not exist.
    expect(
      (await send("POST", "/admin/users/987654321/subscription/extend", { days: 30, reason }, tokens.admin)).status,
    ).toBe(404);
    const refund = await send("POST", "/admin/users/987654321/refunds", { invoiceId: "5", reason }, tokens.admin);
    expect(refund.status).toBe(422);
    expect(refund.body.errors!.join(" ")).toMatch(/^invoiceId: /);
    for (const sendInvite of ["on", "true", 1]) {
      const created = await send(
        "POST",
        "/admin/users",
        { name: "Strict", email: "strict-invite@example.com", sendInvite },
        tokens.admin,
      );
      expect(created.status, JSON.stringify(sendInvite)).toBe(422);
      expect(created.body.errors!.join(" ")).toMatch(/^sendInvite: /);
    }
    const level = await send(
      "PATCH",
      "/admin/users/987654321",
      { name: "A", email: "a@example.com", level: "" },
      tokens.admin,
    );
    expect(level.status).toBe(422);
    // The member page's forms still send text: "30" is 30 days there.
    expect(memberActionSchema.parse({ intent: "extend", days: "30", reason })).toMatchObject({ days: 30 });
  });

  it("takes the vocabulary's ids as JSON numbers only", async () => {
    for (const toListId of ["1", true, [1]]) {
      const answer = await send("POST", "/vocabulary/items/987654321/move", { toListId }, tokens.member);
      expect(answer.status, JSON.stringify(toListId)).toBe(422);
      expect(answer.body.errors!.join(" ")).toMatch(/^toListId: /);
    }
    const saved = await send("POST", "/vocabulary/saved-words", { wordId: "3" }, tokens.member);
    expect(saved.status).toBe(422);
    expect(saved.body.errors!.join(" ")).toMatch(/^wordId: /);
  });

  it("reads numbers from query strings but refuses what is not one, and unknown choices", async () => {
    const [group] = await ctx.db
      .insert(communityGroups)
      .values({ title: "Strict pages", slug: `strict-pages-${Date.now()}`, description: "Pages" })
      .returning();
    expect((await send("GET", `/community/groups/${group!.id}?page=2`)).status).toBe(200);
    for (const page of ["abc", "0", "-1", "1e3", "0x10", " 2", "2.5"]) {
      const answer = await send("GET", `/community/groups/${group!.id}?page=${encodeURIComponent(page)}`);
      expect(answer.status, page).toBe(422);
    }
    expect((await send("GET", "/admin/users?status=admins&page=1", undefined, tokens.admin)).status).toBe(200);
    for (const query of ["status=everyone", "page=abc", "page=0"]) {
      const answer = await send("GET", `/admin/users?${query}`, undefined, tokens.admin);
      expect(answer.status, query).toBe(422);
    }
    expect((await send("GET", "/playlists?videoId=12", undefined, tokens.member)).status).toBe(200);
    expect((await send("GET", "/playlists?videoId=twelve", undefined, tokens.member)).status).toBe(422);
  });
});
