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
