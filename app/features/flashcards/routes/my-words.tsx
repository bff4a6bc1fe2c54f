import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { ReviewPanel } from "../components/review-panel";
import { DailyLimitsForm, SuspendedNotes } from "../components/review-settings";
import { ExportButtons } from "~/components/export-buttons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireUser } from "~/lib/auth.server";
import { notFoundResponse } from "~/lib/canonical.server";
import { handleReviewAction, loadReviewSession } from "../flashcards.server";
import { titleMeta } from "~/lib/route-meta";
import type { SessionUser } from "#server/services/auth";
import { getOwnVocabularyList, type ReviewScope } from "#server/services/flashcards";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

/** All saved words, or one of the learner's lists with `?list=<id>` (someone else's list is a 404). */
async function wordsScope(context: AppLoadContext, request: Request, user: SessionUser) {
  const listText = new URL(request.url).searchParams.get("list");
  if (listText === null) return { scope: { kind: "words" } as ReviewScope, list: null };
  const list = /^\d{1,12}$/.test(listText)
    ? await getOwnVocabularyList(context.app, { userId: user.id, listId: Number(listText) })
    : null;
  if (!list) throw notFoundResponse("We couldn't find that vocabulary list.");
  return { scope: { kind: "words", listId: list.id } as ReviewScope, list };
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const { scope, list } = await wordsScope(context, request, user);
  return { ...(await loadReviewSession(context, request, user, scope)), list };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const { scope, list } = await wordsScope(context, request, user);
  const keep = new URLSearchParams(list ? { list: String(list.id) } : {});
  return handleReviewAction(context, request, user, scope, keep);
});

export default function ReviewSavedWordsPage() {
  const { list, settings, suspended, ...review } = useLoaderData<typeof loader>();
  const title = list ? `Review “${list.title}”` : "Review my saved words";
  return (
    <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:pt-10">
      <Breadcrumb
        items={[{ label: "Flashcards", to: "/flashcards" }, { label: list ? list.title : "My saved words" }]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted">
        The words you saved from lessons{list ? " in this list" : ", from all your vocabulary lists"}, scheduled like
        flashcards.
      </p>
      <div className="mt-4 flex flex-col gap-3">
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
          subject={list ? `“${list.title}”` : "your saved words"}
          backTo={{ href: "/flashcards", label: "Back to flashcards" }}
          emptyHint={
            <p>
              Save words by clicking them in a lesson&apos;s transcript, or add them to a{" "}
              <Link to="/vocabulary-list" className="font-medium text-primary-800 underline">
                vocabulary list
              </Link>{" "}
              by hand.
            </p>
          }
        />
      </div>
      <div className="mt-8">
        <ExportButtons
          query={list ? { source: "list", id: list.id } : { source: "my-words" }}
          what={list ? `“${list.title}”` : "my saved words"}
        />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Review my saved words");
