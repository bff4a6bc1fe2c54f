import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { titleMeta } from "~/lib/route-meta";
import { serializeGoogleStateCookie } from "#server/lib/cookies";
import { isGoogleEnabled } from "#server/lib/config";
import { startGoogleSignIn } from "#server/services/google-oauth";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

/** GET /auth/google → Google's consent screen. A UI route only so that "not configured" shows the 404 page. */
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isGoogleEnabled(context.app.config)) throw new Response("Google sign-in is not configured.", { status: 404 });
  const redirectTo = new URL(request.url).searchParams.get("redirect");
  const { url, state } = await startGoogleSignIn(context.app, { redirectTo });
  return redirect(url, { headers: { "Set-Cookie": serializeGoogleStateCookie(state, request.url) } });
});

export default function GoogleSignInRedirect() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Sign in with Google");
