import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CheckIcon, ClockIcon, FiltersIcon, LockIcon, SparkIcon } from "~/components/icons";
import { activeFilters, ActiveFilters, QuotedText } from "../components/active-filters";
import { ContinueWatching } from "../components/continue-watching";
import { EmptyLibrary } from "../components/empty-library";
import { ForYou, type ForYouData } from "../components/for-you";
import { LibraryFilters } from "../components/library-filters";
import { LibrarySearchForm } from "../components/search-form";
import { LibrarySortForm } from "../components/sort-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { VideoCard } from "~/components/video-card";
import { cn } from "~/lib/cn";
import {
  activeFilterCount,
  LIBRARY_MAX_PAGES,
  LIBRARY_PAGE_SIZE,
  LIBRARY_PATH,
  libraryHref,
} from "#core/library-query";
import { pageTitle, rootAppName } from "~/lib/meta";
import { searchOrRefuse } from "~/lib/search.server";
import { getLearnerOverview } from "#server/services/catalog/learner-overview";
import { withLocks } from "#server/services/catalog/lesson-summaries";
import { listLibrary } from "#server/services/catalog/library";
import { getLibraryFilterOptionsForPage } from "#server/services/catalog/library-filters";
import { parseLibraryParams } from "#server/services/catalog/library-params";
import { memberWithoutAccess } from "#server/access/policy";
import { getMemberHistory } from "#server/services/member-history";
import { FOR_YOU_LIMIT, getForYou } from "#server/services/recommendations";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";
import { CheckoutLink } from "~/components/checkout-link";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const query = searchOrRefuse(() => parseLibraryParams(new URL(request.url).searchParams));
  // The lessons are read alongside the sign-in check (the filter choices are usually in memory); the
  // learner's row waits for who is signed in, and the locks for their subscription.
  const viewerLoaded = context.getViewer();
  const memberLoaded = viewerLoaded.then((viewer) => memberWithoutAccess(viewer.user));
  const accessLoaded = viewerLoaded.then((viewer) => viewer.access());
  // The member's watch history, read once: the totals and "For you"'s series and courses in progress.
  const historyLoaded = viewerLoaded.then(({ user }) =>
    user ? getMemberHistory(context.app, { userId: user.id }) : null,
  );
  const filterOptionsLoaded = getLibraryFilterOptionsForPage(context.app);
  // "For you" (docs/recommendations.md): one more D1 batch beside the lessons, only while browsing, for a
  // member with a level (a member without one gets the prompt, and no query).
  const forYouLoaded: Promise<ForYouData | null> =
    query.q || activeFilterCount(query) > 0
      ? Promise.resolve(null)
      : viewerLoaded.then(async ({ user }): Promise<ForYouData | null> => {
          if (!user) return null;
          if (!user.level) return { kind: "prompt" };
          const history = (await historyLoaded)!;
          const lessons = await getForYou(context.app, {
            userId: user.id,
            limit: FOR_YOU_LIMIT,
            access: accessLoaded,
            history,
          });
          return { kind: "suggestions", lessons };
        });
  const [access, filterOptions, library, learner, forYou] = await Promise.all([
    accessLoaded,
    filterOptionsLoaded,
    filterOptionsLoaded.then((options) =>
      listLibrary(context.app, { query, identity: memberLoaded, access: accessLoaded, filterOptions: options }),
    ),
    memberLoaded.then((member) => getLearnerOverview(context.app, { access: member, history: historyLoaded })),
    forYouLoaded,
  ]);
  const overview = learner ? { ...learner, continueWatching: withLocks(learner.continueWatching, access) } : null;
  return {
    library,
    filterOptions: {
      categories: filterOptions.categories.map(({ slug, name }) => ({ slug, name })),
      teachers: filterOptions.teachers.map(({ slug, name, nameAr }) => ({ slug, name, nameAr })),
      countries: filterOptions.countries.map(({ code, name, dialect }) => ({ code, name, dialect })),
    },
    overview,
    forYou,
    viewer: { signedIn: access.signedIn, hasSubscription: access.hasSubscription },
    freeLessons: filterOptions.freeLessons,
  };
});

function formatWatched(seconds: number) {
  if (seconds < 3600) return { value: String(Math.floor(seconds / 60)), unit: "min" };
  const hours = seconds / 3600;
  return { value: hours < 10 ? hours.toFixed(1) : String(Math.round(hours)), unit: hours < 1.05 ? "hour" : "hours" };
}

export default function VideoLibraryPage() {
  const { library, filterOptions, overview, forYou, viewer, freeLessons } = useLoaderData<typeof loader>();
  const { query, items, total, sort, searched, levelCounts } = library;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === LIBRARY_PATH;
  const chips = activeFilters(query, filterOptions);
  const filterChips = chips.filter((chip) => chip.key !== "q");
  const filterCount = activeFilterCount(query);
  const browsing = !query.q && filterCount === 0;
  const mobileFilters = useRef<HTMLDetailsElement>(null);

  const summary =
    total === 0 ? (
      "No lessons"
    ) : searched ? (
      <>
        {total} {total === 1 ? "lesson matches" : "lessons match"} <QuotedText text={query.q} />
      </>
    ) : (
      `${total} ${total === 1 ? "lesson" : "lessons"}`
    );

  return (
    <main className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:pt-10">
      <header className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="text-lg font-semibold text-primary-700">
            <span lang="ar" dir="rtl">
              مكتبة الدروس
            </span>
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Lesson library</h1>
          <p className="mt-2 max-w-2xl text-muted">
            Real Levantine conversations, every line in Arabic, transliteration and English. Search any word and jump
            straight to the moment it is said.
          </p>
        </div>
        {overview ? (
          <div className="flex flex-col items-start gap-2 md:items-end">
            <LearnerStats watchedSeconds={overview.watchedSeconds} completedCount={overview.completedCount} />
            <Link to="/progress" className="text-sm font-medium text-primary-700 hover:underline">
              See your progress
            </Link>
          </div>
        ) : null}
      </header>

      <div className="mt-6">
        <LibrarySearchForm query={query} />
      </div>

      {overview && browsing ? <ContinueWatching lessons={overview.continueWatching} /> : null}

      {forYou && browsing ? <ForYou data={forYou} /> : null}

      {browsing || !viewer.signedIn ? <AccessBanner viewer={viewer} freeLessons={freeLessons} /> : null}

      <div className="mt-8 lg:grid lg:grid-cols-[15.5rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <div className="sticky top-24 rounded-xl border border-line bg-surface p-5 shadow-xs">
            <h2 id="filters-heading" className="mb-4 flex items-center gap-2 text-base font-semibold text-ink">
              <FiltersIcon className="size-5 text-primary-700" />
              Filters
            </h2>
            <LibraryFilters
              idPrefix="filters"
              query={query}
              options={filterOptions}
              levelCounts={levelCounts}
              signedIn={viewer.signedIn}
              total={total}
            />
          </div>
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          {/* On a phone the sort control has a line of its own whether or not its no-JavaScript button shows,
              so hydration does not move the lessons below it. */}
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-x-4">
            <h2 id="results-heading" className="text-lg font-semibold text-ink" aria-live="polite">
              {summary}
            </h2>
            <LibrarySortForm query={query} sort={sort} signedIn={viewer.signedIn} />
          </div>

          <details ref={mobileFilters} className="group mt-4 rounded-xl border border-line bg-surface lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-medium text-ink [&::-webkit-details-marker]:hidden">
              <span className="inline-flex items-center gap-2">
                <FiltersIcon className="size-5 text-primary-700" />
                Filters
                {filterCount > 0 ? (
                  <span className="rounded-full bg-primary-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {filterCount}
                    <span className="sr-only"> active</span>
                  </span>
                ) : null}
              </span>
              <span aria-hidden="true" className="text-sm text-muted group-open:hidden">
                Show
              </span>
              <span aria-hidden="true" className="hidden text-sm text-muted group-open:inline">
                Hide
              </span>
            </summary>
            <div className="border-t border-line px-4 pt-4 pb-5">
              <LibraryFilters
                idPrefix="filters-phone"
                query={query}
                options={filterOptions}
                levelCounts={levelCounts}
                signedIn={viewer.signedIn}
                total={total}
                onApplied={() => {
                  if (mobileFilters.current) mobileFilters.current.open = false;
                  document.getElementById("results-heading")?.scrollIntoView({ block: "start" });
                }}
              />
            </div>
          </details>

          {chips.length > 0 ? (
            <div className="mt-4">
              <ActiveFilters filters={chips} />
            </div>
          ) : null}

          <div aria-busy={busy} className={cn("mt-6 transition-opacity", busy && "opacity-60")}>
            {items.length > 0 ? (
              <LessonGrid items={items} />
            ) : (
              <EmptyLibrary query={query} filters={filterChips} searched={searched} />
            )}
          </div>

          {items.length > 0 ? (
            <LoadMore
              shown={items.length}
              total={total}
              nextHref={library.hasMore ? libraryHref({ ...query, page: query.page + 1 }) : null}
            />
          ) : null}
        </section>
      </div>
    </main>
  );
}

function LessonGrid({ items }: { items: ReturnType<typeof useLoaderData<typeof loader>>["library"]["items"] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((lesson, index) => (
        <li key={lesson.id} className="flex [&>article]:flex-1">
          <VideoCard lesson={lesson} headingLevel="h3" eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}

/** A real link to ?page=n+1 (the server renders pages 1..n+1), so it works without JS and Back returns here. */
function LoadMore({ shown, total, nextHref }: { shown: number; total: number; nextHref: string | null }) {
  const linkRef = useRef<HTMLAnchorElement>(null);
  const previousShown = useRef(shown);
  // Keep keyboard users where they were: after loading more, focus stays on the (moved) link.
  useEffect(() => {
    if (shown > previousShown.current && document.activeElement === document.body) linkRef.current?.focus();
    previousShown.current = shown;
  }, [shown]);
  const capped = !nextHref && shown < total && shown >= LIBRARY_MAX_PAGES * LIBRARY_PAGE_SIZE;
  return (
    <div className="mt-10 flex flex-col items-center gap-3 border-t border-line pt-8 text-center">
      <p className="text-sm text-muted">
        Showing <span className="font-semibold text-ink tabular-nums">{shown}</span> of{" "}
        <span className="font-semibold text-ink tabular-nums">{total}</span> {total === 1 ? "lesson" : "lessons"}
      </p>
      <div aria-hidden="true" className="h-1.5 w-48 overflow-hidden rounded-full bg-line">
        <div
          className="h-full rounded-full bg-primary-600"
          style={{ width: `${Math.max(2, Math.round((shown / total) * 100))}%` }}
        />
      </div>
      {nextHref ? (
        <Link ref={linkRef} to={nextHref} preventScrollReset className={buttonClasses("secondary", "lg", "mt-2")}>
          Load more lessons
        </Link>
      ) : capped ? (
        <p className="max-w-md text-sm text-muted">
          That is as far as one page goes. Narrow the list with a search or a filter to see the rest.
        </p>
      ) : null}
    </div>
  );
}

function LearnerStats({ watchedSeconds, completedCount }: { watchedSeconds: number; completedCount: number }) {
  const watched = formatWatched(watchedSeconds);
  // A list of two figures, each a label over its value (a <dl> cannot hold the icons beside them).
  return (
    <ul className="flex shrink-0 divide-x divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-xs rtl:divide-x-reverse">
      <li className="flex items-center gap-3 px-4 py-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 items-center justify-center rounded-lg bg-primary-50 text-primary-700"
        >
          <ClockIcon className="size-5" />
        </span>
        <p className="flex flex-col">
          <span className="text-xs font-medium text-muted">Watched</span>
          <span className="text-lg leading-tight font-semibold text-ink tabular-nums">
            {watched.value} <span className="text-sm font-medium text-muted">{watched.unit}</span>
          </span>
        </p>
      </li>
      <li className="flex items-center gap-3 px-4 py-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 items-center justify-center rounded-lg bg-accent-50 text-accent-700"
        >
          <CheckIcon className="size-5" />
        </span>
        <p className="flex flex-col">
          <span className="text-xs font-medium text-muted">Completed</span>
          <span className="text-lg leading-tight font-semibold text-ink tabular-nums">
            {completedCount}{" "}
            <span className="text-sm font-medium text-muted">{completedCount === 1 ? "lesson" : "lessons"}</span>
          </span>
        </p>
      </li>
    </ul>
  );
}

function AccessBanner({
  viewer,
  freeLessons,
}: {
  viewer: { signedIn: boolean; hasSubscription: boolean };
  freeLessons: number;
}) {
  if (viewer.signedIn && viewer.hasSubscription) return null;
  return (
    <section
      aria-label="Your access"
      className="mt-8 flex flex-col gap-4 rounded-xl border border-accent-300/60 bg-accent-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-4">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-white text-accent-700 shadow-xs ring-1 ring-accent-100 sm:inline-flex">
          <LockIcon className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold text-ink">
            {viewer.signedIn
              ? freeLessons > 0
                ? `${freeLessons} free ${freeLessons === 1 ? "lesson is" : "lessons are"} open to you`
                : "Subscribe to start watching"
              : "Sign in to start watching"}
          </h2>
          <p className="mt-1 text-sm text-ink/75">
            {viewer.signedIn
              ? "Lessons with a lock are part of the subscription. Subscribe to unlock every lesson, transcript and exercise."
              : freeLessons > 0
                ? "Create a free account to watch the lessons marked Free, or subscribe to unlock the whole library."
                : "Create an account and subscribe to unlock the whole library."}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {viewer.signedIn ? (
          <CheckoutLink className={buttonClasses("primary", "md")}>
            <SparkIcon className="size-4" /> See plans
          </CheckoutLink>
        ) : (
          <>
            <Link to="/auth/signup" className={buttonClasses("primary", "md")}>
              Start free
            </Link>
            <Link to="/auth/login" className={buttonClasses("secondary", "md")}>
              Sign in
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const q = data?.library.query.q;
  return [
    { title: pageTitle(rootAppName(matches), q ? `“${q}” in the lesson library` : "Lesson library") },
    {
      name: "description",
      content:
        "Levantine Arabic video lessons by level, topic, teacher and dialect, each with an Arabic, transliterated and English transcript you can search.",
    },
  ];
};
