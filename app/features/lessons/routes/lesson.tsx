import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LessonPage } from "../components/lesson-page";
import { LockedLesson } from "../components/locked-lesson";
import { lessonHeaders, lessonRouteAction, loadLessonRoute } from "../lesson-route.server";
import { lessonMeta } from "../lesson-meta";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

// Open to visitors: a free lesson plays for them, a premium one shows its preview (ADR 038).
export const audience: Audience = "public";

/**
 * The lesson page at its public addresses, mounted three times in app/routes.ts: /video/:videoId/:videoSlug (a
 * lesson on its own; "next" follows its series or course) and /course/…, /series/…/:videoId/:videoSlug (the
 * lesson inside that collection, with the collection beside it; docs/product-rules.md#addresses-and-slugs).
 * The loader reads which from the URL's params. Inside a playlist the same page is members' only:
 * ./lesson-in-playlist.tsx.
 */
export const loader = forAudience(audience, async function loader(args: LoaderFunctionArgs) {
  return loadLessonRoute(args);
});

export const action = forAudience(audience, async function action(args: ActionFunctionArgs) {
  return lessonRouteAction(args);
});

export default function LessonRoute() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "open" ? <LessonPage data={data} /> : <LockedLesson data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

// A member's page is `private, no-store` (the loader says so); a visitor's has no Cache-Control of its own, so
// the public page cache may keep it (server/lib/page-cache.ts, ADR 038).
export const headers: HeadersFunction = lessonHeaders;

// Title, canonical link, Open Graph video tags and the VideoObject JSON-LD (docs/seo.md).
export const meta: MetaFunction<typeof loader> = ({ matches, data }) => lessonMeta(matches, data?.page);
