/**
 * PBKDF2-SHA256 through WebCrypto. 100,000 iterations is the most Cloudflare's production runtime
 * accepts; the parameters travel with the hash so they can be raised later, and are capped when
 * verifying so a tampered row cannot make us burn CPU.
 */
export const PASSWORD_ITERATIONS = 100_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const MAX_ITERATIONS = 100_000;
const KEY_BITS = 256;

import { constantTimeEqual } from "./crypto";

const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (value: string) => Uint8Array.from(atob(value), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  if (password.length > PASSWORD_MAX_LENGTH) throw new Error("Password too long");
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

/**
 * Checked instead of a real hash when the email has no account, or the account no password, so that
 * login costs one PBKDF2 at full strength either way and its timing does not tell who has an account.
 * Random salt and bytes: no password derives to them.
 */
export const DUMMY_PASSWORD_HASH = `pbkdf2-sha256$${PASSWORD_ITERATIONS}$lELK3yTP6dK7MS6jqICDhQ==$T8Gz8cj5QHyAsBKWxxx3+qfPXFPwXb4p5s7ZDb3jk9s=`;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || password.length > PASSWORD_MAX_LENGTH) return false;
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== "pbkdf2-sha256" || !saltText || !hashText) return false;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  return constantTimeEqual(actual, expected);
}
