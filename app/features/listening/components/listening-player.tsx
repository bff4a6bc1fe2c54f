import { useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { ScriptButton } from "~/components/ui/script-button";
import { RepeatIcon, SpeedIcon } from "~/components/icons";

const SLOW_RATE = 0.75;

const controlClasses =
  "inline-flex items-center gap-1.5 rounded-xl border border-line bg-white px-3.5 py-2 text-sm font-medium text-ink hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400";

/**
 * The activity's clip with the browser's own controls (they work before and without JavaScript), plus
 * "Play from the start" and a slower speed, the two things a learner reaches for when a line goes by
 * too fast.
 */
export function ListeningPlayer({
  media,
  title,
}: {
  media: { type: "audio" | "video"; url: string | null };
  title: string;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [slow, setSlow] = useState(false);
  const element = () => (media.type === "video" ? videoRef.current : audioRef.current);

  if (!media.url) {
    return (
      <p className="rounded-xl border border-dashed border-line bg-surface p-4 text-sm text-muted">
        This recording is not available right now. You can still read the questions.
      </p>
    );
  }

  function replay() {
    const clip = element();
    if (!clip) return;
    clip.currentTime = 0;
    void clip.play().catch(() => undefined);
  }

  function toggleSlow() {
    const clip = element();
    const next = !slow;
    setSlow(next);
    if (clip) clip.playbackRate = next ? SLOW_RATE : 1;
  }

  const label = `Recording: ${title}`;
  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      {media.type === "video" ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript is shown after answering, on purpose
        <video
          ref={videoRef}
          src={media.url}
          controls
          preload="metadata"
          aria-label={label}
          className="aspect-video w-full rounded-lg bg-ink"
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = slow ? SLOW_RATE : 1;
          }}
        />
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a listening test: the transcript comes after answering
        <audio
          ref={audioRef}
          src={media.url}
          controls
          preload="metadata"
          aria-label={label}
          className="w-full"
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = slow ? SLOW_RATE : 1;
          }}
        />
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <ScriptButton onClick={replay} className={controlClasses}>
          <RepeatIcon className="size-4 text-primary-700" /> Play from the start
        </ScriptButton>
        <ScriptButton
          onClick={toggleSlow}
          aria-pressed={slow}
          className={cn(controlClasses, slow && "border-primary-600 bg-primary-50 text-primary-800")}
        >
          <SpeedIcon className="size-4 text-primary-700" /> Slower (0.75×)
        </ScriptButton>
      </div>
    </div>
  );
}
