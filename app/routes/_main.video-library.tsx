import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowRightIcon, LockIcon, SparkIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { VideoCard } from "~/components/video-card";
import { cn } from "~/lib/cn";
import { isLevel, LEVEL_LABELS, type LevelName } from "~/lib/format";
import { pageTitle, rootAppName } from "~/lib/meta";
import {
  countPublishedVideos,
  countPublishedVideosByLevel,
  getViewerAccess,
  listPublishedVideos,
} from "../../server/services/catalog";

const PAGE_SIZE = 48;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const levelParam = url.searchParams.get("level");
  const level = isLevel(levelParam) ? levelParam : undefined;
  const requestedPage = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const user = await context.getUser();
  const viewer = await getViewerAccess(context.app, user);
  const [total, byLevel, freeLessons] = await Promise.all([
    countPublishedVideos(context.app, { level }),
    countPublishedVideosByLevel(context.app),
    countPublishedVideos(context.app, { freeOnly: true }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Number.isFinite(requestedPage) ? Math.min(Math.max(1, requestedPage), pageCount) : 1;
  const lessons = await listPublishedVideos(context.app, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    level,
    viewer,
  });
  const allLessons = byLevel.beginner + byLevel.intermediate + byLevel.advanced;
  return { lessons, total, allLessons, freeLessons, byLevel, level: level ?? null, page, pageCount, viewer };
}

function libraryHref(level: LevelName | null, page = 1) {
  const params = new URLSearchParams();
  if (level) params.set("level", level);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/video-library?${query}` : "/video-library";
}

export default function VideoLibraryPage() {
  const { lessons, total, allLessons, freeLessons, byLevel, level, page, pageCount, viewer } =
    useLoaderData<typeof loader>();
  const filters: Array<{ value: LevelName | null; label: string; count: number }> = [
    { value: null, label: "All levels", count: allLessons },
    ...(Object.keys(LEVEL_LABELS) as LevelName[]).map((value) => ({
      value,
      label: LEVEL_LABELS[value],
      count: byLevel[value],
    })),
  ];
  const countLabel = `${total} ${level ? `${LEVEL_LABELS[level].toLowerCase()} ` : ""}${total === 1 ? "lesson" : "lessons"}`;

  return (
    <main className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-lg font-semibold text-primary-700">
            <span lang="ar" dir="rtl">
              مكتبة الدروس
            </span>
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Lesson library</h1>
          <p className="mt-2 text-muted" aria-live="polite">
            {countLabel}
            {pageCount > 1 ? ` · page ${page} of ${pageCount}` : null}
          </p>
        </div>
        <nav aria-label="Filter by level">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
            {filters.map((filter) => {
              const active = filter.value === level;
              return (
                <li key={filter.label} className="shrink-0">
                  <Link
                    to={libraryHref(filter.value)}
                    aria-current={active ? "page" : undefined}
                    preventScrollReset
                    className={cn(
                      "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors",
                      active
                        ? "border-primary-700 bg-primary-700 text-white"
                        : "border-line bg-surface text-ink hover:border-primary-300 hover:bg-primary-50",
                    )}
                  >
                    {filter.label}
                    <span
                      className={cn(
                        "rounded-full px-1.5 text-xs tabular-nums",
                        active ? "bg-primary-900 text-white" : "bg-canvas text-muted",
                      )}
                    >
                      {filter.count}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>

      <AccessBanner viewer={viewer} freeLessons={freeLessons} />

      {lessons.length > 0 ? (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {lessons.map((lesson) => (
            <li key={lesson.id} className="flex [&>article]:flex-1">
              <VideoCard lesson={lesson} headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-10 rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center">
          <p lang="ar" dir="rtl" className="text-3xl font-bold text-primary-700">
            لسّا ما في
          </p>
          <h2 className="mt-2 text-xl font-semibold text-ink">
            {level ? `No ${LEVEL_LABELS[level].toLowerCase()} lessons yet` : "No lessons published yet"}
          </h2>
          <p className="mx-auto mt-2 max-w-md text-muted">
            {level
              ? "New lessons are added regularly. Meanwhile, the other levels have plenty to watch."
              : "The first lessons are on their way. Check back soon."}
          </p>
          {level ? (
            <Link to={libraryHref(null)} className={buttonClasses("secondary", "md", "mt-6")}>
              Show all levels
            </Link>
          ) : null}
        </div>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4 border-t border-line pt-6">
          {page > 1 ? (
            <Link to={libraryHref(level, page - 1)} className={buttonClasses("secondary", "md")}>
              <ArrowRightIcon className="size-4 rotate-180" /> Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={libraryHref(level, page + 1)} className={buttonClasses("secondary", "md")}>
              Next <ArrowRightIcon className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </main>
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
          <Link to="/checkout" className={buttonClasses("primary", "md")}>
            <SparkIcon className="size-4" /> See plans
          </Link>
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

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Lesson library") }];
