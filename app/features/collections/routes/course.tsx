import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CollectionPage } from "../components/collection-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { collectionHref } from "#core/collection-paths";
import { collectionMeta } from "../collection-meta";
import { getCourse } from "#server/services/collections/courses-and-series";
import { collectionShare } from "#server/services/share";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const courseId = requireId(params.courseId);
  const viewer = await context.getViewer();
  const course = await getCourse(context.app, { viewer, courseId });
  if (!course) throw notFoundResponse("We couldn't find that course.");
  requireCanonicalPath(request, collectionHref("course", course));
  const access = await viewer.access();
  return {
    course,
    viewer: { signedIn: access.signedIn, hasSubscription: access.hasSubscription },
    share: collectionShare(context.app, "course", course),
  };
});

export default function CoursePage() {
  const { course, viewer } = useLoaderData<typeof loader>();
  return <CollectionPage kind="course" collection={course} viewer={viewer} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

// Title, canonical link, Open Graph and JSON-LD (docs/seo.md).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  collectionMeta(matches, "course", data && { collection: data.course, share: data.share });
