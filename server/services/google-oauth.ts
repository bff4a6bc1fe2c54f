import { and, eq, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { oauthStates, users } from "#drizzle/schema";
import { onPrimary, type AppContext } from "../context";
import { isGoogleEnabled, type Config } from "../lib/config";
import { constantTimeEqual, randomToken, sha256Base64Url } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { safeRedirectPath } from "../lib/redirects";
import { createSession, findUserByEmail, type RequestMeta } from "./auth";
import { issueDeviceCookie } from "./device-cookies";
import { sendMail } from "./mail";

const AUTHORIZATION_ENDPOINT = "https://accounts.google.com/o/oauth2/v2/auth";
const TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token";
const STATE_LIFETIME_MS = 10 * 60 * 1000;
const AFTER_LOGIN = "/video-library";

const SIGN_IN_FAILED = "Google sign-in did not work. Please try again, or sign in with your email and password.";
const SIGN_IN_EXPIRED = "That Google sign-in took too long or was already used. Please try again.";
const OTHER_BROWSER =
  "That Google sign-in was not started in this browser, or took too long. Please start it again from this page.";
const UNVERIFIED_ACCOUNT =
  "An account with this email already exists, but its email is not confirmed yet, so Google cannot be linked to it. Sign in with your password (or reset it), confirm your email from Settings, then use Google.";

export const googleCallbackUrl = (config: Config) => `${config.appUrl.replace(/\/$/, "")}/auth/google/callback`;

function requireGoogleConfig(ctx: AppContext) {
  if (!isGoogleEnabled(ctx.config)) throw new AppError(404, ["Google sign-in is not available."]);
  return { clientId: ctx.config.googleClientId!, clientSecret: ctx.config.googleClientSecret! };
}

/**
 * Starts the authorization code flow with PKCE (S256). The state row carries the verifier and the
 * return address, so nothing secret travels through the browser. The caller must also hand `state`
 * to the browser in the cookie of server/lib/cookies.ts, which the callback checks.
 */
export async function startGoogleSignIn(
  requestCtx: AppContext,
  { redirectTo }: { redirectTo?: string | null },
): Promise<{ url: string; state: string }> {
  // Served by a GET (/auth/google) and writes the state row: on the primary (server/lib/d1-session.ts).
  const ctx = onPrimary(requestCtx);
  const { clientId } = requireGoogleConfig(ctx);
  const state = randomToken(32);
  const codeVerifier = randomToken(48);
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    ctx.db.insert(oauthStates).values({
      state,
      codeVerifier,
      redirectTo: safeRedirectPath(redirectTo, AFTER_LOGIN),
      expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
    }),
  ]);
  const url = new URL(AUTHORIZATION_ENDPOINT);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: googleCallbackUrl(ctx.config),
    response_type: "code",
    scope: "openid email profile",
    state,
    code_challenge: await sha256Base64Url(codeVerifier),
    code_challenge_method: "S256",
    prompt: "select_account",
  }).toString();
  return { url: url.toString(), state };
}

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

const idTokenClaimsSchema = z.object({
  iss: z.enum(["accounts.google.com", "https://accounts.google.com"]),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  email: z.email(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]),
  name: z.string().max(200).optional(),
});

type GoogleProfile = { subject: string; email: string; name: string };

function decodeJwtPayload(token: string): unknown {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

async function exchangeCode(ctx: AppContext, code: string, codeVerifier: string): Promise<GoogleProfile> {
  const { clientId, clientSecret } = requireGoogleConfig(ctx);
  const response = await fetch(TOKEN_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: googleCallbackUrl(ctx.config),
    }),
  }).catch(() => {
    throw new AppError(502, [SIGN_IN_FAILED]);
  });
  const body = tokenResponseSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !body.success) throw new AppError(502, [SIGN_IN_FAILED]);

  // The id_token comes straight from Google's token endpoint over TLS, authenticated with our client
  // secret, so its signature need not be checked against Google's JWKS (OpenID Connect Core §3.1.3.7,
  // item 6). The claims are still validated.
  const claims = idTokenClaimsSchema.safeParse(decodeJwtPayload(body.data.id_token));
  if (!claims.success) throw new AppError(502, [SIGN_IN_FAILED]);
  const { aud, exp, sub, email, email_verified, name } = claims.data;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(clientId) || exp * 1000 <= ctx.now().getTime()) throw new AppError(502, [SIGN_IN_FAILED]);
  if (email_verified !== true && email_verified !== "true") {
    throw new AppError(403, [
      "Your Google account's email is not verified yet. Verify it with Google, then try again.",
    ]);
  }
  const normalizedEmail = email.trim().toLowerCase();
  return { subject: sub, email: normalizedEmail, name: name?.trim() || normalizedEmail.split("@")[0]! };
}

/**
 * The account for a Google identity: by Google subject, else an existing account with the same email
 * (linked only when that account confirmed its email: otherwise whoever signed up with someone else's
 * address before them would share their account), else a new one.
 */
async function findOrCreateGoogleUser(ctx: AppContext, profile: GoogleProfile) {
  const [bySubject] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.googleSubject, profile.subject), isNull(users.deletedAt)))
    .limit(1);
  let user = bySubject ?? null;

  if (!user) {
    const byEmail = await findUserByEmail(ctx, { email: profile.email });
    if (byEmail?.googleSubject) {
      throw new AppError(409, [
        "This email is already linked to another Google account. Sign in with that one, or with your password.",
      ]);
    }
    if (byEmail && !byEmail.emailVerifiedAt) throw new AppError(409, [UNVERIFIED_ACCOUNT]);
    if (byEmail) {
      await ctx.db.update(users).set({ googleSubject: profile.subject }).where(eq(users.id, byEmail.id));
      user = byEmail;
    }
  }

  if (!user) {
    const [created] = await ctx.db
      .insert(users)
      .values({
        email: profile.email,
        name: profile.name.slice(0, 80),
        googleSubject: profile.subject,
        emailVerifiedAt: ctx.now(),
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError(409, [SIGN_IN_FAILED]);
    user = created;
    await sendMail(ctx, {
      to: created.email,
      template: "welcome",
      subject: `Welcome to ${ctx.config.appName}!`,
      text: `Ahlan ${created.name}!\n\nYour ${ctx.config.appName} account is ready, and you sign in with Google. Start with a free lesson: ${ctx.config.appUrl}/video-library\n\nYallah, let's learn Shami together.`,
    });
  }

  if (user.disabledAt) throw new AppError(403, ["This account has been disabled. Contact support to restore it."]);
  return user;
}

const encoder = new TextEncoder();

/**
 * Completes Google sign-in: checks that `state` is the one this browser's cookie holds (`browserState`),
 * consumes it once, exchanges the code, signs the person in and answers the session plus the return
 * address saved when the flow started.
 */
export async function finishGoogleSignIn(
  requestCtx: AppContext,
  {
    code,
    state,
    browserState,
    meta = {},
  }: { meta?: RequestMeta } & { code: string; state: string; browserState: string | null | undefined },
) {
  // Google's redirect back is a GET that reads the state written a moment ago and signs in: the primary.
  const ctx = onPrimary(requestCtx);
  requireGoogleConfig(ctx);
  if (!browserState || !constantTimeEqual(encoder.encode(browserState), encoder.encode(state))) {
    throw new AppError(400, [OTHER_BROWSER]);
  }
  const [saved] = await ctx.db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
  if (!saved || saved.expiresAt.getTime() <= ctx.now().getTime()) throw new AppError(400, [SIGN_IN_EXPIRED]);
  const profile = await exchangeCode(ctx, code, saved.codeVerifier);
  const user = await findOrCreateGoogleUser(ctx, profile);
  const session = await createSession(ctx, { userId: user.id, meta });
  return {
    ...session,
    userId: user.id,
    redirectTo: safeRedirectPath(saved.redirectTo, AFTER_LOGIN),
    deviceCookie: await issueDeviceCookie(ctx, user),
  };
}
