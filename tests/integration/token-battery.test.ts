import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { userPermissions, users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { authenticate, changePassword, createSession } from "../../server/services/auth";
import { createUser, linkFromOutbox, loginToken, postJson, testApp, testEnv } from "./helpers";

// Forged, damaged and stale tokens against an endpoint that needs a session: every one is a 401 with an
// `errors` list, never a 5xx, whether it comes as the cookie or in the Authorization header.

const ctx = createAppContext(testEnv);
const app = testApp();
const ORIGIN = "https://ahla.test";

/** The secret the test Worker signs with (vitest.config.ts). */
const SECRET = testEnv.JWT_SECRET!;
const encoder = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const part = (value: unknown) => b64url(encoder.encode(typeof value === "string" ? value : JSON.stringify(value)));

async function sign(data: string, secret: string, hash: "SHA-256" | "SHA-512" = "SHA-256") {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash }, false, ["sign"]);
  return b64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(data))));
}

/** A token made by hand: any header, any payload, signed with HS256 (or HS512) and any secret. */
async function forge(
  header: unknown,
  payload: unknown,
  { secret = SECRET, hash = "SHA-256" as "SHA-256" | "SHA-512" } = {},
) {
  const unsigned = `${part(header)}.${part(payload)}`;
  return `${unsigned}.${await sign(unsigned, secret, hash)}`;
}

const now = () => Math.floor(Date.now() / 1000);
let member: { id: number; sessionId: string; token: string };

beforeAll(async () => {
  const user = await createUser();
  const { token, sessionId } = await createSession(ctx, { userId: user.id });
  member = { id: user.id, sessionId, token };
});

/** The claims of a real, open session: only what a case changes makes the token bad. */
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: String(member.id),
  sid: member.sessionId,
  permissions: [],
  iat: now(),
  exp: now() + 3600,
  ...extra,
});

async function me(token: string, by: "cookie" | "header") {
  const headers: Record<string, string> =
    by === "cookie"
      ? { Cookie: `token=${encodeURIComponent(token)}` }
      : // A header carries bytes only: what is not printable ASCII goes percent-encoded, as a client would send it.
        { Authorization: `Bearer ${/^[\x20-\x7e]*$/.test(token) ? token : encodeURIComponent(token)}` };
  const response = await app.request(`${ORIGIN}/api/me`, { headers }, testEnv);
  const body = (await response.json()) as { errors?: string[] };
  return { status: response.status, body };
}

describe("the token battery", () => {
  it("lets the genuine token in, both ways (the battery's control)", async () => {
    expect((await me(member.token, "cookie")).status).toBe(200);
    expect((await me(member.token, "header")).status).toBe(200);
  });

  const cases: { name: string; token: () => Promise<string> | string }[] = [
    { name: "alg none, no signature", token: () => `${part({ alg: "none", typ: "JWT" })}.${part(claims())}.` },
    {
      name: "alg none with the real signature kept",
      token: () => `${part({ alg: "none" })}.${member.token.split(".").slice(1).join(".")}`,
    },
    {
      name: "header swapped to HS512 (signed HS512 with the real secret)",
      token: () => forge({ alg: "HS512", typ: "JWT" }, claims(), { hash: "SHA-512" }),
    },
    { name: "header swapped to RS256, HMAC signature", token: () => forge({ alg: "RS256", typ: "JWT" }, claims()) },
    { name: "signature stripped", token: () => member.token.split(".").slice(0, 2).join(".") + "." },
    {
      name: "signature edited",
      token: () => {
        const [h, p, s] = member.token.split(".") as [string, string, string];
        return `${h}.${p}.${s.startsWith("A") ? "B" : "A"}${s.slice(1)}`;
      },
    },
    {
      name: "payload edited to another member, signature kept",
      token: () => {
        const [h, , s] = member.token.split(".") as [string, string, string];
        return `${h}.${part(claims({ sub: String(member.id + 1) }))}.${s}`;
      },
    },
    { name: "expired one second ago", token: () => forge({ alg: "HS256", typ: "JWT" }, claims({ exp: now() - 1 })) },
    {
      name: "no exp",
      token: () => {
        const { exp: _exp, ...rest } = claims();
        return forge({ alg: "HS256", typ: "JWT" }, rest);
      },
    },
    {
      name: "not valid before an hour from now (nbf)",
      token: () => forge({ alg: "HS256", typ: "JWT" }, claims({ nbf: now() + 3600 })),
    },
    {
      name: "signed with another secret",
      token: () => forge({ alg: "HS256", typ: "JWT" }, claims(), { secret: "another-secret-another-secret-another-0" }),
    },
    { name: "one segment", token: () => member.token.split(".")[0]! },
    { name: "two segments", token: () => member.token.split(".").slice(0, 2).join(".") },
    { name: "four segments", token: () => `${member.token}.${part("extra")}` },
    {
      // Correctly signed, so only its size can refuse it.
      name: "an 8 KB header",
      token: () => forge({ alg: "HS256", typ: "JWT", pad: "x".repeat(8 * 1024) }, claims()),
    },
    {
      name: "a payload that is not JSON",
      token: async () => {
        const unsigned = `${part({ alg: "HS256" })}.${b64url(encoder.encode("not json {"))}`;
        return `${unsigned}.${await sign(unsigned, SECRET)}`;
      },
    },
    { name: "a payload that is a JSON array", token: () => forge({ alg: "HS256" }, [1, 2, 3]) },
    {
      name: "a header that is not JSON",
      token: async () => {
        const unsigned = `${b64url(encoder.encode("%%%"))}.${part(claims())}`;
        return `${unsigned}.${await sign(unsigned, SECRET)}`;
      },
    },
    { name: "sub that is not a number", token: () => forge({ alg: "HS256" }, claims({ sub: "1 OR 1=1" })) },
    { name: "a session id nobody has", token: () => forge({ alg: "HS256" }, claims({ sid: "x".repeat(32) })) },
    { name: "bytes that are not base64url", token: () => "***.***.***" },
    { name: "NUL bytes, Arabic and a right-to-left mark", token: () => `\u0000.\u0645\u0631\u062d\u0628\u0627.\u200f` },
    {
      name: "a payload of NUL bytes and Arabic, correctly signed",
      token: () => forge({ alg: "HS256" }, "\u0000\u0645\u0631\u062d\u0628\u0627\u200f"),
    },
  ];

  it.each(cases)("refuses $name with 401, by cookie and by header", async ({ token: make }) => {
    const token = await make();
    for (const by of ["cookie", "header"] as const) {
      const { status, body } = await me(token, by);
      expect(status, by).toBe(401);
      expect(body.errors?.length, by).toBeGreaterThan(0);
    }
  });

  it("refuses a valid token once its account is deleted", async () => {
    const user = await createUser();
    const { token } = await createSession(ctx, { userId: user.id });
    expect((await me(token, "header")).status).toBe(200);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(token, "header")).status).toBe(401);
  });
});

describe("revocation takes effect on the very next request", () => {
  const authorized = (token: string) => ({ Authorization: token, Origin: ORIGIN });

  it("after logout", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    expect((await me(token, "header")).status).toBe(200);
    const out = await postJson(app, `${ORIGIN}/api/auth/logout`, {}, authorized(token));
    expect(out.status).toBeLessThan(300);
    expect((await me(token, "header")).status).toBe(401);
  });

  it("after a password change: every other sign-in ends, the new one works", async () => {
    const user = await createUser();
    const phone = (await createSession(ctx, { userId: user.id })).token;
    const laptop = (await createSession(ctx, { userId: user.id })).token;
    expect((await me(phone, "header")).status).toBe(200);
    const signedIn = await authenticate(ctx, { token: laptop });
    const fresh = await changePassword(ctx, {
      userId: signedIn!.id,
      currentPassword: user.password,
      newPassword: "a brand new passphrase 2026",
      confirmPassword: "a brand new passphrase 2026",
    });
    expect((await me(phone, "header")).status).toBe(401);
    expect((await me(laptop, "header")).status).toBe(401);
    expect((await me(fresh.token, "header")).status).toBe(200);
  });

  it("after a password reset through the emailed link: every sign-in ends", async () => {
    const user = await createUser();
    const token = await loginToken(app, user.email, user.password);
    expect((await me(token, "header")).status).toBe(200);
    expect((await postJson(app, `${ORIGIN}/api/auth/reset-password`, { email: user.email })).status).toBe(200);
    const link = await linkFromOutbox(user.email, "/auth/resetpassword");
    const reset = await postJson(app, `${ORIGIN}/api/auth/set-new-password`, {
      email: user.email,
      newPassword: "a brand new passphrase 2026",
      resetPasswordToken: link.searchParams.get("token"),
    });
    expect(reset.status).toBeLessThan(300);
    expect((await me(token, "header")).status).toBe(401);
    expect((await me(token, "cookie")).status).toBe(401);
  });

  it("after the account is disabled by an admin, and after its permission is taken away", async () => {
    const admin = await createUser({ permissions: [ADMIN_PERMISSION] });
    const adminToken = (await createSession(ctx, { userId: admin.id })).token;
    const moderator = await createUser({ permissions: [ADMIN_PERMISSION] });
    const moderatorToken = (await createSession(ctx, { userId: moderator.id })).token;
    const adminList = () => app.request(`${ORIGIN}/api/admin/users`, { headers: authorized(moderatorToken) }, testEnv);
    expect((await adminList()).status).toBe(200);

    const removed = await app.request(
      `${ORIGIN}/api/admin/users/${moderator.id}/permissions/${ADMIN_PERMISSION}`,
      { method: "DELETE", headers: authorized(adminToken) },
      testEnv,
    );
    expect(removed.status).toBeLessThan(300);
    expect(await ctx.db.select().from(userPermissions).where(eq(userPermissions.userId, moderator.id))).toEqual([]);
    // The token still lists "admin" among its claims; the permission is read from D1 on every request.
    expect((await adminList()).status).toBe(403);

    const disabled = await postJson(
      app,
      `${ORIGIN}/api/admin/users/${moderator.id}/disable`,
      {},
      authorized(adminToken),
    );
    expect(disabled.status).toBeLessThan(300);
    expect((await me(moderatorToken, "header")).status).toBe(401);
  });
});
