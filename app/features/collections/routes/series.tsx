import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CollectionPage } from "../components/collection-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { collectionHref } from "#core/collection-paths";
import { collectionMeta } from "../collection-meta";
import { getSeries } from "#server/services/collections/courses-and-series";
import { collectionShare } from "#server/services/share";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const seriesId = requireId(params.seriesId);
  const viewer = await context.getViewer();
  const series = await getSeries(context.app, { viewer, seriesId });
  if (!series) throw notFoundResponse("We couldn't find that series.");
  requireCanonicalPath(request, collectionHref("series", series));
  const access = await viewer.access();
  return {
    series,
    viewer: { signedIn: access.signedIn, hasSubscription: access.hasSubscription },
    share: collectionShare(context.app, "series", series),
  };
});

export default function SeriesPage() {
  const { series, viewer } = useLoaderData<typeof loader>();
  return <CollectionPage kind="series" collection={series} viewer={viewer} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

// Title, canonical link, Open Graph and JSON-LD (docs/seo.md).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  collectionMeta(matches, "series", data && { collection: data.series, share: data.share });
