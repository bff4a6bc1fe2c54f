import { Link } from "@remix-run/react";
import { ArrowRightIcon, LockIcon, SparkIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { describeDuration, formatDuration } from "#core/format";
import { onboardingHref } from "#core/onboarding-paths";
import type { RecommendedLesson } from "#server/services/recommendations";

/** The lesson page's "Next up": what to watch after this lesson and why (docs/recommendations.md). */
export type NextUpData = { kind: "lesson"; lesson: RecommendedLesson } | { kind: "prompt"; returnTo: string };

export function NextUp({ data, className }: { data: NextUpData; className?: string }) {
  if (data.kind === "prompt") {
    return (
      <section
        aria-labelledby="next-up-heading"
        className={cn("rounded-xl border border-primary-200 bg-primary-50 p-4 sm:p-5", className)}
      >
        <h2 id="next-up-heading" className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
          Next up
        </h2>
        <p className="mt-2 text-sm text-ink">Tell us your level and we suggest what to watch after this lesson.</p>
        <Link
          to={onboardingHref(data.returnTo)}
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline"
        >
          Set my level <ArrowRightIcon className="size-4" />
        </Link>
      </section>
    );
  }
  const { lesson } = data;
  const reasonId = `next-up-reason-${lesson.id}`;
  return (
    <section
      aria-labelledby="next-up-heading"
      className={cn("rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5", className)}
    >
      <h2 id="next-up-heading" className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
        Next up
      </h2>
      <Link to={lesson.href} aria-describedby={reasonId} className="group mt-2 flex items-center gap-3">
        <span className="min-w-0 flex-1">
          <span className="block leading-snug font-semibold group-hover:text-primary-800 group-hover:underline">
            {lesson.title}
            {lesson.locked ? <span className="sr-only"> (locked)</span> : null}
          </span>
          {lesson.titleAr ? (
            <span lang="ar" dir="rtl" className="block text-muted">
              {lesson.titleAr}
            </span>
          ) : null}
          <span className="mt-0.5 block text-xs text-muted">
            <span aria-hidden="true">{formatDuration(lesson.durationSeconds)}</span>
            <span className="sr-only">{describeDuration(lesson.durationSeconds)}</span>
            {lesson.locked ? " · with a plan" : lesson.isFree ? " · Free" : ""}
          </span>
        </span>
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-700 text-white group-hover:bg-primary-800">
          {lesson.locked ? <LockIcon className="size-4" /> : <ArrowRightIcon className="size-5" />}
        </span>
      </Link>
      <p id={reasonId} className="mt-3 inline-flex items-start gap-1.5 text-xs font-medium text-primary-800">
        <SparkIcon className="mt-px size-3.5 shrink-0" />
        <span>
          <span className="sr-only">Why: </span>
          {lesson.reason}
        </span>
      </p>
    </section>
  );
}
