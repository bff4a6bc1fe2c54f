import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFoundPage } from "~/components/error-pages";
import { PublicShell } from "~/layouts/public-shell";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle, rootAppName } from "~/lib/meta";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

/** Any path no other route claims: the not-found page with HTTP 404 (docs/product-rules.md#layouts-and-routes). */
export const loader = forAudience(audience, async function loader() {
  throw new Response("Not found", { status: 404 });
});

export default function NotFoundRoute() {
  return (
    <PublicShell>
      <NotFoundPage />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  return (
    <PublicShell>
      <RouteErrorBoundary />
    </PublicShell>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Page not found") }];
