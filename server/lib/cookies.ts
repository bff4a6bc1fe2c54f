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
