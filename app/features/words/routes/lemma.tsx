import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { cn } from "~/lib/cn";
import { LockIcon, PlayIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { lessonHref } from "~/components/video-card";
import { LemmaFacts, partOfSpeechLabel } from "../components/lemma-facts";
import { WordStatusButtons } from "../components/word-status";
import { lemmaHref } from "../lemma-href";
import type { Audience } from "~/lib/audience";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { formatDuration } from "#core/format";
import { WORD_STATUSES, type WordStatus } from "#core/schemas/lexicon";
import { wordStatusBodySchema } from "#core/schemas/words";
import { formatTransliteration } from "#core/transliteration";
import { AppError } from "#server/lib/errors";
import { getLemmaPage } from "#server/services/words/lemma-page";
import { setWordStatus } from "#server/services/words/status";

// Lemmas are not premium: anyone may read the entry. The lines it is heard in are shown only for lessons the
// viewer may watch; the others are links (server/services/words/lemma-page.ts).
export const audience: Audience = "public";

async function loadPage(context: LoaderFunctionArgs["context"], lemmaId: number) {
  const viewer = await context.getViewer();
  try {
    return { page: await getLemmaPage(context.app, { lemmaId, access: await viewer.lessonAccess() }), viewer };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { page, viewer } = await loadPage(context, requireId(params.lemmaId));
  requireCanonicalPath(request, lemmaHref(page.lemma));
  return { ...page, signedIn: viewer.user !== null, scheme: viewer.user?.transliterationScheme ?? "romanized" };
});

/** The status buttons, as a form that works before (and without) scripts. */
export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const lemmaId = requireId(params.lemmaId);
  const viewer = await requireMember(context, request);
  const formData = await request.formData();
  const parsed = wordStatusBodySchema.safeParse({ status: formData.get("status") });
  if (!parsed.success) throw new Response(`Choose a status: ${WORD_STATUSES.join(", ")}.`, { status: 400 });
  try {
    await setWordStatus(context.app, { userId: viewer.userId, lemmaId, status: parsed.data.status });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
  const here = new URL(request.url).pathname;
  return redirectWithToast(here, { text: STATUS_TOASTS[parsed.data.status] }, { status: 303 });
});

const STATUS_TOASTS: Record<WordStatus, string> = {
  new: "Marked as new.",
  learning: "Marked as learning.",
  known: "Marked as known.",
  ignored: "This word is ignored.",
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...titleMeta(matches, data ? `${data.lemma.arabic} (${data.lemma.transliteration})` : "Word"),
  {
    name: "description",
    content: data
      ? `${data.lemma.arabic} (${data.lemma.transliteration}): ${data.lemma.meanings.join("; ")}. Levantine Arabic, with the lessons where you hear it.`
      : "A word of Levantine Arabic.",
  },
];

export default function LemmaPage() {
  const { lemma, status, lessons, totalLessons, totalOccurrences, signedIn, scheme } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitted = navigation.formData?.get("status");
  const pending = typeof submitted === "string" && (WORD_STATUSES as readonly string[]).includes(submitted);
  const shownStatus = pending ? (submitted as WordStatus) : (status ?? "new");

  return (
    <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb items={[{ label: "Lessons", to: "/video-library" }, { label: lemma.arabic }]} />

      <header className="mt-4 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <p className="text-sm font-semibold text-primary-700">{partOfSpeechLabel(lemma)}</p>
        <h1 className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <span lang="ar" dir="rtl" className="text-5xl leading-[1.5] font-semibold text-ink">
            {lemma.arabic}
          </span>
          <span lang="ar-Latn" className="text-2xl font-medium text-primary-800">
            {formatTransliteration(lemma.transliteration, scheme)}
          </span>
        </h1>
        <h2 className="sr-only">Meanings</h2>
        <ol className="mt-3 list-inside list-decimal space-y-1 text-lg text-ink marker:text-muted">
          {lemma.meanings.map((meaning) => (
            <li key={meaning}>{meaning}</li>
          ))}
        </ol>
        {lemma.forms.length > 0 ? (
          <p className="mt-3 text-sm text-muted">
            Also written:{" "}
            <span lang="ar" dir="rtl" className="text-base text-ink">
              {lemma.forms.join("، ")}
            </span>
          </p>
        ) : null}
        <LemmaFacts lemma={lemma} className="mt-4" />

        <div className="mt-5 border-t border-line pt-4">
          {signedIn ? (
            <Form method="post" preventScrollReset className="space-y-2">
              <p className="text-sm font-semibold text-ink">My status</p>
              <WordStatusButtons status={shownStatus} submit pending={pending ? shownStatus : null} />
            </Form>
          ) : (
            <p className="text-sm text-muted">
              <Link
                to={`/auth/login?redirect=${encodeURIComponent(lemmaHref(lemma))}`}
                className="font-medium text-primary-800 underline"
              >
                Sign in
              </Link>{" "}
              to mark this word as learning, known or ignored.
            </p>
          )}
        </div>
      </header>

      <section aria-labelledby="heard-in" className="mt-8">
        <h2 id="heard-in" className="text-xl font-semibold text-ink">
          Where you hear it
        </h2>
        <p className="mt-1 text-sm text-muted">
          {totalLessons === 0
            ? "Not in a published lesson yet."
            : `${totalOccurrences} ${totalOccurrences === 1 ? "time" : "times"} in ${totalLessons} ${totalLessons === 1 ? "lesson" : "lessons"}` +
              (lessons.length < totalLessons ? ` (the newest ${lessons.length} below)` : "") +
              "."}
        </p>
        <ul className="mt-4 space-y-4">
          {lessons.map((lesson) => (
            <li key={lesson.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-base font-semibold">
                  <Link to={lessonHref(lesson)} className="text-ink hover:text-primary-800 hover:underline">
                    {lesson.title}
                  </Link>
                </h3>
                <p className="inline-flex items-center gap-1.5 text-xs text-muted">
                  {lesson.locked ? <LockIcon className="size-3.5" /> : null}
                  <span className="capitalize">{lesson.level}</span>
                  {lesson.isFree ? " · free" : " · full library"}
                </p>
              </div>
              <ul className={cn("mt-2", lesson.locked ? "flex flex-wrap items-center gap-2" : "space-y-2")}>
                {lesson.moments.map((moment) => {
                  const time = formatDuration(moment.startMs / 1000);
                  return (
                    <li key={moment.cueId} className="flex items-start gap-3">
                      <Link
                        to={lessonHref(lesson, moment.startMs / 1000)}
                        aria-label={`${lesson.title} at ${time}`}
                        className="mt-1 inline-flex shrink-0 items-center gap-1 rounded-md bg-canvas px-1.5 py-0.5 font-mono text-xs text-primary-900 tabular-nums hover:bg-primary-100"
                      >
                        <PlayIcon className="size-3" />
                        {time}
                      </Link>
                      {moment.line ? (
                        <div className="min-w-0 flex-1">
                          <p lang="ar" dir="rtl" className="text-lg leading-8 text-ink">
                            {moment.line.arabic}
                          </p>
                          {moment.line.english ? <p className="text-sm text-muted">{moment.line.english}</p> : null}
                          {moment.line.gloss ? (
                            <p className="text-sm text-ink">
                              <span lang="ar" dir="rtl" className="text-base">
                                {moment.line.surface}
                              </span>{" "}
                              here: {moment.line.gloss}
                            </p>
                          ) : null}
                        </div>
                      ) : null}
                    </li>
                  );
                })}
                {lesson.locked ? (
                  <li className="mt-1 text-sm text-muted">
                    {signedIn ? "In the full library: subscribe to watch it." : "Sign in to watch it."}
                  </li>
                ) : null}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
