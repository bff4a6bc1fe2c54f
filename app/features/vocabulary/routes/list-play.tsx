import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { QuizPlayer } from "../components/quiz-player";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { titleMeta } from "~/lib/route-meta";
import { readQuizAnswer, requireQuizRun } from "../vocabulary-quiz.server";
import { AppError } from "#server/lib/errors";
import {
  finishListQuiz,
  getListQuizSource,
  getVocabularyList,
  vocabularyListHref,
} from "#server/services/vocabulary-lists";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

async function loadList(context: LoaderFunctionArgs["context"], user: { id: number }, listId: number) {
  try {
    return await getVocabularyList(context.app, { userId: user.id, listId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const list = await loadList(context, viewer.user, requireId(params.listId));
  const href = vocabularyListHref(list);
  requireCanonicalPath(request, `${href}/play`);
  const source = await getListQuizSource(context.app, { viewer, listId: list.id });
  const view = requireQuizRun(request, source, `${href}/play`);
  return { list: { id: list.id, title: list.title, href }, view };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const list = await loadList(context, viewer.user, requireId(params.listId));
  const playPath = `${vocabularyListHref(list)}/play`;
  const source = await getListQuizSource(context.app, { viewer, listId: list.id });
  const answer = readQuizAnswer(await request.formData(), source);
  // The last answer stores the run; a repeated post of the same run is recorded once.
  if (answer.quiz.finished) {
    await finishListQuiz(context.app, { viewer, listId: list.id, ...answer });
  }
  return redirect(`${playPath}${answer.search}`, 303);
});

export default function VocabularyListPlayPage() {
  const { list, view } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb
        items={[
          { label: "Vocabulary", to: "/vocabulary-list" },
          { label: list.title, to: list.href },
          { label: "Quiz" },
        ]}
      />
      <h1 className="mt-4 mb-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Quiz: <span dir="auto">{list.title}</span>
      </h1>
      {view ? (
        <QuizPlayer
          view={view}
          playPath={`${list.href}/play`}
          backTo={{ label: "Back to the list", href: list.href }}
        />
      ) : (
        <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <p className="font-semibold text-ink">There are no words to quiz yet.</p>
          <Link to={list.href} className={buttonClasses("primary", "md", "mt-4")}>
            Add words to the list
          </Link>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data ? `Quiz: ${data.list.title}` : "Quiz not found");
