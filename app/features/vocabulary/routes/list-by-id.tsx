import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { AppError } from "#server/lib/errors";
import { getVocabularyList, vocabularyListHref } from "#server/services/vocabulary-lists";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// `/vocabulary-list/{id}` without its title: login first, then 301 to the canonical address.
// Others' lists answer 404 like unknown ids.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const listId = requireId(params.listId);
  const list = await getVocabularyList(context.app, { userId: user.id, listId }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  });
  throw redirect(`${vocabularyListHref(list)}${new URL(request.url).search}`, 301);
});

// A UI route (not a resource route) so an unknown id renders the not-found page inside the layout.
export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
