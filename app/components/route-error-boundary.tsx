import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage, NotFoundPage } from "./error-pages";

/** A route's ErrorBoundary body: 404s get the not-found page, anything else the error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
