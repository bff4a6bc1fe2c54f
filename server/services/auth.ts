import { and, eq, gt, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import type {
  changeEmailSchema,
  changePasswordSchema,
  loginSchema,
  registerSchema,
  setNewPasswordSchema,
} from "#core/schemas/auth";
import { passwordResetTokens, sessions, userPermissions, users } from "#drizzle/schema";
import type { AppContext } from "../context";
import { randomToken, sha256Hex } from "../lib/crypto";
import { AppError, RateLimitError } from "../lib/errors";
import { signToken, verifyToken } from "../lib/jwt";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../lib/password";
import { erasePersonalData } from "./account-deletion";
import {
  forgetDeviceAttempts,
  issueDeviceCookie,
  readDeviceClaim,
  revokeDeviceCookies,
  trustDevice,
} from "./device-cookies";
import { createVerificationLink, requestEmailChange, takeVerificationMailAllowance } from "./email-verification";
import { sendMail } from "./mail";
import { endMailedLinks } from "./mailed-links";
import {
  clearRateLimit,
  delayRemaining,
  formatWait,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ACCOUNT_SOURCE_DELAY,
  LOGIN_SOURCE_DELAY,
  peekRateLimit,
  recordFailure,
  RESET_ACCOUNT_LIMIT,
  RESET_SOURCE_LIMIT,
  SIGNUP_SOURCE_LIMIT,
  SIGNUP_TAKEN_SOURCE_LIMIT,
  takeRateLimit,
} from "./rate-limit";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface RequestMeta {
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  avatarKey: string | null;
  level: "beginner" | "intermediate" | "advanced" | null;
  birthday: string | null;
  transliterationScheme: "romanized" | "arabizi";
  /** `users.time_zone`, read with the sign-in check so a write that records a study day needs no read of its own. */
  timeZone: string | null;
  hasPassword: boolean;
  permissions: string[];
  sessionId: string;
}

const INVALID_LOGIN = "The email or password is incorrect.";

/** Read from the primary: a permission revoked a moment ago is gone from the very next request. */
export async function getPermissions(ctx: AppContext, { userId }: { userId: number }): Promise<string[]> {
  const rows = await permissionsQuery(ctx, userId);
  return rows.map((row) => row.code).sort();
}

function permissionsQuery(ctx: AppContext, userId: number) {
  return ctx.primary
    .select({ code: userPermissions.code })
    .from(userPermissions)
    .where(eq(userPermissions.userId, userId));
}

/** Opens a D1 session and signs the token that names it. */
export async function createSession(ctx: AppContext, { userId, meta = {} }: { userId: number; meta?: RequestMeta }) {
  const sessionId = randomToken(24);
  const expiresAt = new Date(ctx.now().getTime() + SESSION_LIFETIME_MS);
  await ctx.db.insert(sessions).values({
    id: sessionId,
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ipAddress: meta.ipAddress ?? null,
    createdAt: ctx.now(),
  });
  const permissions = await getPermissions(ctx, { userId });
  const token = await signToken({ userId, sessionId, permissions, expiresAt }, ctx.config.jwtSecret);
  return { token, sessionId, expiresAt };
}

/**
 * The signed-in user behind a token, or null. The signature alone is not enough: the session must
 * still be open in D1 and the account neither disabled nor deleted. Permissions come from D1, so a
 * revoked permission stops working at once even in an older token. Asked of the primary
 * (`ctx.primary`), never a replica: a sign-out or a disabled account takes effect on the next request.
 */
export async function authenticate(
  ctx: AppContext,
  { token }: { token: string | null | undefined },
): Promise<SessionUser | null> {
  return authenticateClaim(ctx, { claim: await readTokenClaim(ctx, { token }) });
}

/** A token's signed claim (who it names, which session), checked against nothing but the signature and expiry. */
export interface TokenClaim {
  userId: number;
  sessionId: string;
}

/**
 * What a correctly signed, unexpired token claims, or null. Not a sign-in: only `authenticateClaim` says
 * whether the session behind it is still open. A caller may start reading what the claimed member's page
 * will need alongside that check, and must drop it unless the check names the same member.
 */
export async function readTokenClaim(
  ctx: AppContext,
  { token }: { token: string | null | undefined },
): Promise<TokenClaim | null> {
  if (!token) return null;
  const payload = await verifyToken(token, ctx.config.jwtSecret);
  return payload ? { userId: Number(payload.sub), sessionId: payload.sid } : null;
}

/** `authenticate` for a claim already read from the token: one D1 round trip. */
export async function authenticateClaim(
  ctx: AppContext,
  { claim }: { claim: TokenClaim | null },
): Promise<SessionUser | null> {
  if (!claim) return null;
  const [rows, permissionRows] = await ctx.primary.batch(authenticationQueries(ctx, claim));
  return sessionUserFrom(claim, rows, permissionRows);
}

/**
 * The two reads behind a sign-in check, for a caller that batches them with more of its own (the page
 * load context adds the member's entitlement): the open session's user, and the permissions of the user
 * the token names (kept only when that session is open). Asked of the primary. Only user columns are
 * selected: D1 batches return rows as objects, where a join's same-named columns would collide.
 */
export function authenticationQueries(ctx: AppContext, claim: TokenClaim) {
  return [
    ctx.primary
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        avatarKey: users.avatarKey,
        level: users.level,
        birthday: users.birthday,
        transliterationScheme: users.transliterationScheme,
        timeZone: users.timeZone,
        passwordHash: users.passwordHash,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claim.sessionId),
          eq(sessions.userId, claim.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, ctx.now()),
          isNull(users.disabledAt),
          isNull(users.deletedAt),
        ),
      )
      .limit(1),
    permissionsQuery(ctx, claim.userId),
  ] as const;
}

type AuthenticationRows = {
  [K in keyof ReturnType<typeof authenticationQueries>]: Awaited<ReturnType<typeof authenticationQueries>[K]>;
};

/** The signed-in user from `authenticationQueries`' rows, or null when the session is not open. */
export function sessionUserFrom(
  claim: TokenClaim,
  [user]: AuthenticationRows[0],
  permissionRows: AuthenticationRows[1],
): SessionUser | null {
  if (!user) return null;
  return toSessionUser(
    user,
    claim.sessionId,
    permissionRows.map((row) => row.code),
  );
}

function toSessionUser(
  user: Pick<
    typeof users.$inferSelect,
    "id" | "email" | "name" | "avatarKey" | "level" | "birthday" | "transliterationScheme" | "timeZone" | "passwordHash"
  >,
  sessionId: string,
  permissions: string[],
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    avatarKey: user.avatarKey,
    level: user.level,
    birthday: user.birthday,
    transliterationScheme: user.transliterationScheme,
    timeZone: user.timeZone,
    hasPassword: Boolean(user.passwordHash),
    permissions: [...permissions].sort(),
    sessionId,
  };
}

export async function findUserByEmail(ctx: AppContext, { email }: { email: string }) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** The counters a sign-in attempt is measured against (server/services/rate-limit.ts has the rules). */
export function loginRateLimitKeys(email: string, meta: RequestMeta) {
  const source = meta.ipAddress ?? "unknown";
  return {
    accountSource: `login:account-source:${email}|${source}`,
    source: `login:source:${source}`,
    account: `login:account:${email}`,
  };
}

/**
 * A password sign-in. `device` is the browser's device cookie, if it sent one (ADR 030): when it names this
 * account and still holds, the attempt is measured against the cookie's own counter instead of the delays
 * below; otherwise, or once that counter is full, the attempt is treated like any other. Answers the session
 * and a fresh device cookie for the browser.
 */
export async function login(
  ctx: AppContext,
  { meta = {}, device, ...input }: { meta?: RequestMeta } & { device?: string | null } & z.infer<typeof loginSchema>,
) {
  const keys = loginRateLimitKeys(input.email, meta);
  const claim = await readDeviceClaim(ctx, { value: device });
  // Only a correctly signed cookie costs the account lookup before the delays are checked.
  let user = claim ? await findUserByEmail(ctx, { email: input.email }) : undefined;
  const knownDevice = claim ? await trustDevice(ctx, { claim, account: user ?? null }) : null;
  const wait = knownDevice ? 0 : await delayRemaining(ctx, { keys: [keys.accountSource, keys.source, keys.account] });
  if (wait > 0) {
    throw new RateLimitError(
      `Too many sign-in attempts. Please wait ${formatWait(wait)} and try again, or reset your password.`,
      wait,
    );
  }
  if (user === undefined) user = await findUserByEmail(ctx, { email: input.email });
  // One full-strength PBKDF2 whether or not the account (or its password) exists: same cost, same answer.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user?.passwordHash || !matches) {
    // A known browser's failure was counted on its own cookie (trustDevice); anyone else's, account-wide.
    if (!knownDevice) {
      await Promise.all([
        recordFailure(ctx, { key: keys.accountSource, rule: LOGIN_ACCOUNT_SOURCE_DELAY }),
        recordFailure(ctx, { key: keys.source, rule: LOGIN_SOURCE_DELAY }),
        recordFailure(ctx, { key: keys.account, rule: LOGIN_ACCOUNT_DELAY }),
      ]);
    }
    throw new AppError(401, [INVALID_LOGIN], { password: [INVALID_LOGIN] });
  }
  if (user.disabledAt) throw new AppError(403, ["This account has been disabled. Contact support to restore it."]);
  await Promise.all([
    clearRateLimit(ctx, { key: keys.accountSource }),
    knownDevice ? forgetDeviceAttempts(ctx, { key: knownDevice }) : null,
  ]);
  const session = await createSession(ctx, { userId: user.id, meta });
  return { ...session, userId: user.id, deviceCookie: await issueDeviceCookie(ctx, user) };
}

const EMAIL_TAKEN =
  "An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.";

export async function register(
  ctx: AppContext,
  { meta = {}, ...input }: { meta?: RequestMeta } & z.infer<typeof registerSchema>,
) {
  const source = meta.ipAddress ?? "unknown";
  const takenKey = `signup:taken:${source}`;
  const tooMany = (retryAfterSeconds: number) =>
    new RateLimitError(
      `Too many sign-ups from your network. Please try again in ${formatWait(retryAfterSeconds)}.`,
      retryAfterSeconds,
    );
  const taken = await peekRateLimit(ctx, { key: takenKey, rule: SIGNUP_TAKEN_SOURCE_LIMIT });
  if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
  const attempts = await takeRateLimit(ctx, { key: `signup:source:${source}`, rule: SIGNUP_SOURCE_LIMIT });
  if (!attempts.allowed) throw tooMany(attempts.retryAfterSeconds);
  const existing = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing.length > 0) {
    await takeRateLimit(ctx, { key: takenKey, rule: SIGNUP_TAKEN_SOURCE_LIMIT });
    throw new AppError(409, [EMAIL_TAKEN], { email: [EMAIL_TAKEN] });
  }
  const passwordHash = await hashPassword(input.password);
  const [user] = await ctx.db
    .insert(users)
    .values({ email: input.email, name: input.name, passwordHash, createdAt: ctx.now(), updatedAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw new AppError(409, [EMAIL_TAKEN], { email: [EMAIL_TAKEN] });
  // The account and its first sign-in stand or fall together: without the session, the account is removed
  // again, so the member's retry registers instead of finding the address taken after an error.
  let session: Awaited<ReturnType<typeof createSession>>;
  try {
    session = await createSession(ctx, { userId: user.id, meta });
  } catch (error) {
    await ctx.db
      .delete(users)
      .where(eq(users.id, user.id))
      .catch((cleanup: unknown) => console.error("register: could not remove the half-made account", String(cleanup)));
    throw error;
  }
  // The welcome mail with its confirmation link follows a registration that is made: if it cannot be
  // prepared, the member asks for the link again from their settings ("Resend").
  try {
    await takeVerificationMailAllowance(ctx, { userId: user.id });
    const { link } = await createVerificationLink(ctx, {
      user: { id: user.id, email: input.email, pendingEmail: null },
      purpose: "verify",
    });
    await sendMail(ctx, {
      to: input.email,
      template: "welcome",
      subject: `Welcome to ${ctx.config.appName}!`,
      text: `Ahlan ${input.name}!\n\nYour ${ctx.config.appName} account is ready. Start with a free lesson: ${ctx.config.appUrl}/video-library\n\nPlease confirm your email address (the link works for 24 hours):\n${link}\n\nIf you did not create this account, ignore this email: nothing is confirmed until the link is opened.\n\nYallah, let's learn Shami together.`,
    });
  } catch (error) {
    console.error("register: the welcome mail could not be prepared", String(error));
  }
  return {
    ...session,
    userId: user.id,
    deviceCookie: await issueDeviceCookie(ctx, { id: user.id, deviceGeneration: 0 }),
  };
}

export async function logout(ctx: AppContext, { sessionId }: { sessionId: string }): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, sessionId));
}

/** Signs the account out everywhere: every session, and every device cookie (ADR 030). */
export async function revokeAllSessions(ctx: AppContext, { userId }: { userId: number }): Promise<void> {
  await ctx.db.batch([
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    revokeDeviceCookies(ctx, { userId }),
  ]);
}

/** Always resolves the same way, so the answer never tells whether the email has an account. */
export async function requestPasswordReset(
  ctx: AppContext,
  { email, meta = {} }: { email: string; meta?: RequestMeta },
): Promise<void> {
  // Both caps are quiet: past them nothing is sent, and the answer stays the same. An administrator's
  // "send a reset link" has no source address and counts only per account.
  if (
    meta.ipAddress &&
    !(await takeRateLimit(ctx, { key: `reset:source:${meta.ipAddress}`, rule: RESET_SOURCE_LIMIT })).allowed
  ) {
    return;
  }
  const user = await findUserByEmail(ctx, { email });
  if (!user || user.disabledAt) return;
  // Per account, so the form cannot be used to flood someone's inbox from many addresses.
  if (!(await takeRateLimit(ctx, { key: `reset:email:${user.email}`, rule: RESET_ACCOUNT_LIMIT })).allowed) return;
  await sendPasswordLink(ctx, { user, kind: "reset" });
}

/** An invitation's set-password link lasts longer than a reset link: a new member may not read mail at once. */
export const INVITE_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Mails a single-use link to /auth/resetpassword: a reset the member asked for (one hour), or the
 * invitation of an account an administrator created (seven days). `extra` statements (the audit row)
 * are written in the same batch as the link's token.
 */
export async function sendPasswordLink(
  ctx: AppContext,
  {
    user,
    kind,
    extra = [],
  }: { user: { id: number; email: string; name: string }; kind: "reset" | "invite"; extra?: BatchItem<"sqlite">[] },
): Promise<void> {
  const token = randomToken(32);
  const lifetime = kind === "invite" ? INVITE_TOKEN_LIFETIME_MS : RESET_TOKEN_LIFETIME_MS;
  await ctx.db.batch([
    ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(ctx.now().getTime() + lifetime),
      createdAt: ctx.now(),
    }),
    ...extra,
  ]);
  const link = new URL("/auth/resetpassword", ctx.config.appUrl);
  link.searchParams.set("token", token);
  link.searchParams.set("email", user.email);
  const appName = ctx.config.appName;
  await sendMail(
    ctx,
    kind === "invite"
      ? {
          to: user.email,
          template: "account-invite",
          subject: `Your ${appName} account is ready`,
          text: `Ahlan ${user.name}!\n\nThe ${appName} team has created an account for you. Choose your password here to sign in (the link works once, for seven days):\n${link.toString()}\n\nIf you weren't expecting this, ignore this email: no one can sign in until a password is chosen.`,
        }
      : {
          to: user.email,
          template: "password-reset",
          subject: `Reset your ${appName} password`,
          text: `Someone asked to reset the password of your ${appName} account.\n\nChoose a new password here (the link works once, for one hour):\n${link.toString()}\n\nIf it wasn't you, ignore this email: your password stays the same.`,
        },
  );
}

const INVALID_RESET = "This reset link is invalid or has expired. Ask for a new one.";

export async function setNewPassword(ctx: AppContext, input: z.infer<typeof setNewPasswordSchema>): Promise<number> {
  const tokenHash = await sha256Hex(input.resetPasswordToken);
  const [row] = await ctx.db
    .select({ token: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (
    !row ||
    row.token.usedAt ||
    row.token.expiresAt.getTime() <= ctx.now().getTime() ||
    row.user.email !== input.email ||
    row.user.deletedAt ||
    row.user.disabledAt
  ) {
    throw new AppError(400, [INVALID_RESET], { resetPasswordToken: [INVALID_RESET] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Marking the token used is conditional on it still being unused, so two racing requests cannot both win.
  const claimed = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: ctx.now() })
    .where(and(eq(passwordResetTokens.id, row.token.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (claimed.length === 0) throw new AppError(400, [INVALID_RESET], { resetPasswordToken: [INVALID_RESET] });
  // Opening the emailed link proves the mailbox, so it also confirms the email.
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash, emailVerifiedAt: row.user.emailVerifiedAt ?? ctx.now() })
      .where(eq(users.id, row.user.id)),
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, row.user.id), isNull(sessions.revokedAt))),
    revokeDeviceCookies(ctx, { userId: row.user.id }),
    ...endMailedLinks(ctx, { userId: row.user.id }),
  ]);
  return row.user.id;
}

async function requirePassword(ctx: AppContext, userId: number, password: string, field: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    const message = "That password is not correct.";
    throw new AppError(400, [message], { [field]: [message] });
  }
  return user;
}

/** Changes the password and ends every session; the caller gets a fresh one for this device. */
export async function changePassword(
  ctx: AppContext,
  { userId, meta = {}, ...input }: { userId: number; meta?: RequestMeta } & z.infer<typeof changePasswordSchema>,
) {
  await requirePassword(ctx, userId, input.currentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  // The account's device cookies end with its sessions (ADR 030); this browser gets one of the new generation.
  const [, , [account]] = await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    revokeDeviceCookies(ctx, { userId }).returning({ id: users.id, deviceGeneration: users.deviceGeneration }),
    ...endMailedLinks(ctx, { userId }),
  ]);
  const session = await createSession(ctx, { userId, meta });
  return { ...session, deviceCookie: account ? await issueDeviceCookie(ctx, account) : null };
}

/** Checks the password, then sends the link to the new address (server/services/email-verification.ts). */
export async function changeEmail(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & z.infer<typeof changeEmailSchema>,
) {
  await requirePassword(ctx, userId, input.password, "password");
  await requestEmailChange(ctx, { userId, newEmail: input.newEmail });
}

/**
 * Deleting an account removes what identifies the person (email, name, password, avatar) and ends
 * every session; what they wrote in the community stays, attributed to "Deleted member".
 */
export async function deleteAccount(ctx: AppContext, { userId, password }: { userId: number; password: string }) {
  await requirePassword(ctx, userId, password, "password");
  // Sign-ins, permissions and everything personal, in one batch with the account's anonymisation; then the
  // avatar. What is kept and why: server/services/account-deletion.ts.
  await erasePersonalData(ctx, { userId });
}
