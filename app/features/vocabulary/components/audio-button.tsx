import { useRef, useState } from "react";
import { HeadphonesIcon } from "~/components/icons";
import { ScriptButton } from "~/components/ui/script-button";
import { cn } from "~/lib/cn";

/** Plays one word's audio; the `<audio>` element stays in the page so it also works with the browser's own controls. */
export function AudioButton({ src, label, className }: { src: string; label: string; className?: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <>
      <ScriptButton
        onClick={() => {
          const audio = audioRef.current;
          if (!audio) return;
          audio.currentTime = 0;
          void audio.play().catch(() => setPlaying(false));
        }}
        aria-label={label}
        aria-pressed={playing}
        className={cn(
          "inline-flex size-9 items-center justify-center rounded-full border border-line bg-white text-primary-700 hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-primary-400",
          className,
        )}
      >
        <HeadphonesIcon className="size-4" />
      </ScriptButton>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- one spoken word, written out beside the button */}
      <audio
        ref={audioRef}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onEnded={() => setPlaying(false)}
        onPause={() => setPlaying(false)}
      />
    </>
  );
}
