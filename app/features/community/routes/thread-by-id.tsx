import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { communityThreadHref } from "#core/community-paths";
import { getThread } from "#server/services/community";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// A thread address without its title: 301 to the canonical one (docs/product-rules.md#addresses-and-slugs).
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireId(params.groupId);
  const thread = await getThread(context.app, { threadId: requireId(params.threadId) });
  if (!thread) throw notFoundResponse("We couldn't find that thread.");
  throw redirect(`${communityThreadHref(thread.group, thread)}${new URL(request.url).search}`, 301);
});

export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
