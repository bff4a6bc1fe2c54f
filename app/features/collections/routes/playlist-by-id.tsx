import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { collectionHref } from "#core/collection-paths";
import { getPlaylist } from "#server/services/collections/playlist-reads";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// `/playlist/{id}` without its title: login first (playlists are 🔒), then 301 to the canonical address.
// Others' playlists answer 404 like unknown ids.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const playlistId = requireId(params.playlistId);
  const playlist = await getPlaylist(context.app, { viewer, playlistId });
  if (!playlist) throw notFoundResponse("We couldn't find that playlist.");
  throw redirect(`${collectionHref("playlist", playlist)}${new URL(request.url).search}`, 301);
});

// A UI route (not a resource route) so an unknown id renders the not-found page inside the layout.
export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
