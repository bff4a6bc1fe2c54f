import { base64Url, constantTimeEqual, fromBase64Url, hmacSha256, randomToken } from "./crypto";
import { parseCookies } from "./cookies";

/**
 * The device cookie (OWASP, "Slow down online guessing attacks with device cookies"; ADR 030): a browser that
 * signed in to an account keeps a signed note saying so. It is not a credential: it never signs anyone in, it
 * only lets that browser's password attempts on that account be counted on their own instead of account-wide
 * (server/services/device-cookies.ts). Stateless: `v1.<user id>.<generation>.<issued at, s>.<nonce>.<HMAC>`,
 * the HMAC (SHA-256 with the JWT secret, under its own label) covering everything before it.
 */
export const DEVICE_COOKIE = "device";
export const DEVICE_COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

const VERSION = "v1";
const LABEL = "ahla-device-cookie";
/** A cookie far longer than ours (about 100 characters) is not even parsed. */
const MAX_LENGTH = 256;

export interface DeviceClaim {
  userId: number;
  /** The account's device generation when the cookie was issued (`users.device_generation`). */
  generation: number;
  issuedAt: Date;
  /** 16 random bytes: names this cookie, and keys its own failure counter. */
  nonce: string;
}

async function signature(secret: string, unsigned: string) {
  return hmacSha256(secret, `${LABEL}\n${unsigned}`);
}

/** A new cookie value for this account and generation, with a fresh nonce. */
export async function signDeviceCookie(
  secret: string,
  claim: { userId: number; generation: number; issuedAt: Date },
): Promise<string> {
  const unsigned = [
    VERSION,
    claim.userId,
    claim.generation,
    Math.floor(claim.issuedAt.getTime() / 1000),
    randomToken(16),
  ].join(".");
  return `${unsigned}.${base64Url(await signature(secret, unsigned))}`;
}

const SHAPE =
  /^v1\.([1-9][0-9]{0,11})\.(0|[1-9][0-9]{0,11})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * What a device cookie claims, or null when it is missing, malformed, not signed with `secret`, or older than
 * its lifetime. Checks nothing in D1: whether the claim still holds for the account is the service's question.
 */
export async function verifyDeviceCookie(
  secret: string,
  value: string | null | undefined,
  now: Date,
): Promise<DeviceClaim | null> {
  if (!value || value.length > MAX_LENGTH) return null;
  const match = SHAPE.exec(value);
  if (!match) return null;
  const [, userId, generation, issuedAt, nonce, sig] = match;
  const given = fromBase64Url(sig!);
  if (!given) return null;
  const expected = await signature(secret, value.slice(0, value.lastIndexOf(".")));
  if (!constantTimeEqual(expected, given)) return null;
  const issued = new Date(Number(issuedAt) * 1000);
  if (issued.getTime() + DEVICE_COOKIE_LIFETIME_MS <= now.getTime()) return null;
  return { userId: Number(userId), generation: Number(generation), issuedAt: issued, nonce: nonce! };
}

/** The device cookie the browser sent, if any. */
export function readDeviceCookie(request: Request): string | null {
  return parseCookies(request.headers.get("Cookie"))[DEVICE_COOKIE] || null;
}

/** HttpOnly, SameSite=Lax, a year long, for the whole site; Secure everywhere but plain-http localhost. */
export function serializeDeviceCookie(value: string, requestUrl: string): string {
  const parts = [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(DEVICE_COOKIE_LIFETIME_MS / 1000)}`,
  ];
  if (new URL(requestUrl).protocol === "https:") parts.push("Secure");
  return parts.join("; ");
}
