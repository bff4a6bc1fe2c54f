import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { AppError } from "#server/lib/errors";
import { findLesson } from "#server/services/lessons";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

/** /video/:videoId without its slug: 301 to the lesson's current URL (the lesson route then applies the login guard). */
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const videoId = requireId(params.videoId);
  const viewer = await context.getViewer();
  try {
    const found = await findLesson(context.app, { videoId, viewer });
    throw redirect(`${found.canonicalPath}${new URL(request.url).search}`, 301);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
});

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Never shown: the loader always redirects or throws. A component keeps this a page route, so a 404 renders the not-found page. */
export default function LessonWithoutSlug() {
  return null;
}
