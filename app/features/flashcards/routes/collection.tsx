import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { getFlashcollection } from "#server/services/flashcards";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// `/flashcard/{id}/{anything}`: the address has no slug (docs/product-rules.md#addresses-and-slugs), so a titled link
// answers 301 to `/flashcard/{id}`.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const collectionId = requireId(params.collectionId);
  if (!(await getFlashcollection(context.app, { userId: null, collectionId }))) {
    throw notFoundResponse("We couldn't find that flashcard collection.");
  }
  throw redirect(`/flashcard/${collectionId}${new URL(request.url).search}`, 301);
});

export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
