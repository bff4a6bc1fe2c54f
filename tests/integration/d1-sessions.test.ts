import { createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { communityGroups, mailingList } from "../../drizzle/schema";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import type { LoadContext } from "../../server/load-context";
import { createLesson } from "../fixtures/lessons";
import { ensureBillingFixtures } from "./billing-helpers";
import { createUser, stagingEnv, testEnv } from "./helpers";

/*
 * What these tests can and cannot prove. Locally (miniflare) D1 has one copy and no replicas: it hands
 * out real bookmarks (the Durable Object's `getCurrentBookmark()`) but ignores the bookmark a session
 * sends, so a read after a write would see it with or without the cookie. What they prove is the
 * plumbing the production guarantee rests on: which session (`withSession` constraint) each statement
 * runs on, that a write answers with the bookmark D1 returned, and that the next request opens its
 * session with exactly that bookmark (and then shows the write).
 */

const ctx = createAppContext(testEnv);
const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)+$/;

interface OpenedSession {
  constraint: string | undefined;
  session: D1DatabaseSession;
  statements: string[];
}

/** The test env with a D1 that records each session a request opens and the statements prepared on it. */
function recordingEnv(base: Env = testEnv) {
  const sessions: OpenedSession[] = [];
  const DB = new Proxy(base.DB, {
    get(target, property) {
      if (property === "withSession") {
        return (constraint?: string) => {
          const session = target.withSession(constraint);
          const opened: OpenedSession = { constraint, session, statements: [] };
          const prepare = session.prepare.bind(session);
          // Still the real session object, so anything else done to it (the cost figure) is real too.
          session.prepare = (sql: string) => {
            opened.statements.push(sql);
            return prepare(sql);
          };
          sessions.push(opened);
          return session;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    env: { ...base, DB } as Env,
    sessions,
    /** Forget what earlier requests opened. */
    reset: () => sessions.splice(0),
    opened: (constraint: string) => sessions.filter((opened) => opened.constraint === constraint),
  };
}

const recording = recordingEnv();
const app = createApp();

// Not the shared `call`: requests carry the `d1b` bookmark cookie and run on the recording env by default.
function call(
  method: string,
  path: string,
  options: { token?: string | null; bookmark?: string | null; cookie?: string; body?: unknown; env?: Env } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const cookie = options.cookie ?? (options.bookmark ? `d1b=${options.bookmark}` : undefined);
  if (cookie) headers.Cookie = cookie;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  return app.request(
    `https://ahla.test${path}`,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    options.env ?? recording.env,
  );
}

/** The `d1b` Set-Cookie of a response, or null. */
const bookmarkCookie = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith("d1b=")) ?? null;

function bookmarkOf(response: Response): string {
  const cookie = bookmarkCookie(response);
  expect(cookie).not.toBeNull();
  return /^d1b=([^;]*)/.exec(cookie!)![1]!;
}

type Json = { data?: any; errors?: string[] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked field by field
const json = async (response: Response) => (await response.json()) as Json;

// Not the shared `member`: it signs in through the API, whose answer's bookmark the tests follow.
async function member() {
  const user = await createUser();
  const login = await call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
  expect(login.status).toBe(200);
  return { ...user, token: (await json(login)).data.token as string, bookmark: bookmarkOf(login) };
}

/** The read request after a write: carries the write's bookmark, shows the write, and writes no cookie. */
async function readAfter(path: string, token: string, bookmark: string) {
  recording.reset();
  const response = await call("GET", path, { token, bookmark });
  expect(response.status).toBe(200);
  // The reads ran on a session opened at exactly the write's bookmark.
  expect(recording.sessions.map((opened) => opened.constraint).sort()).toEqual([bookmark, "first-primary"].sort());
  expect(recording.opened(bookmark)[0]!.statements.length).toBeGreaterThan(0);
  expect(bookmarkCookie(response)).toBeNull();
  return (await json(response)).data;
}

describe("D1 sessions: which session serves a request", () => {
  it("reads a GET without the cookie from any replica and sets no cookie", async () => {
    recording.reset();
    const response = await call("GET", "/api/community/groups");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const [replica] = recording.opened("first-unconstrained");
    expect(replica!.statements.some((sql) => /from "community_groups"/.test(sql))).toBe(true);
    // A visitor: nothing needed the primary.
    expect(recording.opened("first-primary")[0]!.statements).toEqual([]);
  });

  it("asks the primary who a member is and whether they are entitled, even on a GET", async () => {
    const { token } = await member();
    const { video } = await createLesson(ctx, { isFree: false });
    recording.reset();
    const response = await call("GET", `/api/lessons/${video.id}`, { token });
    expect(response.status).toBe(402);
    expect(bookmarkCookie(response)).toBeNull();
    const primary = recording.opened("first-primary")[0]!.statements;
    const replica = recording.opened("first-unconstrained")[0]!.statements;
    expect(primary.some((sql) => /from "sessions"/.test(sql))).toBe(true);
    expect(primary.some((sql) => /from "user_permissions"/.test(sql))).toBe(true);
    expect(primary.some((sql) => /from "subscriptions"/.test(sql))).toBe(true);
    expect(replica.some((sql) => /from "sessions"|from "subscriptions"/.test(sql))).toBe(false);
    expect(replica.some((sql) => /from "videos"/.test(sql))).toBe(true);
  });

  it("runs a request that may write on one first-primary session and answers with its bookmark", async () => {
    const { token } = await member();
    recording.reset();
    const response = await call("POST", "/api/playlists", { token, body: { title: "Evening" } });
    expect(response.status).toBe(201);
    expect(recording.sessions.map((opened) => opened.constraint)).toEqual(["first-primary"]);
    const [session] = recording.sessions;
    // The sign-in lookup (the session and the permissions, side by side), then the write, all on it.
    const statements = session!.statements;
    const write = statements.findIndex((sql) => /^insert into "playlists"/.test(sql));
    expect(write).toBeGreaterThan(1);
    expect(statements.slice(0, 2).some((sql) => /from "sessions"/.test(sql))).toBe(true);
    expect(statements.slice(0, 2).some((sql) => /from "user_permissions"/.test(sql))).toBe(true);

    const cookie = bookmarkCookie(response)!;
    const bookmark = bookmarkOf(response);
    expect(bookmark).toMatch(BOOKMARK);
    expect(bookmark).toBe(session!.session.getBookmark());
    expect(cookie.split("; ").slice(1).sort()).toEqual([
      "HttpOnly",
      "Max-Age=3600",
      "Path=/",
      "SameSite=Lax",
      "Secure",
    ]);
    // Plain http (local development) gets no Secure cookie.
    const local = await app.request(
      "http://127.0.0.1:8787/api/playlists",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "Morning" }),
      },
      recording.env,
    );
    expect(bookmarkCookie(local)).not.toContain("Secure");
  });

  it("moves the cookie on with each write", async () => {
    const { token } = await member();
    const first = await call("POST", "/api/playlists", { token, body: { title: "One" } });
    const bookmark = bookmarkOf(first);
    const second = await call("POST", "/api/playlists", { token, bookmark, body: { title: "Two" } });
    expect(bookmarkOf(second).localeCompare(bookmark)).toBeGreaterThan(0);
    // A write request that asked D1 nothing (a visitor refused at the door) leaves the cookie as it is.
    const refused = await call("POST", "/api/playlists", { bookmark, body: { title: "Three" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("ignores a bookmark cookie that is not a bookmark: served as if there were none", async () => {
    const { token } = await member();
    for (const cookie of [
      "d1b=not-a-bookmark",
      "d1b=first-primary",
      "d1b=",
      `d1b=${"0".repeat(300)}-1`,
      "d1b=%00%ff; d1b=00000001-00000002",
      "d1b=00000001-00000002-00000003-0123456789abcdef';drop table users",
    ]) {
      recording.reset();
      const read = await call("GET", "/api/playlists", { token, cookie });
      expect(read.status, cookie).toBe(200);
      expect(recording.sessions.map((opened) => opened.constraint).sort(), cookie).toEqual([
        "first-primary",
        "first-unconstrained",
      ]);
      expect(bookmarkCookie(read), cookie).toBeNull();

      const write = await call("POST", "/api/playlists", { token, cookie, body: { title: "Still works" } });
      expect(write.status, cookie).toBe(201);
      expect(bookmarkOf(write), cookie).toMatch(BOOKMARK);
    }
  });

  it("sends a write made while serving a GET to the primary, reads the rest there, and sets the cookie", async () => {
    const email = `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;
    let shared: LoadContext["app"] | undefined;
    const remix = createApp({
      remix: async (_request, context: LoadContext) => {
        shared = context.app;
        await context.getUser();
        // A read, a write through the replica handle (as a careless service would), then a read again.
        await context.app.db.select().from(communityGroups).limit(1);
        await context.app.db.insert(mailingList).values({ email, source: "test", consentAt: new Date() });
        const [row] = await context.app.db.select().from(mailingList).where(eq(mailingList.email, email));
        return new Response(row ? "seen" : "missing");
      },
    });
    recording.reset();
    const response = await remix.request(
      "https://ahla.test/newsletter/confirm",
      {},
      recording.env,
      createExecutionContext(),
    );
    expect(await response.text()).toBe("seen");
    expect(shared).toBeDefined();
    // One session pair for the whole request, Remix's load context included.
    expect(recording.sessions.map((opened) => opened.constraint).sort()).toEqual([
      "first-primary",
      "first-unconstrained",
    ]);
    const replica = recording.opened("first-unconstrained")[0]!.statements;
    const primary = recording.opened("first-primary")[0]!.statements;
    expect(replica).toEqual([expect.stringMatching(/from "community_groups"/)]);
    expect(primary).toEqual([
      expect.stringMatching(/^insert into "mailing_list"/),
      expect.stringMatching(/from "mailing_list"/),
    ]);
    expect(bookmarkOf(response)).toMatch(BOOKMARK);
  });
});

describe("D1 sessions: a member reads their own writes on the next request", () => {
  beforeAll(async () => {
    await ensureBillingFixtures();
  });

  it("after signing up", async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signup = await call("POST", "/api/auth/register", {
      body: { name: "New Member", email, password: "correct horse battery" },
    });
    expect(signup.status).toBe(201);
    const token = (await json(signup)).data.token as string;
    const status = await readAfter("/api/auth/email", token, bookmarkOf(signup));
    expect(status).toMatchObject({ email, verified: false });
  });

  it("after changing their email address", async () => {
    const { token, bookmark, password } = await member();
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const change = await call("POST", "/api/auth/change-email", {
      token,
      bookmark,
      body: { newEmail, password },
    });
    expect(change.status).toBe(202);
    expect(await readAfter("/api/auth/email", token, bookmarkOf(change))).toMatchObject({ pendingEmail: newEmail });
  });

  it("after saving a word from a lesson to their vocabulary", async () => {
    const { token, bookmark } = await member();
    const { video } = await createLesson(ctx, { isFree: true });
    const word = `كلمة${crypto
      .randomUUID()
      .slice(0, 4)
      .replace(/[0-9a-f]/g, "ب")}`;
    const save = await call("POST", `/api/lessons/${video.id}/words`, { token, bookmark, body: { arabic: word } });
    expect(save.status).toBe(201);
    const lists = await readAfter("/api/vocabulary/lists", token, bookmarkOf(save));
    expect(lists).toEqual([expect.objectContaining({ wordCount: 1 })]);
    const lookup = await readAfter(
      `/api/lessons/${video.id}/words?w=${encodeURIComponent(word)}`,
      token,
      bookmarkOf(save),
    );
    expect(lookup.saved).toBe(true);
  });

  it("after creating a playlist", async () => {
    const { token, bookmark } = await member();
    const create = await call("POST", "/api/playlists", { token, bookmark, body: { title: "Kitchen Arabic" } });
    expect(create.status).toBe(201);
    const playlists = await readAfter("/api/playlists", token, bookmarkOf(create));
    expect(JSON.stringify(playlists)).toContain("Kitchen Arabic");
  });

  it("after starting a community thread", async () => {
    const { token, bookmark } = await member();
    const [group] = await ctx.db
      .insert(communityGroups)
      .values({ title: "Sessions", slug: `sessions-${crypto.randomUUID().slice(0, 8)}`, description: "Tests" })
      .returning();
    const post = await call("POST", `/api/community/groups/${group!.id}/threads`, {
      token,
      bookmark,
      body: { title: "Where do you practise?", body: "At the market, mostly." },
    });
    expect(post.status).toBe(201);
    const thread = (await json(post)).data as { id: number };
    const listed = await readAfter(`/api/community/groups/${group!.id}`, token, bookmarkOf(post));
    expect(JSON.stringify(listed)).toContain("Where do you practise?");
    const opened = await readAfter(`/api/community/threads/${thread.id}`, token, bookmarkOf(post));
    expect(JSON.stringify(opened)).toContain("At the market, mostly.");
  });

  it("after paying at the test checkout", async () => {
    const { token, bookmark } = await member();
    const pay = await call("POST", "/api/billing/checkout", { token, bookmark, body: { plan: "monthly" } });
    expect(pay.status).toBe(201);
    const overview = await readAfter("/api/billing/subscription", token, bookmarkOf(pay));
    expect(overview.subscription).toMatchObject({
      hasAccess: true,
      plan: expect.objectContaining({ name: "monthly" }),
    });
  });
});

const SERVER_TIMING = /^d1;dur=[0-9.]+;desc="rows_read=(\d+) rows_written=(\d+) queries=(\d+)"$/;

function d1Figure(response: Response) {
  const match = SERVER_TIMING.exec(response.headers.get("Server-Timing") ?? "");
  expect(match, response.headers.get("Server-Timing") ?? "no Server-Timing").not.toBeNull();
  return { rowsRead: Number(match![1]), rowsWritten: Number(match![2]), queries: Number(match![3]) };
}

describe("D1 sessions: the development cost figure", () => {
  it("counts the rows read and written and the statements of each request", async () => {
    const { token } = await member();
    recording.reset();
    const read = await call("GET", "/api/playlists", { token });
    const figure = d1Figure(read);
    const prepared = recording.sessions.flatMap((opened) => opened.statements);
    expect(figure.queries).toBe(prepared.length);
    expect(figure.rowsRead).toBeGreaterThan(0);
    expect(figure.rowsWritten).toBe(0);

    const write = await call("POST", "/api/playlists", { token, body: { title: "Counted" } });
    const written = d1Figure(write);
    expect(written.rowsWritten).toBeGreaterThanOrEqual(1);
    expect(written.queries).toBeGreaterThanOrEqual(2);

    // A visitor's page that asks nothing of D1 says so.
    expect(d1Figure(await call("GET", "/api/me"))).toEqual({ rowsRead: 0, rowsWritten: 0, queries: 0 });
  });

  it("counts a batch statement by statement", async () => {
    const { token } = await member();
    const create = await call("POST", "/api/playlists", { token, body: { title: "Batch" } });
    const playlist = (await json(create)).data as { id: number };
    const { video: first } = await createLesson(ctx, { isFree: true });
    const { video: second } = await createLesson(ctx, { isFree: true });
    for (const video of [first, second]) {
      await call("POST", `/api/playlists/${playlist.id}/videos`, { token, body: { videoId: video.id } });
    }
    recording.reset();
    const reorder = await call("PUT", `/api/playlists/${playlist.id}/videos`, {
      token,
      body: { videoIds: [second.id, first.id] },
    });
    expect(reorder.status).toBe(200);
    expect(d1Figure(reorder).queries).toBe(recording.sessions.flatMap((opened) => opened.statements).length);
  });

  it("is left off the routes that take an email, a password or a mailed link (it would tell known addresses)", async () => {
    const development = recordingEnv({ ...stagingEnv(testEnv), ENVIRONMENT: "development" });
    const known = await createUser();
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    for (const email of [known.email, unknown]) {
      for (const [path, body] of [
        ["/api/auth/login", { email, password: "wrong password here" }],
        ["/api/auth/reset-password", { email }],
        ["/api/auth/email-link", { email }],
        ["/api/auth/register", { email, password: "a long enough password", name: "Probe" }],
        ["/api/newsletter", { email }],
      ] as const) {
        const response = await call("POST", path, { body, env: development.env });
        expect(response.status, path).toBeLessThan(500);
        expect(response.headers.get("Server-Timing"), `${path} for ${email}`).toBeNull();
      }
    }
    // Everything else still carries it in development.
    expect((await call("GET", "/api/library", { env: development.env })).headers.get("Server-Timing")).toMatch(
      SERVER_TIMING,
    );
  });

  it("is absent in production, where nothing is wrapped, and the answers are the same", async () => {
    // The same secrets either way, so one sign-in serves both.
    const production = recordingEnv(stagingEnv(testEnv));
    const development = recordingEnv({ ...stagingEnv(testEnv), ENVIRONMENT: "development" });
    const user = await createUser();
    const login = await call("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
      env: production.env,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("Server-Timing")).toBeNull();
    const token = (await json(login)).data.token as string;
    await call("POST", "/api/playlists", { token, body: { title: "Same either way" }, env: production.env });

    production.reset();
    const inProduction = await call("GET", "/api/playlists", { token, env: production.env });
    const inDevelopment = await call("GET", "/api/playlists", { token, env: development.env });
    expect(inProduction.status).toBe(200);
    expect(inProduction.headers.get("Server-Timing")).toBeNull();
    expect(inDevelopment.headers.get("Server-Timing")).toMatch(SERVER_TIMING);
    const body = await inProduction.json();
    expect(JSON.stringify(body)).toContain("Same either way");
    expect(await inDevelopment.json()).toEqual(body);

    const wrapped = (opened: OpenedSession) =>
      Object.hasOwn(opened.session, "_sendOrThrow") || Object.hasOwn(opened.session, "_queryOrThrow");
    expect(production.sessions.length).toBe(2);
    expect(production.sessions.some(wrapped)).toBe(false);
    expect(development.sessions.length).toBe(2);
    expect(development.sessions.every(wrapped)).toBe(true);
  });
});
