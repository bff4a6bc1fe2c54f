/**
 * Accepts only same-origin paths ("/x?y"), so a return address can never send someone to another site.
 * Protocol-relative ("//evil"), backslash tricks and absolute URLs fall back to the default.
 */
export function safeRedirectPath(target: unknown, fallback = "/video-library"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char === "\\")) return fallback;
  try {
    const url = new URL(target, "http://ahla.invalid");
    if (url.origin !== "http://ahla.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Where a new member goes after signing up, by the plan they picked (SPEC §4). */
export function redirectAfterRegister(plan: string | null | undefined): string {
  if (plan === "monthly") return "/checkout/monthly";
  if (plan === "annual") return "/checkout/annual";
  return "/checkout";
}

export function loginRedirectFor(pathWithQuery: string): string {
  return `/auth/login?redirect=${encodeURIComponent(safeRedirectPath(pathWithQuery, "/video-library"))}`;
}
