import type { AppContext } from "../context";
import { pageCacheGeneration } from "../services/page-cache";
import { carriesCredential, parseCookies } from "./cookies";
import { createCspNonce } from "./security-headers";

/**
 * Anonymous public pages from the Workers Cache API (ADR 022, docs/scaling.md).
 *
 * What is cached: the HTML of the public pages a visitor opens first (landing, about, FAQ, legal, plans,
 * the blog and its posts, the lesson library with any query, a lesson's page), for GET requests that carry no cookie the
 * page could depend on, answered 200 with no Set-Cookie. Everything else (members, admins, forms, `.data`
 * requests, errors) goes to Remix as before.
 *
 * The key: the page URL (path + sorted query) under this build's version (a stored page names the hashed
 * assets of the build that rendered it, and a deploy removes the old ones) and the current page-cache generation. Purge = bump the
 * generation (`bumpPageCache`, server/services/page-cache.ts, which keeps it in D1), which the write that
 * changed something these pages show does: the admin resources they read declare it as a hook
 * (server/admin/hooks.ts), the bespoke tools call it at their write. Old keys are never read
 * again and age out. Stored copies also expire after STORED_MAX_AGE_S, which bounds staleness for content
 * that changes with no such write (a lesson or post scheduled to publish later, view counts, a member's own
 * new name under their comments).
 *
 * Who a cached page is for: a visitor, and nobody else. One decision (`publicPageCacheKey`) says whether the
 * shared cache may be read and written, and the page is then rendered from `visitorRequest(key)`: a bare GET
 * of the keyed URL with no header at all, so no cookie, no Authorization header and nothing else of the
 * caller's can reach the loaders. A request that carries a credential in any carrier (an Authorization
 * header or the session cookie; valid, expired or forged alike) neither reads nor writes the shared cache.
 *
 * Each document carries a CSP nonce: a hit gets a fresh one, in the header and on every element that
 * carried the stored one (HTMLRewriter), so no two responses share a nonce.
 */

const PUBLIC_PATHS = [
  /^\/$/,
  /^\/about$/,
  /^\/faq$/,
  /^\/privacy-policy$/,
  /^\/terms-of-use$/,
  /^\/checkout$/,
  /^\/blog$/,
  /^\/blog\/\d+\/[^/]+$/,
  /^\/video-library$/,
  // A lesson at its public addresses (ADR 038): a free one plays, a premium one shows its preview. Not in a
  // playlist (members only). The page's signed media URLs live MEDIA_URL_LIFETIME_SECONDS (4 h), far longer
  // than a stored copy (STORED_MAX_AGE_S), so a cached page never hands out an expired one.
  /^\/video\/\d+\/[^/]+$/,
  /^\/(course|series)\/\d+\/[^/]+\/\d+\/[^/]+$/,
];

/** Cookies that never change what a visitor's page shows: the D1 read bookmark and the analytics tag's ids. */
const IGNORABLE_COOKIES = new Set(["d1b", "_clck", "_clsk", "CLID", "MUID", "ANONCHK", "SM", "MR"]);

export const STORED_MAX_AGE_S = 300;
const STATUS_HEADER = "X-Page-Cache";

/** The cache key's URL for `request` when its page may come from the cache, else null. */
export function publicPageCacheKey(request: Request): URL | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!PUBLIC_PATHS.some((pattern) => pattern.test(url.pathname))) return null;
  if (carriesCredential(request)) return null;
  const cookies = parseCookies(request.headers.get("Cookie"));
  if (Object.keys(cookies).some((name) => !IGNORABLE_COOKIES.has(name))) return null;
  // Remix's single-fetch and form parameters never reach a cached document.
  if ([...url.searchParams.keys()].some((name) => name.startsWith("_"))) return null;
  const key = new URL(url.pathname, url.origin);
  const params = [...url.searchParams.entries()].sort(([a, av], [b, bv]) =>
    a === b ? av.localeCompare(bv) : a.localeCompare(b),
  );
  for (const [name, value] of params) key.searchParams.append(name, value);
  return key;
}

/** The request a cached page is rendered from: its URL alone, with the identity of nobody. */
export function visitorRequest(key: URL): Request {
  return new Request(key.toString(), { method: "GET" });
}

function versionedKey(key: URL, buildVersion: string, generation: number): Request {
  const versioned = new URL(key);
  versioned.searchParams.set("__page_cache", `${buildVersion}.${generation}`);
  return new Request(versioned.toString(), { method: "GET" });
}

const NONCE_IN_POLICY = /'nonce-([^']+)'/;

/** A stored page with a new nonce in its policy and on every element that had the stored one. */
function withFreshNonce(stored: Response): Response {
  const policy = stored.headers.get("Content-Security-Policy") ?? "";
  const old = NONCE_IN_POLICY.exec(policy)?.[1];
  const headers = new Headers(stored.headers);
  headers.set("Cache-Control", "no-cache");
  headers.set(STATUS_HEADER, "hit");
  if (!old) return new Response(stored.body, { status: stored.status, headers });
  const nonce = createCspNonce();
  headers.set("Content-Security-Policy", policy.replace(`'nonce-${old}'`, `'nonce-${nonce}'`));
  const response = new Response(stored.body, { status: stored.status, headers });
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === old) element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !/no-store|private/.test(response.headers.get("Cache-Control") ?? "")
  );
}

/**
 * Serves `request` from the cache when it is an anonymous public page, else renders it. A miss renders
 * the visitor's request (`visitorRequest`), answers at once and stores a copy in the background; a request
 * that is not for the cache is rendered as it came. `render` must take its identity from the request it is
 * given (server/app.ts builds the load context from it).
 */
export async function servePublicPage(
  request: Request,
  ctx: AppContext,
  executionCtx: Pick<ExecutionContext, "waitUntil">,
  options: { buildVersion: string },
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = publicPageCacheKey(request);
  if (!key) return render(request);
  if (typeof caches === "undefined") return render(visitorRequest(key));
  // Workers' CacheStorage has `default`; the DOM lib this project also compiles against does not know it.
  const cache = (caches as unknown as { default: Cache }).default;
  const cacheRequest = versionedKey(key, options.buildVersion, await pageCacheGeneration(ctx));
  const stored = await cache.match(cacheRequest);
  if (stored) return withFreshNonce(stored);

  const response = await render(visitorRequest(key));
  if (!storable(response)) return response;
  const [forVisitor, forCache] = response.body ? response.body.tee() : [null, null];
  const copyHeaders = new Headers(response.headers);
  copyHeaders.set("Cache-Control", `public, max-age=${STORED_MAX_AGE_S}`);
  copyHeaders.delete(STATUS_HEADER);
  executionCtx.waitUntil(cache.put(cacheRequest, new Response(forCache, { status: 200, headers: copyHeaders })));
  const headers = new Headers(response.headers);
  headers.set(STATUS_HEADER, "miss");
  return new Response(forVisitor, { status: response.status, headers });
}
