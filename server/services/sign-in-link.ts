import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { sessions, signInLinks, users } from "#drizzle/schema";
import { onPrimary, type AppContext } from "../context";
import { randomToken, sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { safeRedirectPath } from "../lib/redirects";
import { createSession, findUserByEmail, type RequestMeta } from "./auth";
import { issueDeviceCookie } from "./device-cookies";
import { sendMail } from "./mail";
import { takeRateLimit, type RateLimitRule } from "./rate-limit";

/**
 * One-time sign-in links sent by email ("signing in with a token", docs/product-rules.md#sign-in-and-permissions;
 * docs/security.md, "Sign-in links"). The link carries 32 random bytes; D1 keeps only their SHA-256, so
 * what is stored cannot sign anyone in. A link works once, for 15 minutes, from any browser: nothing ties
 * it to the one that asked for it.
 */

export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;
export const SIGN_IN_LINK_PATH = "/auth/email-link";

const HOUR_MS = 60 * 60 * 1000;
/** Links mailed per account; past it the request is dropped quietly, with the same answer. */
export const SIGN_IN_LINK_ACCOUNT_LIMIT: RateLimitRule = { limit: 5, windowMs: HOUR_MS };
/** Link requests per source address, whatever the email (a school or office shares one): quiet too. */
export const SIGN_IN_LINK_SOURCE_LIMIT: RateLimitRule = { limit: 20, windowMs: HOUR_MS };

/** The one answer for every link that cannot sign in: unknown, expired, used, or its account disabled or deleted. */
export const INVALID_SIGN_IN_LINK =
  "This sign-in link does not work: it has expired (links last 15 minutes), was already used, or is not complete. Ask for a new one.";

const AFTER_LOGIN = "/video-library";

/**
 * Mails a sign-in link to the account that uses `email`. Always resolves the same way, so the answer never
 * tells whether the address has an account: unknown, disabled and deleted accounts get nothing, and so
 * does a request past either limit (per source address, then per account). `redirectTo` (a same-origin
 * path, else dropped) rides in the link, so the member lands where they were going.
 */
export async function requestSignInLink(
  ctx: AppContext,
  { email, meta = {}, ...options }: { email: string; meta?: RequestMeta } & { redirectTo?: string | null },
): Promise<void> {
  if (
    meta.ipAddress &&
    !(await takeRateLimit(ctx, { key: `sign-in-link:source:${meta.ipAddress}`, rule: SIGN_IN_LINK_SOURCE_LIMIT }))
      .allowed
  ) {
    return;
  }
  const user = await findUserByEmail(ctx, { email });
  if (!user || user.disabledAt || user.deletedAt) return;
  // Per account, so the form cannot flood someone's inbox from many addresses.
  if (
    !(await takeRateLimit(ctx, { key: `sign-in-link:email:${user.email}`, rule: SIGN_IN_LINK_ACCOUNT_LIMIT })).allowed
  )
    return;

  const token = randomToken(32);
  await ctx.db.insert(signInLinks).values({
    userId: user.id,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(ctx.now().getTime() + SIGN_IN_LINK_LIFETIME_MS),
    createdAt: ctx.now(),
  });

  const link = new URL(SIGN_IN_LINK_PATH, ctx.config.appUrl);
  link.searchParams.set("token", token);
  const redirectTo = safeRedirectPath(options.redirectTo, "");
  if (redirectTo && redirectTo !== AFTER_LOGIN) link.searchParams.set("redirect", redirectTo);
  const appName = ctx.config.appName;
  await sendMail(ctx, {
    to: user.email,
    template: "sign-in-link",
    subject: `Your ${appName} sign-in link`,
    text: `Ahlan ${user.name}!\n\nHere is the link you asked for to sign in to ${appName}. It works once, for 15 minutes, and you can open it on any device:\n${link.toString()}\n\nIf you did not ask for it, ignore this email: nobody can sign in without the link, and it expires on its own.`,
  });
}

/** The link behind a token with its account, read from the primary: a link mailed a moment ago is there. */
async function findLink(ctx: AppContext, token: string) {
  const tokenHash = await sha256Hex(token);
  const [row] = await ctx.primary
    .select({
      id: signInLinks.id,
      expiresAt: signInLinks.expiresAt,
      usedAt: signInLinks.usedAt,
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      disabledAt: users.disabledAt,
      deletedAt: users.deletedAt,
    })
    .from(signInLinks)
    .innerJoin(users, eq(users.id, signInLinks.userId))
    .where(eq(signInLinks.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= ctx.now().getTime() || row.disabledAt || row.deletedAt) {
    throw invalidLink();
  }
  return row;
}

function invalidLink() {
  return new AppError(401, [INVALID_SIGN_IN_LINK], { token: [INVALID_SIGN_IN_LINK] });
}

/**
 * Whether a link would sign in, without using it: the page a link opens asks before it shows its "Sign in"
 * button (a GET must never sign in, because mail scanners open links). Answers the account's address.
 */
export async function checkSignInLink(ctx: AppContext, { token }: { token: string }): Promise<{ email: string }> {
  const row = await findLink(ctx, token);
  return { email: row.email };
}

/**
 * Signs in with a link's token and answers the new session. Refuses an unknown, expired or used link, or
 * one whose account is disabled or deleted, with one message. The link is claimed by a conditional update
 * (still unused, still unexpired), so of two racing requests only one signs in; the member's other
 * unused links end with it. Opening the link proves the mailbox, so it also confirms the email.
 */
export async function signInWithLink(
  requestCtx: AppContext,
  { token, meta = {} }: { token: string; meta?: RequestMeta },
) {
  const ctx = onPrimary(requestCtx);
  const row = await findLink(ctx, token);
  const now = ctx.now();
  const claimed = await ctx.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.id, row.id), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ id: signInLinks.id });
  if (claimed.length === 0) throw invalidLink();
  const [, [account]] = await ctx.db.batch([
    ctx.db
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.userId, row.userId), isNull(signInLinks.usedAt), ne(signInLinks.id, row.id))),
    ctx.db
      .update(users)
      .set({
        emailVerifiedAt: row.emailVerifiedAt ?? now,
        // The first proof that this person owns the address: whoever signed in before it did not prove it
        // (someone may have signed up with an address that is not theirs), so their sessions end here, and
        // their browsers' device cookies (ADR 030) with them.
        ...(row.emailVerifiedAt ? {} : { deviceGeneration: sql`${users.deviceGeneration} + 1` }),
      })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, deviceGeneration: users.deviceGeneration }),
    ...(row.emailVerifiedAt
      ? []
      : [
          ctx.db
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt))),
        ]),
  ]);
  const session = await createSession(ctx, { userId: row.userId, meta });
  return { ...session, userId: row.userId, deviceCookie: account ? await issueDeviceCookie(ctx, account) : null };
}
