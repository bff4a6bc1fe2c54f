import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { AppError } from "#server/lib/errors";
import { getVocabularyTheme, themeHref } from "#server/services/global-vocabulary";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// `/global-vocabulary-theme/{id}` without its title: login first, then 301 to the canonical address.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const theme = await getVocabularyTheme(context.app, { userId: user.id, themeId: requireId(params.themeId) }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
      throw error;
    },
  );
  throw redirect(themeHref(theme), 301);
});

export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
