import type { ReactNode } from "react";
import { ClockIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import { describeDuration, formatDuration } from "#core/format";
import type { LessonPage } from "#server/services/lessons";

/**
 * A lesson's title (and its Arabic title) and the line of facts under it: level, a badge (Free, Premium),
 * duration, teachers, country, then whatever the page adds (Completed, known words). The playing lesson page
 * and the locked one (ADR 038) both open with it.
 */
export function LessonHeading({
  lesson,
  teachers,
  badge,
  children,
}: {
  lesson: Pick<LessonPage["lesson"], "title" | "titleAr" | "level" | "durationSeconds" | "country">;
  teachers: Pick<LessonPage["teachers"][number], "name">[];
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl leading-tight font-bold tracking-tight text-ink sm:text-3xl">{lesson.title}</h1>
      {lesson.titleAr ? (
        <p className="mt-0.5 text-xl text-primary-800 sm:text-2xl">
          <span lang="ar" dir="rtl">
            {lesson.titleAr}
          </span>
        </p>
      ) : null}
      <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
        <LevelBadge level={lesson.level} />
        {badge}
        <span className="inline-flex items-center gap-1">
          <ClockIcon className="size-4" />
          <span aria-hidden="true">{formatDuration(lesson.durationSeconds)}</span>
          <span className="sr-only">{describeDuration(lesson.durationSeconds)}</span>
        </span>
        {teachers.length > 0 ? (
          <span>
            with <span className="font-medium text-ink">{teachers.map((teacher) => teacher.name).join(" & ")}</span>
          </span>
        ) : null}
        {lesson.country ? (
          <span>
            {lesson.country.name}
            {lesson.country.dialect ? ` · ${lesson.country.dialect}` : ""}
          </span>
        ) : null}
        {children}
      </div>
    </>
  );
}
