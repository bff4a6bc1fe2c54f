import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { collectionHref } from "#core/collection-paths";
import { createViewer } from "#server/access/viewer";
import { getSeries } from "#server/services/collections/courses-and-series";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// `/series/{id}` without its title: 301 to the canonical address (docs/product-rules.md#addresses-and-slugs), as an
// index route so the detail and lesson routes do not nest inside it.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const series = await getSeries(context.app, {
    viewer: createViewer(context.app, null),
    seriesId: requireId(params.seriesId),
  });
  if (!series) throw notFoundResponse("We couldn't find that series.");
  throw redirect(`${collectionHref("series", series)}${new URL(request.url).search}`, 301);
});

// A UI route (not a resource route) so an unknown id renders the not-found page inside the layout.
export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
