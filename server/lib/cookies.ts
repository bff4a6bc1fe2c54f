export const TOKEN_COOKIE = "token";

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
const isSecure = (requestUrl: string) => new URL(requestUrl).protocol === "https:";

export function serializeTokenCookie(token: string, expiresAt: Date, requestUrl: string): string {
  const parts = [
    `${TOKEN_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expiresAt.toUTCString()}`,
    `Max-Age=${Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}`,
  ];
  if (isSecure(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

export function clearTokenCookie(requestUrl: string): string {
  const parts = [
    `${TOKEN_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
  ];
  if (isSecure(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

/** The D1 bookmark of this browser's newest write (server/lib/d1-session.ts); an hour outlives any replica lag. */
export const BOOKMARK_COOKIE = "d1b";
export const BOOKMARK_COOKIE_MAX_AGE_SECONDS = 60 * 60;

export function serializeBookmarkCookie(bookmark: string, requestUrl: string): string {
  const parts = [
    `${BOOKMARK_COOKIE}=${bookmark}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${BOOKMARK_COOKIE_MAX_AGE_SECONDS}`,
  ];
  if (isSecure(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Whether the request carries a credential in any carrier the server reads one from: an Authorization
 * header (any value, valid or not) or a session cookie (any value). The page cache asks this, not whether
 * the credential is good: a forged or expired token still means "not a visitor" (server/lib/page-cache.ts).
 */
export function carriesCredential(request: Request): boolean {
  if (request.headers.has("Authorization")) return true;
  return TOKEN_COOKIE in parseCookies(request.headers.get("Cookie"));
}

/** The session token from the cookie, or an Authorization header holding it raw or as `Bearer <token>`. */
export function readToken(request: Request): string | null {
  const authorization = request.headers.get("Authorization")?.trim();
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization);
    return (match ? match[1]! : authorization).trim() || null;
  }
  return parseCookies(request.headers.get("Cookie"))[TOKEN_COOKIE] || null;
}

export function requestMeta(request: Request) {
  return {
    ipAddress:
      request.headers.get("CF-Connecting-IP") ??
      request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
      "local",
    userAgent: request.headers.get("User-Agent"),
  };
}

/**
 * Binds a Google sign-in to the browser that started it: the callback accepts a `state` only when this
 * cookie carries the same value, so nobody can finish their own sign-in in someone else's browser.
 * Lax, because Google sends the browser back with a top-level GET; the path covers only the two routes.
 */
export const GOOGLE_STATE_COOKIE = "google_oauth_state";
export const GOOGLE_STATE_COOKIE_MAX_AGE_SECONDS = 10 * 60;
const GOOGLE_STATE_COOKIE_PATH = "/auth/google";

export function serializeGoogleStateCookie(state: string, requestUrl: string): string {
  const parts = [
    `${GOOGLE_STATE_COOKIE}=${state}`,
    `Path=${GOOGLE_STATE_COOKIE_PATH}`,
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${GOOGLE_STATE_COOKIE_MAX_AGE_SECONDS}`,
  ];
  if (isSecure(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

export function clearGoogleStateCookie(requestUrl: string): string {
  const parts = [
    `${GOOGLE_STATE_COOKIE}=`,
    `Path=${GOOGLE_STATE_COOKIE_PATH}`,
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
  ];
  if (isSecure(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

export function readGoogleStateCookie(request: Request): string | null {
  return parseCookies(request.headers.get("Cookie"))[GOOGLE_STATE_COOKIE] || null;
}
