import { eq, sql } from "drizzle-orm";
import { users } from "#drizzle/schema";
import type { AppContext } from "../context";
import { signDeviceCookie, verifyDeviceCookie } from "../lib/device-cookie";
import { clearRateLimit, LOGIN_DEVICE_LIMIT, takeRateLimit } from "./rate-limit";

/**
 * Device cookies (ADR 030; the cookie itself: server/lib/device-cookie.ts). A browser that signed in to an
 * account gets one; a password attempt on that account from that browser is then measured against the cookie's
 * own counter (`LOGIN_DEVICE_LIMIT`) instead of the login delays of ADR 015, so someone guessing from elsewhere
 * cannot keep the member out. The cookie never replaces the password.
 */

/** The account as the login reads it (a `users` row). */
interface DeviceAccount {
  id: number;
  deviceGeneration: number;
  disabledAt: Date | null;
  deletedAt: Date | null;
}

/** A device cookie value for a browser that has just signed in to this account (a fresh nonce each time). */
export function issueDeviceCookie(ctx: AppContext, account: { id: number; deviceGeneration: number }) {
  return signDeviceCookie(ctx.config.jwtSecret, {
    userId: account.id,
    generation: account.deviceGeneration,
    issuedAt: ctx.now(),
  });
}

/** The rate-limit key of one device cookie's attempts. */
export const deviceCounterKey = (nonce: string) => `login:device:${nonce}`;

/** A cookie that is correctly signed and unexpired: what it claims, not yet checked against the account. */
export function readDeviceClaim(ctx: AppContext, { value }: { value: string | null | undefined }) {
  return verifyDeviceCookie(ctx.config.jwtSecret, value, ctx.now());
}

/**
 * Whether this sign-in attempt comes from a known browser of `account`: the cookie names this very account, in
 * its current generation (no session revocation since), the account is live, and the cookie's own counter has
 * room for one more attempt. The attempt is counted here, in one upsert, so racing attempts cannot overrun it;
 * a success clears it (`forgetDeviceAttempts`). Answers the counter's key, or null: the attempt is then treated
 * exactly as one without a cookie.
 */
export async function trustDevice(
  ctx: AppContext,
  { claim, account }: { claim: Awaited<ReturnType<typeof readDeviceClaim>>; account: DeviceAccount | null },
): Promise<string | null> {
  if (!claim || !account) return null;
  if (claim.userId !== account.id || claim.generation !== account.deviceGeneration) return null;
  if (account.disabledAt || account.deletedAt) return null;
  const key = deviceCounterKey(claim.nonce);
  const attempt = await takeRateLimit(ctx, { key, rule: LOGIN_DEVICE_LIMIT });
  return attempt.allowed ? key : null;
}

/** After a successful sign-in from a known browser: its counter starts again (its next cookie has a new one anyway). */
export function forgetDeviceAttempts(ctx: AppContext, { key }: { key: string }) {
  return clearRateLimit(ctx, { key });
}

/**
 * The statement that ends every device cookie of the account: its generation goes up. Added to the same batch
 * as every revocation of all the account's sessions (sign out everywhere, a password change or reset, an
 * administrator disabling the account or ending its sessions, the first proof of its address).
 */
export function revokeDeviceCookies(ctx: AppContext, { userId }: { userId: number }) {
  return ctx.db
    .update(users)
    .set({ deviceGeneration: sql`${users.deviceGeneration} + 1` })
    .where(eq(users.id, userId));
}
