import { Link } from "@remix-run/react";
import { LessonCover, lessonHref, type VideoCardLesson } from "~/components/video-card";
import { formatDuration } from "#core/format";

/** The learner's lessons in progress, most recent first, each resuming where they stopped. */
export function ContinueWatching({ lessons }: { lessons: VideoCardLesson[] }) {
  if (lessons.length === 0) return null;
  return (
    <section aria-labelledby="continue-watching" className="mt-8">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="continue-watching" className="text-lg font-semibold text-ink">
          Continue watching
        </h2>
        <p lang="ar" dir="rtl" className="text-base text-primary-700">
          كمّل من وين وقفت
        </p>
      </div>
      <ul className="-mx-4 mt-3 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:px-0">
        {lessons.map((lesson) => {
          const position = lesson.progress?.positionSeconds ?? 0;
          const left = Math.max(0, lesson.durationSeconds - position);
          return (
            <li key={lesson.id} className="w-64 shrink-0 snap-start sm:w-72">
              <article className="group relative overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:shadow-md focus-within:ring-3 focus-within:ring-primary-300">
                <LessonCover lesson={lesson} eager />
                <div className="p-3">
                  <h3 className="truncate text-[15px] font-semibold text-ink">
                    <Link
                      to={lessonHref(lesson, position)}
                      className="outline-none after:absolute after:inset-0 after:content-['']"
                    >
                      {lesson.title}
                      <span className="sr-only"> (resume at {formatDuration(position)})</span>
                      {lesson.locked ? <span className="sr-only"> (locked)</span> : null}
                    </Link>
                  </h3>
                  <p className="mt-0.5 text-sm text-muted">
                    Resume at <span className="font-mono tabular-nums">{formatDuration(position)}</span>
                    <span aria-hidden="true"> · </span>
                    {formatDuration(left)} left
                  </p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
