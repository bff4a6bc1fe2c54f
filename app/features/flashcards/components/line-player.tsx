import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import type { CardLine } from "#server/services/flashcards";

/**
 * Plays one line of a lesson from the lesson's own media: the same signed, Range-served URL the player uses,
 * seeked to the line's start and paused at its end (nothing is cut or copied). Preloading only the metadata with
 * a `#t=` fragment shows the frame at the line's time; the lesson's poster stands in until then.
 */
export function LinePlayer({
  line,
  label,
  mediaRef,
}: {
  line: CardLine;
  label: string;
  /** The video element, for a caller that drives it too (shadowing from the card). */
  mediaRef?: React.RefObject<HTMLVideoElement>;
}) {
  const ownMedia = useRef<HTMLVideoElement>(null);
  const media = mediaRef ?? ownMedia;
  const [playing, setPlaying] = useState(false);
  const start = line.startMs / 1000;
  const end = line.endMs !== null ? line.endMs / 1000 : null;

  useEffect(() => {
    const element = media.current;
    if (!element || end === null) return;
    const stopAtEnd = () => {
      if (element.currentTime >= end) {
        element.pause();
        setPlaying(false);
      }
    };
    const stopped = () => setPlaying(false);
    element.addEventListener("timeupdate", stopAtEnd);
    element.addEventListener("pause", stopped);
    element.addEventListener("ended", stopped);
    return () => {
      element.removeEventListener("timeupdate", stopAtEnd);
      element.removeEventListener("pause", stopped);
      element.removeEventListener("ended", stopped);
    };
  }, [end, media]);

  function play() {
    const element = media.current;
    if (!element) return;
    if (playing) {
      element.pause();
      return;
    }
    element.currentTime = start;
    setPlaying(true);
    // A browser that refuses to play (no media yet, autoplay rules) leaves the button as it was.
    element.play().catch(() => setPlaying(false));
  }

  if (!line.mediaUrl) {
    return line.posterUrl ? (
      <img src={line.posterUrl} alt="" className="max-h-40 rounded-xl object-cover" loading="lazy" />
    ) : null;
  }
  return (
    <div className="flex w-full max-w-sm flex-col items-center gap-2">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the card itself is the line's caption */}
      <video
        ref={media}
        src={`${line.mediaUrl}#t=${start}`}
        poster={line.posterUrl ?? undefined}
        preload="metadata"
        playsInline
        aria-hidden="true"
        tabIndex={-1}
        data-testid="line-media"
        data-line-start={start}
        data-line-end={end ?? undefined}
        className="aspect-video w-full rounded-xl bg-ink/90 object-cover"
      />
      <button
        type="button"
        onClick={play}
        aria-pressed={playing}
        className={buttonClasses("secondary", "md", "min-h-11 min-w-11")}
      >
        {playing ? "Pause" : label}
      </button>
    </div>
  );
}
