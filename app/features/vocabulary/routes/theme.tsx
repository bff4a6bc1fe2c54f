import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { plural } from "~/lib/text-format";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { LockIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { titleMeta } from "~/lib/route-meta";
import { FREE_TIER_LABELS } from "#core/free-tier";
import { canStartDeckSession } from "#server/access/policy";
import { AppError } from "#server/lib/errors";
import { deckHref, getVocabularyTheme, themeHref } from "#server/services/global-vocabulary";
import type { Audience } from "~/lib/audience";
import { CheckoutLink } from "~/components/checkout-link";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const themeId = requireId(params.themeId);
  const [theme, access] = await Promise.all([
    getVocabularyTheme(context.app, { userId: viewer.user.id, themeId }).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
      throw error;
    }),
    viewer.lessonAccess(),
  ]);
  requireCanonicalPath(request, themeHref(theme));
  return {
    theme: {
      ...theme,
      categories: theme.categories.map((category) => ({
        ...category,
        decks: category.decks.map((deck) => ({
          ...deck,
          href: deckHref(deck),
          // One free session per deck (docs/product-rules.md#free-and-paid); subscribers play freely.
          session: access.hasSubscription
            ? ("entitled" as const)
            : canStartDeckSession(access, { plays: deck.progress?.plays ?? 0 })
              ? ("free" as const)
              : ("used" as const),
        })),
      })),
    },
  };
});

export default function VocabularyThemePage() {
  const { theme } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb items={[{ label: "Vocabulary", to: "/vocabulary-list" }, { label: theme.title }]} />
      <header className="mt-6 max-w-2xl">
        {theme.titleAr ? (
          <p className="text-xl font-semibold text-primary-700">
            <span lang="ar" dir="rtl">
              {theme.titleAr}
            </span>
          </p>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{theme.title}</h1>
        {theme.description ? <p className="mt-2 text-lg text-ink/80">{theme.description}</p> : null}
        <p className="mt-2 text-sm text-muted">
          {plural(theme.deckCount, "deck")} · {plural(theme.wordCount, "word")}
        </p>
      </header>

      {theme.categories.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
          This theme has no decks yet.
        </p>
      ) : null}

      {theme.categories.map((category) => (
        <section key={category.id ?? "none"} aria-labelledby={`category-${category.id ?? "none"}`} className="mt-10">
          <h2 id={`category-${category.id ?? "none"}`} className="text-xl font-semibold text-ink">
            {category.title}
          </h2>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {category.decks.map((deck) => (
              <li key={deck.id} className="flex">
                <article
                  aria-labelledby={`deck-${deck.id}`}
                  className="flex flex-1 flex-col rounded-xl border border-line bg-surface p-5 shadow-sm"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      {deck.titleAr ? (
                        <p className="text-lg text-primary-700">
                          <span lang="ar" dir="rtl">
                            {deck.titleAr}
                          </span>
                        </p>
                      ) : null}
                      <h3 id={`deck-${deck.id}`} className="text-lg font-semibold text-ink">
                        <Link to={`${deck.href}/vocabularies`} className="hover:text-primary-800 hover:underline">
                          {deck.title}
                        </Link>
                      </h3>
                    </div>
                    <LevelBadge level={deck.level} className="shrink-0" />
                  </div>
                  {deck.description ? <p className="mt-1 text-sm text-muted">{deck.description}</p> : null}
                  <dl className="mt-4 grid grid-cols-3 gap-2 text-sm" data-testid={`deck-progress-${deck.id}`}>
                    <div>
                      <dt className="text-xs text-muted">Words</dt>
                      <dd className="font-semibold text-ink tabular-nums">{deck.wordCount}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">Best score</dt>
                      <dd className="font-semibold text-ink tabular-nums">
                        {deck.progress ? `${deck.progress.bestScore}%` : "—"}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">Plays</dt>
                      <dd className="font-semibold text-ink tabular-nums">{deck.progress?.plays ?? 0}</dd>
                    </div>
                  </dl>
                  {deck.progress ? (
                    <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-primary-100" aria-hidden>
                      <div className="h-full bg-primary-600" style={{ width: `${deck.progress.bestScore}%` }} />
                    </div>
                  ) : null}
                  {deck.wordCount > 0 && deck.session !== "entitled" ? (
                    <p
                      className="mt-3 flex items-center gap-1.5 text-sm font-semibold text-ink"
                      data-testid={`deck-session-${deck.id}`}
                    >
                      {deck.session === "used" ? (
                        <>
                          <LockIcon className="size-4 text-muted" />
                          {FREE_TIER_LABELS.sessionUsed}
                        </>
                      ) : (
                        <span className="text-primary-800">{FREE_TIER_LABELS.oneSession}</span>
                      )}
                    </p>
                  ) : null}
                  <div className="mt-auto flex flex-wrap gap-2 pt-4">
                    <Link
                      to={`${deck.href}/vocabularies`}
                      className={buttonClasses("secondary", "sm")}
                      aria-label={`Words of ${deck.title}`}
                    >
                      Words
                    </Link>
                    {deck.wordCount > 0 && deck.session === "used" ? (
                      <CheckoutLink
                        className={buttonClasses("primary", "sm")}
                        aria-label={`${FREE_TIER_LABELS.subscribeToPlayAgain}: ${deck.title}`}
                      >
                        {FREE_TIER_LABELS.subscribeToPlayAgain}
                      </CheckoutLink>
                    ) : deck.wordCount > 0 ? (
                      <Link
                        to={`${deck.href}/play`}
                        className={buttonClasses("primary", "sm")}
                        aria-label={`Play ${deck.title}`}
                      >
                        Play
                      </Link>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.theme.title ?? "Theme not found");
