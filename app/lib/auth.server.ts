import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Audience } from "./audience";
import { isMember, type Member } from "#server/access/viewer";
import { clearTokenCookie, requestMeta, serializeTokenCookie } from "#server/lib/cookies";
import { readDeviceCookie, serializeDeviceCookie } from "#server/lib/device-cookie";
import { checkoutReturnPath, loginRedirectFor, safeRedirectPath, withReturnPath } from "#server/lib/redirects";
import { logout, type SessionUser } from "#server/services/auth";

export { readDeviceCookie, requestMeta, safeRedirectPath };

export function pathWithQuery(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Where a page past a paywall (402) sends the member: the checkout, with this page to come back to after paying
 * (docs/product-rules.md#a-paywall-with-context).
 */
export function checkoutFor(request: Request): string {
  return withReturnPath("/checkout", checkoutReturnPath(pathWithQuery(request)));
}

/** Login-required routes: without a session, go to the login page remembering where we were. */
export async function requireMember(context: AppLoadContext, request: Request): Promise<Member<SessionUser>> {
  const viewer = await context.getViewer();
  if (!isMember(viewer)) throw redirect(loginRedirectFor(pathWithQuery(request)));
  return viewer;
}

export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  return (await requireMember(context, request)).user;
}

/**
 * Entering /admin* as a non-admin logs the member out (docs/product-rules.md#redirects), but only when the member
 * did it: a navigation from our own pages or typed in the address bar (`Sec-Fetch-Site` same-origin or
 * none). A link from another site, or a client that does not say, gets the sign-out question instead.
 */
export async function requireAdmin(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const { user, isAdmin } = await requireMember(context, request);
  if (!isAdmin) {
    const fetchSite = request.headers.get("Sec-Fetch-Site");
    if (fetchSite === "same-origin" || fetchSite === "none") throw await logoutResponse(context, request, user);
    throw redirect(`/auth/logout?reason=admin&redirect=${encodeURIComponent(pathWithQuery(request))}`);
  }
  return user;
}

/** A loader's or an action's arguments (Remix gives both the same request, params and load context). */
type DataFunctionArgs = LoaderFunctionArgs;

/** The audience each handler built by `forAudience` enforces; read by `audienceOf` (the route check). */
const guardedHandlers = new WeakMap<object, Audience>();

/**
 * The one gate of every page: each route module builds its loader and action with it, from the audience
 * the module declares (`export const audience`, app/lib/audience.ts), so a caller outside that audience is
 * answered before the route's own code runs: not signed in, sent to /auth/login with the page as the return
 * address (`requireMember`); signed in without the admin permission on an admin page, signed out of the
 * admin area (`requireAdmin`). The answer is thrown inside the loader or action, so Remix turns it into a
 * document's redirect or a `.data` request's single-fetch redirect as it does any other (ADR 031).
 *
 * `signedOut` answers a caller who is not signed in instead of the sign-in redirect, for a member page
 * with a better return address than itself (the sign-out page).
 */
export function forAudience<Result>(
  audience: Audience,
  handler: (args: DataFunctionArgs) => Result,
  options: { signedOut?: (args: DataFunctionArgs) => Result } = {},
): (args: DataFunctionArgs) => Promise<Awaited<Result>> {
  const { signedOut } = options;
  const guarded = async (args: DataFunctionArgs): Promise<Awaited<Result>> => {
    if (audience === "admin") await requireAdmin(args.context, args.request);
    if (audience === "member") {
      if (!signedOut) await requireMember(args.context, args.request);
      else if (!isMember(await args.context.getViewer())) return await signedOut(args);
    }
    return await handler(args);
  };
  guardedHandlers.set(guarded, audience);
  return guarded;
}

/** The audience a loader or action was built for with `forAudience`; undefined for any other function. */
export function audienceOf(handler: unknown): Audience | undefined {
  return typeof handler === "function" ? guardedHandlers.get(handler) : undefined;
}

/** Ends the session and sends the browser to the login page with a return address (docs/product-rules.md#redirects). */
export async function logoutResponse(
  context: AppLoadContext,
  request: Request,
  user?: SessionUser | null,
  returnTo = pathWithQuery(request),
) {
  const current = user ?? (await context.getUser());
  if (current) await logout(context.app, { sessionId: current.sessionId });
  return redirect(loginRedirectFor(returnTo), { headers: { "Set-Cookie": clearTokenCookie(request.url) } });
}

/**
 * Stores the session cookie (and the browser's new device cookie, ADR 030, when the sign-in gave one) and follows
 * the redirect rule after any sign-in (password, Google, token).
 */
export function signedInRedirect(
  request: Request,
  session: { token: string; expiresAt: Date; deviceCookie?: string | null },
  target: string,
) {
  const headers = new Headers();
  headers.append("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, request.url));
  if (session.deviceCookie) headers.append("Set-Cookie", serializeDeviceCookie(session.deviceCookie, request.url));
  return redirect(target, { headers });
}
