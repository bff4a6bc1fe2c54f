import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScoreText } from "../components/activity-card";
import { ListeningPlayer } from "../components/listening-player";
import { ListeningQuiz } from "../components/listening-quiz";
import { ListeningResult } from "../components/listening-result";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { LevelBadge } from "~/components/video-card";
import { checkoutFor, forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { getListeningActivity, getListeningAttempt, submitListeningAttempt } from "#server/services/listening";
import { Breadcrumb } from "~/components/breadcrumb";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

/**
 * Service 404s become the not-found page; past the free tier (402), /checkout with the reason
 * (docs/product-rules.md#free-and-paid); anything else goes on to the error boundary.
 */
async function orNotFound<T>(request: Request, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    if (error instanceof AppError && error.status === 402) {
      throw redirectWithToast(checkoutFor(request), { text: error.messages[0]!, status: "warning" });
    }
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const activityId = requireId(params.activityId);
  const activity = await orNotFound(request, getListeningActivity(context.app, { viewer, activityId }));
  requireCanonicalPath(request, activity.href);
  // `?attempt=` shows one of the learner's own attempts (where the form lands after answering).
  const attemptText = new URL(request.url).searchParams.get("attempt");
  const result = attemptText
    ? await orNotFound(
        request,
        getListeningAttempt(context.app, { viewer, activityId, attemptId: requireId(attemptText) }),
      )
    : null;
  return { activity, result };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const activityId = requireId(params.activityId);
  const formData = await request.formData();
  const answers: Record<string, string> = {};
  for (const [name, value] of formData) {
    const match = /^answer-(\d{1,12})$/.exec(name);
    if (match && typeof value === "string") answers[match[1]!] = value;
  }
  try {
    const result = await submitListeningAttempt(context.app, { viewer, activityId, input: { answers } });
    // Post/redirect/get: a reload shows the result instead of sending the answers again.
    return redirect(`${result.href}?attempt=${result.attemptId}#result`, 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw notFoundResponse(error.messages[0]);
    if (error.status === 402) {
      return redirectWithToast(checkoutFor(request), { text: error.messages[0]!, status: "warning" }, { status: 303 });
    }
    return data({ formError: error.messages.join(" ") }, { status: error.status });
  }
});

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  titleMeta(matches, loaded?.activity.title ?? "Listening activity");

export default function ListeningActivityPage() {
  const { activity, result } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const questionCount = activity.questions.length;

  return (
    <main className="mx-auto max-w-3xl px-4 pt-5 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb
        items={[
          { label: "Listening", to: "/listening-activity" },
          { label: activity.group.title },
          { label: activity.title },
        ]}
      />

      <header className="mt-3 mb-5">
        <h1 className="text-2xl leading-tight font-bold tracking-tight text-ink sm:text-3xl">{activity.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
          <LevelBadge level={activity.level} />
          <span>
            {questionCount} {questionCount === 1 ? "question" : "questions"}
          </span>
          {activity.best ? (
            <span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
              Best <ScoreText score={activity.best} />
            </span>
          ) : null}
        </div>
        {activity.description ? <p className="mt-3 leading-relaxed text-ink/85">{activity.description}</p> : null}
      </header>

      <ListeningPlayer media={activity.media} title={activity.title} />

      <div className="mt-8">
        {result ? (
          <ListeningResult result={result} retryHref={activity.href} />
        ) : (
          <ListeningQuiz
            questions={activity.questions}
            formError={actionData && "formError" in actionData ? actionData.formError : null}
          />
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
