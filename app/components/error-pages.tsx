import { Link, isRouteErrorResponse } from "@remix-run/react";
import { GENERIC_ERROR_MESSAGE } from "~/lib/toast";

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p lang="ar" dir="rtl" className="text-5xl font-bold text-primary-700">
        ضايع؟
      </p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">We couldn&apos;t find that page</h1>
      <p className="mt-3 text-muted">
        The link may be old, or the lesson may have moved.{" "}
        <span lang="ar" dir="rtl">
          ولا يهمك
        </span>{" "}
        — let&apos;s get you back on track.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/video-library"
          className="rounded-xl bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
        >
          Browse lessons
        </Link>
        <Link to="/" className="rounded-xl border border-line bg-white px-5 py-2.5 font-medium hover:bg-primary-50">
          Go home
        </Link>
      </div>
    </main>
  );
}

export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : GENERIC_ERROR_MESSAGE;
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-700">Error {status}</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-3 text-muted">{message}</p>
      <Link to="/" className="mt-8 rounded-xl bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800">
        Go home
      </Link>
    </main>
  );
}
