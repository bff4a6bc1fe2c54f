import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { ArrowRightIcon, ClockIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { ScriptButton } from "~/components/ui/script-button";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/cn";
import { describeDuration, LEVEL_LABELS, isLevel } from "#core/format";
import type { SampleLesson as SampleLessonData } from "#server/services/landing";

function formatCueTime(ms: number) {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * A free lesson playable on the landing page: a native video beside its transcript. Clicking a line seeks
 * to it and the line being spoken is highlighted. Without JavaScript the video and transcript still work.
 */
export function SampleLesson({ lesson, signedIn }: { lesson: SampleLessonData; signedIn: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const hydrated = useHydrated();

  function onTimeUpdate() {
    const video = videoRef.current;
    if (!video) return;
    const ms = video.currentTime * 1000;
    const active = lesson.cues.find((cue) => cue.startMs <= ms && ms < cue.endMs) ?? null;
    if (active?.id === activeId) return;
    setActiveId(active?.id ?? null);
    // Keep the spoken line visible inside the transcript panel without scrolling the page.
    const list = listRef.current;
    const item = active ? list?.querySelector<HTMLElement>(`[data-cue="${active.id}"]`) : null;
    if (list && item) list.scrollTo({ top: item.offsetTop - list.clientHeight / 3, behavior: "smooth" });
  }

  function seek(startMs: number) {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = startMs / 1000 + 0.01;
    void video.play().catch(() => {});
  }

  const level = isLevel(lesson.level) ? LEVEL_LABELS[lesson.level] : lesson.level;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1.45fr)_minmax(0,1fr)]">
      <div>
        <div className="overflow-hidden rounded-xl bg-primary-950 shadow-lg ring-1 ring-ink/10">
          <video
            ref={videoRef}
            src={lesson.videoUrl}
            poster={lesson.posterUrl ?? undefined}
            controls
            playsInline
            preload="metadata"
            onTimeUpdate={onTimeUpdate}
            aria-label={`Free sample lesson: ${lesson.title}`}
            className="aspect-video w-full bg-primary-950"
          >
            <track kind="captions" src={lesson.captionsUrl} srcLang="en" label="English" />
          </video>
        </div>
        <div className="mt-5 flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <span className="rounded-full bg-primary-700 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
                Free
              </span>
              <span>{level}</span>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1">
                <ClockIcon className="size-4" /> {describeDuration(lesson.durationSeconds)}
              </span>
              {lesson.country ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{lesson.country.dialect || lesson.country.name}</span>
                </>
              ) : null}
            </p>
            <h3 className="mt-2 text-2xl font-bold tracking-tight text-ink">
              {lesson.title}
              {lesson.titleAr ? (
                <span
                  lang="ar"
                  dir="rtl"
                  className="mt-0.5 block w-fit text-xl leading-snug font-semibold text-primary-700"
                >
                  {lesson.titleAr}
                </span>
              ) : null}
            </h3>
            {lesson.teacherNames.length > 0 ? (
              <p className="mt-1 text-sm text-muted">With {lesson.teacherNames.join(" and ")}</p>
            ) : null}
          </div>
          <Link to={signedIn ? lesson.path : "/auth/signup"} className={buttonClasses("secondary", "md", "shrink-0")}>
            {signedIn ? "Open the full lesson" : "Get word lookup and exercises"}
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
      </div>

      <div className="flex min-h-0 flex-col rounded-xl border border-line bg-surface shadow-sm">
        <div className="flex items-center justify-between border-b border-line px-5 py-3">
          <h3 className="text-sm font-semibold text-ink">Transcript</h3>
          <p className="text-xs text-muted">
            {/* Before the scripts (or without them) the lines cannot seek: say what works. */}
            {hydrated ? "Click a line to hear it" : "Play the video to hear it"}
          </p>
        </div>
        <ol
          ref={listRef}
          aria-label="Transcript lines"
          className="relative max-h-[26rem] flex-1 space-y-1 overflow-y-auto p-2 lg:max-h-[30rem]"
        >
          {lesson.cues.map((cue) => {
            const active = cue.id === activeId;
            return (
              <li key={cue.id} data-cue={cue.id}>
                <ScriptButton
                  onClick={() => seek(cue.startMs)}
                  waitingClassName="cursor-progress"
                  aria-current={active ? "true" : undefined}
                  className={cn(
                    "grid w-full grid-cols-[2.75rem_1fr] gap-2 rounded-lg px-3 py-2.5 text-start transition-colors",
                    active ? "bg-primary-50 ring-1 ring-primary-200" : "hover:bg-canvas",
                  )}
                >
                  <span className="pt-1.5 font-mono text-xs text-muted tabular-nums">{formatCueTime(cue.startMs)}</span>
                  <span className="min-w-0">
                    <span lang="ar" dir="rtl" className="block text-xl leading-relaxed text-ink">
                      {cue.arabic}
                    </span>
                    {cue.transliteration ? (
                      <span className="block text-sm text-primary-800 italic">{cue.transliteration}</span>
                    ) : null}
                    {cue.english ? <span className="block text-sm text-muted">{cue.english}</span> : null}
                  </span>
                </ScriptButton>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
