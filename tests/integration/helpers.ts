import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { mailOutbox, userPermissions, users } from "../../drizzle/schema";
import type { Env } from "../../server/env";
import { hashPassword } from "../../server/lib/password";
import { createSession } from "../../server/services/auth";
import { createSubscription } from "../fixtures/lessons";

export const testEnv = env;

/** A staging deploy's configuration: production, with the test checkout and the outbox allowed. */
export function stagingEnv(base: typeof env = env): typeof env {
  return {
    ...base,
    ENVIRONMENT: "production",
    APP_URL: "https://staging.ahla.example",
    JWT_SECRET: "staging-jwt-secret-0f1e2d3c4b5a69788796a5b4",
    MEDIA_SIGNING_SECRET: "staging-media-secret-9a8b7c6d5e4f30211203f4e5",
    PAYMENTS_PROVIDER: "local",
    ALLOW_TEST_PAYMENTS: "true",
    MAIL_PROVIDER: "outbox",
    ALLOW_OUTBOX_MAIL: "true",
  };
}

export function testApp(options: { now?: () => Date } = {}) {
  return createApp(options);
}

export type TestApp = ReturnType<typeof testApp>;

let sequence = 0;
/**
 * A member with a known password; `permissions` grants codes like "admin", `verified` confirms the
 * email, `iterations` sets the PBKDF2 cost (cheap by default, to keep tests fast).
 */
export async function createUser(
  options: {
    email?: string;
    password?: string;
    name?: string;
    permissions?: string[];
    verified?: boolean;
    iterations?: number;
  } = {},
) {
  const ctx = createAppContext(env);
  sequence += 1;
  const email = options.email ?? `member${sequence}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? "correct horse battery";
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      name: options.name ?? "Test Member",
      passwordHash: await hashPassword(password, options.iterations ?? 1000),
      emailVerifiedAt: options.verified ? new Date() : null,
    })
    .returning();
  if (options.permissions?.length) {
    const { permissions } = await import("../../drizzle/schema");
    for (const code of options.permissions) {
      await ctx.db.insert(permissions).values({ code, description: code }).onConflictDoNothing();
      await ctx.db.insert(userPermissions).values({ userId: user!.id, code });
    }
  }
  return { ...user!, password };
}

// ---------------------------------------------------------------------------------------------------
// The API in one call: `call`, `json` and `member`, shared by every file that talks to the Worker's Hono app.

/** What an API answer carries: `{ data }` on success, `{ errors, fieldErrors? }` on a refusal. */
export interface ApiBody<T = unknown> {
  data?: T;
  errors?: string[];
  fieldErrors?: Record<string, string[]>;
}

export interface CallOptions {
  /** GET unless a body is given, then POST. */
  method?: string;
  /** A session token, sent as `Authorization: Bearer <token>`; none (or null) calls as a visitor. */
  token?: string | null;
  /** A body sent as JSON, with its Content-Type. */
  json?: unknown;
  /** A body sent as it is (a string goes as JSON, malformed or not, unless `headers` name another type). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The Worker's bindings and variables: the test env unless given. */
  env?: Env;
  /** The app's clock (each clock gets its own app): the real one unless given. */
  now?: () => Date;
}

const apps = new Map<(() => Date) | undefined, TestApp>();
function appFor(now: (() => Date) | undefined) {
  let app = apps.get(now);
  if (!app) apps.set(now, (app = testApp({ now })));
  return app;
}

/** One request to the Worker's Hono app (the API, /media and the guards in front of them), in workerd. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  } else if (typeof body === "string" && !headers.has("Content-Type")) {
    // Without a type the API would answer 415 before reading the body.
    headers.set("Content-Type", "application/json");
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return appFor(options.now).request(path, { method, headers, body }, options.env ?? env);
}

/** `call` with defaults of its own (a file's clock or env), which each call's options override. */
export function caller(defaults: CallOptions) {
  return (path: string, options: CallOptions = {}) =>
    call(path, { ...defaults, ...options, headers: { ...defaults.headers, ...options.headers } });
}

/** The JSON body of an answer, typed by the caller (`json<{ data: Lesson }>(response)`). */
export async function json<T = ApiBody>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface MemberOptions {
  name?: string;
  email?: string;
  permissions?: string[];
  verified?: boolean;
  /** With an active subscription (tests/fixtures/lessons.ts `createSubscription`). */
  subscribed?: boolean;
  /** The clock of the session and the subscription: the real one unless given. */
  now?: () => Date;
}

/**
 * A member signed in: the user row (with its password and permission codes) and a session token, made by
 * the same `createSession` a sign-in runs (permissions read from D1 into the token).
 */
export async function member(options: MemberOptions = {}) {
  const { subscribed, now, ...account } = options;
  const ctx = createAppContext(env, { now });
  const user = await createUser(account);
  if (subscribed) await createSubscription(ctx, user.id);
  const { token } = await createSession(ctx, { userId: user.id });
  return { ...user, permissions: account.permissions ?? [], token };
}

export async function postJson(
  app: ReturnType<typeof testApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    env,
  );
}

export async function loginToken(app: ReturnType<typeof testApp>, email: string, password: string) {
  const response = await postJson(app, "/api/auth/login", { email, password });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

export async function outboxFor(email: string) {
  const ctx = createAppContext(env);
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** The first link to `path` (e.g. "/auth/verify-email") in the newest email sent to `email`. */
export async function linkFromOutbox(email: string, path: string, template?: string) {
  const mails = (await outboxFor(email)).filter((mail) => !template || mail.template === template);
  const newest = mails.sort((a, b) => b.id - a.id)[0];
  if (!newest) throw new Error(`No email to ${email}${template ? ` (${template})` : ""}`);
  const link = (newest.text.match(/https?:\/\/\S+/g) ?? [])
    .map((url) => new URL(url))
    .find((url) => url.pathname === path);
  if (!link) throw new Error(`No ${path} link in the email to ${email}`);
  return link;
}

/**
 * A request path for an API route pattern as Hono registers it (e.g. "/playlists/:id{[0-9]{1,12}}"). Ids name
 * nothing (so no call changes anyone's data) unless `real` gives one: the lesson of lesson routes, a sentence-gap
 * exercise, the admin resource. Other parameters take known words.
 */
export function apiPathFor(pattern: string, real: { lesson?: number; sentenceGap?: number; resource?: string } = {}) {
  const nothing = "987654321";
  let path = pattern;
  if (real.lesson !== undefined && /^\/(lessons|lesson-chat|admin\/lessons)\//.test(path)) {
    path = path.replace(/:(id|videoId)\b/, String(real.lesson));
  }
  if (real.sentenceGap !== undefined) {
    path = path.replace(
      /:kind\{sentence-orders\|sentence-gaps\}\/:id\{\[0-9\]\{1,12\}\}/,
      `sentence-gaps/${real.sentenceGap}`,
    );
  }
  if (real.resource !== undefined) path = path.replace(/:resource\b/, real.resource);
  return path
    .replace(/:kind\{sentence-orders\|sentence-gaps\}/, "sentence-orders")
    .replace(/:(\w+)\{\[0-9\]\{1,12\}\}/g, nothing)
    .replace(/:(id|videoId|commentId)\b/g, nothing)
    .replace(/:kind\b/, "vocabulary")
    .replace(/:draftId\b/, "no-such-draft")
    .replace(/:code\b/, "no.such.code");
}
