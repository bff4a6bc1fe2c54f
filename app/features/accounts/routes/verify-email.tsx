import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { AuthHeader, AuthRouteError } from "../components/auth-parts";
import { CheckIcon } from "~/components/icons";
import { ButtonLink } from "~/components/ui/button";
import { titleMeta } from "~/lib/route-meta";
import { verifyEmailSchema } from "#core/schemas/auth";
import { AppError } from "#server/lib/errors";
import { confirmEmail } from "#server/services/email-verification";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

type Outcome =
  { status: "verified"; email: string } | { status: "changed"; email: string } | { status: "failed"; message: string };

/** GET /auth/verify-email?token=…: the link from a confirmation email. Opening it is the confirmation. */
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = verifyEmailSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? undefined });
  const signedIn = Boolean(await context.getUser());
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The confirmation link is incomplete.";
    return data({ outcome: { status: "failed", message } as Outcome, signedIn }, { status: 400 });
  }
  try {
    const result = await confirmEmail(context.app, { token: parsed.data.token });
    const outcome: Outcome = { status: result.purpose === "change" ? "changed" : "verified", email: result.email };
    return { outcome, signedIn };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const outcome: Outcome = { status: "failed", message: error.messages[0] ?? "This link does not work." };
    return data({ outcome, signedIn }, { status: error.status });
  }
});

// The link is used up by the first load: never run the loader again behind the member's back.
export const shouldRevalidate = () => false;

export default function VerifyEmailPage() {
  const { outcome, signedIn } = useLoaderData<typeof loader>();
  const next = signedIn
    ? { to: "/settings", label: "Go to your settings" }
    : { to: "/auth/login?redirect=%2Fsettings", label: "Sign in" };

  if (outcome.status === "failed") {
    return (
      <>
        <AuthHeader title="This link does not work" />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {outcome.message}
        </p>
        <p className="mt-4 text-sm text-muted">
          You can send yourself a new confirmation link from your settings
          {signedIn ? "" : " once you are signed in"}.
        </p>
        <ButtonLink to={next.to} size="lg" className="mt-6 w-full">
          {next.label}
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
        <CheckIcon className="size-6" strokeWidth={2} />
      </div>
      <AuthHeader title={outcome.status === "changed" ? "Your email is changed" : "Your email is confirmed"} />
      <p role="status" className="text-sm text-ink">
        {outcome.status === "changed" ? (
          <>
            From now on you sign in with <strong className="wrap-anywhere font-semibold">{outcome.email}</strong>.
          </>
        ) : (
          <>
            <strong className="wrap-anywhere font-semibold">{outcome.email}</strong> is confirmed as your email.
            Shukran!
          </>
        )}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/video-library" size="lg" className="flex-1">
          Continue learning
        </ButtonLink>
        <ButtonLink to={next.to} variant="secondary" size="lg" className="flex-1">
          {next.label}
        </ButtonLink>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

// The token is in the URL: keep it out of the Referer of anything this page links to or loads.
export const meta: MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Confirm your email"),
  { name: "referrer", content: "no-referrer" },
];
