const PROBE_ORIGIN = "http://ahla.invalid";

/** A path that a browser resolves against our own origin: one leading slash, no backslash, no control character. */
function isLocalPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === "\\") return false;
  }
  return true;
}

/**
 * Accepts only same-origin paths ("/x?y"), so a return address can never send someone to another site.
 * Both the input and the normalised output are checked: URL normalisation turns "/.//evil", "/a/..//evil"
 * and "/%2e//evil" into "//evil", which a browser would follow off-site, so the output is what must pass.
 */
export function safeRedirectPath(target: unknown, fallback = "/video-library"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!isLocalPath(target)) return fallback;
  let normalised: string;
  try {
    const url = new URL(target, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    normalised = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
  if (!isLocalPath(normalised)) return fallback;
  // Decoded once more, the path must still be local: a server or proxy that unescapes "%2F%2F" would see "//".
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(new URL(normalised, PROBE_ORIGIN).pathname);
  } catch {
    return fallback;
  }
  if (!isLocalPath(decodedPath.replace(/ /g, "%20"))) return fallback;
  return normalised;
}

/** Where a new member goes after signing up, by the plan they picked (docs/product-rules.md#redirects). */
export function redirectAfterRegister(plan: string | null | undefined): string {
  if (plan === "monthly") return "/checkout/monthly";
  if (plan === "annual") return "/checkout/annual";
  return "/checkout";
}

export function loginRedirectFor(pathWithQuery: string): string {
  return `/auth/login?redirect=${encodeURIComponent(safeRedirectPath(pathWithQuery, "/video-library"))}`;
}

/** The checkout and sign-in pages: coming back to one after paying would loop (or sign the member out). */
const NOT_A_RETURN = /^\/(?:checkout(?:-success)?|auth)(?:[/?#]|$)/;

/**
 * The return path the checkout carries from a lesson (or any page) to after the payment
 * (docs/product-rules.md#a-paywall-with-context): the sign-in rule for return addresses (`safeRedirectPath`),
 * and never the checkout or the sign-in pages themselves. "" when there is none.
 */
export function checkoutReturnPath(target: unknown): string {
  const path = safeRedirectPath(target, "");
  return path && !NOT_A_RETURN.test(path) ? path : "";
}

/** A checkout page's address with the return path (`?redirect=`), when there is one. */
export function withReturnPath(path: string, returnPath: string): string {
  return returnPath ? `${path}?redirect=${encodeURIComponent(returnPath)}` : path;
}

/**
 * The lesson a return path plays, by the lesson routes of app/routes.ts: `/video/{id}/{slug}` and
 * `/{course|series|playlist}/{id}/{slug}/{lessonId}/{lessonSlug}`. Null for any other path.
 */
export function lessonIdOfPath(path: string): number | null {
  const pathname = path.split(/[?#]/, 1)[0]!;
  const match =
    /^\/video\/(\d{1,12})\/[^/]+\/?$/.exec(pathname) ??
    /^\/(?:course|series|playlist)\/\d{1,12}\/[^/]+\/(\d{1,12})\/[^/]+\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Where a new member goes after signing up: `redirectAfterRegister` of the plan (the given rule), carrying the
 * page they came from as the checkout's return path. A sign-up sent from a checkout page (`redirect` is
 * `/checkout/annual?redirect=/video/…`) goes back to that checkout: its plan when the form names none, and its
 * return path.
 */
export function redirectAfterSignup({ plan, redirect }: { plan: string | null | undefined; redirect: unknown }) {
  const target = safeRedirectPath(redirect, "");
  const url = target ? new URL(target, "http://ahla.invalid") : null;
  const checkout = url ? /^\/checkout(?:\/([a-z0-9_-]{1,40}))?\/?$/i.exec(url.pathname) : null;
  if (url && checkout) {
    return withReturnPath(
      redirectAfterRegister(plan || checkout[1]?.toLowerCase()),
      checkoutReturnPath(url.searchParams.get("redirect")),
    );
  }
  return withReturnPath(redirectAfterRegister(plan), checkoutReturnPath(target));
}
