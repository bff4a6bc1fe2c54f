import { decodePath, toLocation } from "./location";

/**
 * docs/product-rules.md#addresses-and-slugs: slugs come from titles; a stale or missing slug answers 301 to the
 * current URL, an unknown id a 404.
 */
export function requireCanonicalPath(request: Request, canonicalPath: string): void {
  const url = new URL(request.url);
  if (decodePath(url.pathname) !== decodePath(canonicalPath)) {
    throw new Response(null, { status: 301, headers: { Location: `${toLocation(canonicalPath)}${url.search}` } });
  }
}

/** Parses a positive integer id from a route param, or throws the 404 page. */
export function requireId(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw notFoundResponse();
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFoundResponse();
  return id;
}

export function notFoundResponse(message = "We couldn't find that page.") {
  return new Response(message, { status: 404, statusText: "Not Found" });
}
