import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { getBlogPost } from "#server/services/blog";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

/** /blog/:blogId without its slug: 301 to the post's current URL. */
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const blogId = requireId(params.blogId);
  const post = await getBlogPost(context.app, { viewer: await context.getViewer(), blogId });
  if (!post) throw notFoundResponse("We couldn't find that post.");
  throw redirect(`${post.path}${new URL(request.url).search}`, 301);
});

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Never shown: the loader always redirects or throws. A component keeps this a page route, so a 404 renders the not-found page. */
export default function BlogPostWithoutSlug() {
  return null;
}
