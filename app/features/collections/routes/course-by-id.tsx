import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { collectionHref } from "#core/collection-paths";
import { createViewer } from "#server/access/viewer";
import { getCourse } from "#server/services/collections/courses-and-series";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// `/course/{id}` without its title: 301 to the canonical address (docs/product-rules.md#addresses-and-slugs). A
// separate index route so `/course/{id}/{slug}` and the lesson routes beneath it do not nest inside this one.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const course = await getCourse(context.app, {
    viewer: createViewer(context.app, null),
    courseId: requireId(params.courseId),
  });
  if (!course) throw notFoundResponse("We couldn't find that course.");
  throw redirect(`${collectionHref("course", course)}${new URL(request.url).search}`, 301);
});

// A UI route (not a resource route) so an unknown id renders the not-found page inside the layout.
export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
