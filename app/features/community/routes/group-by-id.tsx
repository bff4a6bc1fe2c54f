import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { communityGroupHref } from "#core/community-paths";
import { getGroup } from "#server/services/community";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// `/community/{id}` without its title: 301 to the canonical address (docs/product-rules.md#addresses-and-slugs). A
// separate index route so the group page and the thread pages beneath it do not nest inside this one.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const group = await getGroup(context.app, { groupId: requireId(params.groupId) });
  if (!group) throw notFoundResponse("We couldn't find that group.");
  throw redirect(`${communityGroupHref(group)}${new URL(request.url).search}`, 301);
});

export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
