import { Link } from "@remix-run/react";
import { CheckIcon, ClockIcon, LockIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import { cn } from "~/lib/cn";
import { describeDuration, formatDuration, type LevelName } from "#core/format";
import { ProgressBar } from "./progress-bar";

export interface LessonRowData {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: LevelName;
  durationSeconds: number;
  isFree: boolean;
  locked: boolean;
  progress: { percent: number; completed: boolean } | null;
}

/**
 * The ordered lessons of a course, series or playlist. Each row is one link (to the lesson inside its
 * collection); `actions` sit above that link so their buttons stay their own targets.
 */
export function LessonList({
  lessons,
  hrefFor,
  signedIn,
  showLevel = false,
  nextLessonId = null,
  actions,
  labelledBy,
}: {
  lessons: LessonRowData[];
  hrefFor: (lesson: LessonRowData) => string;
  signedIn: boolean;
  showLevel?: boolean;
  /** Marked "Up next" so the learner sees where Continue leads. */
  nextLessonId?: number | null;
  actions?: (lesson: LessonRowData, index: number) => React.ReactNode;
  labelledBy?: string;
}) {
  return (
    <ol
      aria-labelledby={labelledBy}
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
    >
      {lessons.map((lesson, index) => (
        <LessonRow
          key={lesson.id}
          lesson={lesson}
          number={index + 1}
          href={hrefFor(lesson)}
          signedIn={signedIn}
          showLevel={showLevel}
          isNext={lesson.id === nextLessonId}
          actions={actions?.(lesson, index)}
        />
      ))}
    </ol>
  );
}

function LessonRow({
  lesson,
  number,
  href,
  signedIn,
  showLevel,
  isNext,
  actions,
}: {
  lesson: LessonRowData;
  number: number;
  href: string;
  signedIn: boolean;
  showLevel: boolean;
  isNext: boolean;
  actions?: React.ReactNode;
}) {
  const completed = Boolean(lesson.progress?.completed);
  const inProgress = Boolean(lesson.progress && !lesson.progress.completed);
  return (
    <li
      id={`lesson-${lesson.id}`}
      className={cn(
        "group relative flex scroll-mt-24 items-start gap-3 px-3 py-3.5 transition-colors focus-within:bg-primary-50/50 hover:bg-primary-50/50 sm:gap-4 sm:px-5",
        isNext && "bg-accent-50/60",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums",
          completed
            ? "bg-primary-700 text-white"
            : isNext
              ? "bg-accent-500 text-ink"
              : "bg-canvas text-ink/70 ring-1 ring-line ring-inset",
        )}
      >
        {completed ? <CheckIcon className="size-4" /> : number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="leading-snug font-semibold text-ink">
          <Link
            to={href}
            className="outline-none group-hover:text-primary-800 after:absolute after:inset-0 after:content-[''] focus-visible:underline"
          >
            <span className="sr-only">Lesson {number}: </span>
            {lesson.title}
            {completed ? <span className="sr-only"> (completed)</span> : null}
            {lesson.locked ? <span className="sr-only"> (locked)</span> : null}
            {lesson.isFree ? <span className="sr-only"> (free lesson)</span> : null}
          </Link>
        </h3>
        {lesson.titleAr ? (
          <p className="text-[15px] text-ink/75">
            <span lang="ar" dir="rtl">
              {lesson.titleAr}
            </span>
          </p>
        ) : null}
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted">
          <span className="inline-flex items-center gap-1 tabular-nums">
            <ClockIcon className="size-3.5" />
            <span aria-hidden="true">{formatDuration(lesson.durationSeconds)}</span>
            <span className="sr-only">{describeDuration(lesson.durationSeconds)}</span>
          </span>
          {showLevel ? <LevelBadge level={lesson.level} /> : null}
          {lesson.isFree ? (
            <span className="rounded-full bg-accent-400 px-2 py-px text-[11px] font-bold tracking-wide text-ink uppercase">
              Free
            </span>
          ) : null}
          {lesson.locked ? (
            <span className="inline-flex items-center gap-1 font-medium text-ink/70">
              <LockIcon className="size-3.5" />
              {signedIn ? "Subscribers" : "Sign in to watch"}
            </span>
          ) : null}
          {isNext ? <span className="font-semibold text-accent-700">Up next</span> : null}
          {completed ? <span className="font-medium text-primary-700">Completed</span> : null}
          {inProgress ? (
            <span className="inline-flex items-center gap-2">
              <ProgressBar
                percent={lesson.progress!.percent}
                label={`${lesson.title}: ${lesson.progress!.percent}% watched`}
                className="w-20"
              />
              <span className="tabular-nums" aria-hidden="true">
                {lesson.progress!.percent}%
              </span>
            </span>
          ) : null}
        </div>
      </div>
      {actions ? <div className="relative z-10 flex shrink-0 items-center gap-1 self-center">{actions}</div> : null}
    </li>
  );
}
