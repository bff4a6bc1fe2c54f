import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "../components/page-header";
import { GlossMeter } from "../components/meter";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { getAdminPage } from "#server/admin/pages";
import { catalogueCoverage, glossingWorklist } from "#server/services/words/coverage";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

const WORKLIST_SIZE = 60;

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const [coverage, worklist] = await Promise.all([
    catalogueCoverage(context.app),
    glossingWorklist(context.app, { limit: WORKLIST_SIZE }),
  ]);
  return { page: getAdminPage("glossing")!, coverage, worklist };
});

/** Where a worklist entry opens: the lesson's cue editor at that line, with the word's panel open. */
function editorLink(example: { lessonId: number; tokenId: number; cueId: number }) {
  return `/admin/videos/${example.lessonId}/lesson?token=${example.tokenId}#line-${example.cueId}`;
}

export default function GlossingPage() {
  const { page, coverage, worklist } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <AdminPageHeader
        page={page}
        title="Glossing"
        description="Every word of every lesson should have a lemma and its meaning in the sentence. One lemma fixes many: start at the top of the worklist."
        actions={
          <>
            <Link to="/admin/lemmas" className={buttonClasses("secondary", "md")}>
              Lexicon
            </Link>
            <Link to="/admin/mass-lemma-update" className={buttonClasses("secondary", "md")}>
              Import lemmas
            </Link>
          </>
        }
      />

      <section aria-labelledby="coverage-heading" className="rounded-xl border border-line bg-surface p-5 shadow-sm">
        <h2 id="coverage-heading" className="text-lg font-semibold text-ink">
          Coverage of the catalogue
        </h2>
        <dl className="mt-4 grid gap-5 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">Published lessons</dt>
            <dd className="mt-1">
              <GlossMeter done={coverage.published.glossed} total={coverage.published.total} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">All lessons, drafts included</dt>
            <dd className="mt-1">
              <GlossMeter done={coverage.all.glossed} total={coverage.all.total} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Lessons glossed to 100 %</dt>
            <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">
              {coverage.lessons.complete.toLocaleString("en-US")}
              <span className="text-base font-normal text-muted">
                {" "}
                of {coverage.lessons.total.toLocaleString("en-US")}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="worklist-heading" className="rounded-xl border border-line bg-surface shadow-sm">
        <div className="border-b border-line px-5 py-3">
          <h2 id="worklist-heading" className="text-lg font-semibold text-ink">
            Worklist
          </h2>
          <p className="text-sm text-muted">
            {worklist.unglossed === 0
              ? "Every word is glossed."
              : `${worklist.unglossed.toLocaleString("en-US")} unglossed words, grouped by spelling, most frequent first.`}
          </p>
        </div>
        {worklist.entries.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">Unglossed words, most frequent first</caption>
              <thead className="bg-canvas/70 text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    Word
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    Times
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    Lessons
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    Lemma guessed
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    Gloss it in
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {worklist.entries.map((entry) => (
                  <tr key={entry.form} className="align-top" data-worklist-form={entry.form}>
                    <th scope="row" className="px-4 py-2.5 text-start font-normal">
                      <span lang="ar" dir="rtl" className="font-arabic text-lg text-ink">
                        {entry.surfaces.join("، ")}
                      </span>
                    </th>
                    <td className="px-4 py-2.5 text-ink tabular-nums">{entry.occurrences}</td>
                    <td className="px-4 py-2.5 text-ink tabular-nums">{entry.lessons}</td>
                    <td className="px-4 py-2.5 text-ink/80">
                      {entry.guess ? (
                        <>
                          <span lang="ar" className="font-arabic">
                            {entry.guess.arabic}
                          </span>{" "}
                          · {entry.guess.transliteration}
                          {entry.guess.meaning ? ` — ${entry.guess.meaning}` : ""}
                        </>
                      ) : (
                        <span className="text-muted">none</span>
                      )}
                    </td>
                    <td className="px-4 py-2.5">
                      <ul className="space-y-0.5">
                        {entry.examples.map((example) => (
                          <li key={example.tokenId}>
                            <Link to={editorLink(example)} className="text-primary-800 hover:underline">
                              {example.lessonTitle}, line {example.line}
                            </Link>
                            {example.isPublished ? null : <span className="text-xs text-muted"> (draft)</span>}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Glossing");
