import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LessonPage } from "../components/lesson-page";
import { lessonRouteAction, loadLessonRoute } from "../lesson-route.server";
import { lessonMeta } from "../lesson-meta";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "member";

/**
 * Every lesson page, mounted four times in app/routes.ts: /video/:videoId/:videoSlug (a lesson on its own;
 * "next" follows its series or course) and /course/…, /series/…, /playlist/…/:videoId/:videoSlug (the
 * lesson inside that collection, with the collection beside it; docs/product-rules.md#addresses-and-slugs).
 * The loader reads which from the URL's params.
 */
export const loader = forAudience(audience, async function loader(args: LoaderFunctionArgs) {
  return loadLessonRoute(args);
});

export const action = forAudience(audience, async function action(args: ActionFunctionArgs) {
  return lessonRouteAction(args);
});

export default function LessonRoute() {
  const data = useLoaderData<typeof loader>();
  return <LessonPage data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

// The page carries signed media URLs: never for a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Title, canonical link, Open Graph video tags and the VideoObject JSON-LD (docs/seo.md).
export const meta: MetaFunction<typeof loader> = ({ matches, data }) => lessonMeta(matches, data?.page);
