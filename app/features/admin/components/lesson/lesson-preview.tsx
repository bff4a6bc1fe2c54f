import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";

export interface LessonPreviewHandle {
  currentMs: () => number;
  seekMs: (ms: number) => void;
  /** Plays from `startMs` and pauses at `endMs`. */
  playRange: (startMs: number, endMs: number) => void;
}

/** The lesson video with native controls, for admins timing lines; reports the playhead as it moves. */
export const LessonPreview = forwardRef<
  LessonPreviewHandle,
  { videoUrl: string | null; posterUrl: string | null; onTime?: (ms: number) => void; label?: string }
>(function LessonPreview({ videoUrl, posterUrl, onTime, label = "Lesson video" }, ref) {
  const video = useRef<HTMLVideoElement>(null);
  const stopAt = useRef<number | null>(null);

  useImperativeHandle(ref, () => ({
    currentMs: () => (video.current ? video.current.currentTime * 1000 : 0),
    seekMs: (ms) => {
      if (video.current) video.current.currentTime = ms / 1000;
    },
    playRange: (startMs, endMs) => {
      const element = video.current;
      if (!element) return;
      element.currentTime = startMs / 1000;
      stopAt.current = endMs;
      void element.play().catch(() => undefined);
    },
  }));

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let frame = 0;
    const report = () => onTime?.(element.currentTime * 1000);
    // Stopping at a line's end needs more precision than timeupdate's quarter-second.
    const watchEnd = () => {
      if (stopAt.current !== null && element.currentTime * 1000 >= stopAt.current) {
        element.pause();
        stopAt.current = null;
      }
      frame = element.paused || stopAt.current === null ? 0 : requestAnimationFrame(watchEnd);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(watchEnd);
    };
    const onPause = () => {
      stopAt.current = null;
      report();
    };
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("seeked", report);
    element.addEventListener("timeupdate", report);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("seeked", report);
      element.removeEventListener("timeupdate", report);
    };
  }, [onTime]);

  if (!videoUrl) {
    return (
      <div className="grid aspect-video place-items-center rounded-xl border border-dashed border-line bg-canvas p-6 text-center text-sm text-muted">
        No video uploaded yet. Upload one under Media to time lines against it.
      </div>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- this is the admin's timing preview of the very transcript being written
    <video
      ref={video}
      src={videoUrl}
      poster={posterUrl ?? undefined}
      controls
      preload="metadata"
      playsInline
      aria-label={label}
      className="aspect-video w-full rounded-xl bg-black"
    />
  );
});
