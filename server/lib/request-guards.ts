/**
 * Checks every request passes before a handler sees it (server/app.ts applies them). They are pure so
 * each rule is tested on its own (tests/integration/request-guards.test.ts).
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const isStateChanging = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

/** Requests that prove who sent them by a signature instead of a browser session: exempt from the origin rule. */
const SIGNED_WEBHOOKS = ["/api/billing/webhooks/stripe"];

/**
 * Why a state-changing request must be refused as cross-site, or null. Browsers send `Origin` on every
 * POST and `Sec-Fetch-Site` on every request, so a page on another site is recognised by either; a
 * client that sends neither (curl, a native app) is no browser another site can drive.
 */
export function crossSiteReason(request: Request): string | null {
  if (!isStateChanging(request.method)) return null;
  const url = new URL(request.url);
  if (SIGNED_WEBHOOKS.includes(url.pathname)) return null;
  const fetchSite = request.headers.get("Sec-Fetch-Site")?.toLowerCase();
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return `Sec-Fetch-Site: ${fetchSite}`;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return `Origin: ${origin}`;
  return null;
}

/** Raw uploads of the admin API: a file body, not JSON. The origin rule above still applies to them. */
const UPLOAD_ROUTES: RegExp[] = [
  /^\/api\/admin\/uploads\/part$/,
  /^\/api\/admin\/[a-z0-9-]+\/upload$/,
  /^\/api\/admin\/imports\/[a-z0-9-]+\/preview$/,
];

/**
 * The JSON API takes only `application/json` bodies, so a plain HTML form (urlencoded, multipart or
 * text/plain, all sendable cross-site without a preflight) can never reach it. Answers the 415 message
 * or null.
 */
export function apiBodyTypeProblem(request: Request): string | null {
  if (!isStateChanging(request.method)) return null;
  const path = new URL(request.url).pathname;
  if (UPLOAD_ROUTES.some((pattern) => pattern.test(path))) return null;
  const type = request.headers.get("Content-Type");
  const length = request.headers.get("Content-Length");
  const hasBody = length !== null ? length !== "0" : request.headers.has("Transfer-Encoding") || request.body !== null;
  if (type === null) return hasBody ? "Send the body as application/json." : null;
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json" ? null : "The API accepts only application/json bodies.";
}
