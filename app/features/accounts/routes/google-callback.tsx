import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requestMeta, signedInRedirect } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { clearGoogleStateCookie, readGoogleStateCookie } from "#server/lib/cookies";
import { isGoogleEnabled } from "#server/lib/config";
import { AppError } from "#server/lib/errors";
import { finishGoogleSignIn } from "#server/services/google-oauth";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

/**
 * GET /auth/google/callback: Google sends the browser back here. A "login with a token": same session
 * cookie, same redirect rule as a password sign-in. The `_` in the file name keeps it out of /auth/google's loader.
 */
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isGoogleEnabled(context.app.config)) throw new Response("Google sign-in is not configured.", { status: 404 });
  // Whatever happens, this browser's state cookie has served its one purpose.
  const clearState = clearGoogleStateCookie(request.url);
  const backToLogin = (text: string) =>
    redirectWithToast("/auth/login", { text, status: "error" }, { headers: { "Set-Cookie": clearState } });
  const params = new URL(request.url).searchParams;
  const code = params.get("code");
  const state = params.get("state");
  if (params.get("error") === "access_denied") return backToLogin("Google sign-in was cancelled.");
  if (!code || !state || code.length > 2048 || state.length > 256) {
    return backToLogin("Google sign-in did not complete. Please try again.");
  }
  try {
    const session = await finishGoogleSignIn(context.app, {
      code,
      state,
      browserState: readGoogleStateCookie(request),
      meta: requestMeta(request),
    });
    const response = signedInRedirect(request, session, session.redirectTo);
    response.headers.append("Set-Cookie", clearState);
    return response;
  } catch (error) {
    if (error instanceof AppError) return backToLogin(error.messages[0] ?? "Google sign-in did not work.");
    throw error;
  }
});

export default function GoogleCallback() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Signing in with Google");
