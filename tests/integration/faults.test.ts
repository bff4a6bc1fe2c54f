import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { and, count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import {
  mailOutbox,
  mediaObjects,
  oauthStates,
  passwordResetTokens,
  playlists,
  playlistVideos,
  subscriptions,
  users,
  videoAiMessages,
  vocabularyListItems,
  vocabularyLists,
} from "../../drizzle/schema";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { getConfig } from "../../server/lib/config";
import { createErrorReporter, reportError, trackErrors } from "../../server/lib/sentry";
import type { LoadContext } from "../../server/load-context";
import { getEntitlement } from "../../server/services/billing";
import { saveAssistantSettings } from "../../server/services/lesson-chat";
import { signMediaUrl } from "../../server/services/media";
import { setAvatar } from "../../server/services/profile";
import { runScheduledJobs } from "../../server/services/scheduled";
import { getOrCreateDefaultList } from "../../server/services/vocabulary-save";
import { TINY_PNG } from "../fixtures/admin-samples";
import { createGlobalWord, createLesson, patternBytes, putMedia } from "../fixtures/lessons";
import { DAY_MS, ensureBillingFixtures, FakeStripe, stripeEnv } from "./billing-helpers";
import { faultyD1, faultyR2, LEAKS } from "./fault-env";
import { createUser, member as signedIn, testApp, testEnv } from "./helpers";

// Fault injection: D1, R2, the mail provider, Stripe and Workers AI fail at their boundary (the real bindings and
// HTTP, made to fail), and Ahla must fail cleanly: a 5xx with `{ errors }` that names nothing inside, no access
// granted because a check could not run, nothing half-written, and the next try (or cron run) finishes the job.

const ORIGIN = "https://ahla.test";
const GENERIC = "Error occurred. We're working on fixing it.";
const ctx = createAppContext(testEnv);
const app = testApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Failures are logged for the operator (console.error); the tests keep the output quiet and may read it. */
const quietErrors = () => vi.spyOn(console, "error").mockImplementation(() => {});

// Not the shared `call`: every request here names the env it runs on first (each test injects a fault there),
// at the site's own origin.
function call(env: Env, method: string, path: string, token?: string | null, body?: unknown, headers = {}) {
  return app.request(
    `${ORIGIN}${path}`,
    {
      method,
      headers: {
        Origin: ORIGIN,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    env,
  );
}

/** A 5xx whose body is `{ errors: [string] }` and shows nothing of what failed inside. */
async function expectCleanFailure(response: Response, label: string) {
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(500);
  expect(response.status, label).toBeLessThan(600);
  expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { errors?: unknown; data?: unknown };
  expect(Array.isArray(body.errors), label).toBe(true);
  expect((body.errors as unknown[]).length, label).toBeGreaterThan(0);
  expect((body.errors as unknown[]).every((error) => typeof error === "string")).toBe(true);
  expect(body.data, label).toBeUndefined();
  expect(text, label).not.toMatch(LEAKS);
  return body.errors as string[];
}

type Counted =
  typeof vocabularyListItems | typeof playlists | typeof playlistVideos | typeof mediaObjects | typeof users;
async function countOf(table: Counted) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row!.n;
}

/** A real one-pixel PNG, as a browser would upload it. */
const tinyPng = () =>
  new File([Uint8Array.from(atob(TINY_PNG.base64), (c) => c.charCodeAt(0))], TINY_PNG.name, { type: "image/png" });

let lessonId = 0;
let wordId = 0;
let member: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  lessonId = (await createLesson(ctx, { isFree: true })).video.id;
  wordId = (await createGlobalWord(ctx, { arabic: "بيت", transliteration: "beet", english: "house" })).id;
  member = await signedIn();
  admin = await signedIn({ permissions: [ADMIN_PERMISSION] });
});

/** The four representative member routes, each with a body that succeeds when nothing fails. */
const ROUTES = [
  { method: "GET", path: () => "/api/me", body: undefined, own: /"subscriptions"/ },
  {
    method: "PUT",
    path: () => `/api/lessons/${lessonId}/progress`,
    body: { positionSeconds: 12, durationSeconds: 100 },
    own: /^(insert into|update) "video_progress"/,
  },
  {
    method: "POST",
    path: () => "/api/vocabulary/saved-words",
    body: () => ({ wordId }),
    own: /^insert into "vocabulary_list_items"/,
  },
  {
    method: "POST",
    path: () => "/api/playlists",
    body: { title: "Fault playlist" },
    own: /^insert into "playlists"/,
  },
] as const;
const bodyOf = (route: (typeof ROUTES)[number]) => (typeof route.body === "function" ? route.body() : route.body);

describe("D1 failing under the API", () => {
  it("answers 500 with a plain { errors } (no SQL, no stack, no D1 text) when every statement fails", async () => {
    const logged = quietErrors();
    for (const how of ["d1", "reject"] as const) {
      for (const route of ROUTES) {
        const fault = faultyD1({ how });
        const response = await call(fault.env, route.method, route.path(), member.token, bodyOf(route));
        const errors = await expectCleanFailure(response, `${how} ${route.method} ${route.path()}`);
        expect(errors).toEqual([GENERIC]);
        expect(fault.failed().length).toBeGreaterThan(0);
      }
    }
    // The operator still sees what failed: D1's own error (the "d1" faults) and the unreachable D1 ("reject").
    const seen = logged.mock.calls.map(([error]) => String(error)).join("\n");
    expect(seen).toContain("no such table: secret_table_name");
    expect(seen).toContain("Network connection lost");
  });

  it("answers the same when only the route's own read or write fails, and writes nothing", async () => {
    quietErrors();
    const tables = [vocabularyListItems, playlists] as const;
    const before = await Promise.all(tables.map((table) => countOf(table)));
    for (const route of ROUTES) {
      const fault = faultyD1({ match: route.own });
      const response = await call(fault.env, route.method, route.path(), member.token, bodyOf(route));
      await expectCleanFailure(response, `${route.method} ${route.path()}`);
      expect(fault.failed().length, route.path()).toBeGreaterThan(0);
    }
    expect(await Promise.all(tables.map((table) => countOf(table)))).toEqual(before);
    const [progress] = await ctx.db.all<{ n: number }>(
      sql`select count(*) as n from video_progress where user_id = ${member.id}`,
    );
    expect(progress!.n).toBe(0);
    // With D1 back, the same calls succeed: the fault was the only reason.
    for (const route of ROUTES) {
      const response = await call(testEnv, route.method, route.path(), member.token, bodyOf(route));
      expect(response.status, route.path()).toBeLessThan(300);
    }
  });
});

describe("the sign-in check failing", () => {
  const SIGN_IN = [
    { label: "the whole check", match: /"sessions"/ },
    { label: "only the permissions", match: /from "user_permissions"/ },
  ];

  it("never grants a member route: 5xx or 401, never 200", async () => {
    quietErrors();
    for (const { label, match } of SIGN_IN) {
      for (const how of ["d1", "reject"] as const) {
        const fault = faultyD1({ match, how });
        for (const path of ["/api/me", "/api/vocabulary/lists", `/api/lessons/${lessonId}`]) {
          const response = await call(fault.env, "GET", path, member.token);
          expect([401, 500, 503], `${label} ${how} ${path}`).toContain(response.status);
          if (response.status >= 500) await expectCleanFailure(response, `${label} ${how} ${path}`);
        }
        expect(fault.failed().length, label).toBeGreaterThan(0);
      }
    }
  });

  it("never grants an admin route or an admin write", async () => {
    quietErrors();
    const before = await countOf(users);
    for (const { label, match } of SIGN_IN) {
      for (const how of ["d1", "reject"] as const) {
        const fault = faultyD1({ match, how });
        const list = await call(fault.env, "GET", "/api/admin/users", admin.token);
        expect([401, 403, 500, 503], `${label} ${how} list`).toContain(list.status);
        if (list.status >= 500) await expectCleanFailure(list, `${label} ${how} list`);
        const disable = await call(fault.env, "POST", `/api/admin/users/${member.id}/disable`, admin.token, {});
        expect([401, 403, 500, 503], `${label} ${how} disable`).toContain(disable.status);
        if (disable.status >= 500) await expectCleanFailure(disable, `${label} ${how} disable`);
      }
    }
    const [still] = await ctx.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, member.id));
    expect(still!.disabledAt).toBeNull();
    expect(await countOf(users)).toBe(before);
  });

  it("never renders a member's page: a page whose sign-in check fails answers 500, not the page", async () => {
    quietErrors();
    const pages = createApp({
      remix: async (_request, context: LoadContext) => {
        const viewer = await context.getViewer();
        return viewer.signedIn
          ? new Response(`<p>Welcome back ${viewer.userId}</p>`, { headers: { "Content-Type": "text/html" } })
          : Response.redirect(`${ORIGIN}/auth/login`, 302);
      },
    });
    for (const method of ["GET", "POST"]) {
      const fault = faultyD1({ match: /"sessions"/ });
      const response = await pages.request(
        `${ORIGIN}/profile`,
        { method, headers: { Cookie: `token=${member.token}`, Origin: ORIGIN } },
        fault.env,
        createExecutionContext(),
      );
      const text = await response.text();
      expect(response.status, `${method}: ${text}`).toBe(500);
      expect(text).not.toContain("Welcome back");
      expect(text).not.toMatch(LEAKS);
    }
  });
});

describe("nothing half-written when a later statement of a write fails", () => {
  /** A learner whose default list exists already, so the save is exactly "add the word, touch the list". */
  async function learnerWithList() {
    const learner = await signedIn();
    const list = await getOrCreateDefaultList(ctx, { userId: learner.id });
    return { ...learner, listId: list.id };
  }
  async function listState(listId: number) {
    const items = await ctx.db
      .select({ arabic: vocabularyListItems.arabic })
      .from(vocabularyListItems)
      .where(eq(vocabularyListItems.listId, listId));
    const [list] = await ctx.db
      .select({ updatedAt: vocabularyLists.updatedAt })
      .from(vocabularyLists)
      .where(eq(vocabularyLists.id, listId));
    return { items: items.map((item) => item.arabic), updatedAt: list!.updatedAt.getTime() };
  }

  it("saving a dictionary word: when touching the list fails, the word is not saved either, and a retry saves it once", async () => {
    quietErrors();
    const learner = await learnerWithList();
    const before = await listState(learner.listId);
    const fault = faultyD1({ match: /^update "vocabulary_lists"/ });
    await expectCleanFailure(
      await call(fault.env, "POST", "/api/vocabulary/saved-words", learner.token, { wordId }),
      "saved-words",
    );
    expect(fault.failed()).toHaveLength(1);
    expect(await listState(learner.listId)).toEqual(before);
    // The member's retry (D1 back) is a first save, not a "this word is already in your list".
    const retry = await call(testEnv, "POST", "/api/vocabulary/saved-words", learner.token, { wordId });
    expect(retry.status).toBe(201);
    expect((await listState(learner.listId)).items).toEqual(["بيت"]);
  });

  it("saving a word from a lesson: when touching the list fails, the word is not saved either", async () => {
    quietErrors();
    const learner = await learnerWithList();
    const before = await listState(learner.listId);
    const fault = faultyD1({ match: /^update "vocabulary_lists"/ });
    const word = { arabic: "مرحبا", transliteration: "marħaba", english: "hello" };
    await expectCleanFailure(
      await call(fault.env, "POST", `/api/lessons/${lessonId}/words`, learner.token, word),
      "lesson word",
    );
    expect(fault.failed()).toHaveLength(1);
    expect(await listState(learner.listId)).toEqual(before);
    const retry = await call(testEnv, "POST", `/api/lessons/${lessonId}/words`, learner.token, word);
    expect(retry.status).toBe(201);
    expect((await listState(learner.listId)).items).toEqual(["مرحبا"]);
  });

  it("creating a playlist with its first lesson: when the lesson's row fails, no playlist is left (one D1 batch)", async () => {
    quietErrors();
    const learner = await signedIn();
    const before = { playlists: await countOf(playlists), items: await countOf(playlistVideos) };
    const fault = faultyD1({ match: /^insert into "playlist_videos"/ });
    await expectCleanFailure(
      await call(fault.env, "POST", "/api/playlists", learner.token, { title: "Half", videoId: lessonId }),
      "playlist",
    );
    expect(fault.failed()).toHaveLength(1);
    expect({ playlists: await countOf(playlists), items: await countOf(playlistVideos) }).toEqual(before);
    const own = await ctx.db.select().from(playlists).where(eq(playlists.ownerId, learner.id));
    expect(own).toEqual([]);
  });
});

describe("a page or the Worker failing, and the error report", () => {
  it("answers a crashing page with 500 and none of the error's text", async () => {
    quietErrors();
    const pages = createApp({
      remix: async () => {
        throw new Error("D1_ERROR: no such table: secret_table_name: SQLITE_ERROR");
      },
    });
    for (const path of ["/video-library", "/profile"]) {
      const response = await pages.request(`${ORIGIN}${path}`, {}, testEnv, createExecutionContext());
      const text = await response.text();
      expect(response.status, path).toBe(500);
      expect(text).not.toMatch(LEAKS);
    }
  });

  it("reports a page's crash and an API 500 to Sentry with who hit it, never the cookie, token or one-time link", async () => {
    quietErrors();
    const envelopes: string[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init as RequestInit);
      if (new URL(request.url).hostname !== "sentry.ahla.test") return original(input as RequestInfo, init);
      envelopes.push(await request.text());
      return new Response("{}", { status: 200 });
    });
    const worker = createApp({
      remix: async () => {
        throw new Error("page crashed while rendering");
      },
      onError: (error, request) => reportError(error, request),
    });
    const fault = faultyD1({ match: /"subscriptions"/ });
    const env = { ...fault.env, SENTRY_DSN: "https://publickey@sentry.ahla.test/42" } as Env;

    const serve = async (path: string) => {
      const request = new Request(`${ORIGIN}${path}`, {
        headers: {
          Cookie: `token=${member.token}`,
          Authorization: `Bearer ${member.token}`,
          "User-Agent": "FaultInjection/1.0",
          Origin: ORIGIN,
        },
      });
      const executionCtx = createExecutionContext();
      // What server/index.ts does for every request.
      trackErrors(request, createErrorReporter(getConfig(env), request, executionCtx));
      const response = await worker.fetch(request, env, executionCtx);
      await waitOnExecutionContext(executionCtx);
      return response;
    };

    expect((await serve("/video-library?token=one-time-link-secret")).status).toBe(500);
    await expectCleanFailure(await serve("/api/me"), "/api/me");
    await vi.waitFor(() => expect(envelopes.length).toBeGreaterThanOrEqual(2));
    const sent = envelopes.join("\n");
    expect(sent).toContain("page crashed while rendering");
    expect(sent).toContain("D1_ERROR");
    expect(sent).toContain("FaultInjection/1.0");
    expect(sent).not.toContain(member.token);
    expect(sent).not.toContain("one-time-link-secret");
  });
});

describe("a loader or action failing", () => {
  it("is reported through the request's reporter, though Remix answers it with its own error page", async () => {
    const reported: Array<{ message: string; url: string }> = [];
    const worker = createApp({
      // What app/entry.server.tsx's handleError does with a loader's error, then Remix's error page.
      remix: async (_request, context: LoadContext) => {
        context.reportError(new Error("the loader failed"));
        return new Response("Something went wrong", { status: 500 });
      },
      onError: (error, request) => reported.push({ message: String(error), url: request.url }),
    });
    const response = await worker.request(`${ORIGIN}/video-library`, {}, testEnv, createExecutionContext());
    expect(response.status).toBe(500);
    expect(reported).toEqual([{ message: "Error: the loader failed", url: `${ORIGIN}/video-library` }]);
  });
});

describe("R2 failing", () => {
  it("answers a signed media link with a clean 5xx (GET, a range, HEAD) and none of R2's text", async () => {
    quietErrors();
    await putMedia(ctx, "videos/fault-sample.mp4", patternBytes(500), "video/mp4");
    const url = await signMediaUrl(ctx, { key: "videos/fault-sample.mp4" });
    const r2 = faultyR2(["get", "head"]);
    for (const [method, headers] of [
      ["GET", {}],
      ["GET", { Range: "bytes=0-99" }],
      ["HEAD", {}],
    ] as const) {
      const response = await app.request(`${ORIGIN}${url}`, { method, headers }, r2.env);
      const text = await response.text();
      expect(response.status, `${method} ${JSON.stringify(headers)}: ${text}`).toBeGreaterThanOrEqual(500);
      expect(text).not.toMatch(LEAKS);
    }
    expect(r2.calls().length).toBeGreaterThan(0);
    // R2 back: the same link works.
    expect((await app.request(`${ORIGIN}${url}`, {}, testEnv)).status).toBe(200);
  });

  it("an avatar whose upload fails leaves the member's avatar as it was, pointing at an object that exists", async () => {
    const learner = await createUser();
    const { avatarKey: first } = await setAvatar(ctx, { userId: learner.id, file: tinyPng() });

    const r2 = faultyR2(["put"]);
    await expect(setAvatar(createAppContext(r2.env), { userId: learner.id, file: tinyPng() })).rejects.toThrow();
    const [row] = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, learner.id));
    expect(row!.avatarKey).toBe(first);
    expect(await testEnv.MEDIA.head(first)).not.toBeNull();
    const listed = await testEnv.MEDIA.list({ prefix: `avatars/${learner.id}/` });
    expect(listed.objects.map((object) => object.key)).toEqual([first]);
  });

  it("an avatar whose old object cannot be deleted still points at the new object, which exists", async () => {
    quietErrors();
    const learner = await createUser();
    const { avatarKey: first } = await setAvatar(ctx, { userId: learner.id, file: tinyPng() });
    const r2 = faultyR2(["delete"]);
    const outcome = await setAvatar(createAppContext(r2.env), { userId: learner.id, file: tinyPng() }).then(
      (value) => ({ ok: true as const, key: value.avatarKey }),
      () => ({ ok: false as const, key: null }),
    );
    const [row] = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, learner.id));
    expect(row!.avatarKey).not.toBe(first);
    expect(await testEnv.MEDIA.head(row!.avatarKey!)).not.toBeNull();
    expect(outcome).toEqual({ ok: true, key: row!.avatarKey });
  });

  it("an admin upload whose R2 write fails answers a clean 5xx and records no media object", async () => {
    quietErrors();
    const before = await countOf(mediaObjects);
    const r2 = faultyR2(["put"]);
    const form = new FormData();
    form.set("file", tinyPng());
    const response = await app.request(
      `${ORIGIN}/api/admin/teacher/upload?field=avatarKey`,
      { method: "POST", headers: { Origin: ORIGIN, Authorization: `Bearer ${admin.token}` }, body: form },
      r2.env,
    );
    await expectCleanFailure(response, "admin upload");
    expect(r2.calls()).toHaveLength(1);
    expect(await countOf(mediaObjects)).toBe(before);
  });
});

const resendEnv = { ...testEnv, MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_fault_secret_key" } as Env;
/** Resend's API answering `failure` (a network error or a status); other hosts reach the real fetch. */
function failingResend(failure: "network" | "timeout" | 500) {
  const original = globalThis.fetch;
  const attempts: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init as RequestInit);
    if (new URL(request.url).hostname !== "api.resend.com") return original(input as RequestInfo, init);
    attempts.push(await request.text());
    if (failure === "network") throw new TypeError("Network connection lost.");
    if (failure === "timeout") throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    return Response.json({ name: "application_error", message: "Internal server error re_fault_" }, { status: 500 });
  });
  return attempts;
}

/** Resend taking every message; answers the bodies it was sent. */
function workingResend() {
  const original = globalThis.fetch;
  const sent: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init as RequestInit);
    if (new URL(request.url).hostname !== "api.resend.com") return original(input as RequestInfo, init);
    sent.push(await request.text());
    return Response.json({ id: `email_${sent.length}` });
  });
  return sent;
}

describe("the mail provider failing", () => {
  it("a password reset request answers as always (no 5xx), the account still signs in, and asking again sends the link", async () => {
    const logged = quietErrors();
    for (const failure of ["network", "timeout", 500] as const) {
      const user = await createUser();
      const attempts = failingResend(failure);
      const response = await call(
        resendEnv,
        "POST",
        "/api/auth/reset-password",
        null,
        { email: user.email },
        {
          "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200)}`,
        },
      );
      const text = await response.text();
      expect(response.status, `${failure}: ${text}`).toBe(200);
      expect(text).toContain("If an account exists");
      expect(text).not.toMatch(LEAKS);
      expect(attempts, String(failure)).toHaveLength(1);
      vi.mocked(globalThis.fetch).mockRestore();
      const login = await call(testEnv, "POST", "/api/auth/login", null, {
        email: user.email,
        password: user.password,
      });
      expect(login.status, String(failure)).toBe(200);
      // Nothing is queued or retried: the member asks again once the provider is back, and the link goes out.
      const sent = workingResend();
      const again = await call(resendEnv, "POST", "/api/auth/reset-password", null, { email: user.email });
      expect(again.status).toBe(200);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain("/auth/resetpassword?token=");
      vi.mocked(globalThis.fetch).mockRestore();
    }
    // Reported for the operator: the template, never the link.
    const lines = logged.mock.calls.map((args) => args.map(String).join(" "));
    expect(lines.some((line) => line.includes("password-reset"))).toBe(true);
    expect(lines.join("\n")).not.toMatch(/resetpassword\?token=/);
  });

  it("registration whose first sign-in cannot be stored leaves no account, so the retry registers", async () => {
    quietErrors();
    const email = `fault-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const body = { email, name: "Half Made", password: "a long enough password" };
    const headers = { "CF-Connecting-IP": "198.51.100.9" };
    const fault = faultyD1({ match: /^insert into "sessions"/i });
    const failed = await call(fault.env, "POST", "/api/auth/register", null, body, headers);
    const text = await failed.text();
    expect(failed.status, text).toBeGreaterThanOrEqual(500);
    expect(text).not.toMatch(LEAKS);
    expect(fault.failed().length).toBeGreaterThan(0);
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    const retried = await call(testEnv, "POST", "/api/auth/register", null, body, headers);
    expect(retried.status, await retried.clone().text()).toBe(201);
  });

  it("registration succeeds without its welcome mail, signs in later, and the confirmation link can be sent again", async () => {
    quietErrors();
    const email = `fault-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const attempts = failingResend("network");
    const registered = await call(
      resendEnv,
      "POST",
      "/api/auth/register",
      null,
      {
        email,
        name: "Faulty Mail",
        password: "a long enough password",
      },
      { "CF-Connecting-IP": "198.51.100.7" },
    );
    const text = await registered.text();
    expect(registered.status, text).toBe(201);
    expect(text).not.toMatch(LEAKS);
    expect(attempts).toHaveLength(1);
    const { token } = (JSON.parse(text) as { data: { token: string } }).data;
    vi.mocked(globalThis.fetch).mockRestore();

    const login = await call(testEnv, "POST", "/api/auth/login", null, { email, password: "a long enough password" });
    expect(login.status).toBe(200);
    // Resend back: the member asks for the confirmation link again, and it goes out.
    const sent = workingResend();
    const again = await call(resendEnv, "POST", "/api/auth/resend-verification", token, {});
    expect(again.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("/auth/verify-email?token=");
  });
});

describe("the payment provider failing", () => {
  it("a checkout with Stripe down answers a clean 5xx naming no key or raw answer, and grants nothing", async () => {
    quietErrors();
    await ensureBillingFixtures();
    for (const failure of [500, "network"] as const) {
      const buyer = await signedIn();
      let stripeCalls = 0;
      if (failure === 500) {
        const stripe = new FakeStripe();
        stripe.failWith = 500;
        stripe.install();
      } else {
        const original = globalThis.fetch;
        vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
          const request = new Request(input as RequestInfo, init as RequestInit);
          if (new URL(request.url).hostname !== "api.stripe.com") return original(input as RequestInfo, init);
          stripeCalls += 1;
          throw new TypeError("Network connection lost.");
        });
      }
      const response = await call(stripeEnv, "POST", "/api/billing/checkout", buyer.token, { plan: "monthly" });
      await expectCleanFailure(response, `checkout ${failure}`);
      if (failure === "network") expect(stripeCalls).toBeGreaterThan(0);
      vi.restoreAllMocks();
      quietErrors();
      const own = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
      expect(own).toEqual([]);
      expect((await getEntitlement(ctx, { userId: buyer.id })).hasAccess).toBe(false);
      const entitlement = await call(testEnv, "GET", "/api/billing/entitlement", buyer.token);
      expect(((await entitlement.json()) as { data: { hasAccess: boolean } }).data.hasAccess).toBe(false);
    }
  }, 60_000);
});

describe("Workers AI failing", () => {
  it("the lesson chat answers 502 with a plain message and stores neither half of the turn", async () => {
    quietErrors();
    const editor = await createUser({ permissions: ["admin"] });
    await saveAssistantSettings(ctx, { lessonId, enabled: true, contextNotes: "", actor: editor });
    const learner = await signedIn();
    const failures: Array<() => Promise<unknown>> = [
      () => Promise.reject(new Error("InferenceUpstreamError: 3040: Capacity temporarily exceeded")),
      () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
      () => Promise.resolve({ response: "" }),
      () => Promise.resolve({}),
    ];
    for (const run of failures) {
      const env = { ...testEnv, AI: { run } as unknown as Ai } as Env;
      const response = await call(env, "POST", `/api/lesson-chat/${lessonId}`, learner.token, {
        message: "What is yalla?",
      });
      const text = await response.text();
      expect(response.status, text).toBe(502);
      expect(JSON.parse(text)).toEqual({ errors: ["The assistant could not answer just now. Try again in a moment."] });
      expect(text).not.toMatch(LEAKS);
    }
    // The model answers but storing the turn fails: both messages are one statement, so neither is kept.
    const answering = { ...testEnv, AI: { run: async () => ({ response: "yalla: come on" }) } as unknown as Ai } as Env;
    const fault = faultyD1({ match: /^insert into "video_ai_messages"/ }, answering);
    await expectCleanFailure(
      await call(fault.env, "POST", `/api/lesson-chat/${lessonId}`, learner.token, { message: "And habibi?" }),
      "chat store",
    );
    expect(fault.failed()).toHaveLength(1);
    const stored = await ctx.db.select().from(videoAiMessages).where(eq(videoAiMessages.userId, learner.id));
    expect(stored).toEqual([]);
    // The AI back: the turn is stored whole.
    const ok = await call(answering, "POST", `/api/lesson-chat/${lessonId}`, learner.token, { message: "And now?" });
    expect(ok.status).toBe(201);
    const after = await ctx.db.select().from(videoAiMessages).where(eq(videoAiMessages.userId, learner.id));
    expect(after.map((message) => message.role).sort()).toEqual(["assistant", "user"]);
  });
});

describe("the cron with D1 failing", () => {
  async function insertSubscription(userId: number, values: Partial<typeof subscriptions.$inferInsert>) {
    const fixtures = await ensureBillingFixtures();
    const now = Date.now();
    const [row] = await ctx.db
      .insert(subscriptions)
      .values({
        userId,
        planId: fixtures.monthly.id,
        provider: "local",
        status: "active",
        providerSubscriptionId: `local_sub_${crypto.randomUUID()}`,
        providerCustomerId: `local_cus_${userId}`,
        currentPeriodStart: new Date(now - 30 * DAY_MS),
        currentPeriodEnd: new Date(now + 20 * DAY_MS),
        createdAt: new Date(now - 30 * DAY_MS),
        updatedAt: new Date(now - 3 * DAY_MS),
        ...values,
      })
      .returning();
    return row!;
  }
  const statusOf = async (id: number) =>
    (await ctx.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, id)))[0]!
      .status;

  it("a subscription whose expiry fails to save is reported, the others are processed, and the next run expires it", async () => {
    quietErrors();
    const now = new Date();
    const lapsed = () =>
      createUser().then((user) =>
        insertSubscription(user.id, {
          status: "canceled",
          cancelAtPeriodEnd: true,
          currentPeriodEnd: new Date(now.getTime() - 60_000),
        }),
      );
    const [first, second] = [await lapsed(), await lapsed()];
    // The first subscription update of the run fails in D1.
    const fault = faultyD1({ match: /^update "subscriptions"/, times: 1 });
    const report = await runScheduledJobs(fault.env, now);
    expect(fault.failed()).toHaveLength(1);
    const failedIds = report.billing.errors.map((entry) => entry.subscriptionId);
    expect(failedIds).toHaveLength(1);
    expect([first.id, second.id]).toContain(failedIds[0]);
    const other = failedIds[0] === first.id ? second : first;
    expect(await statusOf(failedIds[0]!)).toBe("canceled");
    expect(await statusOf(other.id)).toBe("expired");

    const repaired = await runScheduledJobs(testEnv, now);
    expect(repaired.billing.errors).toEqual([]);
    expect(await statusOf(failedIds[0]!)).toBe("expired");
  });

  it("a renewal reminder whose mail fails to be stored is sent by the next run", async () => {
    quietErrors();
    const now = new Date();
    const user = await createUser();
    const trial = await insertSubscription(user.id, {
      status: "trialing",
      trialEndsAt: new Date(now.getTime() + 2 * DAY_MS),
      currentPeriodEnd: new Date(now.getTime() + 2 * DAY_MS),
    });
    const reminders = () =>
      ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.template, "subscription-renewal-reminder")));

    const fault = faultyD1({ match: /^insert into "mail_outbox"/ });
    await runScheduledJobs(fault.env, now);
    expect(fault.failed().length).toBeGreaterThan(0);
    expect(await reminders()).toEqual([]);

    await runScheduledJobs(testEnv, now);
    expect(await reminders()).toHaveLength(1);
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, trial.id));
    expect(row!.renewalReminderSentFor?.getTime()).toBe(trial.currentPeriodEnd.getTime());
    // And only once.
    await runScheduledJobs(testEnv, now);
    expect(await reminders()).toHaveLength(1);
  });

  it("a renewal reminder that Resend refuses is sent by the next run", async () => {
    quietErrors();
    const now = new Date();
    const user = await createUser();
    await insertSubscription(user.id, {
      status: "trialing",
      trialEndsAt: new Date(now.getTime() + 2 * DAY_MS),
      currentPeriodEnd: new Date(now.getTime() + 2 * DAY_MS),
    });
    const toUser = (bodies: string[]) => bodies.filter((body) => body.includes(user.email));

    const attempts = failingResend(500);
    await runScheduledJobs(resendEnv, now);
    expect(toUser(attempts)).toHaveLength(1);
    vi.mocked(globalThis.fetch).mockRestore();

    const sent = workingResend();
    await runScheduledJobs(resendEnv, now);
    expect(toUser(sent)).toHaveLength(1);
    expect(toUser(sent)[0]).toContain("trial");
    await runScheduledJobs(resendEnv, now);
    expect(toUser(sent)).toHaveLength(1);
  });

  it("the retention clean-up failing deletes nothing (one batch), and the next run deletes what it should", async () => {
    quietErrors();
    const now = new Date();
    const user = await createUser();
    const state = `fault-${crypto.randomUUID()}`;
    await ctx.db.insert(oauthStates).values({ state, codeVerifier: "v", expiresAt: new Date(now.getTime() - 60_000) });
    await ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: `fault-${crypto.randomUUID()}`,
      expiresAt: new Date(now.getTime() - 2 * DAY_MS),
      createdAt: new Date(now.getTime() - 3 * DAY_MS),
    });
    const leftovers = async () => ({
      states: (await ctx.db.select().from(oauthStates).where(eq(oauthStates.state, state))).length,
      tokens: (await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).length,
    });
    // The batch's third statement (rate limits) fails: the two deletes before it are rolled back.
    const fault = faultyD1({ match: /^delete from "rate_limits"/ });
    await expect(runScheduledJobs(fault.env, now)).rejects.toThrow();
    expect(fault.failed()).toHaveLength(1);
    expect(await leftovers()).toEqual({ states: 1, tokens: 1 });

    await runScheduledJobs(testEnv, now);
    expect(await leftovers()).toEqual({ states: 0, tokens: 0 });
  });
});
