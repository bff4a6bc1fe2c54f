import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { ReviewPanel } from "../components/review-panel";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireMember } from "~/lib/auth.server";
import { checkoutUnlessAllowed, handleReviewAction, loadReviewSession } from "../flashcards.server";
import { titleMeta } from "~/lib/route-meta";
import { requireAllDueReview } from "#server/services/free-tier";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// "Review all due": the due cards of every collection in one session (new cards are met per collection).
// It comes with a subscription; a free member studies each collection's free session on its own page
// (docs/product-rules.md#free-and-paid).
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  await checkoutUnlessAllowed(requireAllDueReview(viewer));
  return loadReviewSession(context, request, viewer.user, { kind: "due" });
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  await checkoutUnlessAllowed(requireAllDueReview(viewer), { status: 303 });
  return handleReviewAction(context, request, viewer.user, { kind: "due" });
});

export default function ReviewAllDuePage() {
  const review = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:pt-10">
      <Breadcrumb items={[{ label: "Flashcards", to: "/flashcards" }, { label: "All due cards" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">All due cards</h1>
      <p className="mt-2 max-w-2xl text-muted">Every card that is due in any collection, oldest first.</p>
      <div className="mt-6">
        <ReviewPanel
          session={review.session}
          now={review.now}
          requestId={review.requestId}
          sessionStart={review.sessionStart}
          subject="your collections"
          backTo={{ href: "/flashcards", label: "Back to flashcards" }}
        />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "All due cards");
