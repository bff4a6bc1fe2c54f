import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, exists, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema";
import { onPrimary, type AppContext } from "../context";
import { base64Url, constantTimeEqual, fromBase64Url, hmacSha256 } from "../lib/crypto";
import { AppError, RateLimitError } from "../lib/errors";
import { sendMail } from "./mail";
import { endMailedLinks } from "./mailed-links";
import { formatWait, takeRateLimit, VERIFICATION_MAIL_LIMIT } from "./rate-limit";

export const SIGNUP_VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_LIFETIME_MS = 60 * 60 * 1000;
export const VERIFY_EMAIL_PATH = "/auth/verify-email";

/** "verify": the account's own address (sign-up, resend); "change": the address it asked to move to. */
export type VerificationPurpose = "verify" | "change";

const LINK_INVALID =
  "This confirmation link no longer works: it was already used, a newer one was sent, or the email changed since.";
const LINK_EXPIRED = "This confirmation link has expired. Send yourself a new one from Settings.";
const ALREADY_VERIFIED = "Your email is already confirmed.";

interface VerifiableUser {
  id: number;
  email: string;
  pendingEmail: string | null;
}

const tokenPayloadSchema = z.object({
  p: z.enum(["verify", "change"]),
  u: z.number().int().positive(),
  x: z.number().int().positive(),
});

/**
 * Links are stateless: nothing is stored, so nothing readable can leak from D1. The HMAC covers the
 * account's current email (and for a change, the pending one) without carrying them, so a link dies
 * as soon as either changes; a "verify" link also dies once the email is confirmed. Together that
 * makes every link single use.
 */
async function signature(ctx: AppContext, payload: string, user: VerifiableUser, purpose: VerificationPurpose) {
  const bound = purpose === "change" ? (user.pendingEmail ?? "") : "";
  return hmacSha256(ctx.config.jwtSecret, `ahla-email-verification\n${payload}\n${user.email}\n${bound}`);
}

export async function createVerificationToken(
  ctx: AppContext,
  { user, purpose }: { user: VerifiableUser; purpose: VerificationPurpose },
): Promise<{ token: string; expiresAt: Date }> {
  const lifetime = purpose === "change" ? EMAIL_CHANGE_LIFETIME_MS : SIGNUP_VERIFICATION_LIFETIME_MS;
  const expiresAt = new Date(ctx.now().getTime() + lifetime);
  const payload = base64Url(
    new TextEncoder().encode(
      JSON.stringify({ p: purpose, u: user.id, x: Math.floor(expiresAt.getTime() / 1000) } satisfies z.infer<
        typeof tokenPayloadSchema
      >),
    ),
  );
  return { token: `${payload}.${base64Url(await signature(ctx, payload, user, purpose))}`, expiresAt };
}

export async function createVerificationLink(
  ctx: AppContext,
  { user, purpose }: { user: VerifiableUser; purpose: VerificationPurpose },
) {
  const { token, expiresAt } = await createVerificationToken(ctx, { user, purpose });
  const link = new URL(VERIFY_EMAIL_PATH, ctx.config.appUrl);
  link.searchParams.set("token", token);
  return { link: link.toString(), expiresAt };
}

/** Counts one verification email against the account's hourly allowance; past it, a 429 saying when. */
export async function takeVerificationMailAllowance(ctx: AppContext, { userId }: { userId: number }) {
  const result = await takeRateLimit(ctx, { key: `verify-mail:user:${userId}`, rule: VERIFICATION_MAIL_LIMIT });
  if (!result.allowed) {
    throw new RateLimitError(
      `We have sent several confirmation emails already. Please try again in ${formatWait(result.retryAfterSeconds)}.`,
      result.retryAfterSeconds,
    );
  }
}

async function getLiveUser(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return user && !user.disabledAt ? user : null;
}

export async function getEmailStatus(ctx: AppContext, { userId }: { userId: number }) {
  const user = await getLiveUser(ctx, userId);
  if (!user) throw new AppError(404, ["Account not found."]);
  const pendingEmailExpiresAt =
    user.pendingEmail && user.pendingEmailRequestedAt
      ? new Date(user.pendingEmailRequestedAt.getTime() + EMAIL_CHANGE_LIFETIME_MS)
      : null;
  return {
    email: user.email,
    verified: Boolean(user.emailVerifiedAt),
    pendingEmail: user.pendingEmail,
    pendingEmailExpired: pendingEmailExpiresAt ? pendingEmailExpiresAt.getTime() <= ctx.now().getTime() : false,
  };
}

export async function sendVerificationEmail(
  ctx: AppContext,
  { userId }: { userId: number },
): Promise<{ sentTo: string }> {
  const user = await getLiveUser(ctx, userId);
  if (!user) throw new AppError(404, ["Account not found."]);
  if (user.emailVerifiedAt) throw new AppError(400, [ALREADY_VERIFIED]);
  await takeVerificationMailAllowance(ctx, { userId: user.id });
  const { link } = await createVerificationLink(ctx, { user, purpose: "verify" });
  await sendMail(ctx, {
    to: user.email,
    template: "verify-email",
    subject: `Confirm your ${ctx.config.appName} email`,
    text: `Ahlan ${user.name}!\n\nPlease confirm that this is your email address (the link works for 24 hours):\n${link}\n\nIf you did not create a ${ctx.config.appName} account, ignore this email: nothing is confirmed until the link is opened.`,
  });
  return { sentTo: user.email };
}

/**
 * Asks to move the account to `newEmail`: the address is only remembered as pending, a link goes to
 * it and a notice to the current address. The account keeps its email until the link is opened, and
 * a newer request (or cancelling) makes older links useless. The caller has checked the password.
 */
export async function requestEmailChange(
  ctx: AppContext,
  { userId, newEmail, extra = [] }: { userId: number; newEmail: string; extra?: BatchItem<"sqlite">[] },
) {
  const user = await getLiveUser(ctx, userId);
  if (!user) throw new AppError(404, ["Account not found."]);
  if (newEmail === user.email) {
    const same = "This is already your email.";
    throw new AppError(400, [same], { newEmail: [same] });
  }
  const taken = "Another account already uses this email.";
  const existing = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (existing.length > 0) throw new AppError(409, [taken], { newEmail: [taken] });
  await takeVerificationMailAllowance(ctx, { userId: user.id });
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ pendingEmail: newEmail, pendingEmailRequestedAt: ctx.now() })
      .where(eq(users.id, user.id)),
    ...extra,
  ]);
  await sendEmailChangeMails(ctx, { ...user, pendingEmail: newEmail });
}

export async function resendEmailChange(ctx: AppContext, { userId }: { userId: number }): Promise<{ sentTo: string }> {
  const user = await getLiveUser(ctx, userId);
  if (!user?.pendingEmail) throw new AppError(400, ["There is no email change waiting to be confirmed."]);
  await takeVerificationMailAllowance(ctx, { userId: user.id });
  await ctx.db.update(users).set({ pendingEmailRequestedAt: ctx.now() }).where(eq(users.id, user.id));
  await sendEmailChangeMails(ctx, user, { noticeToCurrent: false });
  return { sentTo: user.pendingEmail };
}

export async function cancelEmailChange(ctx: AppContext, { userId }: { userId: number }): Promise<void> {
  await ctx.db.update(users).set({ pendingEmail: null, pendingEmailRequestedAt: null }).where(eq(users.id, userId));
}

async function sendEmailChangeMails(
  ctx: AppContext,
  user: VerifiableUser & { name: string },
  { noticeToCurrent = true }: { noticeToCurrent?: boolean } = {},
) {
  const newEmail = user.pendingEmail!;
  const { link } = await createVerificationLink(ctx, { user, purpose: "change" });
  await sendMail(ctx, {
    to: newEmail,
    template: "email-change-confirm",
    subject: `Confirm your new ${ctx.config.appName} email`,
    text: `Ahlan ${user.name}!\n\nYou asked to sign in to ${ctx.config.appName} with this address from now on. Confirm it here (the link works once, for one hour):\n${link}\n\nUntil then your account keeps its current email. If you did not ask for this, ignore this email.`,
  });
  if (noticeToCurrent) {
    await sendMail(ctx, {
      to: user.email,
      template: "email-change-requested",
      subject: `Your ${ctx.config.appName} email is about to change`,
      text: `Someone signed in to your ${ctx.config.appName} account asked to change its email to ${newEmail}. Nothing changes until a link sent to that address is opened.\n\nIf this wasn't you, sign in, cancel the change in Settings and change your password.`,
    });
  }
}

function parseToken(token: string) {
  const [payload, sig, ...rest] = token.split(".");
  if (!payload || !sig || rest.length > 0 || token.length > 512) return null;
  const payloadBytes = fromBase64Url(payload);
  const signatureBytes = fromBase64Url(sig);
  if (!payloadBytes || !signatureBytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(payloadBytes));
  } catch {
    return null;
  }
  const claims = tokenPayloadSchema.safeParse(json);
  return claims.success ? { payload, signature: signatureBytes, claims: claims.data } : null;
}

/**
 * Opens a verification link: confirms the account's email, or moves the account to its pending email
 * and confirms that. Every write is conditional on the state the link was signed for, so two racing
 * requests cannot both use one link.
 */
export async function confirmEmail(
  requestCtx: AppContext,
  { token }: { token: string },
): Promise<{ purpose: VerificationPurpose; email: string; userId: number }> {
  // The emailed link is a GET, and it writes: on the primary (server/lib/d1-session.ts).
  const ctx = onPrimary(requestCtx);
  const parsed = parseToken(token);
  if (!parsed) throw new AppError(400, [LINK_INVALID]);
  const { claims } = parsed;
  const user = await getLiveUser(ctx, claims.u);
  if (!user) throw new AppError(400, [LINK_INVALID]);
  const expected = await signature(ctx, parsed.payload, user, claims.p);
  if (!constantTimeEqual(expected, parsed.signature)) throw new AppError(400, [LINK_INVALID]);
  if (claims.x * 1000 <= ctx.now().getTime()) throw new AppError(410, [LINK_EXPIRED]);

  if (claims.p === "verify") {
    if (user.emailVerifiedAt) throw new AppError(400, [LINK_INVALID]);
    const updated = await ctx.db
      .update(users)
      .set({ emailVerifiedAt: ctx.now() })
      .where(and(eq(users.id, user.id), eq(users.email, user.email), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError(400, [LINK_INVALID]);
    return { purpose: "verify", email: user.email, userId: user.id };
  }

  const newEmail = user.pendingEmail;
  if (!newEmail) throw new AppError(400, [LINK_INVALID]);
  const takenMessage = `Another account started using ${newEmail} in the meantime. Choose another email in Settings.`;
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, newEmail), ne(users.id, user.id)))
    .limit(1);
  if (taken) throw new AppError(409, [takenMessage]);
  let updated: { id: number }[];
  try {
    // The move and the end of the links mailed to the old address are one batch. The links end only when the
    // move was made (the account now has the new address), never because of a link that was refused.
    const moved = exists(
      ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.email, newEmail))),
    );
    [updated] = await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: ctx.now(), pendingEmail: null, pendingEmailRequestedAt: null })
        .where(and(eq(users.id, user.id), eq(users.email, user.email), eq(users.pendingEmail, newEmail)))
        .returning({ id: users.id }),
      ...endMailedLinks(ctx, { userId: user.id, when: moved }),
    ]);
  } catch (error) {
    // The unique index on email, if someone took the address between the check and the update.
    if (String(error).includes("UNIQUE")) throw new AppError(409, [takenMessage]);
    throw error;
  }
  if (updated.length === 0) throw new AppError(400, [LINK_INVALID]);
  return { purpose: "change", email: newEmail, userId: user.id };
}
