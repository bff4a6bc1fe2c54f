import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { checkoutFor, forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { getListeningActivity } from "#server/services/listening";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// `/listening-activity/{id}` without its title: login first, then 301 to the canonical address (or, past
// the free tier, /checkout with the reason: docs/product-rules.md#free-and-paid).
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const activityId = requireId(params.activityId);
  let href: string;
  try {
    href = (await getListeningActivity(context.app, { viewer, activityId })).href;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    if (error instanceof AppError && error.status === 402) {
      throw redirectWithToast(checkoutFor(request), { text: error.messages[0]!, status: "warning" });
    }
    throw error;
  }
  throw redirect(`${href}${new URL(request.url).search}`, 301);
});

// A UI route (not a resource route) so an unknown id renders the not-found page inside the layout.
export default function RedirectToCanonical() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
