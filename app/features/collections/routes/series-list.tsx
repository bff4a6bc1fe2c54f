import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CollectionListPage } from "../components/collection-list";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { titleMeta } from "~/lib/route-meta";
import { listSeries } from "#server/services/collections/courses-and-series";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const viewer = await context.getViewer();
  return { series: await listSeries(context.app, { viewer }), viewer: { signedIn: viewer.signedIn } };
});

export default function SeriesListPage() {
  const { series, viewer } = useLoaderData<typeof loader>();
  return <CollectionListPage kind="series" collections={series} viewer={viewer} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Series");
