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

/** Raw uploads (the admin's files, a shadowing attempt): a file body, not JSON. The origin rule above still applies to them. */
const UPLOAD_ROUTES: RegExp[] = [
  /^\/api\/admin\/uploads\/part$/,
  /^\/api\/admin\/[a-z0-9-]+\/upload$/,
  /^\/api\/admin\/imports\/[a-z0-9-]+\/preview$/,
  // A shadowing attempt's audio (docs/speaking.md): checked, or shared to the community.
  /^\/api\/speaking\/lessons\/[^/]+\/lines\/[^/]+\/intelligibility$/,
  /^\/api\/speaking\/shares$/,
  // An HLS package's files, uploaded by npm run media:package (docs/video.md).
  /^\/api\/admin\/lessons\/[a-z0-9-]+\/stream\/[A-Za-z0-9]+\/[A-Za-z0-9.]+$/,
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

/** A refusal a guard answers before any handler runs: the status and the message. */
export interface Refusal {
  status: 400 | 405 | 414 | 415;
  message: string;
  allow?: string;
}

/** Longer paths are no page or route of ours (the longest real ones are a few hundred characters). */
export const MAX_PATH_LENGTH = 2048;

/**
 * Requests no route of ours can mean, refused with a 4xx before anything parses them (the outside attack
 * found them answered 500 by the code that did): a GET or HEAD that carries a body, a path that is not a
 * valid percent-encoding, holds an encoded backslash or NUL, starts with "//" or is overlong.
 */
export function malformedRequestProblem(request: Request): Refusal | null {
  const method = request.method.toUpperCase();
  if ((method === "GET" || method === "HEAD") && carriesBody(request)) {
    return { status: 400, message: "A GET or HEAD request cannot carry a body." };
  }
  const url = new URL(request.url);
  const path = url.pathname;
  if (path.length > MAX_PATH_LENGTH) return { status: 414, message: "That address is too long." };
  if (path.startsWith("//") || /%5c|%00/i.test(path) || path.includes("\\")) {
    return { status: 400, message: "That address is malformed." };
  }
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, message: "That address is not valid percent-encoding." };
  }
  return null;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Pages change things only through HTML forms: a POST with a form body. Any other method is a 405 (Allow:
 * GET, HEAD, POST), a POST of another type a 415, and a multipart body that does not parse a 400, rather
 * than the 500 a route's action answered when it read the form. A POST with no body at all (`curl -X POST`,
 * the local cron page) goes on as an empty form, which an action answers with its own field messages. Only a
 * multipart body is read here (a copy of it); an urlencoded body always parses. Answers the refusal, or the
 * request the page is to be rendered for.
 */
export async function checkPageRequest(request: Request): Promise<{ refusal: Refusal } | { request: Request }> {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return { request };
  if (method !== "POST") {
    return { refusal: { status: 405, message: "Pages take GET and form POSTs only.", allow: "GET, HEAD, POST" } };
  }
  const type = request.headers.get("Content-Type");
  if (type === null && !carriesBody(request)) {
    const headers = new Headers(request.headers);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return { request: new Request(request.url, { method: "POST", headers, body: "" }) };
  }
  const mediaType = (type ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return { refusal: { status: 415, message: "Send the form as a form." } };
  if (mediaType === "multipart/form-data") {
    try {
      await request.clone().formData();
    } catch {
      return { refusal: { status: 400, message: "The form could not be read. Please send it again." } };
    }
  }
  return { request };
}

function carriesBody(request: Request): boolean {
  const length = request.headers.get("Content-Length");
  if (length !== null) return length.trim() !== "0";
  return request.headers.has("Transfer-Encoding") || request.body !== null;
}
