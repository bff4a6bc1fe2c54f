import { Link, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { SparkIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { LevelBadge } from "~/components/video-card";
import { cn } from "~/lib/cn";
import { COLLECTION_LABELS, collectionLessonHref, type CollectionKind } from "#core/collection-paths";
import type { LevelName } from "#core/format";
import { AddToPlaylist } from "./add-to-playlist";
import { CollectionCover } from "./collection-cover";
import { ContinuePanel, type ProgressInfo } from "./continue-panel";
import { formatTotalDuration, plural } from "~/lib/text-format";
import { LessonList, type LessonRowData } from "./lesson-list";
import { TeacherCards, type TeacherItem } from "./teacher-list";
import { CheckoutLink } from "~/components/checkout-link";

export function Facts({ items }: { items: Array<{ label: string; value: string }> }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-3">
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{item.label}</dt>
          <dd className="text-lg font-semibold text-ink tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface CollectionDetailData {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: LevelName;
  lessonCount: number;
  freeLessonCount: number;
  totalSeconds: number;
  coverUrl: string | null;
  teachers: TeacherItem[];
  progress: ProgressInfo | null;
  nextLesson: { id: number; title: string; slug: string } | null;
  lessons: LessonRowData[];
}

/** A course or series page: what it is, who teaches it, where the learner stands, and every lesson in order. */
export function CollectionPage({
  kind,
  collection,
  viewer,
}: {
  kind: "course" | "series";
  collection: CollectionDetailData;
  viewer: { signedIn: boolean; hasSubscription: boolean };
}) {
  const labels = COLLECTION_LABELS[kind];
  const lessonHref = (lesson: { id: number; slug: string; title: string }) =>
    collectionLessonHref(kind, collection, lesson);
  const lockedCount = collection.lessons.filter((lesson) => lesson.locked).length;
  const headingId = `${kind}-lessons`;
  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb
        items={[{ label: kind === "course" ? "Courses" : "Series", to: labels.listPath }, { label: collection.title }]}
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-10">
        <header className="space-y-5 lg:col-start-1">
          <div className="flex flex-wrap items-center gap-2">
            <LevelBadge level={collection.level} />
            <span className="text-sm font-medium text-muted capitalize">{labels.singular}</span>
          </div>
          <div>
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-ink sm:text-4xl">{collection.title}</h1>
            {collection.titleAr ? (
              <p className="mt-1 text-2xl text-primary-800">
                <span lang="ar" dir="rtl">
                  {collection.titleAr}
                </span>
              </p>
            ) : null}
          </div>
          {collection.description ? (
            <p className="max-w-2xl text-lg leading-relaxed text-ink/80">{collection.description}</p>
          ) : null}
          <Facts
            items={[
              { label: "Lessons", value: String(collection.lessonCount) },
              { label: "Total time", value: formatTotalDuration(collection.totalSeconds) },
              ...(collection.freeLessonCount > 0
                ? [{ label: "Free to watch", value: plural(collection.freeLessonCount, "lesson") }]
                : []),
            ]}
          />
        </header>

        <aside aria-label={`Your ${labels.singular}`} className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <div className="space-y-5 rounded-xl border border-line bg-surface p-4 shadow-sm lg:sticky lg:top-24">
            <CollectionCover kind={kind} collection={collection} size="lg" />
            <AccessCall
              kind={kind}
              collection={collection}
              viewer={viewer}
              lockedCount={lockedCount}
              nextHref={collection.nextLesson ? lessonHref(collection.nextLesson) : null}
            />
          </div>
        </aside>

        {collection.teachers.length > 0 ? (
          <section aria-labelledby={`${kind}-teachers`} className="space-y-3 lg:col-start-1">
            <h2 id={`${kind}-teachers`} className="text-sm font-semibold tracking-wide text-muted uppercase">
              {collection.teachers.length === 1 ? "Your teacher" : "Your teachers"}
            </h2>
            <TeacherCards teachers={collection.teachers} />
          </section>
        ) : null}

        <section aria-labelledby={headingId} className="space-y-4 lg:col-start-1">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={headingId} className="text-xl font-semibold text-ink">
              Lessons in this {labels.singular}
            </h2>
            <p className="text-sm text-muted">
              {plural(collection.lessonCount, "lesson")} · {formatTotalDuration(collection.totalSeconds)}
            </p>
          </div>
          {collection.lessons.length > 0 ? (
            <LessonList
              lessons={collection.lessons}
              hrefFor={lessonHref}
              signedIn={viewer.signedIn}
              labelledBy={headingId}
              nextLessonId={collection.progress?.state === "in-progress" ? (collection.nextLesson?.id ?? null) : null}
              actions={
                viewer.signedIn
                  ? (lesson) => <AddToPlaylist videoId={lesson.id} videoTitle={lesson.title} />
                  : undefined
              }
            />
          ) : (
            <EmptyLessons kind={kind} />
          )}
        </section>
      </div>
    </main>
  );
}

function AccessCall({
  kind,
  collection,
  viewer,
  lockedCount,
  nextHref,
}: {
  kind: CollectionKind;
  collection: CollectionDetailData;
  viewer: { signedIn: boolean; hasSubscription: boolean };
  lockedCount: number;
  nextHref: string | null;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (!viewer.signedIn) {
    return (
      <div className="space-y-3">
        <p className="font-semibold text-ink">Sign in to start this {COLLECTION_LABELS[kind].singular}</p>
        <p className="text-sm text-muted">
          {collection.freeLessonCount > 0
            ? `A free account opens the ${plural(collection.freeLessonCount, "free lesson")} and keeps your progress.`
            : "Create an account to follow your progress, then subscribe to watch every lesson."}
        </p>
        <div className="flex flex-col gap-2">
          <Link to="/auth/signup" className={buttonClasses("primary", "md", "w-full")}>
            Start free
          </Link>
          <Link
            to={`/auth/login?redirect=${encodeURIComponent(here)}`}
            className={buttonClasses("secondary", "md", "w-full")}
          >
            Sign in
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {collection.progress && collection.nextLesson && nextHref ? (
        <ContinuePanel
          kind={kind}
          title={collection.title}
          progress={collection.progress}
          nextLesson={{ title: collection.nextLesson.title, href: nextHref }}
          variant="panel"
        />
      ) : (
        <p className="text-sm text-muted">Lessons are on their way. Check back soon.</p>
      )}
      {!viewer.hasSubscription && lockedCount > 0 ? (
        <div className="rounded-xl bg-accent-50 p-3 text-sm text-ink/80 ring-1 ring-accent-300/60 ring-inset">
          <p>
            {plural(lockedCount, "lesson")} {lockedCount === 1 ? "is" : "are"} for subscribers.{" "}
            <CheckoutLink className="font-semibold text-accent-700 underline-offset-2 hover:underline">
              <SparkIcon className="me-1 inline size-3.5 align-[-2px]" />
              Unlock the whole {COLLECTION_LABELS[kind].singular}
            </CheckoutLink>
          </p>
        </div>
      ) : null}
    </div>
  );
}

function EmptyLessons({ kind }: { kind: CollectionKind }) {
  return (
    <div className={cn("rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center")}>
      <p lang="ar" dir="rtl" className="text-2xl font-bold text-primary-700">
        قريباً
      </p>
      <p className="mt-2 font-semibold text-ink">No lessons in this {COLLECTION_LABELS[kind].singular} yet</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-muted">
        The team is still putting it together. Meanwhile the library has plenty to watch.
      </p>
      <Link to="/video-library" className={buttonClasses("secondary", "md", "mt-5")}>
        Browse the library
      </Link>
    </div>
  );
}
