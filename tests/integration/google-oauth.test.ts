import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { sha256Base64Url } from "../../server/lib/crypto";
import { authenticate } from "../../server/services/auth";
import { finishGoogleSignIn, startGoogleSignIn } from "../../server/services/google-oauth";
import { createUser, testEnv } from "./helpers";

const env = {
  ...testEnv,
  GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "shh-secret",
};
const ctx = createAppContext(env);

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

/** A token-endpoint answer shaped like Google's (RFC 6749 §5.1 + an OpenID id_token). */
function googleTokenResponse(claims: Record<string, unknown>) {
  const idToken = `${b64url({ alg: "RS256", kid: "k1", typ: "JWT" })}.${b64url({
    iss: "https://accounts.google.com",
    aud: env.GOOGLE_CLIENT_ID,
    exp: Math.floor(Date.now() / 1000) + 3600,
    iat: Math.floor(Date.now() / 1000),
    email_verified: true,
    ...claims,
  })}.c2lnbmF0dXJl`;
  return Response.json({
    access_token: "ya29.x",
    expires_in: 3599,
    token_type: "Bearer",
    scope: "openid email profile",
    id_token: idToken,
  });
}

afterEach(() => vi.restoreAllMocks());

/** Starts a flow; `state` is also what the browser's cookie holds (server/lib/cookies.ts). */
async function begin(redirectTo?: string) {
  const started = await startGoogleSignIn(ctx, { redirectTo });
  const url = new URL(started.url);
  expect(url.searchParams.get("state")).toBe(started.state);
  return { url, state: started.state };
}

/** The callback as the browser that started the flow makes it: the state cookie matches. */
const finish = (code: string, state: string) => finishGoogleSignIn(ctx, { code, state, browserState: state });

describe("Google sign-in (code + PKCE + state)", () => {
  it("sends the browser to Google with S256 PKCE and exchanges the code with the matching verifier", async () => {
    const { url, state } = await begin("/course/1/basics");
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe("https://ahla.test/auth/google/callback");
    const challenge = url.searchParams.get("code_challenge")!;

    const seen: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      expect(String(input)).toBe("https://oauth2.googleapis.com/token");
      seen.push(new URLSearchParams(String(init?.body)));
      return googleTokenResponse({ sub: "google-sub-1", email: "Lina@Example.com", name: "Lina" });
    });
    const result = await finish("4/0Abc", state);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.get("grant_type")).toBe("authorization_code");
    expect(await sha256Base64Url(seen[0]!.get("code_verifier")!)).toBe(challenge);
    expect(result.redirectTo).toBe("/course/1/basics");
    const user = await authenticate(ctx, { token: result.token });
    expect(user).toMatchObject({ email: "lina@example.com", name: "Lina", hasPassword: false });
  });

  it("uses a state once only", async () => {
    const { state } = await begin();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      googleTokenResponse({ sub: "google-sub-2", email: "once@example.com" }),
    );
    await finish("c", state);
    await expect(finish("c", state)).rejects.toMatchObject({ status: 400 });
    await expect(finish("c", "made-up")).rejects.toMatchObject({ status: 400 });
  });

  it("links a Google email to an existing account whose email is verified", async () => {
    const member = await createUser({ email: `link-${Date.now()}@example.com`, verified: true });
    const { state } = await begin();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      googleTokenResponse({ sub: "google-sub-3", email: member.email }),
    );
    const result = await finish("c", state);
    expect(result.userId).toBe(member.id);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.googleSubject).toBe("google-sub-3");
  });

  it("refuses to link an account whose email is not verified (pre-takeover), and links once it is", async () => {
    // Someone signed up with this address first, with a password of their own, and never confirmed it.
    const squatter = await createUser({ email: `victim-${Date.now()}@example.com` });
    const first = await begin();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      googleTokenResponse({ sub: "google-sub-victim", email: squatter.email }),
    );
    const refused = finish("c", first.state);
    await expect(refused).rejects.toMatchObject({ status: 409 });
    await expect(refused).rejects.toThrow(/not confirmed yet.*password \(or reset it\)/);
    const [unlinked] = await ctx.db.select().from(users).where(eq(users.id, squatter.id));
    expect(unlinked!.googleSubject).toBeNull();
    expect(await ctx.db.select().from(users).where(eq(users.googleSubject, "google-sub-victim"))).toHaveLength(0);

    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, squatter.id));
    const second = await begin();
    expect((await finish("c", second.state)).userId).toBe(squatter.id);
  });

  it("refuses a callback without this browser's state cookie, or with another flow's, before any code exchange", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => googleTokenResponse({ sub: "google-sub-csrf", email: "csrf@example.com" }));
    const attackers = await begin();
    const victims = await begin();
    for (const browserState of [undefined, null, "", victims.state]) {
      await expect(
        finishGoogleSignIn(ctx, { code: "attacker-code", state: attackers.state, browserState }),
      ).rejects.toMatchObject({ status: 400, messages: [expect.stringMatching(/not started in this browser/)] });
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await ctx.db.select().from(users).where(eq(users.email, "csrf@example.com"))).toHaveLength(0);
    // The matching cookie still completes the flow.
    expect((await finish("c", victims.state)).userId).toBeGreaterThan(0);
  });

  it("refuses an id_token for another client, an expired one and an unverified email", async () => {
    for (const claims of [
      { sub: "s4", email: "a4@example.com", aud: "someone-else" },
      { sub: "s5", email: "a5@example.com", exp: Math.floor(Date.now() / 1000) - 5 },
      { sub: "s6", email: "a6@example.com", email_verified: false },
    ]) {
      const { state } = await begin();
      vi.spyOn(globalThis, "fetch").mockImplementation(async () => googleTokenResponse(claims));
      await expect(finish("c", state)).rejects.toMatchObject({ status: expect.any(Number) });
      vi.restoreAllMocks();
    }
    const created = await ctx.db.select().from(users).where(eq(users.email, "a4@example.com"));
    expect(created).toHaveLength(0);
  });

  it("reports a token-endpoint failure without creating anyone", async () => {
    const { state } = await begin();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ error: "invalid_grant" }, { status: 400 }),
    );
    await expect(finish("bad", state)).rejects.toMatchObject({ status: 502 });
  });

  it("is off without a client id and secret", async () => {
    await expect(startGoogleSignIn(createAppContext(testEnv), {})).rejects.toMatchObject({ status: 404 });
  });
});
