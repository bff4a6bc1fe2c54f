import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { QuizPlayer } from "../components/quiz-player";
import { checkoutFor, forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { readQuizAnswer, requireQuizRun } from "../vocabulary-quiz.server";
import { FREE_TIER_LABELS } from "#core/free-tier";
import { parseSeed } from "#core/vocabulary-quiz";
import { AppError } from "#server/lib/errors";
import { requireDeckSession } from "#server/services/free-tier";
import {
  deckHref,
  finishDeckQuiz,
  getDeckQuizSource,
  getVocabularyDeck,
  themeHref,
} from "#server/services/global-vocabulary";
import type { Audience } from "~/lib/audience";
import { CheckoutLink } from "~/components/checkout-link";

export const audience: Audience = "member";

async function loadDeck(context: LoaderFunctionArgs["context"], user: { id: number }, deckId: number) {
  try {
    return await getVocabularyDeck(context.app, { userId: user.id, deckId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

/**
 * A session of a deck: the first is free, the next needs a subscription (docs/product-rules.md#free-and-paid).
 * Past it, /checkout with the reason. `seed` is the run in the URL or the form (none: a new run).
 */
async function requireSession(
  request: Request,
  context: LoaderFunctionArgs["context"],
  viewer: Awaited<ReturnType<typeof requireMember>>,
  deckId: number,
  seed: number | null,
  redirectStatus?: number,
) {
  try {
    await requireDeckSession(context.app, { viewer, deckId, seed: seed ?? undefined });
  } catch (error) {
    if (error instanceof AppError && error.status === 402) {
      throw redirectWithToast(
        checkoutFor(request),
        { text: error.messages[0]!, status: "warning" },
        redirectStatus ? { status: redirectStatus } : undefined,
      );
    }
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const { user } = viewer;
  const deck = await loadDeck(context, user, requireId(params.deckId));
  const href = deckHref(deck);
  requireCanonicalPath(request, `${href}/play`);
  await requireSession(request, context, viewer, deck.id, parseSeed(new URL(request.url).searchParams.get("seed")));
  const [source, access] = await Promise.all([
    getDeckQuizSource(context.app, { userId: user.id, deckId: deck.id }),
    viewer.lessonAccess(),
  ]);
  const view = requireQuizRun(request, source, `${href}/play`);
  return {
    deck: {
      id: deck.id,
      title: deck.title,
      href,
      progress: deck.progress,
      theme: { title: deck.theme.title, href: themeHref(deck.theme) },
    },
    view,
    entitled: access.hasSubscription,
  };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const { user } = viewer;
  const deck = await loadDeck(context, user, requireId(params.deckId));
  const playPath = `${deckHref(deck)}/play`;
  const source = await getDeckQuizSource(context.app, { userId: user.id, deckId: deck.id });
  const answer = readQuizAnswer(await request.formData(), source);
  await requireSession(request, context, viewer, deck.id, answer.seed, 303);
  // The last answer stores the run and the deck's progress, once per run however often it is posted.
  if (answer.quiz.finished) {
    await finishDeckQuiz(context.app, { userId: user.id, deckId: deck.id, ...answer });
  }
  return redirect(`${playPath}${answer.search}`, 303);
});

export default function DeckPlayPage() {
  const { deck, view, entitled } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb
        items={[
          { label: "Vocabulary", to: "/vocabulary-list" },
          { label: deck.theme.title, to: deck.theme.href },
          { label: deck.title, to: `${deck.href}/vocabularies` },
          { label: "Quiz" },
        ]}
      />
      <h1 className="mt-4 mb-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Quiz: {deck.title}</h1>
      {view ? (
        <QuizPlayer
          view={view}
          playPath={`${deck.href}/play`}
          backTo={{ label: "Back to the theme", href: deck.theme.href }}
        >
          {deck.progress ? (
            <p className="text-sm text-muted" data-testid="deck-progress">
              Best score for this deck: <span className="font-semibold text-ink">{deck.progress.bestScore}%</span> ·{" "}
              {deck.progress.plays} {deck.progress.plays === 1 ? "play" : "plays"}
            </p>
          ) : null}
          {!entitled && deck.progress ? (
            <p className="mt-2 text-sm text-ink/85" data-testid="deck-free-session">
              That was your free session of this deck. Playing it again comes with a subscription.{" "}
              <CheckoutLink className="font-semibold text-primary-800 underline">
                {FREE_TIER_LABELS.subscribeToPlayAgain}
              </CheckoutLink>
            </p>
          ) : null}
        </QuizPlayer>
      ) : (
        <p className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
          This deck has no words yet.
        </p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data ? `Quiz: ${data.deck.title}` : "Quiz not found");
