/**
 * Who may open a page. Every route module (the root and the layouts too) declares its own, next to its
 * loader: `export const audience: Audience = "member";`, and builds its loader and action with
 * `forAudience(audience, …)` (app/lib/auth.server.ts), which answers anyone outside the audience before the
 * route's own code runs. tests/integration/page-audiences.test.ts fails on a route of app/routes.ts without
 * it; tests/e2e/page-access.spec.ts reads it from the built app and opens every page (and posts to every
 * action) as eight kinds of caller to prove the answers match (ADR 031).
 *
 * - `public`: anyone. A signed-in member may see more (their progress, a comment box) but nobody is sent
 *   to sign in. Pages of objects that need more (a premium lesson's video) say so on the page; an action
 *   that needs a member (posting a comment) asks for one itself (`requireMember`).
 * - `member`: a signed-in member with an open session and an enabled account; anyone else is sent to
 *   /auth/login with the page as the return address.
 * - `admin`: a member with the administrator's permission; anyone not signed in is sent to sign in, and a
 *   member without it is signed out on the way (/auth/logout?reason=admin).
 *
 * A page under a layout is at least as strict as the layout (every page of the admin area is `admin`).
 */
export const AUDIENCES = ["public", "member", "admin"] as const;

export type Audience = (typeof AUDIENCES)[number];

export function isAudience(value: unknown): value is Audience {
  return typeof value === "string" && (AUDIENCES as readonly string[]).includes(value);
}

/** The stricter of two audiences: what a page under a layout must at least be. */
export function stricter(a: Audience, b: Audience): Audience {
  return AUDIENCES.indexOf(a) >= AUDIENCES.indexOf(b) ? a : b;
}
