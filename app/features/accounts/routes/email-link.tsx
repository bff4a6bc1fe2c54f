import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { AuthHeader, AuthRouteError } from "../components/auth-parts";
import { useIsPending } from "~/components/form-fields";
import { MailIcon } from "~/components/icons";
import { Button, ButtonLink } from "~/components/ui/button";
import { forAudience, requestMeta, safeRedirectPath, signedInRedirect } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { signInLinkFormSchema, signInLinkTokenSchema } from "#core/schemas/sign-in-link";
import { AppError, appErrorHeaders } from "#server/lib/errors";
import { logout } from "#server/services/auth";
import { checkSignInLink, INVALID_SIGN_IN_LINK, signInWithLink } from "#server/services/sign-in-link";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

const AFTER_LOGIN = "/video-library";

type LinkState = { status: "ready"; email: string; token: string } | { status: "failed"; message: string };

/** The first message of a zod or service refusal, for the page. */
const messageOf = (error: AppError) => error.messages[0] ?? INVALID_SIGN_IN_LINK;

/**
 * GET /auth/email-link?token=…: the link from a sign-in email. Opening it only checks it and shows a
 * "Sign in" button: mail scanners open links before the member does, so a GET must never use the link.
 * Nothing ties the link to the browser that asked for it, so it works on any device.
 */
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // Only a safe path is ever echoed into the page and the form.
  const redirectTo = safeRedirectPath(params.get("redirect"), "");
  const parsed = signInLinkTokenSchema.safeParse({ token: params.get("token") ?? undefined });
  if (!parsed.success) {
    const state: LinkState = { status: "failed", message: parsed.error.issues[0]?.message ?? INVALID_SIGN_IN_LINK };
    return data({ state, redirectTo }, { status: 400 });
  }
  try {
    const { email } = await checkSignInLink(context.app, { token: parsed.data.token });
    const state: LinkState = { status: "ready", email, token: parsed.data.token };
    return { state, redirectTo };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const state: LinkState = { status: "failed", message: messageOf(error) };
    return data({ state, redirectTo }, { status: error.status });
  }
});

/** POST: uses the link (once), stores the session cookie and follows the sign-in redirect rule. */
export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = signInLinkFormSchema.safeParse(form);
  if (!parsed.success) {
    return data({ message: parsed.error.issues[0]?.message ?? INVALID_SIGN_IN_LINK }, { status: 400 });
  }
  try {
    const current = await context.getUser();
    const session = await signInWithLink(context.app, { token: parsed.data.token, meta: requestMeta(request) });
    // This browser's cookie is replaced: a session it held until now would linger unused, so it ends.
    if (current) await logout(context.app, { sessionId: current.sessionId });
    return signedInRedirect(request, session, safeRedirectPath(parsed.data.redirect, AFTER_LOGIN));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ message: messageOf(error) }, { status: error.status, headers: appErrorHeaders(error) });
  }
});

export default function EmailLinkPage() {
  const { state, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const keepRedirect = redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : "";
  const failure = actionData?.message ?? (state.status === "failed" ? state.message : null);

  if (failure || state.status !== "ready") {
    return (
      <>
        <AuthHeader title="This sign-in link does not work" />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure ?? INVALID_SIGN_IN_LINK}
        </p>
        <p className="mt-4 text-sm text-muted">
          Each link works once, for 15 minutes. On the sign-in page, enter your email and choose “Email me a sign-in
          link” to get a new one, or sign in with your password.
        </p>
        <ButtonLink to={`/auth/login${keepRedirect}`} size="lg" className="mt-6 w-full">
          Back to sign in
        </ButtonLink>
      </>
    );
  }

  return (
    <>
      <div
        className="mb-5 grid size-12 place-items-center rounded-full bg-primary-100 text-primary-700"
        aria-hidden="true"
      >
        <MailIcon className="size-6" strokeWidth={2} />
      </div>
      <AuthHeader
        title="Sign in with your email link"
        subtitle={
          <>
            You are signing in as <strong className="wrap-anywhere font-semibold text-ink">{state.email}</strong>.
          </>
        }
      />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={state.token} />
        <input type="hidden" name="redirect" value={redirectTo} />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
        </Button>
        <p className="text-center text-sm text-muted">
          The link works once. Didn&apos;t ask for it? Close this page: nobody is signed in until the button is pressed.
        </p>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

// The token is in the URL: keep it out of the Referer of anything this page links to or loads.
export const meta: MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Sign in with an email link"),
  { name: "referrer", content: "same-origin" },
];
