import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { findLemmaRef } from "#server/services/words/lemma-page";
import { UNKNOWN_LEMMA_MESSAGE } from "#server/services/words/status";
import { lemmaHref } from "../lemma-href";

export const audience: Audience = "public";

// A word's address without its key (`/word/{id}`): 301 to its page.
export const loader = forAudience(audience, async function loader({ params, context }: LoaderFunctionArgs) {
  const lemmaId = requireId(params.lemmaId);
  const lemma = await findLemmaRef(context.app, lemmaId);
  if (!lemma) throw notFoundResponse(UNKNOWN_LEMMA_MESSAGE);
  throw redirect(lemmaHref(lemma), 301);
});

export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
