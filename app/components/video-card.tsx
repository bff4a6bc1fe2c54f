import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { describeDuration, formatDuration, LEVEL_LABELS, type LevelName } from "#core/format";
import type { HighlightSegment, LessonProgress, LibraryMatch } from "#core/library-query";
import type { LessonKnowledge } from "#core/words/knowledge";
import { slugify } from "#core/slug";
import { Highlighted } from "~/features/library/components/highlighted";
import { CheckIcon, LockIcon, PlayIcon, SparkIcon } from "./icons";
import { KnownWords } from "./known-words";
import { AddToPlaylist } from "~/features/collections/components/add-to-playlist";

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
  /** Signed thumbnail URL; without one the card shows a calm gradient with the Arabic title. */
  thumbnailUrl?: string | null;
  /** The signed-in learner's progress. */
  progress?: LessonProgress | null;
  /** How much of the lesson's words the signed-in learner knows. */
  known?: LessonKnowledge | null;
  /** Search results: where the lesson matched, and its titles with the matches marked. */
  match?: LibraryMatch | null;
  titleHighlight?: { title: HighlightSegment[]; titleAr: HighlightSegment[] } | null;
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

export function lessonHref(lesson: { id: number; slug: string; title: string }, atSeconds?: number | null) {
  const path = `/video/${lesson.id}/${lesson.slug || slugify(lesson.title)}`;
  return atSeconds !== undefined && atSeconds !== null ? `${path}?t=${Math.max(0, Math.floor(atSeconds))}` : path;
}

export function LessonCover({
  lesson,
  className,
  eager = false,
}: {
  lesson: Pick<
    VideoCardLesson,
    "id" | "titleAr" | "title" | "durationSeconds" | "isFree" | "locked" | "thumbnailUrl" | "progress"
  >;
  className?: string;
  /** Above the fold: load the thumbnail right away. */
  eager?: boolean;
}) {
  const cover = COVERS[lesson.id % COVERS.length];
  const progress = lesson.progress ?? null;
  return (
    <div className={cn("relative aspect-video overflow-hidden bg-gradient-to-br", cover, className)}>
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-25 [background-image:radial-gradient(circle_at_20%_15%,rgba(255,255,255,0.35),transparent_45%),radial-gradient(circle_at_85%_90%,rgba(251,171,51,0.45),transparent_40%)]"
      />
      {/* The title card stays underneath: it is what shows while the thumbnail loads, or if it fails. */}
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
      {lesson.thumbnailUrl ? (
        <img
          src={lesson.thumbnailUrl}
          alt=""
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      ) : null}
      <div className="absolute inset-x-2.5 top-2.5 flex items-start justify-between gap-2">
        <div className="flex flex-wrap gap-1.5">
          {lesson.isFree ? (
            <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink uppercase shadow-sm">
              Free
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white shadow-sm ring-1 ring-white/20 backdrop-blur-sm">
              <SparkIcon className="size-3.5 text-accent-300" />
              Premium
            </span>
          )}
          {progress?.completed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow-sm">
              <CheckIcon className="size-3.5" />
              Watched
            </span>
          ) : null}
        </div>
        {lesson.locked ? (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/25 backdrop-blur-sm">
            <LockIcon className="size-4" title="Locked" />
          </span>
        ) : null}
      </div>
      <span
        className={cn(
          "absolute end-2.5 rounded-md bg-black/70 px-1.5 py-0.5 font-mono text-xs font-medium text-white tabular-nums",
          progress && !progress.completed ? "bottom-3.5" : "bottom-2.5",
        )}
      >
        <span aria-hidden="true">{formatDuration(lesson.durationSeconds)}</span>
        <span className="sr-only">{describeDuration(lesson.durationSeconds)}</span>
      </span>
      <span
        aria-hidden="true"
        className={cn(
          "absolute start-2.5 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-primary-800 opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-within:opacity-100",
          progress && !progress.completed ? "bottom-3.5" : "bottom-2.5",
        )}
      >
        <PlayIcon className="size-4 translate-x-px" />
      </span>
      {progress && !progress.completed ? (
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1.5 bg-black/45">
          <div className="h-full bg-accent-400" style={{ width: `${progress.percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}

function progressLabel(progress: LessonProgress | null | undefined): string | null {
  if (!progress) return null;
  return progress.completed ? "completed" : `${progress.percent}% watched`;
}

/** A lesson in a grid: the whole card is one link; lock, free and progress are spelled out for screen readers. */
export function VideoCard({
  lesson,
  headingLevel = "h3",
  eager = false,
}: {
  lesson: VideoCardLesson;
  headingLevel?: "h2" | "h3";
  eager?: boolean;
}) {
  const Heading = headingLevel;
  const teacherNames = lesson.teachers.map((teacher) => teacher.name).join(", ");
  const match = lesson.match ?? null;
  const moment = match?.kind === "cue" ? match.startSeconds : null;
  const status = progressLabel(lesson.progress);
  return (
    <article className="group defer-render-card relative flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-3 focus-within:ring-primary-300">
      <LessonCover lesson={lesson} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={lesson.level} />
          {lesson.country ? (
            <span className="text-xs font-medium text-muted">{lesson.country.dialect || lesson.country.name}</span>
          ) : null}
          {/* Above the card-wide link overlay so it stays clickable; renders nothing for visitors. */}
          <AddToPlaylist videoId={lesson.id} videoTitle={lesson.title} className="relative z-10 ms-auto" />
        </div>
        <Heading className="text-base leading-snug font-semibold text-ink">
          <Link
            to={lessonHref(lesson, moment)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {lesson.titleHighlight ? <Highlighted segments={lesson.titleHighlight.title} /> : lesson.title}
            {moment !== null ? <span className="sr-only"> (play from {formatDuration(moment)})</span> : null}
            {lesson.locked ? <span className="sr-only"> (locked)</span> : null}
            {lesson.isFree ? <span className="sr-only"> (free lesson)</span> : null}
            {status ? <span className="sr-only"> ({status})</span> : null}
          </Link>
        </Heading>
        {lesson.titleAr ? (
          <p lang="ar" dir="rtl" className="text-base leading-normal text-ink/80">
            {lesson.titleHighlight ? <Highlighted segments={lesson.titleHighlight.titleAr} /> : lesson.titleAr}
          </p>
        ) : null}
        {match ? <MatchPreview match={match} /> : null}
        <KnownWords knowledge={lesson.known} />
        <p className="mt-auto pt-1 text-sm text-muted">
          {teacherNames ? <span className="font-medium text-ink/80">{teacherNames}</span> : null}
          {teacherNames && lesson.country ? <span aria-hidden="true"> · </span> : null}
          {lesson.country ? <span>{lesson.country.name}</span> : null}
        </p>
      </div>
    </article>
  );
}

/** The line a search matched, under the title: the transcript cue in three lines, or a description excerpt. */
function MatchPreview({ match }: { match: LibraryMatch }) {
  if (match.kind === "title") return null;
  if (match.kind === "locked-cue") {
    return (
      <p className="inline-flex items-center gap-1.5 rounded-lg bg-canvas px-3 py-2 text-sm text-muted">
        <LockIcon className="size-3.5 shrink-0" />
        <span>
          Said at <span className="font-mono tabular-nums text-ink/80">{formatDuration(match.startSeconds)}</span>; the
          line shows once you can watch this lesson.
        </span>
      </p>
    );
  }
  if (match.kind === "description") {
    return (
      <p className="rounded-lg bg-canvas px-3 py-2 text-sm leading-relaxed text-ink/80">
        <Highlighted segments={match.excerpt} />
      </p>
    );
  }
  return (
    <div className="rounded-lg border border-primary-100 bg-primary-50/60 px-3 py-2.5">
      <p className="mb-1 inline-flex items-center gap-1.5 text-xs font-semibold text-primary-800">
        <PlayIcon className="size-3" />
        <span>
          Said at <span className="font-mono tabular-nums">{formatDuration(match.startSeconds)}</span>
        </span>
      </p>
      {match.arabic.length > 0 ? (
        <p lang="ar" dir="rtl" className="text-lg leading-relaxed text-ink">
          <Highlighted segments={match.arabic} />
        </p>
      ) : null}
      {match.transliteration.length > 0 ? (
        <p className="text-sm text-ink/75 italic">
          <Highlighted segments={match.transliteration} />
        </p>
      ) : null}
      {match.english.length > 0 ? (
        <p className="text-sm text-muted">
          <Highlighted segments={match.english} />
        </p>
      ) : null}
    </div>
  );
}
