import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CardList } from "../components/card-list";
import { ReviewPanel } from "../components/review-panel";
import { CollectionCardTypes, SuspendedNotes } from "../components/review-settings";
import { StudyCountList } from "../components/study-counts";
import { Breadcrumb } from "~/components/breadcrumb";
import { LockIcon } from "~/components/icons";
import { ExportButtons } from "~/components/export-buttons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { LevelBadge } from "~/components/video-card";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { checkoutUnlessAllowed, handleReviewAction, loadReviewSession } from "../flashcards.server";
import { titleMeta } from "~/lib/route-meta";
import { FREE_COLLECTION_SESSION_HOURS, FREE_TIER_LABELS, FREE_TIER_MESSAGES } from "#core/free-tier";
import { isMember } from "#server/access/viewer";
import { getFlashcollection } from "#server/services/flashcards";
import { collectionAccess, requireCollectionSession, type CollectionAccess } from "#server/services/free-tier";
import type { Audience } from "~/lib/audience";
import { CheckoutLink } from "~/components/checkout-link";

export const audience: Audience = "public";

const HOUR_MS = 60 * 60 * 1000;

// `/flashcard/{id}` (the id is the whole address: docs/product-rules.md#addresses-and-slugs). Visitors browse;
// learners review: a member without a subscription has one free session per collection
// (docs/product-rules.md#free-and-paid), then sees their progress and the way to subscribe.
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const collectionId = requireId(params.collectionId);
  const viewer = await context.getViewer();
  const collection = await getFlashcollection(context.app, { userId: viewer.userId, collectionId });
  if (!collection) throw notFoundResponse("We couldn't find that flashcard collection.");
  if (!isMember(viewer)) return { collection, review: null, access: null, freeHoursLeft: null };
  const access: CollectionAccess = await collectionAccess(context.app, { viewer, collectionId });
  const review =
    access.kind === "over"
      ? null
      : await loadReviewSession(context, request, viewer.user, { kind: "collection", collectionId });
  const freeHoursLeft =
    access.kind === "free" && access.endsAt
      ? Math.max(1, Math.ceil((access.endsAt.getTime() - context.app.now().getTime()) / HOUR_MS))
      : null;
  return { collection, review, access, freeHoursLeft };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const collectionId = requireId(params.collectionId);
  if (!(await getFlashcollection(context.app, { userId: null, collectionId }))) {
    throw notFoundResponse("We couldn't find that flashcard collection.");
  }
  await checkoutUnlessAllowed(request, requireCollectionSession(context.app, { viewer, collectionId }), {
    status: 303,
  });
  return handleReviewAction(context, request, viewer.user, { kind: "collection", collectionId });
});

/** "Free: one session" and how long it lasts, before and during a free member's session. */
function FreeSessionNote({ hoursLeft }: { hoursLeft: number | null }) {
  return (
    <p className="text-sm text-ink/85" data-testid="collection-free-session">
      <span className="font-semibold text-primary-800">{FREE_TIER_LABELS.oneSession}.</span>{" "}
      {hoursLeft === null
        ? `It starts with your first card and lasts ${FREE_COLLECTION_SESSION_HOURS} hours.`
        : `Your free session is open for ${hoursLeft === 1 ? "less than an hour" : `${hoursLeft} more hours`}.`}{" "}
      <CheckoutLink className="font-semibold text-primary-800 underline">See plans</CheckoutLink>
    </p>
  );
}

export default function FlashcollectionPage() {
  const { collection, review, access, freeHoursLeft } = useLoaderData<typeof loader>();
  const here = `/flashcard/${collection.id}`;
  return (
    <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:pt-10">
      <Breadcrumb items={[{ label: "Flashcards", to: "/flashcards" }, { label: collection.title }]} />
      <header className="mt-4 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <LevelBadge level={collection.level} />
          <span className="text-sm text-muted">
            {collection.cardCount} {collection.cardCount === 1 ? "card" : "cards"}
          </span>
        </div>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{collection.title}</h1>
        {collection.description ? <p className="max-w-2xl text-muted">{collection.description}</p> : null}
      </header>

      {access?.kind === "over" ? (
        <div className="mt-6 space-y-4">
          <section
            aria-labelledby="collection-locked"
            className="flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between"
            data-testid="collection-lock"
          >
            <div className="flex items-start gap-3">
              <LockIcon className="mt-0.5 size-5 shrink-0 text-primary-800" />
              <div>
                <h2 id="collection-locked" className="font-semibold text-ink">
                  {FREE_TIER_LABELS.sessionUsed}
                </h2>
                <p className="mt-1 text-sm text-ink/75">{FREE_TIER_MESSAGES.collection}</p>
              </div>
            </div>
            <CheckoutLink className={buttonClasses("primary", "md", "shrink-0")}>
              {FREE_TIER_LABELS.subscribeToKeepReviewing}
            </CheckoutLink>
          </section>
          {collection.counts ? (
            <section aria-label="Your progress in this collection">
              <StudyCountList counts={collection.counts} />
            </section>
          ) : null}
          <section aria-labelledby="cards-heading">
            <h2 id="cards-heading" className="text-xl font-semibold text-ink">
              The cards
            </h2>
            <div className="mt-3">
              <CardList cards={collection.cards} />
            </div>
          </section>
        </div>
      ) : review ? (
        <div className="mt-6 space-y-4">
          {access?.kind === "free" ? <FreeSessionNote hoursLeft={freeHoursLeft} /> : null}
          <div className="flex flex-col gap-3">
            <CollectionCardTypes
              cardTypes={collection.cardTypes ?? ["recognition"]}
              withAudio={collection.withAudio}
              sessionStart={review.sessionStart}
            />
            <SuspendedNotes notes={review.suspended} sessionStart={review.sessionStart} />
          </div>
          <ReviewPanel
            session={review.session}
            now={review.now}
            requestId={review.requestId}
            intelligibilityCheck={review.intelligibilityCheck}
            sessionStart={review.sessionStart}
            subject={collection.title}
            backTo={{ href: "/flashcards", label: "Back to flashcards" }}
          />
          {collection.counts ? (
            <section aria-label="Your progress in this collection">
              <StudyCountList counts={collection.counts} />
            </section>
          ) : null}
          <details className="group rounded-xl">
            <summary className="cursor-pointer rounded-lg py-2 font-semibold text-primary-800 hover:underline">
              All {collection.cardCount} cards, front and back
            </summary>
            <div className="mt-3">
              <CardList cards={collection.cards} />
            </div>
          </details>
        </div>
      ) : (
        <>
          <section
            aria-label="Sign in to review"
            className="mt-6 flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex items-start gap-3">
              <LockIcon className="mt-0.5 size-5 shrink-0 text-primary-800" />
              <div>
                <h2 className="font-semibold text-ink">Sign in to review these cards</h2>
                <p className="mt-1 text-sm text-ink/75">
                  Reviews are scheduled for you card by card, so we need to know who is studying.
                </p>
              </div>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Link to={`/auth/login?redirect=${encodeURIComponent(here)}`} className={buttonClasses("primary", "md")}>
                Sign in to review
              </Link>
              <Link to="/auth/signup" className={buttonClasses("secondary", "md")}>
                Start free
              </Link>
            </div>
          </section>
          <section aria-labelledby="cards-heading" className="mt-8">
            <h2 id="cards-heading" className="text-xl font-semibold text-ink">
              The cards
            </h2>
            <div className="mt-3">
              <CardList cards={collection.cards} />
            </div>
          </section>
        </>
      )}
      {access === null ? null : access.kind === "entitled" ? (
        <div className="mt-8">
          <ExportButtons query={{ source: "collection", id: collection.id }} what="this collection" curated />
        </div>
      ) : (
        <p className="mt-8 text-sm text-ink/85" data-testid="collection-export-locked">
          {FREE_TIER_MESSAGES.export}{" "}
          <CheckoutLink className="font-semibold text-primary-800 underline">See plans</CheckoutLink>
        </p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.collection.title ?? "Flashcards");
