import { isRouteErrorResponse } from "@remix-run/react";
import { GENERIC_ERROR_MESSAGE } from "~/lib/toast";
import { buttonClasses } from "~/components/ui/button";

export function AuthHeader({
  title,
  subtitle,
  as: Heading = "h1",
}: {
  title: string;
  subtitle?: React.ReactNode;
  /** "h2" when the page leads with another heading (the login page reached from checkout). */
  as?: "h1" | "h2";
}) {
  return (
    <div className="mb-6">
      <Heading
        className={
          Heading === "h1" ? "text-2xl font-semibold tracking-tight text-ink" : "text-lg font-semibold text-ink"
        }
      >
        {title}
      </Heading>
      {subtitle ? <p className="mt-1.5 text-sm text-muted">{subtitle}</p> : null}
    </div>
  );
}

/** A plain link, not a Remix <Link>: the route answers with a redirect to Google. */
export function GoogleButton({ redirectTo, label = "Continue with Google" }: { redirectTo?: string; label?: string }) {
  const href = redirectTo ? `/auth/google?redirect=${encodeURIComponent(redirectTo)}` : "/auth/google";
  return (
    <a href={href} className={buttonClasses("secondary", "lg", "w-full")}>
      <GoogleMark />
      {label}
    </a>
  );
}

export function OrDivider() {
  return (
    <div
      className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wider text-muted"
      role="separator"
    >
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** The error boundary content of a page inside the auth card (the layout already provides <main>). */
export function AuthRouteError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "We couldn't find that page."
      : isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
        ? error.data
        : GENERIC_ERROR_MESSAGE;
  return (
    <div role="alert">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-700">Error {status}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 text-sm text-muted">{message}</p>
      <div className="mt-6 flex gap-3">
        <a href="/auth/login" className={buttonClasses("primary", "md")}>
          Back to sign in
        </a>
        <a href="/" className={buttonClasses("secondary", "md")}>
          Go home
        </a>
      </div>
    </div>
  );
}
