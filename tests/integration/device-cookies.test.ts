import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import * as loginRoute from "../../app/features/accounts/routes/login";
import * as settingsRoute from "../../app/features/accounts/routes/settings";
import { DEVICE_COOKIE_LIFETIME_MS, signDeviceCookie, verifyDeviceCookie } from "../../server/lib/device-cookie";
import { LOGIN_ACCOUNT_DELAY, LOGIN_DEVICE_LIMIT } from "../../server/services/rate-limit";
import { createUser, linkFromOutbox, postJson, testApp, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports (as in sign-in-link.test.ts).
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// Device cookies (ADR 030, docs/security.md): a browser that signed in to an account before is not slowed by
// the account-wide login delay someone else's guesses earned; without a valid cookie for that very account,
// the delays of ADR 015 apply as before. The cookie never signs anyone in.

const ORIGIN = "https://ahla.test";
const SECRET = testEnv.JWT_SECRET!;
const TOO_MANY = /^Too many sign-in attempts\. Please wait/;
/** Every attempt from its own address, as an attacker spreading guesses would. */
const freshIp = () => `198.21.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

type User = Awaited<ReturnType<typeof createUser>>;

/** One clock for a test: the apps it makes all read it, and the test moves it. */
function clock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => (now += ms),
    app: () => testApp({ now: () => new Date(now) }),
    pages: () =>
      remixPages(
        {
          login: { path: "auth/login", module: loginRoute },
          settings: { path: "settings", module: settingsRoute },
        },
        { now: () => new Date(now) },
      ),
  };
}
type Clock = ReturnType<typeof clock>;

/** The value of the cookie `name` an answer sets, if any. */
function setCookie(response: { headers: Headers }, name: string) {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line ? { line, value: line.slice(name.length + 1).split(";")[0]! } : undefined;
}

function signIn(
  app: ReturnType<typeof testApp>,
  user: { email: string },
  password: string,
  device?: string,
  url = `${ORIGIN}/api/auth/login`,
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": freshIp() };
  if (device) headers.Cookie = `device=${device}`;
  return postJson(app, url, { email: user.email, password }, headers);
}

/** Signs in with the right password and answers this browser's device cookie. */
async function knownBrowser(at: Clock, user: User) {
  const response = await signIn(at.app(), user, user.password);
  expect(response.status).toBe(200);
  return setCookie(response, "device")!.value;
}

/** Someone guessing from many addresses until the account-wide delay is on: a browser without a cookie waits. */
async function attackFromEverywhere(at: Clock, user: User, failures = LOGIN_ACCOUNT_DELAY.freeFailures) {
  for (let failure = 0; failure < failures; failure++) {
    expect((await signIn(at.app(), user, `guess-${failure}`)).status).toBe(401);
  }
}

async function expectDelayed(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(TOO_MANY);
}

async function page(
  at: Clock,
  path: string,
  options: { form?: Record<string, string>; cookie?: string; method?: string } = {},
) {
  const executionCtx = createExecutionContext();
  const headers: Record<string, string> = { Host: "ahla.test", "CF-Connecting-IP": freshIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  const init: RequestInit = { headers };
  if (options.form) {
    init.method = "POST";
    init.body = new URLSearchParams(options.form).toString();
    Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  }
  const response = await at.pages().request(`${ORIGIN}${path}`, init, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, headers: response.headers, body };
}

describe("the device cookie", () => {
  it("is given to a browser that signs in: signed, bound to the account, HttpOnly, SameSite=Lax, Secure, a year long", async () => {
    const user = await createUser();
    const response = await signIn(testApp(), user, user.password);
    expect(response.status).toBe(200);
    // The session cookie comes first, as before; the device cookie is a second Set-Cookie.
    expect(response.headers.getSetCookie()[0]).toMatch(/^token=/);
    const device = setCookie(response, "device")!;
    expect(device.line).toContain("Path=/");
    expect(device.line).toContain("HttpOnly");
    expect(device.line).toContain("SameSite=Lax");
    expect(device.line).toContain("Secure");
    expect(device.line).toContain(`Max-Age=${DEVICE_COOKIE_LIFETIME_MS / 1000}`);
    const claim = await verifyDeviceCookie(SECRET, device.value, new Date());
    expect(claim).toMatchObject({ userId: user.id, generation: 0 });

    // A new nonce at every sign-in, and no Secure on plain-http localhost.
    const again = await signIn(testApp(), user, user.password, undefined, "http://localhost:8787/api/auth/login");
    const local = setCookie(again, "device")!;
    expect(local.line).not.toContain("Secure");
    expect(local.value).not.toBe(device.value);
  });

  it("is not given for a failed attempt", async () => {
    const user = await createUser();
    const response = await signIn(testApp(), user, "not-the-password");
    expect(response.status).toBe(401);
    expect(setCookie(response, "device")).toBeUndefined();
  });

  it("never signs anyone in by itself", async () => {
    const at = clock();
    const user = await createUser();
    const device = await knownBrowser(at, user);
    const me = await at.app().request(`${ORIGIN}/api/me`, { headers: { Cookie: `device=${device}` } }, testEnv);
    expect(me.status).toBe(401);
    const settings = await page(at, "/settings", { cookie: `device=${device}` });
    expect(settings.status).toBe(302);
    expect(settings.headers.get("Location")).toMatch(/^\/auth\/login\?redirect=/);
    // With it, a wrong password is still wrong, and no session cookie is set.
    const wrong = await signIn(at.app(), user, "not-the-password", device);
    expect(wrong.status).toBe(401);
    expect(setCookie(wrong, "token")).toBeUndefined();
  });
});

describe("someone guessing from everywhere cannot keep the member out", () => {
  it("after 30 wrong passwords from 30 addresses, the owner's browser signs in at once; a browser without the cookie waits", async () => {
    const at = clock();
    const user = await createUser();
    const device = await knownBrowser(at, user);
    at.advance(60_000);

    // One guess every 30 s from a new address each time: every one is counted (401), none is turned away.
    for (let guess = 0; guess < 30; guess++) {
      expect((await signIn(at.app(), user, `guess-${guess}`)).status).toBe(401);
      if (guess < 29) at.advance(30_000);
    }

    // Right now, the account-wide delay is on: the right password without the cookie waits.
    const stranger = await signIn(at.app(), user, user.password);
    await expectDelayed(stranger);
    expect(Number(stranger.headers.get("Retry-After"))).toBe(30);

    // The owner's browser is counted on its own: no delay answer, signed in at once.
    const owner = await signIn(at.app(), user, user.password, device);
    expect(owner.status).toBe(200);
    expect(setCookie(owner, "token")).toBeDefined();
    const renewed = setCookie(owner, "device")!.value;
    expect(renewed).not.toBe(device);
    // A typo from the owner's browser is just a typo, and the renewed cookie works the same.
    expect((await signIn(at.app(), user, "a-typo", renewed)).status).toBe(401);
    expect((await signIn(at.app(), user, user.password, renewed)).status).toBe(200);
    // Still no way in without a cookie.
    await expectDelayed(await signIn(at.app(), user, user.password));
  });

  it("lets the owner in through the login page as well, while the page still slows a browser without the cookie", async () => {
    const at = clock();
    const user = await createUser();
    const signedIn = await page(at, "/auth/login", { form: { email: user.email, password: user.password } });
    expect(signedIn.status).toBe(302);
    const device = setCookie(signedIn, "device")!;
    expect(device.line).toContain("HttpOnly");
    expect(setCookie(signedIn, "token")).toBeDefined();
    await attackFromEverywhere(at, user);

    const form = { email: user.email, password: user.password };
    const stranger = await page(at, "/auth/login", { form });
    expect(stranger.status).toBe(429);
    expect(stranger.body).toContain("Too many sign-in attempts. Please wait 30 seconds");

    const owner = await page(at, "/auth/login", { form, cookie: `device=${device.value}` });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/video-library");
    expect(setCookie(owner, "token")).toBeDefined();
  });

  it("gives no exemption to a forged, tampered, expired or another account's cookie", async () => {
    const at = clock();
    const user = await createUser();
    const other = await createUser();
    const genuine = await knownBrowser(at, user);
    const othersCookie = await knownBrowser(at, other);
    await attackFromEverywhere(at, user);

    const [, , generation, issuedAt, nonce, sig] = genuine.split(".");
    const impostors = {
      "signed with another secret": await signDeviceCookie("another-secret-another-secret-0123", {
        userId: user.id,
        generation: 0,
        issuedAt: at.now(),
      }),
      "another account's id written in": `v1.${other.id}.${generation}.${issuedAt}.${nonce}.${sig}`,
      "its signature edited": `${genuine.slice(0, genuine.lastIndexOf(".") + 1)}${sig!.startsWith("A") ? "B" : "A"}${sig!.slice(1)}`,
      "another account's genuine cookie": othersCookie,
      "older than a year": await signDeviceCookie(SECRET, {
        userId: user.id,
        generation: 0,
        issuedAt: new Date(at.now().getTime() - DEVICE_COOKIE_LIFETIME_MS - 1000),
      }),
      "not a cookie of ours": "x".repeat(5000),
    };
    for (const [name, device] of Object.entries(impostors)) {
      const response = await signIn(at.app(), user, user.password, device);
      expect(response.status, name).toBe(429);
    }
    // The genuine one still works, so the refusals above were the cookies' doing.
    expect((await signIn(at.app(), user, user.password, genuine)).status).toBe(200);
  });

  it(`stops exempting a cookie after ${LOGIN_DEVICE_LIMIT.limit} failures; an hour later it counts again`, async () => {
    const at = clock();
    const user = await createUser();
    const device = await knownBrowser(at, user);
    await attackFromEverywhere(at, user);
    for (let failure = 0; failure < LOGIN_DEVICE_LIMIT.limit; failure++) {
      // Counted on the cookie, never answered with the account-wide delay.
      expect((await signIn(at.app(), user, `wrong-${failure}`, device)).status).toBe(401);
    }
    // Now it is a browser like any other: the account-wide delay applies.
    await expectDelayed(await signIn(at.app(), user, user.password, device));

    at.advance(LOGIN_DEVICE_LIMIT.windowMs);
    await attackFromEverywhere(at, user);
    await expectDelayed(await signIn(at.app(), user, user.password));
    expect((await signIn(at.app(), user, user.password, device)).status).toBe(200);
  });

  it("starts a cookie's count again after a success", async () => {
    const at = clock();
    const user = await createUser();
    const device = await knownBrowser(at, user);
    await attackFromEverywhere(at, user);
    for (let failure = 0; failure < LOGIN_DEVICE_LIMIT.limit - 1; failure++) {
      expect((await signIn(at.app(), user, `wrong-${failure}`, device)).status).toBe(401);
    }
    expect((await signIn(at.app(), user, user.password, device)).status).toBe(200);
    for (let failure = 0; failure < LOGIN_DEVICE_LIMIT.limit - 1; failure++) {
      expect((await signIn(at.app(), user, `wrong-again-${failure}`, device)).status).toBe(401);
    }
    expect((await signIn(at.app(), user, user.password, device)).status).toBe(200);
  });
});

describe("device cookies end with the account's sessions", () => {
  /** A known browser, then whatever `revoke` does, then an attack: does the old cookie still get through? */
  async function afterRevocation(revoke: (at: Clock, user: User, session: string) => Promise<void>) {
    const at = clock();
    const user = await createUser();
    const response = await signIn(at.app(), user, user.password);
    const device = setCookie(response, "device")!.value;
    const session = ((await response.json()) as { data: { token: string } }).data.token;
    await revoke(at, user, session);
    await attackFromEverywhere(at, user);
    return { at, user, device, signIn: (password: string) => signIn(at.app(), user, password, device) };
  }

  it("when the member signs out everywhere", async () => {
    const { signIn: withOldCookie, user } = await afterRevocation(async (at, _user, session) => {
      const out = await page(at, "/settings", { cookie: `token=${session}`, form: { intent: "sign-out-everywhere" } });
      expect(out.status).toBe(302);
    });
    await expectDelayed(await withOldCookie(user.password));
  });

  it("when the member changes their password; the browser that changed it gets a new one that works", async () => {
    let fresh = "";
    const newPassword = "a-new-password-for-devices";
    const {
      signIn: withOldCookie,
      at,
      user,
    } = await afterRevocation(async (at, user, session) => {
      const changed = await page(at, "/settings", {
        cookie: `token=${session}`,
        form: { intent: "change-password", currentPassword: user.password, newPassword, confirmPassword: newPassword },
      });
      expect(changed.status).toBe(302);
      fresh = setCookie(changed, "device")!.value;
    });
    await expectDelayed(await withOldCookie(newPassword));
    expect((await signIn(at.app(), user, newPassword, fresh)).status).toBe(200);
  });

  it("when the password is reset through the emailed link", async () => {
    const newPassword = "a-reset-password-for-devices";
    const { signIn: withOldCookie } = await afterRevocation(async (at, user) => {
      const app = at.app();
      await postJson(
        app,
        `${ORIGIN}/api/auth/reset-password`,
        { email: user.email },
        { "CF-Connecting-IP": freshIp() },
      );
      const link = await linkFromOutbox(user.email, "/auth/resetpassword", "password-reset");
      const reset = await postJson(app, `${ORIGIN}/api/auth/set-new-password`, {
        email: user.email,
        newPassword,
        resetPasswordToken: link.searchParams.get("token"),
      });
      expect(reset.status).toBe(200);
    });
    await expectDelayed(await withOldCookie(newPassword));
  });

  it("when an administrator disables the account (and re-enabling does not bring it back), or ends its sessions", async () => {
    const admin = await createUser({ permissions: [ADMIN_PERMISSION] });
    const asAdmin = async (at: Clock, method: string, path: string) => {
      const adminSession = await signIn(at.app(), admin, admin.password);
      const token = ((await adminSession.json()) as { data: { token: string } }).data.token;
      const response = await at
        .app()
        .request(
          `${ORIGIN}/api/admin/users${path}`,
          { method, headers: { Authorization: token, Origin: ORIGIN } },
          testEnv,
        );
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
    };

    const disabled = await afterRevocation(async (at, user) => {
      await asAdmin(at, "POST", `/${user.id}/disable`);
      await asAdmin(at, "POST", `/${user.id}/enable`);
    });
    await expectDelayed(await disabled.signIn(disabled.user.password));

    const ended = await afterRevocation(async (at, user) => {
      await asAdmin(at, "DELETE", `/${user.id}/sessions`);
    });
    await expectDelayed(await ended.signIn(ended.user.password));
  });

  it("when a sign-in link first proves an unconfirmed address; the link's browser gets a new one that works", async () => {
    let fresh = "";
    const {
      signIn: withOldCookie,
      at,
      user,
    } = await afterRevocation(async (at, user) => {
      await postJson(
        at.app(),
        `${ORIGIN}/api/auth/email-link`,
        { email: user.email },
        { "CF-Connecting-IP": freshIp() },
      );
      const link = await linkFromOutbox(user.email, "/auth/email-link", "sign-in-link");
      const verified = await postJson(
        at.app(),
        `${ORIGIN}/api/auth/email-link/verify`,
        { token: link.searchParams.get("token") },
        { "CF-Connecting-IP": freshIp() },
      );
      expect(verified.status).toBe(200);
      fresh = setCookie(verified, "device")!.value;
    });
    await expectDelayed(await withOldCookie(user.password));
    expect((await signIn(at.app(), user, user.password, fresh)).status).toBe(200);
  });

  it("but not when the member signs out of this browser only", async () => {
    const { signIn: withCookie, user } = await afterRevocation(async (at, _user, session) => {
      const out = await postJson(at.app(), `${ORIGIN}/api/auth/logout`, {}, { Authorization: session, Origin: ORIGIN });
      expect(out.status).toBe(200);
    });
    expect((await withCookie(user.password)).status).toBe(200);
  });
});

describe("the other ways in", () => {
  it("a sign-in link gives the browser a device cookie that counts", async () => {
    const at = clock();
    const user = await createUser({ verified: true });
    await postJson(at.app(), `${ORIGIN}/api/auth/email-link`, { email: user.email }, { "CF-Connecting-IP": freshIp() });
    const link = await linkFromOutbox(user.email, "/auth/email-link", "sign-in-link");
    const verified = await postJson(
      at.app(),
      `${ORIGIN}/api/auth/email-link/verify`,
      { token: link.searchParams.get("token") },
      { "CF-Connecting-IP": freshIp() },
    );
    expect(verified.status).toBe(200);
    const device = setCookie(verified, "device")!;
    expect(device.line).toContain("HttpOnly");
    await attackFromEverywhere(at, user);
    expect((await signIn(at.app(), user, user.password, device.value)).status).toBe(200);
  });

  it("signing up gives the new member's browser one too", async () => {
    const at = clock();
    const email = `device-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "a-signup-password-1";
    const registered = await postJson(
      at.app(),
      `${ORIGIN}/api/auth/register`,
      { name: "Rana", email, password },
      { "CF-Connecting-IP": freshIp() },
    );
    expect(registered.status).toBe(201);
    const device = setCookie(registered, "device")!.value;
    const user = { email, password } as User;
    await attackFromEverywhere(at, user);
    await expectDelayed(await signIn(at.app(), user, password));
    expect((await signIn(at.app(), user, password, device)).status).toBe(200);
  });
});
