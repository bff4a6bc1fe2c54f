import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { describeDuration, formatDuration, LEVEL_LABELS, type LevelName } from "~/lib/format";
import { slugify } from "~/lib/slug";
import { LockIcon, PlayIcon } from "./icons";

export interface VideoCardLesson {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: LevelName;
  durationSeconds: number;
  isFree: boolean;
  locked: boolean;
  country: { name: string; dialect: string } | null;
  teachers: Array<{ name: string }>;
}

const LEVEL_STYLES: Record<LevelName, string> = {
  beginner: "bg-primary-50 text-primary-800 ring-primary-200",
  intermediate: "bg-accent-50 text-accent-700 ring-accent-300/60",
  advanced: "bg-rose-50 text-rose-800 ring-rose-200",
};

export function LevelBadge({ level, className }: { level: LevelName; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        LEVEL_STYLES[level],
        className,
      )}
    >
      {LEVEL_LABELS[level]}
    </span>
  );
}

// Calm, high-contrast backdrops for lessons without a thumbnail; picked by id so a lesson keeps its colour.
const COVERS = [
  "from-primary-700 via-primary-800 to-primary-950",
  "from-[#7a4a1e] via-[#5c3514] to-[#2e1a0a]",
  "from-[#1f4e6b] via-[#173a52] to-[#0c2233]",
  "from-[#6b2f3a] via-[#4f222b] to-[#2a1117]",
  "from-[#3f5a2a] via-[#2f441f] to-[#1a2611]",
] as const;

export function lessonHref(lesson: { id: number; slug: string; title: string }) {
  return `/video/${lesson.id}/${lesson.slug || slugify(lesson.title)}`;
}

export function LessonCover({
  lesson,
  className,
}: {
  lesson: Pick<VideoCardLesson, "id" | "titleAr" | "title" | "durationSeconds" | "isFree" | "locked">;
  className?: string;
}) {
  const cover = COVERS[lesson.id % COVERS.length];
  return (
    <div className={cn("relative aspect-video overflow-hidden bg-gradient-to-br", cover, className)}>
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-25 [background-image:radial-gradient(circle_at_20%_15%,rgba(255,255,255,0.35),transparent_45%),radial-gradient(circle_at_85%_90%,rgba(251,171,51,0.45),transparent_40%)]"
      />
      <div className="absolute inset-0 flex items-center justify-center px-5">
        <p
          aria-hidden="true"
          lang="ar"
          dir="rtl"
          className="line-clamp-2 text-center text-2xl leading-snug font-bold text-white drop-shadow-sm sm:text-[1.65rem]"
        >
          {lesson.titleAr || lesson.title}
        </p>
      </div>
      <div className="absolute inset-x-2.5 top-2.5 flex items-start justify-between gap-2">
        {lesson.isFree ? (
          <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink uppercase shadow-sm">
            Free
          </span>
        ) : (
          <span />
        )}
        {lesson.locked ? (
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-black/55 text-white ring-1 ring-white/25 backdrop-blur-sm">
            <LockIcon className="size-4" title="Locked" />
          </span>
        ) : null}
      </div>
      <span className="absolute end-2.5 bottom-2.5 rounded-md bg-black/65 px-1.5 py-0.5 font-mono text-xs font-medium text-white tabular-nums">
        <span aria-hidden="true">{formatDuration(lesson.durationSeconds)}</span>
        <span className="sr-only">{describeDuration(lesson.durationSeconds)}</span>
      </span>
      <span
        aria-hidden="true"
        className="absolute start-2.5 bottom-2.5 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-primary-800 opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
      >
        <PlayIcon className="size-4 translate-x-px" />
      </span>
    </div>
  );
}

/** A lesson in a grid: the whole card is one link; lock and free state are spelled out for screen readers. */
export function VideoCard({ lesson, headingLevel = "h3" }: { lesson: VideoCardLesson; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const teacherNames = lesson.teachers.map((teacher) => teacher.name).join(", ");
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-3 focus-within:ring-primary-300">
      <LessonCover lesson={lesson} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={lesson.level} />
          {lesson.country ? (
            <span className="text-xs font-medium text-muted">{lesson.country.dialect || lesson.country.name}</span>
          ) : null}
        </div>
        <Heading className="text-base leading-snug font-semibold text-ink">
          <Link to={lessonHref(lesson)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {lesson.title}
            {lesson.locked ? <span className="sr-only"> (locked)</span> : null}
            {lesson.isFree ? <span className="sr-only"> (free lesson)</span> : null}
          </Link>
        </Heading>
        {lesson.titleAr ? (
          <p lang="ar" dir="rtl" className="text-base leading-normal text-ink/80">
            {lesson.titleAr}
          </p>
        ) : null}
        <p className="mt-auto pt-1 text-sm text-muted">
          {teacherNames ? <span className="font-medium text-ink/80">{teacherNames}</span> : null}
          {teacherNames && lesson.country ? <span aria-hidden="true"> · </span> : null}
          {lesson.country ? <span>{lesson.country.name}</span> : null}
        </p>
      </div>
    </article>
  );
}
