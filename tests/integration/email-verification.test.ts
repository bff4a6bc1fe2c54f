import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { EMAIL_CHANGE_LIFETIME_MS, SIGNUP_VERIFICATION_LIFETIME_MS } from "../../server/services/email-verification";
import { VERIFICATION_MAIL_LIMIT } from "../../server/services/rate-limit";
import { createUser, linkFromOutbox, loginToken, outboxFor, postJson, testApp, testEnv } from "./helpers";

const app = testApp();
const db = createAppContext(testEnv).db;
const VERIFY_PATH = "/auth/verify-email";
const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function signUp(client = app) {
  const email = uniqueEmail("verify");
  const response = await postJson(
    client,
    "/api/auth/register",
    { name: "Lina", email, password: "yalla-habibi-1" },
    { "CF-Connecting-IP": `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { email, password: "yalla-habibi-1", token };
}

async function openLink(link: URL, client = app) {
  return postJson(client, "/api/auth/verify-email", { token: link.searchParams.get("token") });
}

async function userRow(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

const authed = (token: string) => ({ Authorization: token });

describe("email verification after sign-up", () => {
  it("confirms the email with the link from the welcome email, once", async () => {
    const member = await signUp();
    expect((await userRow(member.email))!.emailVerifiedAt).toBeNull();
    const status = await app.request("/api/auth/email", { headers: authed(member.token) }, testEnv);
    expect(((await status.json()) as { data: { verified: boolean } }).data.verified).toBe(false);

    const link = await linkFromOutbox(member.email, VERIFY_PATH, "welcome");
    expect(link.origin).toBe("https://ahla.test");
    const first = await openLink(link);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: { email: member.email, purpose: "verify" } });
    expect((await userRow(member.email))!.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await openLink(link);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { errors: string[] }).errors[0]).toMatch(/no longer works/);
  });

  it("stops working after 24 hours", async () => {
    const start = Date.now();
    const member = await signUp(testApp({ now: () => new Date(start) }));
    const link = await linkFromOutbox(member.email, VERIFY_PATH);
    const late = testApp({ now: () => new Date(start + SIGNUP_VERIFICATION_LIFETIME_MS + 1000) });
    const expired = await openLink(link, late);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { errors: string[] }).errors[0]).toMatch(/expired/);
    expect((await userRow(member.email))!.emailVerifiedAt).toBeNull();
    const inTime = testApp({ now: () => new Date(start + SIGNUP_VERIFICATION_LIFETIME_MS - 60_000) });
    expect((await openLink(link, inTime)).status).toBe(200);
  });

  it("stops working once the account's email changed since it was sent", async () => {
    const member = await signUp();
    const signupLink = await linkFromOutbox(member.email, VERIFY_PATH, "welcome");
    const newEmail = uniqueEmail("moved");
    const change = await postJson(
      app,
      "/api/auth/change-email",
      { newEmail, password: member.password },
      authed(member.token),
    );
    expect(change.status).toBe(202);
    expect((await openLink(await linkFromOutbox(newEmail, VERIFY_PATH))).status).toBe(200);

    const stale = await openLink(signupLink);
    expect(stale.status).toBe(400);
    expect((await userRow(newEmail))!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("does not confirm an address the account no longer has, even while still unconfirmed", async () => {
    const member = await signUp();
    const link = await linkFromOutbox(member.email, VERIFY_PATH, "welcome");
    const replaced = uniqueEmail("replaced");
    await db.update(users).set({ email: replaced }).where(eq(users.email, member.email));
    expect((await openLink(link)).status).toBe(400);
    expect((await userRow(replaced))!.emailVerifiedAt).toBeNull();
  });

  it("refuses a forged or tampered token with a clear 400, never a 500", async () => {
    const member = await signUp();
    const token = (await linkFromOutbox(member.email, VERIFY_PATH)).searchParams.get("token")!;
    const [payload, signature] = token.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as { u: number };
    const otherPayload = btoa(JSON.stringify({ ...claims, u: claims.u + 1 }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    for (const bad of [`${otherPayload}.${signature}`, `${payload}.${"A".repeat(43)}`, "x".repeat(40), `${payload}.`]) {
      const response = await postJson(app, "/api/auth/verify-email", { token: bad });
      expect(response.status).toBe(400);
    }
    expect((await userRow(member.email))!.emailVerifiedAt).toBeNull();
  });

  it("resends the link on request, within a per-account limit answered with 429 and Retry-After", async () => {
    const member = await signUp();
    // The sign-up email counted as the first.
    for (let sent = 1; sent < VERIFICATION_MAIL_LIMIT.limit; sent++) {
      const response = await postJson(app, "/api/auth/resend-verification", {}, authed(member.token));
      expect(response.status).toBe(200);
    }
    const limited = await postJson(app, "/api/auth/resend-verification", {}, authed(member.token));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await outboxFor(member.email)).length).toBe(VERIFICATION_MAIL_LIMIT.limit);
    // Any of the links works; the newest is as good as the first.
    expect((await openLink(await linkFromOutbox(member.email, VERIFY_PATH, "verify-email"))).status).toBe(200);
    const done = await postJson(app, "/api/auth/resend-verification", {}, authed(member.token));
    expect(done.status).toBe(400);
  });

  it("keeps no readable copy of the link outside the mail itself", async () => {
    const member = await signUp();
    const token = (await linkFromOutbox(member.email, VERIFY_PATH)).searchParams.get("token")!;
    const tables = await db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%' and name <> 'mail_outbox'`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["users", "rate_limits", "sessions"]));
    for (const { name } of tables) {
      const rows = await db.all<Record<string, unknown>>(sql.raw(`select * from "${name}"`));
      expect(JSON.stringify(rows).includes(token), `table ${name}`).toBe(false);
    }
  });

  it("counts a completed password reset as proof of the mailbox", async () => {
    const user = await createUser();
    await postJson(app, "/api/auth/reset-password", { email: user.email });
    const link = await linkFromOutbox(user.email, "/auth/resetpassword");
    const set = await postJson(app, "/api/auth/set-new-password", {
      email: user.email,
      newPassword: "brand-new-pass",
      resetPasswordToken: link.searchParams.get("token"),
    });
    expect(set.status).toBe(200);
    expect((await userRow(user.email))!.emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe("email change", () => {
  it("keeps the old email until the link sent to the new address is opened, and tells the old address", async () => {
    const member = await signUp();
    await openLink(await linkFromOutbox(member.email, VERIFY_PATH));
    const newEmail = uniqueEmail("new");
    const wrongPassword = await postJson(
      app,
      "/api/auth/change-email",
      { newEmail, password: "not-my-password" },
      authed(member.token),
    );
    expect(wrongPassword.status).toBe(400);
    expect(await outboxFor(newEmail)).toHaveLength(0);

    const change = await postJson(
      app,
      "/api/auth/change-email",
      { newEmail, password: member.password },
      authed(member.token),
    );
    expect(change.status).toBe(202);

    const before = await userRow(member.email);
    expect(before).toMatchObject({ email: member.email, pendingEmail: newEmail });
    expect(before!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await userRow(newEmail)).toBeUndefined();
    expect((await postJson(app, "/api/auth/login", { email: newEmail, password: member.password })).status).toBe(401);
    const me = await app.request("/api/me", { headers: authed(member.token) }, testEnv);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(member.email);
    expect((await outboxFor(member.email)).map((mail) => mail.template)).toContain("email-change-requested");

    const link = await linkFromOutbox(newEmail, VERIFY_PATH, "email-change-confirm");
    const opened = await openLink(link);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ data: { email: newEmail, purpose: "change" } });
    const after = await userRow(newEmail);
    expect(after).toMatchObject({ id: before!.id, pendingEmail: null });
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await loginToken(app, newEmail, member.password)).toBeTruthy();
    expect((await postJson(app, "/api/auth/login", { email: member.email, password: member.password })).status).toBe(
      401,
    );

    expect((await openLink(link)).status).toBe(400);
  });

  it("expires the change link after one hour, leaving the email as it was", async () => {
    const start = Date.now();
    const member = await signUp();
    const newEmail = uniqueEmail("late");
    await postJson(
      testApp({ now: () => new Date(start) }),
      "/api/auth/change-email",
      { newEmail, password: member.password },
      authed(member.token),
    );
    const link = await linkFromOutbox(newEmail, VERIFY_PATH);
    const expired = await openLink(link, testApp({ now: () => new Date(start + EMAIL_CHANGE_LIFETIME_MS + 1000) }));
    expect(expired.status).toBe(410);
    expect(await userRow(member.email)).toBeDefined();
    expect(await userRow(newEmail)).toBeUndefined();
  });

  it("kills older links when a newer change is asked for or the change is cancelled", async () => {
    const member = await signUp();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    for (const newEmail of [first, second]) {
      const response = await postJson(
        app,
        "/api/auth/change-email",
        { newEmail, password: member.password },
        authed(member.token),
      );
      expect(response.status).toBe(202);
    }
    expect((await openLink(await linkFromOutbox(first, VERIFY_PATH))).status).toBe(400);
    expect(await userRow(first)).toBeUndefined();

    const secondLink = await linkFromOutbox(second, VERIFY_PATH);
    await postJson(app, "/api/auth/change-email/cancel", {}, authed(member.token));
    expect((await openLink(secondLink)).status).toBe(400);
    expect((await userRow(member.email))!.pendingEmail).toBeNull();
  });

  it("refuses a new email another account already uses, before and when the link is opened", async () => {
    const member = await signUp();
    const other = await createUser();
    const taken = await postJson(
      app,
      "/api/auth/change-email",
      { newEmail: other.email, password: member.password },
      authed(member.token),
    );
    expect(taken.status).toBe(409);

    const newEmail = uniqueEmail("raced");
    await postJson(app, "/api/auth/change-email", { newEmail, password: member.password }, authed(member.token));
    await createUser({ email: newEmail });
    const opened = await openLink(await linkFromOutbox(newEmail, VERIFY_PATH, "email-change-confirm"));
    expect(opened.status).toBe(409);
    expect((await userRow(member.email))!.id).toBeDefined();
  });
});
