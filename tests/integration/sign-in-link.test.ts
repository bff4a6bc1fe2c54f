import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as emailLinkRoute from "../../app/features/accounts/routes/email-link";
import * as loginRoute from "../../app/features/accounts/routes/login";
import { signInLinks, users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { sha256Hex } from "../../server/lib/crypto";
import {
  INVALID_SIGN_IN_LINK,
  SIGN_IN_LINK_ACCOUNT_LIMIT,
  SIGN_IN_LINK_LIFETIME_MS,
  SIGN_IN_LINK_SOURCE_LIMIT,
  signInWithLink,
} from "../../server/services/sign-in-link";
import { runScheduledJobs } from "../../server/services/scheduled";
import { createUser, linkFromOutbox, loginToken, outboxFor, postJson, testApp, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it
// (`data`, `redirect`, the request handler) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// One-time sign-in links by email (docs/security.md, "Sign-in links"): the request never tells whether an
// account exists, a link signs in once within 15 minutes, and opening it (GET) never signs in.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
/** Each request from its own address, so the per-source limit only counts where a test means it to. */
const freshIp = () => `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

type App = ReturnType<typeof testApp>;

/** The session cookie an answer sets ("token=…", as a browser sends it back), if any; the D1 bookmark aside. */
const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("token="))
    ?.split(";")[0];

function askForLink(app: App, body: unknown, ip = freshIp()) {
  return postJson(app, `${ORIGIN}/api/auth/email-link`, body, { "CF-Connecting-IP": ip });
}

function verify(app: App, token: string) {
  return postJson(app, `${ORIGIN}/api/auth/email-link/verify`, { token }, { "CF-Connecting-IP": freshIp() });
}

async function linkMails(email: string) {
  return (await outboxFor(email)).filter((mail) => mail.template === "sign-in-link");
}

/** Asks for a link for `email` and reads its token from the outbox. */
async function mailedToken(app: App, email: string) {
  const response = await askForLink(app, { email });
  expect(response.status).toBe(202);
  return (await linkFromOutbox(email, "/auth/email-link", "sign-in-link")).searchParams.get("token")!;
}

async function me(token: string, authorization: (token: string) => string = (t) => t) {
  return testApp().request(`${ORIGIN}/api/me`, { headers: { Authorization: authorization(token) } }, testEnv);
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe("asking for a sign-in link", () => {
  it("answers an unknown email exactly as a known one, and mails only the known one", async () => {
    const user = await createUser();
    const unknownEmail = `nobody-${crypto.randomUUID()}@example.com`;
    const app = testApp();

    const known = await askForLink(app, { email: user.email.toUpperCase() });
    const unknown = await askForLink(app, { email: unknownEmail });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ data: { sent: true } });
    expect(await unknown.json()).toEqual({ data: { sent: true } });
    expect(cookieFrom(known.headers)).toBeUndefined();

    expect(await outboxFor(unknownEmail)).toHaveLength(0);
    const [mail, ...more] = await linkMails(user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Your Ahla sign-in link");
    expect(mail!.text).toContain("works once, for 15 minutes");
    expect(mail!.text).toContain("any device");
    expect(mail!.text).toContain("If you did not ask for it, ignore this email");
    const link = await linkFromOutbox(user.email, "/auth/email-link", "sign-in-link");
    expect(link.origin).toBe(testEnv.APP_URL);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(link.searchParams.has("redirect")).toBe(false);
  });

  it("builds the link from APP_URL, never the Host header, and carries only a safe return address", async () => {
    const user = await createUser();
    await postJson(
      testApp(),
      "/api/auth/email-link",
      { email: user.email, redirect: "/settings?tab=email" },
      { Host: "evil.example", "CF-Connecting-IP": freshIp() },
    );
    const link = await linkFromOutbox(user.email, "/auth/email-link", "sign-in-link");
    expect(link.origin).toBe(testEnv.APP_URL);
    expect(link.searchParams.get("redirect")).toBe("/settings?tab=email");

    await askForLink(testApp(), { email: user.email, redirect: "https://evil.example/phish" });
    const second = await linkFromOutbox(user.email, "/auth/email-link", "sign-in-link");
    expect(second.searchParams.get("token")).not.toBe(link.searchParams.get("token"));
    expect(second.searchParams.has("redirect")).toBe(false);
  });

  it("stores only a hash of the token, valid for 15 minutes", async () => {
    const user = await createUser();
    const token = await mailedToken(testApp(), user.email);
    const rows = await ctx.db.select().from(signInLinks).where(eq(signInLinks.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.usedAt).toBeNull();
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(SIGN_IN_LINK_LIFETIME_MS);
  });

  it("sends nothing to a disabled or deleted account, with the same answer", async () => {
    const disabled = await createUser();
    await ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    const deleted = await createUser();
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    for (const email of [disabled.email, deleted.email]) {
      const response = await askForLink(testApp(), { email });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ data: { sent: true } });
      expect(await linkMails(email)).toHaveLength(0);
    }
  });

  it("mails at most 5 links per account per hour, quietly, from any address", async () => {
    const user = await createUser();
    let now = Date.now();
    const at = () => testApp({ now: () => new Date(now) });
    for (let i = 0; i < SIGN_IN_LINK_ACCOUNT_LIMIT.limit + 2; i += 1) {
      const response = await askForLink(at(), { email: user.email });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ data: { sent: true } });
    }
    expect(await linkMails(user.email)).toHaveLength(SIGN_IN_LINK_ACCOUNT_LIMIT.limit);
    // An hour later the account may ask again.
    now += SIGN_IN_LINK_ACCOUNT_LIMIT.windowMs + 1000;
    await askForLink(at(), { email: user.email });
    expect(await linkMails(user.email)).toHaveLength(SIGN_IN_LINK_ACCOUNT_LIMIT.limit + 1);
  });

  it("takes at most 20 requests per source address an hour, whatever the email, quietly", async () => {
    const ip = freshIp();
    const app = testApp();
    for (let i = 0; i < SIGN_IN_LINK_SOURCE_LIMIT.limit; i += 1) {
      expect((await askForLink(app, { email: `ghost-${i}-${crypto.randomUUID()}@example.com` }, ip)).status).toBe(202);
    }
    const user = await createUser();
    const past = await askForLink(app, { email: user.email }, ip);
    expect(past.status).toBe(202);
    expect(await past.json()).toEqual({ data: { sent: true } });
    expect(await linkMails(user.email)).toHaveLength(0);
    // Another address is not held back by this one.
    await askForLink(app, { email: user.email });
    expect(await linkMails(user.email)).toHaveLength(1);
  });

  it("explains a missing or malformed email with 422 and an errors list", async () => {
    const app = testApp();
    const missing = await askForLink(app, {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ errors: ["email: Email is required."] });
    const wrong = await askForLink(app, { email: "not an email" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ errors: ["email: Enter a valid email address."] });
    const notJson = await askForLink(app, "{email:");
    expect(notJson.status).toBe(400);
  });
});

describe("signing in with the link", () => {
  it("signs in once: the token works as an Authorization header, and the link is refused the second time", async () => {
    const user = await createUser();
    expect((await userRow(user.id)).emailVerifiedAt).toBeNull();
    const app = testApp();
    const token = await mailedToken(app, user.email);

    const first = await verify(app, token);
    expect(first.status).toBe(200);
    const session = ((await first.json()) as { data: { token: string } }).data.token;
    expect(cookieFrom(first.headers)).toMatch(/^token=.{20,}/);
    for (const scheme of [(t: string) => t, (t: string) => `Bearer ${t}`]) {
      const response = await me(session, scheme);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { email: string } }).data.email).toBe(user.email);
    }
    // The link proved the mailbox.
    expect((await userRow(user.id)).emailVerifiedAt).toBeInstanceOf(Date);

    const again = await verify(app, token);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ errors: [INVALID_SIGN_IN_LINK] });
  });

  it("keeps an email confirmed earlier as it was", async () => {
    const user = await createUser({ verified: true });
    const before = (await userRow(user.id)).emailVerifiedAt!;
    const token = await mailedToken(testApp(), user.email);
    expect((await verify(testApp(), token)).status).toBe(200);
    expect((await userRow(user.id)).emailVerifiedAt!.getTime()).toBe(before.getTime());
  });

  it("lets only one of two racing requests use the same link", async () => {
    const user = await createUser();
    const token = await mailedToken(testApp(), user.email);
    const answers = await Promise.all([
      signInWithLink(ctx, { token }).then(
        () => "signed in",
        () => "refused",
      ),
      signInWithLink(ctx, { token }).then(
        () => "signed in",
        () => "refused",
      ),
    ]);
    expect(answers.sort()).toEqual(["refused", "signed in"]);
  });

  it("expires 15 minutes after it was sent", async () => {
    const user = await createUser();
    const start = Date.now();
    const at = (ms: number) => testApp({ now: () => new Date(start + ms) });
    const early = await mailedToken(at(0), user.email);
    const late = await mailedToken(at(0), user.email);

    expect((await verify(at(SIGN_IN_LINK_LIFETIME_MS - 1000), early)).status).toBe(200);
    const expired = await verify(at(SIGN_IN_LINK_LIFETIME_MS + 1000), late);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ errors: [INVALID_SIGN_IN_LINK] });
  });

  it("ends the member's other unused links when one is used", async () => {
    const user = await createUser();
    const first = await mailedToken(testApp(), user.email);
    const second = await mailedToken(testApp(), user.email);
    expect((await verify(testApp(), second)).status).toBe(200);
    expect((await verify(testApp(), first)).status).toBe(401);
  });

  it("refuses a link once its account is disabled or deleted, with the same message", async () => {
    for (const change of [{ disabledAt: new Date() }, { deletedAt: new Date() }]) {
      const user = await createUser();
      const token = await mailedToken(testApp(), user.email);
      await ctx.db.update(users).set(change).where(eq(users.id, user.id));
      const response = await verify(testApp(), token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errors: [INVALID_SIGN_IN_LINK] });
      expect(cookieFrom(response.headers)).toBeUndefined();
    }
  });

  it("answers an unknown token with 401 and a malformed one with 422, never a 5xx", async () => {
    const app = testApp();
    const unknown = await verify(app, "A".repeat(43));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ errors: [INVALID_SIGN_IN_LINK] });
    for (const body of [{}, { token: "" }, { token: "short" }, { token: "has spaces in it, 1234567" }, { token: 42 }]) {
      const response = await postJson(app, `${ORIGIN}/api/auth/email-link/verify`, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(((await response.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
    }
  });
});

// ----- The pages: the login form's second button and the link's own page, rendered through the app -----

const pagesAt = (now?: () => Date) =>
  remixPages(
    {
      login: { path: "auth/login", module: loginRoute },
      "email-link": { path: "auth/email-link", module: emailLinkRoute },
    },
    { now },
  );

async function page(
  path: string,
  options: { form?: Record<string, string>; cookie?: string; now?: () => Date; ip?: string } = {},
) {
  const executionCtx = createExecutionContext();
  const headers: Record<string, string> = { Host: "ahla.test", "CF-Connecting-IP": options.ip ?? freshIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  const init: RequestInit = { headers };
  if (options.form) {
    init.method = "POST";
    init.body = new URLSearchParams(options.form).toString();
    Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  }
  const response = await pagesAt(options.now).request(`${ORIGIN}${path}`, init, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, headers: response.headers, body };
}

describe("what ends sign-in links and sessions", () => {
  it("is removed by the cron a day after it expired, used or not", async () => {
    const app = testApp();
    const user = await createUser({ verified: true });
    await mailedToken(app, user.email);
    const rows = () => ctx.db.select().from(signInLinks).where(eq(signInLinks.userId, user.id));
    const [link] = await rows();
    await runScheduledJobs(testEnv, new Date(link!.expiresAt.getTime() + 60 * 60 * 1000));
    expect(await rows()).toHaveLength(1);
    await runScheduledJobs(testEnv, new Date(link!.expiresAt.getTime() + 25 * 60 * 60 * 1000));
    expect(await rows()).toEqual([]);
  });

  it("ends the sessions of an unconfirmed account when its address is first proven by a link", async () => {
    const app = testApp();
    const user = await createUser({ verified: false });
    const before = await loginToken(app, user.email, user.password);
    expect((await me(before)).status).toBe(200);
    const verified = await verify(app, await mailedToken(app, user.email));
    expect(verified.status).toBe(200);
    // Whoever signed in before the address was proven is signed out; the link's own session works.
    expect((await me(before)).status).toBe(401);
    const { token } = ((await verified.json()) as { data: { token: string } }).data;
    expect((await me(token)).status).toBe(200);

    // Once confirmed, a link does not end the member's other sessions.
    const second = await loginToken(app, user.email, user.password);
    expect((await verify(app, await mailedToken(app, user.email))).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });

  it("voids unused links when the password is reset", async () => {
    const app = testApp();
    const user = await createUser({ verified: true });
    const waiting = await mailedToken(app, user.email);
    expect((await postJson(app, `${ORIGIN}/api/auth/reset-password`, { email: user.email })).status).toBeLessThan(300);
    const reset = await linkFromOutbox(user.email, "/auth/resetpassword", "password-reset");
    const set = await postJson(app, `${ORIGIN}/api/auth/set-new-password`, {
      email: user.email,
      newPassword: "a-brand-new-password-1",
      resetPasswordToken: reset.searchParams.get("token")!,
    });
    expect(set.status).toBe(200);
    expect((await verify(app, waiting)).status).toBe(401);
  });
});

describe("the login page's sign-in link", () => {
  it("offers the link beside the password, with one Email field and one Sign in button", async () => {
    const { status, body } = await page("/auth/login");
    expect(status).toBe(200);
    expect(body.match(/<label[^>]*>Email<\/label>/g)).toHaveLength(1);
    expect(body.match(/>Sign in<\/button>/g)).toHaveLength(1);
    expect(body).toMatch(/<button[^>]*name="intent"[^>]*value="email-link"[^>]*>.*Email me a sign-in link<\/button>/s);
    expect(body).toContain("signs you in once, for 15 minutes");
  });

  it("says the same for a known and an unknown address, and mails only the known one", async () => {
    const user = await createUser();
    const unknownEmail = `nobody-${crypto.randomUUID()}@example.com`;
    const known = await page("/auth/login", { form: { intent: "email-link", email: user.email, password: "" } });
    const unknown = await page("/auth/login", { form: { intent: "email-link", email: unknownEmail } });
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(
        "If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.",
      );
      expect(cookieFrom(answer.headers)).toBeUndefined();
    }
    expect(await linkMails(user.email)).toHaveLength(1);
    expect(await outboxFor(unknownEmail)).toHaveLength(0);
  });

  it("carries the page's return address into the link", async () => {
    const user = await createUser();
    await page("/auth/login?redirect=%2Fsettings", {
      form: { intent: "email-link", email: user.email, redirect: "/settings" },
    });
    const link = await linkFromOutbox(user.email, "/auth/email-link", "sign-in-link");
    expect(link.searchParams.get("redirect")).toBe("/settings");
  });

  it("explains a bad address at the field, and still signs in with a password", async () => {
    const invalid = await page("/auth/login", { form: { intent: "email-link", email: "not an email" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain("Enter a valid email address.");
    expect(invalid.body).not.toContain("Password is required.");

    const user = await createUser();
    const signedIn = await page("/auth/login", { form: { email: user.email, password: user.password } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/video-library");
    expect(cookieFrom(signedIn.headers)).toBeDefined();
    expect(await linkMails(user.email)).toHaveLength(0);
  });
});

describe("/auth/email-link", () => {
  it("opening the link (GET) shows a Sign in button and does not sign in; pressing it does, once", async () => {
    const user = await createUser();
    const token = await mailedToken(testApp(), user.email);

    // A mail scanner's prefetch, twice: nothing is used, no cookie is set.
    for (let i = 0; i < 2; i += 1) {
      const opened = await page(`/auth/email-link?token=${token}`);
      expect(opened.status).toBe(200);
      expect(cookieFrom(opened.headers)).toBeUndefined();
      expect(opened.body).toContain(user.email);
      expect(opened.body).toMatch(/<form[^>]*method="post"/);
      expect(opened.body).toContain(`name="token" value="${token}"`);
      expect(opened.body).toMatch(/>Sign in<\/button>/);
    }
    const [row] = await ctx.db.select().from(signInLinks).where(eq(signInLinks.userId, user.id));
    expect(row!.usedAt).toBeNull();

    // Pressing "Sign in" (another device: no cookie of the browser that asked).
    const signedIn = await page("/auth/email-link", { form: { token, redirect: "" } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/video-library");
    const cookie = cookieFrom(signedIn.headers);
    expect(cookie).toBeTruthy();
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith("token="))).toContain("HttpOnly");
    const meResponse = await testApp().request(`${ORIGIN}/api/me`, { headers: { Cookie: cookie! } }, testEnv);
    expect(meResponse.status).toBe(200);

    // Used: opening or pressing it again explains, and points back to the login page.
    const reopened = await page(`/auth/email-link?token=${token}`);
    expect(reopened.status).toBe(401);
    expect(reopened.body).toContain("This sign-in link does not work");
    expect(reopened.body).toContain("was already used");
    expect(reopened.body).toContain('href="/auth/login"');
    expect(reopened.body).not.toMatch(/>Sign in<\/button>/);
    const pressedAgain = await page("/auth/email-link", { form: { token } });
    expect(pressedAgain.status).toBe(401);
    expect(cookieFrom(pressedAgain.headers)).toBeUndefined();
    expect(pressedAgain.body).toContain("This sign-in link does not work");
  });

  it("follows a safe return address and ignores one to another site", async () => {
    const user = await createUser();
    const token = await mailedToken(testApp(), user.email);
    const opened = await page(`/auth/email-link?token=${token}&redirect=${encodeURIComponent("/settings?tab=x")}`);
    expect(opened.body).toContain('name="redirect" value="/settings?tab=x"');
    const signedIn = await page("/auth/email-link", { form: { token, redirect: "/settings?tab=x" } });
    expect(signedIn.headers.get("Location")).toBe("/settings?tab=x");

    const other = await mailedToken(testApp(), user.email);
    const offSite = await page("/auth/email-link", { form: { token: other, redirect: "//evil.example/x" } });
    expect(offSite.status).toBe(302);
    expect(offSite.headers.get("Location")).toBe("/video-library");
  });

  it("replaces a session this browser already had, ending it", async () => {
    const before = await createUser();
    const login = await postJson(testApp(), `${ORIGIN}/api/auth/login`, {
      email: before.email,
      password: before.password,
    });
    const oldToken = ((await login.json()) as { data: { token: string } }).data.token;
    const user = await createUser();
    const token = await mailedToken(testApp(), user.email);
    const signedIn = await page("/auth/email-link", { form: { token }, cookie: `token=${oldToken}` });
    expect(signedIn.status).toBe(302);
    expect((await me(oldToken)).status).toBe(401);
    const fresh = cookieFrom(signedIn.headers)!.slice("token=".length);
    expect(((await (await me(fresh)).json()) as { data: { email: string } }).data.email).toBe(user.email);
  });

  it("shows an expired link as not working, with the way back to ask for a new one", async () => {
    const user = await createUser();
    const start = Date.now();
    const token = await mailedToken(testApp({ now: () => new Date(start) }), user.email);
    const late = () => new Date(start + SIGN_IN_LINK_LIFETIME_MS + 1000);
    const opened = await page(`/auth/email-link?token=${token}`, { now: late });
    expect(opened.status).toBe(401);
    expect(opened.body).toContain("has expired");
    expect(opened.body).toContain("Email me a sign-in link");
    const pressed = await page("/auth/email-link", { form: { token }, now: late });
    expect(pressed.status).toBe(401);
    expect(cookieFrom(pressed.headers)).toBeUndefined();
  });

  it("explains a missing or damaged link instead of failing", async () => {
    for (const path of ["/auth/email-link", "/auth/email-link?token=", "/auth/email-link?token=%00%3Cscript%3E"]) {
      const opened = await page(path);
      expect(opened.status, path).toBe(400);
      expect(opened.body).toContain("This sign-in link is incomplete.");
      expect(opened.body).toContain('href="/auth/login"');
    }
    const pressed = await page("/auth/email-link", { form: { token: "x".repeat(5000) } });
    expect(pressed.status).toBe(400);
    expect(pressed.body).toContain("This sign-in link is incomplete.");
  });
});
