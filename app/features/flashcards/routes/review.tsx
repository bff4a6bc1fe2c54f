import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { ReviewPanel } from "../components/review-panel";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireMember } from "~/lib/auth.server";
import { checkoutUnlessAllowed, handleReviewAction, loadReviewSession } from "../flashcards.server";
import { titleMeta } from "~/lib/route-meta";
import { requireAllDueReview } from "#server/services/free-tier";
import { REVIEW_SOURCES, type ReviewScope, type ReviewSource } from "#server/services/flashcards";
import { DailyLimitsForm, SuspendedNotes, SourceFilter } from "../components/review-settings";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

/** `?source=words|sentences|collections`: one source only; anything else, everything. */
function sourceOf(request: Request): ReviewSource | null {
  const value = new URL(request.url).searchParams.get("source");
  return (REVIEW_SOURCES as readonly string[]).includes(value ?? "") ? (value as ReviewSource) : null;
}

function scopeOf(source: ReviewSource | null): ReviewScope {
  return source ? { kind: "due", sources: [source] } : { kind: "due" };
}

// The daily review (docs/cards.md): My words (words and sentences) and the due cards of every collection the
// member has started, with the member's daily limits. "Review all due" comes with a subscription; a free member
// reviews My words on its own page and each collection's free session on its page (docs/product-rules.md).
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  await checkoutUnlessAllowed(request, requireAllDueReview(viewer));
  const source = sourceOf(request);
  return { ...(await loadReviewSession(context, request, viewer.user, scopeOf(source))), source };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  await checkoutUnlessAllowed(request, requireAllDueReview(viewer), { status: 303 });
  const source = sourceOf(request);
  const keep = new URLSearchParams(source ? { source } : {});
  return handleReviewAction(context, request, viewer.user, scopeOf(source), keep);
});

export default function ReviewAllDuePage() {
  const { source, settings, suspended, ...review } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:pt-10">
      <Breadcrumb items={[{ label: "Flashcards", to: "/flashcards" }, { label: "All due cards" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">All due cards</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Your daily review: the words and sentences you saved and every card due in the collections you have started,
        oldest first.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <SourceFilter active={source} />
        <DailyLimitsForm settings={settings} sessionStart={review.sessionStart} />
        <SuspendedNotes notes={suspended} sessionStart={review.sessionStart} />
      </div>
      <div className="mt-6">
        <ReviewPanel
          session={review.session}
          now={review.now}
          requestId={review.requestId}
          intelligibilityCheck={review.intelligibilityCheck}
          sessionStart={review.sessionStart}
          subject="your daily review"
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
