import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { StudyCountList, studyNowCount } from "../components/study-counts";
import { BookmarkIcon, CardsIcon, GlobeIcon } from "~/components/icons";
import { ExportButtons } from "~/components/export-buttons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { LevelBadge } from "~/components/video-card";
import { titleMeta } from "~/lib/route-meta";
import { getFlashcardsOverview } from "#server/services/flashcards";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const user = await context.getUser();
  return { overview: await getFlashcardsOverview(context.app, { userId: user?.id ?? null }), signedIn: user !== null };
});

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export default function FlashcardsPage() {
  const { overview, signedIn } = useLoaderData<typeof loader>();
  const { totals, savedWords } = overview;

  return (
    <main className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="max-w-2xl">
        <p className="text-lg font-semibold text-primary-700">
          <span lang="ar" dir="rtl">
            بطاقات
          </span>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Flashcards</h1>
        <p className="mt-2 text-muted">
          Short reviews, spaced just before you would forget: each answer schedules the card&apos;s next visit.
        </p>
      </header>

      {signedIn && totals && savedWords ? (
        <>
          <div className="mt-8 grid gap-5 lg:grid-cols-2">
            <section
              aria-labelledby="all-collections"
              className="flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50/60 p-5"
            >
              <div className="flex items-start gap-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-800">
                  <CardsIcon className="size-5" />
                </span>
                <div>
                  <h2 id="all-collections" className="text-lg font-semibold text-ink">
                    All collections
                  </h2>
                  <p className="text-sm text-ink/75">
                    {plural(totals.total, "card")} in {plural(overview.collections.length, "collection")}.
                  </p>
                </div>
              </div>
              <StudyCountList counts={totals} className="[&>div]:bg-white" />
              {totals.due > 0 ? (
                <Link to="/flashcards/review" className={buttonClasses("primary", "md", "self-start")}>
                  Review all due ({totals.due})
                </Link>
              ) : (
                <p className="text-sm text-ink/75">
                  Nothing is due right now. Start a collection below to meet new cards.
                </p>
              )}
            </section>

            <section
              aria-labelledby="saved-words"
              className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 shadow-sm"
            >
              <div className="flex items-start gap-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700">
                  <BookmarkIcon className="size-5" />
                </span>
                <div>
                  <h2 id="saved-words" className="text-lg font-semibold text-ink">
                    My saved words
                  </h2>
                  <p className="text-sm text-muted">
                    {savedWords.total > 0
                      ? `${plural(savedWords.total, "word")} from your vocabulary lists, reviewed like flashcards.`
                      : "Words you save from a lesson's transcript show up here to review."}
                  </p>
                </div>
              </div>
              {savedWords.total > 0 ? (
                <>
                  <StudyCountList counts={savedWords} />
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to="/flashcards/my-words"
                      className={buttonClasses(studyNowCount(savedWords) > 0 ? "primary" : "secondary", "md")}
                    >
                      Review saved words
                      {studyNowCount(savedWords) > 0 ? ` (${studyNowCount(savedWords)})` : ""}
                    </Link>
                    <Link to="/vocabulary-list" className={buttonClasses("ghost", "md")}>
                      My vocabulary lists
                    </Link>
                  </div>
                </>
              ) : (
                <Link to="/video-library" className={buttonClasses("secondary", "md", "self-start")}>
                  Find a lesson
                </Link>
              )}
            </section>
          </div>
          <div className="mt-5">
            <ExportButtons query={{ source: "all" }} what="all cards" />
          </div>
        </>
      ) : (
        <section
          aria-label="Review with spaced repetition"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-ink">Review at the right moment</h2>
            <p className="mt-1 text-sm text-ink/75">
              Browse any collection now. Sign in to review: we keep each card&apos;s schedule, your due counts and the
              words you save from lessons.
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link to="/auth/signup" className={buttonClasses("primary", "md")}>
              Start free
            </Link>
            <Link to="/auth/login?redirect=/flashcards" className={buttonClasses("secondary", "md")}>
              Sign in
            </Link>
          </div>
        </section>
      )}

      <section aria-labelledby="collections-heading" className="mt-12">
        <h2 id="collections-heading" className="text-2xl font-semibold text-ink">
          Collections
        </h2>
        {overview.collections.length > 0 ? (
          <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {overview.collections.map((collection) => {
              const ready = collection.counts ? studyNowCount(collection.counts) : 0;
              return (
                <li key={collection.id} className="flex">
                  <article
                    className="relative flex flex-1 flex-col gap-3 rounded-xl border border-line bg-surface p-5 shadow-sm transition focus-within:ring-3 focus-within:ring-primary-300 hover:shadow-md"
                    data-testid={`collection-${collection.id}`}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <LevelBadge level={collection.level} />
                      <span className="text-sm text-muted">{plural(collection.cardCount, "card")}</span>
                    </div>
                    <h3 className="text-lg leading-snug font-semibold text-ink">
                      <Link
                        to={`/flashcard/${collection.id}`}
                        className="outline-none after:absolute after:inset-0 after:content-['']"
                      >
                        {collection.title}
                      </Link>
                    </h3>
                    {collection.description ? (
                      <p className="text-sm leading-relaxed text-muted">{collection.description}</p>
                    ) : null}
                    <div className="mt-auto space-y-3 pt-1">
                      {collection.counts ? <StudyCountList counts={collection.counts} /> : null}
                      <p
                        className={
                          ready > 0 ? "text-sm font-semibold text-primary-800" : "text-sm font-medium text-ink/70"
                        }
                      >
                        {collection.counts
                          ? ready > 0
                            ? `Study ${plural(ready, "card")} now →`
                            : "Done for now · browse the cards →"
                          : "Browse the cards →"}
                      </p>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-5 rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
            The first collections are on their way.
          </p>
        )}
      </section>

      {overview.themes.length > 0 ? (
        <section aria-labelledby="themes-heading" className="mt-12">
          <h2 id="themes-heading" className="text-2xl font-semibold text-ink">
            Vocabulary by theme
          </h2>
          <p className="mt-1 text-sm text-muted">Decks of everyday words with example sentences, grouped by theme.</p>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {overview.themes.map((theme) => (
              <li key={theme.id}>
                <Link
                  to={`/global-vocabulary-theme/${theme.id}/${theme.slug}`}
                  className="flex h-full items-start gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm transition hover:border-primary-300 hover:shadow-md"
                >
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
                    <GlobeIcon className="size-5" />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">{theme.title}</span>
                    {theme.titleAr ? (
                      <span className="block text-primary-800">
                        <span lang="ar" dir="rtl">
                          {theme.titleAr}
                        </span>
                      </span>
                    ) : null}
                    {theme.description ? (
                      <span className="mt-1 block text-sm text-muted">{theme.description}</span>
                    ) : null}
                    {!signedIn ? (
                      <span className="mt-1 block text-xs font-medium text-ink/70">Sign in to open</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Flashcards");
