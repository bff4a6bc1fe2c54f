import jwt from "@tsndr/cloudflare-worker-jwt";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { passwordResetTokens, sessions, users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { PASSWORD_ITERATIONS } from "../../server/lib/password";
import {
  delayAfter,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ACCOUNT_SOURCE_DELAY,
  LOGIN_SOURCE_DELAY,
  RESET_SOURCE_LIMIT,
  SIGNUP_SOURCE_LIMIT,
  SIGNUP_TAKEN_SOURCE_LIMIT,
} from "../../server/services/rate-limit";
import { createUser, linkFromOutbox, loginToken, outboxFor, postJson, testApp, testEnv } from "./helpers";

const app = testApp();
const secret = testEnv.JWT_SECRET!;

async function me(token: string, scheme: "raw" | "bearer" | "cookie" = "raw") {
  const headers: Record<string, string> =
    scheme === "cookie"
      ? { Cookie: `token=${token}` }
      : { Authorization: scheme === "bearer" ? `Bearer ${token}` : token };
  return app.request("/api/me", { headers }, testEnv);
}

describe("POST /api/auth/login", () => {
  it("answers a three-part HS256 token carrying sub, session id, exp and permissions, and sets the cookie", async () => {
    const user = await createUser({ permissions: ["admin"] });
    const response = await postJson(app, "https://ahla.test/api/auth/login", {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { token: string } };
    const parts = body.data.token.split(".");
    expect(parts).toHaveLength(3);
    const decoded = jwt.decode<{ sid: string; permissions: string[] }>(body.data.token);
    expect(decoded.header.alg).toBe("HS256");
    expect(decoded.payload.sub).toBe(String(user.id));
    expect(decoded.payload.sid).toMatch(/.{16,}/);
    expect(decoded.payload.permissions).toEqual(["admin"]);
    expect(decoded.payload.exp).toBeGreaterThan(Date.now() / 1000);
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^token=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
  });

  it("leaves Secure off the cookie on plain-http localhost", async () => {
    const user = await createUser();
    const response = await postJson(app, "http://localhost:8787/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(response.headers.get("Set-Cookie")).not.toContain("Secure");
  });

  it("refuses a wrong password with 401 and an errors list", async () => {
    const user = await createUser();
    const response = await postJson(app, "/api/auth/login", { email: user.email, password: "wrong password" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: ["The email or password is incorrect."] });
  });

  it("gives the same answer for an unknown email", async () => {
    const response = await postJson(app, "/api/auth/login", { email: "nobody@example.com", password: "whatever1" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: ["The email or password is incorrect."] });
  });

  it("answers 400 for malformed JSON and for a non-object body", async () => {
    const malformed = await postJson(app, "/api/auth/login", "{email:");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: ["The request body must be valid JSON."] });
    const array = await postJson(app, "/api/auth/login", "[1,2]");
    expect(array.status).toBe(400);
  });

  it("answers 422 with field messages for wrong types and missing fields", async () => {
    const response = await postJson(app, "/api/auth/login", { email: 42, password: ["x"] });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: string[] };
    expect(body.errors.some((e) => e.startsWith("email:"))).toBe(true);
    expect(body.errors.some((e) => e.startsWith("password:"))).toBe(true);
  });

  it("refuses oversize fields and bodies", async () => {
    const longPassword = await postJson(app, "/api/auth/login", { email: "a@b.co", password: "x".repeat(129) });
    expect(longPassword.status).toBe(422);
    const huge = await postJson(app, "/api/auth/login", { email: "a@b.co", password: "x", pad: "y".repeat(70_000) });
    expect(huge.status).toBe(413);
  });
});

/** A fresh address per test, so counters of one test never meet another's. */
const freshIp = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function attempt(
  client: ReturnType<typeof testApp>,
  email: string,
  password: string,
  ip: string,
): Promise<Response> {
  return postJson(client, "/api/auth/login", { email, password }, { "CF-Connecting-IP": ip });
}

describe("login enumeration", () => {
  it("answers an unknown email and a wrong password alike, and runs a full-strength PBKDF2 for both", async () => {
    const user = await createUser({ iterations: PASSWORD_ITERATIONS });
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const iterationsOfLastCall = () => {
      const algorithm = derive.mock.calls.at(-1)?.[0] as Pbkdf2Params | undefined;
      return algorithm?.iterations;
    };
    try {
      const unknown = await attempt(app, `nobody-${crypto.randomUUID()}@example.com`, "whatever-1", freshIp());
      expect(derive).toHaveBeenCalledTimes(1);
      expect(iterationsOfLastCall()).toBe(PASSWORD_ITERATIONS);
      const wrong = await attempt(app, user.email, "whatever-1", freshIp());
      expect(derive).toHaveBeenCalledTimes(2);
      expect(iterationsOfLastCall()).toBe(PASSWORD_ITERATIONS);
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(unknown.status);
      expect(await wrong.text()).toBe(await unknown.text());
    } finally {
      derive.mockRestore();
    }
  });

  it("also runs the full PBKDF2 for an account that has no password (Google only)", async () => {
    const ctx = createAppContext(testEnv);
    const email = `google-only-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await ctx.db.insert(users).values({ email, name: "G", googleSubject: `sub-${email}`, emailVerifiedAt: new Date() });
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      const response = await attempt(app, email, "whatever-1", freshIp());
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errors: ["The email or password is incorrect."] });
      expect((derive.mock.calls[0]?.[0] as Pbkdf2Params).iterations).toBe(PASSWORD_ITERATIONS);
    } finally {
      derive.mockRestore();
    }
  });
});

describe("login rate limits: progressive delays, never a lock-out", () => {
  it("makes that email from that address wait after 5 failures (429 + Retry-After), while another address still gets in", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let failure = 1; failure < LOGIN_ACCOUNT_SOURCE_DELAY.freeFailures; failure++) {
      expect((await attempt(app, user.email, "nope-nope", ip)).status).toBe(401);
    }
    expect((await attempt(app, user.email, "nope-nope", ip)).status).toBe(401);

    const blocked = await attempt(app, user.email, user.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await blocked.json()) as { errors: string[] }).errors[0]).toMatch(
      /Too many sign-in attempts\. Please wait/,
    );

    expect((await attempt(app, user.email, user.password, freshIp())).status).toBe(200);
  });

  it("doubles the wait with each failure up to 15 minutes, lets the right password in once it is over, which clears the counter", async () => {
    const user = await createUser();
    const ip = freshIp();
    let now = Date.now();
    const at = () => testApp({ now: () => new Date(now) });
    const rule = LOGIN_ACCOUNT_SOURCE_DELAY;
    const waits: number[] = [];
    for (let failure = 1; failure <= rule.freeFailures + 12; failure++) {
      expect((await attempt(at(), user.email, "nope-nope", ip)).status).toBe(401);
      if (failure < rule.freeFailures) continue;
      const blocked = await attempt(at(), user.email, user.password, ip);
      expect(blocked.status).toBe(429);
      const wait = Number(blocked.headers.get("Retry-After"));
      waits.push(wait);
      expect(wait * 1000).toBe(delayAfter(rule, failure));
      now += wait * 1000;
    }
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(15 * 60);

    expect((await attempt(at(), user.email, user.password, ip)).status).toBe(200);
    // The success cleared the counter: the next typo costs nothing again.
    expect((await attempt(at(), user.email, "nope-nope", ip)).status).toBe(401);
    expect((await attempt(at(), user.email, user.password, ip)).status).toBe(200);
  });

  it("forgets an address's failures on an account a day after the last one", async () => {
    const user = await createUser();
    const ip = freshIp();
    let now = Date.now();
    const at = () => testApp({ now: () => new Date(now) });
    for (let failure = 0; failure < LOGIN_ACCOUNT_SOURCE_DELAY.freeFailures; failure++) {
      await attempt(at(), user.email, "nope-nope", ip);
      now += 60_000;
    }
    now += LOGIN_ACCOUNT_SOURCE_DELAY.forgetAfterMs;
    // Counted from one again: a single typo is free.
    expect((await attempt(at(), user.email, "nope-nope", ip)).status).toBe(401);
    expect((await attempt(at(), user.email, user.password, ip)).status).toBe(200);
  });

  it("slows one address that fails across many accounts, without touching other addresses", async () => {
    const ip = freshIp();
    for (let failure = 0; failure < LOGIN_SOURCE_DELAY.freeFailures; failure++) {
      await attempt(app, `spray${failure}-${ip}@example.com`, "guess-guess", ip);
    }
    const user = await createUser();
    const blocked = await attempt(app, user.email, user.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect((await attempt(app, user.email, user.password, freshIp())).status).toBe(200);
  }, 60_000);

  it("slows an account attacked from many addresses to one attempt per 30 seconds, never longer", async () => {
    const user = await createUser();
    let now = Date.now();
    const at = () => testApp({ now: () => new Date(now) });
    for (let failure = 0; failure < LOGIN_ACCOUNT_DELAY.freeFailures; failure++) {
      expect((await attempt(at(), user.email, "nope-nope", freshIp())).status).toBe(401);
    }
    const blocked = await attempt(at(), user.email, user.password, freshIp());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBe(30);
    now += 30_000;
    expect((await attempt(at(), user.email, "nope-nope", freshIp())).status).toBe(401);
    // Still 30 s after more failures: the account-wide wait does not grow.
    expect(Number((await attempt(at(), user.email, user.password, freshIp())).headers.get("Retry-After"))).toBe(30);
    now += 30_000;
    expect((await attempt(at(), user.email, user.password, freshIp())).status).toBe(200);
  });
});

describe("POST /api/auth/register", () => {
  it("creates the account, answers a token and sends a welcome email", async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postJson(app, "/api/auth/register", {
      name: "Nour",
      email,
      password: "yalla-habibi-1",
      plan: "annual",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { token: string } };
    expect(body.data.token.split(".")).toHaveLength(3);
    expect((await me(body.data.token)).status).toBe(200);
    const mail = await outboxFor(email);
    expect(mail.map((m) => m.template)).toEqual(["welcome"]);
    // The welcome email carries the link that confirms the address.
    expect((await linkFromOutbox(email, "/auth/verify-email")).searchParams.get("token")).toBeTruthy();
  });

  it("refuses a duplicate email with 409, short passwords and missing names with 422", async () => {
    const user = await createUser();
    const duplicate = await postJson(app, "/api/auth/register", {
      name: "X",
      email: user.email,
      password: "long-enough-1",
    });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { errors: string[] }).errors[0]).toMatch(
      /Sign in instead, or reset your password/,
    );
    const short = await postJson(app, "/api/auth/register", {
      name: "X",
      email: "short@example.com",
      password: "short",
    });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { errors: string[] }).errors).toContain("password: Use at least 8 characters.");
    const noName = await postJson(app, "/api/auth/register", {
      email: "noname@example.com",
      password: "long-enough-1",
    });
    expect(noName.status).toBe(422);
  });

  it("stops telling taken emails apart to one address after 10 such answers: every sign-up from it waits (429 + Retry-After)", async () => {
    const ip = { "CF-Connecting-IP": freshIp() };
    const taken = await createUser();
    const register = (email: string, headers = ip) =>
      postJson(app, "/api/auth/register", { name: "Probe", email, password: "long-enough-1" }, headers);
    for (let i = 0; i < SIGNUP_TAKEN_SOURCE_LIMIT.limit; i++) {
      expect((await register(taken.email)).status).toBe(409);
    }
    for (const email of [taken.email, `fresh-${crypto.randomUUID()}@example.com`]) {
      const blocked = await register(email);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = (await blocked.json()) as { errors: string[] };
      expect(body.errors[0]).toMatch(/Too many sign-ups/);
    }
    expect(
      (await register(`elsewhere-${crypto.randomUUID()}@example.com`, { "CF-Connecting-IP": freshIp() })).status,
    ).toBe(201);
  });

  it("limits sign-ups per address, then answers 429 with Retry-After", async () => {
    const ip = { "CF-Connecting-IP": freshIp() };
    const register = (email: string, headers = ip) =>
      postJson(app, "/api/auth/register", { name: "Class", email, password: "long-enough-1" }, headers);
    for (let i = 0; i < SIGNUP_SOURCE_LIMIT.limit; i++) {
      expect((await register(`class-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`)).status).toBe(201);
    }
    const blocked = await register(`one-too-many-${crypto.randomUUID()}@example.com`);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  }, 60_000);
});

describe("GET /api/me and token checks", () => {
  it("accepts the token raw, as Bearer and as the cookie", async () => {
    const user = await createUser({ name: "Samir" });
    const token = await loginToken(app, user.email, user.password);
    for (const scheme of ["raw", "bearer", "cookie"] as const) {
      const response = await me(token, scheme);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        data: { email: string; name: string; permissions: string[]; subscription: null };
      };
      expect(body.data).toMatchObject({ email: user.email, name: "Samir", permissions: [], subscription: null });
    }
  });

  it("answers 401 without a token", async () => {
    const response = await app.request("/api/me", {}, testEnv);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: ["Please sign in to continue."] });
  });

  it("refuses a token signed with another secret", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    const { payload } = jwt.decode(token);
    const forged = await jwt.sign(payload, "some-other-secret-some-other-secret", { algorithm: "HS256" });
    expect((await me(forged)).status).toBe(401);
  });

  it("refuses alg none and other algorithms even with a valid-looking payload", async () => {
    const user = await createUser({ permissions: ["admin"] });
    const token = await loginToken(app, user.email, user.password);
    const [, payload] = token.split(".");
    const noneHeader = btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "");
    expect((await me(`${noneHeader}.${payload}.`)).status).toBe(401);
    const hs512 = await jwt.sign(jwt.decode(token).payload, secret, { algorithm: "HS512" });
    expect((await me(hs512)).status).toBe(401);
  });

  it("refuses an expired token and a token without exp", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    const { payload } = jwt.decode<{ sid: string; permissions: string[] }>(token);
    const expired = await jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, secret);
    expect((await me(expired)).status).toBe(401);
    const { exp: _exp, ...withoutExp } = payload;
    const noExp = await jwt.sign(withoutExp, secret);
    expect((await me(noExp)).status).toBe(401);
  });

  it("refuses a token whose session was logged out, and garbage tokens", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    const logout = await app.request(
      "/api/auth/logout",
      { method: "POST", headers: { Authorization: token } },
      testEnv,
    );
    expect(logout.status).toBe(200);
    expect(logout.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect((await me(token)).status).toBe(401);
    expect((await me("not.a.token")).status).toBe(401);
    expect((await me("abc")).status).toBe(401);
  });

  it("refuses the token of a disabled account", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    await createAppContext(testEnv).db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(token)).status).toBe(401);
  });
});

describe("password reset", () => {
  function linkFrom(text: string) {
    const match = /(https?:\/\/\S+\/auth\/resetpassword\?\S+)/.exec(text);
    return new URL(match![1]!);
  }

  it("gives the same answer whether or not the email exists", async () => {
    const user = await createUser();
    const known = await postJson(app, "/api/auth/reset-password", { email: user.email });
    const unknown = await postJson(app, "/api/auth/reset-password", { email: "ghost@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await outboxFor("ghost@example.com")).toHaveLength(0);
  });

  it("emails a link built from APP_URL (never the Host header) that works once and ends every session", async () => {
    const user = await createUser();
    const oldToken = await loginToken(app, user.email, user.password);
    await postJson(app, "/api/auth/reset-password", { email: user.email }, { Host: "evil.example" });
    const [mail] = await outboxFor(user.email);
    const link = linkFrom(mail!.text);
    expect(link.origin).toBe("https://ahla.test");
    const resetToken = link.searchParams.get("token")!;
    expect(resetToken.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url

    const set = await postJson(app, "/api/auth/set-new-password", {
      email: user.email,
      newPassword: "brand-new-pass",
      resetPasswordToken: resetToken,
    });
    expect(set.status).toBe(200);
    expect((await me(oldToken)).status).toBe(401);
    expect((await postJson(app, "/api/auth/login", { email: user.email, password: "brand-new-pass" })).status).toBe(
      200,
    );

    const reuse = await postJson(app, "/api/auth/set-new-password", {
      email: user.email,
      newPassword: "another-pass-1",
      resetPasswordToken: resetToken,
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ errors: ["This reset link is invalid or has expired. Ask for a new one."] });
  });

  it("stores only a hash of the reset token", async () => {
    const user = await createUser();
    await postJson(app, "/api/auth/reset-password", { email: user.email });
    const [mail] = await outboxFor(user.email);
    const token = linkFrom(mail!.text).searchParams.get("token")!;
    const rows = await createAppContext(testEnv).db.select().from(passwordResetTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it("refuses an expired token and a token for another email", async () => {
    const user = await createUser();
    const start = Date.now();
    await postJson(testApp({ now: () => new Date(start) }), "/api/auth/reset-password", { email: user.email });
    const [mail] = await outboxFor(user.email);
    const token = linkFrom(mail!.text).searchParams.get("token")!;
    const other = await createUser();
    const wrongEmail = await postJson(app, "/api/auth/set-new-password", {
      email: other.email,
      newPassword: "brand-new-pass",
      resetPasswordToken: token,
    });
    expect(wrongEmail.status).toBe(400);
    const late = testApp({ now: () => new Date(start + 61 * 60 * 1000) });
    const expired = await postJson(late, "/api/auth/set-new-password", {
      email: user.email,
      newPassword: "brand-new-pass",
      resetPasswordToken: token,
    });
    expect(expired.status).toBe(400);
  });
});

describe("sessions in D1", () => {
  it("records one session per sign-in and revokes it on logout", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    const sid = jwt.decode<{ sid: string }>(token).payload.sid;
    const db = createAppContext(testEnv).db;
    const [open] = await db.select().from(sessions).where(eq(sessions.id, sid));
    expect(open!.revokedAt).toBeNull();
    await app.request("/api/auth/logout", { method: "POST", headers: { Cookie: `token=${token}` } }, testEnv);
    const [closed] = await db.select().from(sessions).where(eq(sessions.id, sid));
    expect(closed!.revokedAt).toBeInstanceOf(Date);
  });
});

describe("reset email flood protection", () => {
  it("sends at most 5 reset emails per account per hour, with the same answer every time", async () => {
    const user = await createUser();
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const response = await postJson(app, "/api/auth/reset-password", { email: user.email });
      answers.push(response.status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect((await outboxFor(user.email)).filter((m) => m.template === "password-reset")).toHaveLength(5);
  });

  it("limits reset requests per address with the same neutral answer, sending nothing past the limit", async () => {
    const ip = { "CF-Connecting-IP": freshIp() };
    const neutral = await postJson(app, "/api/auth/reset-password", { email: "ghost@example.com" }, ip);
    const neutralBody = await neutral.text();
    for (let i = 1; i < RESET_SOURCE_LIMIT.limit; i++) {
      await postJson(app, "/api/auth/reset-password", { email: `ghost${i}@example.com` }, ip);
    }
    const user = await createUser();
    const limited = await postJson(app, "/api/auth/reset-password", { email: user.email }, ip);
    expect(limited.status).toBe(neutral.status);
    expect(await limited.text()).toBe(neutralBody);
    expect(await outboxFor(user.email)).toHaveLength(0);

    await postJson(app, "/api/auth/reset-password", { email: user.email }, { "CF-Connecting-IP": freshIp() });
    expect(await outboxFor(user.email)).toHaveLength(1);
  });
});
