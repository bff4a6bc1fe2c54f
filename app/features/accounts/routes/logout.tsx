import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData, useRouteError } from "@remix-run/react";
import { AuthHeader, AuthRouteError } from "../components/auth-parts";
import { useIsPending } from "~/components/form-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { forAudience, logoutResponse, requireUser, safeRedirectPath } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { loginRedirectFor } from "#server/lib/redirects";
import type { Audience } from "~/lib/audience";

// Asks a signed-in member to confirm; anyone else has nothing to sign out of and is sent to sign in.
export const audience: Audience = "member";

const FALLBACK = "/video-library";

/**
 * Where to come back after signing in again: the `redirect` field, else the page the request came from
 * (same origin only). Never an /auth/ page: coming back to /auth/logout would only ask again.
 */
function returnAddress(request: Request, given: FormDataEntryValue | null | undefined): string {
  let candidate: string | null = typeof given === "string" && given ? given : null;
  if (!candidate) {
    const referer = request.headers.get("Referer");
    try {
      const from = referer ? new URL(referer) : null;
      if (from && from.origin === new URL(request.url).origin) candidate = `${from.pathname}${from.search}`;
    } catch {
      candidate = null;
    }
  }
  const path = safeRedirectPath(candidate, FALLBACK);
  return path.startsWith("/auth/") ? FALLBACK : path;
}

/**
 * Signing out is a POST: a link or an image on another site can never end a member's session. It answers
 * anyone the same way (the session, if there is one, ends; the cookie is cleared; the browser is sent to sign
 * in again, back to where it was going), so it is also its answer to a caller who is not signed in.
 */
async function signOut({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => null);
  return logoutResponse(context, request, null, returnAddress(request, formData?.get("redirect")));
}

export const action = forAudience(audience, signOut, { signedOut: signOut });

/**
 * GET only asks. `reason=admin` explains why: a member without the admin permission opened /admin. Someone
 * not signed in has nothing to sign out of: sent to sign in, to come back where they were going (not here).
 */
export const loader = forAudience(
  audience,
  async function loader({ request, context }: LoaderFunctionArgs) {
    const params = new URL(request.url).searchParams;
    const returnTo = returnAddress(request, params.get("redirect"));
    const user = await requireUser(context, request);
    return { email: user.email, returnTo, reason: params.get("reason") === "admin" ? "admin" : null };
  },
  {
    signedOut: ({ request }) => {
      throw redirect(loginRedirectFor(returnAddress(request, new URL(request.url).searchParams.get("redirect"))));
    },
  },
);

export default function LogoutPage() {
  const { email, returnTo, reason } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  const forAdmin = reason === "admin";
  return (
    <div>
      <AuthHeader
        title={forAdmin ? "Administrators only" : "Sign out?"}
        subtitle={
          <>
            You are signed in as <strong className="wrap-anywhere font-semibold text-ink">{email}</strong>
            {forAdmin ? ", which is not an administrator account. Sign out to sign in with one." : "."}
          </>
        }
      />
      <Form method="post" className="flex flex-col gap-3 sm:flex-row">
        <input type="hidden" name="redirect" value={returnTo} />
        <Button type="submit" size="lg" className="flex-1" disabled={pending}>
          {pending ? "Signing out…" : "Sign out"}
        </Button>
        <ButtonLink to={forAdmin ? "/video-library" : returnTo} variant="secondary" size="lg" className="flex-1">
          {forAdmin ? "Back to my lessons" : "Stay signed in"}
        </ButtonLink>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Sign out");
