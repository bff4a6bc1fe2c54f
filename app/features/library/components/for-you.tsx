import { Link } from "@remix-run/react";
import { KnownWords } from "~/components/known-words";
import { LessonCover, LevelBadge } from "~/components/video-card";
import { SparkIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { describeDuration } from "#core/format";
import { onboardingHref } from "#core/onboarding-paths";
import type { RecommendedLesson } from "#server/services/recommendations";

/** What the library's loader passes: suggestions for a member with a level, a prompt for one without. */
export type ForYouData = { kind: "suggestions"; lessons: RecommendedLesson[] } | { kind: "prompt" };

/**
 * "For you" at the top of the library: the member's suggestions, each saying why it is there
 * (docs/recommendations.md), or an invitation to tell us their level.
 */
export function ForYou({ data }: { data: ForYouData }) {
  if (data.kind === "prompt") return <LevelPrompt />;
  return (
    <section aria-labelledby="for-you" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="for-you" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <SparkIcon className="size-5 text-primary-700" />
          For you
        </h2>
        <p className="text-sm text-muted">
          <span lang="ar" dir="rtl" className="me-2 text-base text-primary-700">
            اخترناها إلك
          </span>
          <Link to="/profile" className="font-medium text-primary-700 hover:underline">
            Change your level or region
          </Link>
        </p>
      </div>
      {data.lessons.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-line bg-surface px-4 py-5 text-sm text-muted">
          You have started every lesson we would suggest at your level. Browse the library below, or move up a level on
          your{" "}
          <Link to="/profile" className="font-medium text-primary-700 hover:underline">
            profile
          </Link>
          .
        </p>
      ) : (
        <ul className="-mx-4 mt-3 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:px-0">
          {data.lessons.map((lesson, index) => (
            <li key={lesson.id} className="w-64 shrink-0 snap-start sm:w-72">
              <ForYouCard lesson={lesson} eager={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ForYouCard({ lesson, eager }: { lesson: RecommendedLesson; eager: boolean }) {
  const reasonId = `for-you-reason-${lesson.id}`;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:shadow-md focus-within:ring-3 focus-within:ring-primary-300">
      <LessonCover lesson={lesson} eager={eager} />
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p id={reasonId} className="inline-flex items-start gap-1.5 text-xs font-semibold text-primary-800">
          <SparkIcon className="mt-px size-3.5 shrink-0" />
          <span>{lesson.reason}</span>
        </p>
        <h3 className="text-[15px] leading-snug font-semibold text-ink">
          <Link
            to={lesson.href}
            aria-describedby={reasonId}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {lesson.title}
            {lesson.locked ? <span className="sr-only"> (locked)</span> : null}
            {lesson.isFree ? <span className="sr-only"> (free lesson)</span> : null}
          </Link>
        </h3>
        {lesson.titleAr ? (
          <p lang="ar" dir="rtl" className="truncate text-ink/80">
            {lesson.titleAr}
          </p>
        ) : null}
        <KnownWords knowledge={lesson.known} />
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1 text-xs text-muted">
          <LevelBadge level={lesson.level} />
          <span>{describeDuration(lesson.durationSeconds)}</span>
          {lesson.country ? <span>· {lesson.country.name}</span> : null}
        </div>
      </div>
    </article>
  );
}

function LevelPrompt() {
  return (
    <section
      aria-labelledby="for-you-prompt"
      className="mt-8 flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-4">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-white text-primary-700 shadow-xs ring-1 ring-primary-100 sm:inline-flex">
          <SparkIcon className="size-5" />
        </span>
        <div>
          <h2 id="for-you-prompt" className="font-semibold text-ink">
            Tell us your level to get suggestions
          </h2>
          <p className="mt-1 text-sm text-ink/75">
            Four quick questions (level, goal, minutes a day, dialect) and we pick lessons for you, each with the
            reason.
          </p>
        </div>
      </div>
      <Link to={onboardingHref("/video-library")} className={buttonClasses("primary", "md", "shrink-0")}>
        Set my level
      </Link>
    </section>
  );
}
