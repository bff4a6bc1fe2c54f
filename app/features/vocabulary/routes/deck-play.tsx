import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { QuizPlayer } from "../components/quiz-player";
import { requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { titleMeta } from "~/lib/route-meta";
import { readQuizAnswer, requireQuizRun } from "../vocabulary-quiz.server";
import { AppError } from "#server/lib/errors";
import {
  deckHref,
  finishDeckQuiz,
  getDeckQuizSource,
  getVocabularyDeck,
  themeHref,
} from "#server/services/global-vocabulary";

async function loadDeck(context: LoaderFunctionArgs["context"], user: { id: number }, deckId: number) {
  try {
    return await getVocabularyDeck(context.app, user, deckId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const deck = await loadDeck(context, user, requireId(params.deckId));
  const href = deckHref(deck);
  requireCanonicalPath(request, `${href}/play`);
  const source = await getDeckQuizSource(context.app, user, deck.id);
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
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const deck = await loadDeck(context, user, requireId(params.deckId));
  const playPath = `${deckHref(deck)}/play`;
  const source = await getDeckQuizSource(context.app, user, deck.id);
  const answer = readQuizAnswer(await request.formData(), source);
  // The last answer stores the run and the deck's progress, once per run however often it is posted.
  if (answer.quiz.finished) {
    await finishDeckQuiz(context.app, user, { deckId: deck.id, ...answer });
  }
  return redirect(`${playPath}${answer.search}`, 303);
}

export default function DeckPlayPage() {
  const { deck, view } = useLoaderData<typeof loader>();
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
