import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { AppError } from "#server/lib/errors";
import { deckHref, getVocabularyDeck } from "#server/services/global-vocabulary";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// A deck's address without its page (`/global-vocabulary-deck/{id}` or `…/{id}/{title}`): 301 to its word list.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const deck = await getVocabularyDeck(context.app, { userId: user.id, deckId: requireId(params.deckId) }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
      throw error;
    },
  );
  throw redirect(`${deckHref(deck)}/vocabularies`, 301);
});

export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
