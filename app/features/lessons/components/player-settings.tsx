import { useEffect, useRef } from "react";
import { CAPTION_SIZES, LOOP_MODES, loopModeLabel, type PlayerPreferences } from "#core/player";
import { CloseIcon } from "~/components/icons";
import { cn } from "~/lib/cn";

const option =
  "inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors lg:min-h-9 aria-pressed:border-accent-400 aria-pressed:bg-accent-400 aria-pressed:text-ink border-white/20 bg-white/8 text-white hover:bg-white/15";

function Group({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      <p className="text-xs font-semibold tracking-wide text-white/70 uppercase">{label}</p>
      <div className="flex flex-wrap gap-1.5">{children}</div>
    </div>
  );
}

/**
 * The player's settings panel, over the video: caption lines on the video and their size, "hide until tapped",
 * how a line loop runs, and listening mode (sound only) for a packaged lesson. Loaded the first time it is
 * opened (most learners never do).
 */
export function PlayerSettings({
  preferences,
  onPreferences,
  onClose,
  canPlaySoundOnly,
}: {
  preferences: PlayerPreferences;
  onPreferences: (patch: Partial<PlayerPreferences>) => void;
  onClose: () => void;
  /** A packaged lesson has a sound-only rendition (docs/video.md); a plain MP4 has none. */
  canPlaySoundOnly: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>("button")?.focus();
  }, []);

  const toggle = (key: keyof PlayerPreferences, label: string) => (
    <button
      type="button"
      aria-pressed={Boolean(preferences[key])}
      onClick={() => onPreferences({ [key]: !preferences[key] })}
      className={option}
    >
      {label}
    </button>
  );

  return (
    // Escape closes it and gives focus back to its button (the video player handles the return).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      id="player-settings"
      role="group"
      aria-label="Player settings"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className="absolute inset-x-0 bottom-0 z-10 max-h-full overflow-y-auto overscroll-contain bg-ink/95 p-3 text-white shadow-2xl sm:inset-x-auto sm:end-2 sm:bottom-2 sm:w-96 sm:rounded-xl"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="font-semibold">Player settings</p>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close settings"
          className="inline-flex size-11 items-center justify-center rounded-lg text-white/80 hover:bg-white/12 hover:text-white lg:size-9"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="space-y-3">
        <Group label="Captions on the video">
          {toggle("captionArabic", "Arabic")}
          {toggle("captionTransliteration", "Transliteration")}
          {toggle("captionEnglish", "English")}
        </Group>
        <Group label="Caption size">
          {CAPTION_SIZES.map((size) => (
            <button
              key={size}
              type="button"
              aria-pressed={preferences.captionSize === size}
              aria-label={{ s: "Small", m: "Medium", l: "Large" }[size]}
              onClick={() => onPreferences({ captionSize: size })}
              className={cn(option, "min-w-11")}
            >
              {size.toUpperCase()}
            </button>
          ))}
        </Group>
        <Group label="Hide until tapped">
          {toggle("blurTransliteration", "Transliteration")}
          {toggle("blurEnglish", "English")}
        </Group>
        <Group label="Loop a line">
          {LOOP_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={preferences.loopMode === mode}
              onClick={() => onPreferences({ loopMode: mode })}
              className={option}
            >
              {mode === "forever" ? "∞" : loopModeLabel(mode)}
              {mode === "forever" ? <span className="sr-only"> until stopped</span> : null}
            </button>
          ))}
        </Group>
        {canPlaySoundOnly ? (
          <Group label="Listening mode">
            <button
              type="button"
              aria-pressed={preferences.soundOnly}
              aria-describedby="sound-only-note"
              onClick={() => onPreferences({ soundOnly: !preferences.soundOnly })}
              className={option}
            >
              Sound only
            </button>
            <p id="sound-only-note" className="w-full text-xs text-white/70">
              Just the voices, without the picture: a fraction of the data, for a walk or a slow connection.
            </p>
          </Group>
        ) : null}
        <Group label="After the loop">
          <button
            type="button"
            aria-pressed={preferences.loopEnd === "continue"}
            onClick={() => onPreferences({ loopEnd: "continue" })}
            className={option}
          >
            Play on
          </button>
          <button
            type="button"
            aria-pressed={preferences.loopEnd === "stop"}
            onClick={() => onPreferences({ loopEnd: "stop" })}
            className={option}
          >
            Stop
          </button>
        </Group>
      </div>
    </div>
  );
}
