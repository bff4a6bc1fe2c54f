import { data, type MetaFunction } from "@remix-run/cloudflare";
import { useRouteError } from "@remix-run/react";
import { ErrorPage, NotFoundPage } from "~/components/error-pages";
import { titleMeta } from "~/lib/route-meta";
import type { AuthLayoutHandle } from "~/layouts/auth";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const handle: AuthLayoutHandle = { authLayout: "bare" };

export const loader = forAudience(audience, function loader() {
  return data(null, { status: 404 });
});

export default function AuthNotFoundPage() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Page not found");
