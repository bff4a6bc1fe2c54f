import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { formatDuration } from "#core/format";
import { describeLoopPass, PLAYBACK_RATES, type CaptionLanguage } from "#core/player";
import type { TransliterationScheme } from "#core/transliteration";
import {
  ArrowRightIcon,
  AutoPauseIcon,
  CaptionsIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  HeadphonesIcon,
  KeyboardIcon,
  LockIcon,
  LoopIcon,
  NextLineIcon,
  PauseIcon,
  PlayIcon,
  PreviousLineIcon,
  RepeatIcon,
  SpeedIcon,
} from "~/components/icons";
import type { TranscriptCue } from "./transcript";
import type { LessonPlayer } from "./use-lesson-player";
import type { PlayerPreferences } from "./use-player-preferences";
import type { Revealed, RevealPart } from "./hidden-line";
import { useAdaptiveStream } from "./use-adaptive-stream";
import { VideoCaptions } from "./video-captions";

// The settings panel loads the first time it is opened.
const PlayerSettings = lazy(() => import("./player-settings").then((module) => ({ default: module.PlayerSettings })));

export interface PlayerMedia {
  videoUrl: string | null;
  /** The lesson's adaptive-streaming package, when it is packaged (use-adaptive-stream.ts). */
  stream?: { masterUrl: string; audioUrl: string } | null;
  posterUrl: string | null;
  captions: Array<{
    lang: CaptionLanguage;
    srclang: string;
    kind: "captions" | "subtitles";
    label: string;
    src: string;
  }>;
}

export interface UpNext {
  title: string;
  href: string;
  locked: boolean;
  via: { kind: string; title: string } | null;
}

// Touch targets: 44 px on phones and tablets, 40 px beside a mouse.
const controlButton =
  "inline-flex size-11 lg:size-10 shrink-0 items-center justify-center rounded-lg text-white/90 transition-colors hover:bg-white/12 hover:text-white focus-visible:outline-accent-300 aria-pressed:bg-accent-400 aria-pressed:text-ink aria-pressed:hover:bg-accent-300 disabled:opacity-40";
const controlSelect =
  "h-11 lg:h-9 rounded-lg border border-white/15 bg-white/8 ps-2 pe-7 text-sm font-medium text-white hover:bg-white/12 focus-visible:outline-accent-300 [&>option]:text-ink";

export function rateLabel(rate: number) {
  return `${rate}×`;
}

/**
 * The lesson video: native `<video>` with signed source, poster and WebVTT tracks, our own accessible
 * controls (native ones until the page is interactive), the resume prompt and the end-of-lesson card.
 */
export function VideoPlayer({
  title,
  media,
  player,
  preferences,
  onPreferences,
  startAt,
  resume,
  onResume,
  onStartOver,
  upNext,
  interactive,
  onShowShortcuts,
  announcement,
  cues,
  captionIndex,
  scheme,
  revealed,
  onReveal,
}: {
  title: string;
  media: PlayerMedia;
  player: LessonPlayer;
  preferences: PlayerPreferences;
  onPreferences: (patch: Partial<PlayerPreferences>) => void;
  startAt: number | null;
  resume: { positionSeconds: number } | null;
  onResume: () => void;
  onStartOver: () => void;
  upNext: UpNext | null;
  interactive: boolean;
  onShowShortcuts: () => void;
  announcement: string;
  cues: readonly TranscriptCue[];
  /** The line whose captions show on the video, -1 for none. */
  captionIndex: number;
  scheme: TransliterationScheme;
  revealed: Revealed;
  onReveal: (index: number, part: RevealPart) => void;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const settingsButtonRef = useRef<HTMLButtonElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { videoRef } = player;
  const closeSettings = () => {
    setSettingsOpen(false);
    settingsButtonRef.current?.focus();
  };

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  // The WebVTT tracks serve the native controls before hydration; once live, VideoCaptions draws the lines.
  // iOS's own full screen shows the <video> alone, with native tracks only (one at a time): there the track of the
  // learner's first caption switch shows (Arabic, transliteration, English; none on: Arabic, which iOS's own
  // captions menu can turn off), and all are turned off again on the way out.
  const nativeLanguage =
    preferences.captionTransliteration && !preferences.captionArabic
      ? "tr"
      : preferences.captionEnglish && !preferences.captionArabic && !preferences.captionTransliteration
        ? "en"
        : "ar";
  const nativeSrclang = (media.captions.find((track) => track.lang === nativeLanguage) ?? media.captions[0])?.srclang;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !interactive) return;
    const apply = () => {
      for (const track of Array.from(video.textTracks)) track.mode = "disabled";
    };
    const showNative = () => {
      for (const track of Array.from(video.textTracks))
        track.mode = track.language === nativeSrclang ? "showing" : "disabled";
    };
    apply();
    video.textTracks.addEventListener?.("addtrack", apply);
    video.addEventListener("webkitbeginfullscreen", showNative);
    video.addEventListener("webkitendfullscreen", apply);
    return () => {
      video.textTracks.removeEventListener?.("addtrack", apply);
      video.removeEventListener("webkitbeginfullscreen", showNative);
      video.removeEventListener("webkitendfullscreen", apply);
    };
  }, [interactive, videoRef, nativeSrclang]);

  function toggleFullscreen() {
    const frame = frameRef.current;
    if (!frame) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame.requestFullscreen?.().catch(() => undefined);
  }

  const { mode: streaming, starting } = useAdaptiveStream(videoRef, {
    masterUrl: media.stream?.masterUrl ?? null,
    audioUrl: media.stream?.audioUrl ?? null,
    mp4Url: media.videoUrl,
    startAt,
    enabled: interactive,
    soundOnly: preferences.soundOnly,
  });

  const duration = player.duration;
  const progressPercent = duration > 0 ? Math.min(100, (player.time / duration) * 100) : 0;
  const src = media.videoUrl ? `${media.videoUrl}${startAt ? `#t=${startAt}` : ""}` : undefined;
  const showResume = Boolean(resume) && !player.started;
  const showEnded = player.ended && !player.playing;
  const availableCaptions = media.captions;
  const live = Boolean(src) && interactive;
  const captionCue = captionIndex >= 0 ? (cues[captionIndex] ?? null) : null;

  return (
    <div
      ref={frameRef}
      className={cn(
        "overflow-hidden bg-ink text-white shadow-lg ring-1 ring-black/10",
        fullscreen
          ? "flex h-full w-full flex-col"
          : "rounded-xl pinned:rounded-none pinned:shadow-md phone-landscape:flex phone-landscape:h-full phone-landscape:flex-col phone-landscape:rounded-none",
      )}
    >
      <div
        className={cn(
          "relative bg-black",
          fullscreen
            ? "min-h-0 flex-1"
            : "aspect-video phone-landscape:aspect-auto phone-landscape:min-h-0 phone-landscape:flex-1",
        )}
      >
        {src ? (
          // Clicking the picture plays or pauses, as in every player; the Play button is the keyboard route.
          // eslint-disable-next-line jsx-a11y/media-has-caption -- the tracks are mapped below
          <video
            ref={videoRef}
            src={src}
            // The whole file stays named here when HLS takes the element over (its source becomes a MediaSource
            // blob): the shadowing panel decodes the line's audio from it (app/features/speaking).
            data-file={media.videoUrl ?? undefined}
            poster={media.posterUrl ?? undefined}
            preload="metadata"
            playsInline
            controls={!interactive}
            aria-label={`Lesson video: ${title}`}
            onClick={interactive ? player.toggle : undefined}
            className="size-full cursor-pointer object-contain [&::cue]:bg-black/75 [&::cue]:font-arabic [&::cue]:text-[1.1em]"
          >
            {availableCaptions.map((track) => (
              <track key={track.lang} kind={track.kind} src={track.src} srcLang={track.srclang} label={track.label} />
            ))}
          </video>
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center">
            <p className="text-lg font-semibold">This lesson's video is being prepared.</p>
            <p className="text-sm text-white/70">The transcript and vocabulary below are ready to study.</p>
          </div>
        )}

        {interactive ? (
          <VideoCaptions
            cue={captionCue}
            index={captionIndex}
            preferences={preferences}
            scheme={scheme}
            revealed={revealed}
            onReveal={onReveal}
          />
        ) : null}

        {src && interactive && (starting || (!player.playing && !player.started && !showResume)) ? (
          <span
            aria-hidden="true"
            data-testid={starting ? "video-starting" : undefined}
            className="pointer-events-none absolute top-1/2 left-1/2 inline-flex size-18 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/92 text-primary-800 shadow-xl ring-8 ring-white/20"
          >
            {starting ? (
              <span className="size-8 animate-spin rounded-full border-4 border-primary-200 border-t-primary-700 motion-reduce:animate-none" />
            ) : (
              <PlayIcon className="size-8 translate-x-0.5" />
            )}
          </span>
        ) : null}
        {/* Said once the learner has asked to play and the stream is on its way (a moment on a slow connection). */}
        <span role="status" className="sr-only">
          {starting ? "Starting the video…" : ""}
        </span>

        {player.loopIndex !== null || player.rate !== 1 ? (
          <div className="pointer-events-none absolute top-3 start-3 flex gap-1.5">
            {player.loopIndex !== null ? (
              <span
                data-testid="loop-status"
                className="inline-flex items-center gap-1 rounded-full bg-accent-400 px-2.5 py-1 text-xs font-bold text-ink shadow"
              >
                <LoopIcon className="size-3.5" /> Line {player.loopIndex + 1}
                {player.loopPass ? ` · ${describeLoopPass(player.loopPass)}` : ""}
              </span>
            ) : null}
            {player.rate !== 1 && player.loopIndex === null ? (
              <span className="rounded-full bg-black/70 px-2.5 py-1 text-xs font-bold text-white shadow">
                {rateLabel(player.rate)}
              </span>
            ) : null}
          </div>
        ) : null}

        {streaming === "sound" ? (
          <p
            data-testid="sound-only"
            className="pointer-events-none absolute end-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-black/75 px-2.5 py-1 text-xs font-bold text-white shadow"
          >
            <HeadphonesIcon className="size-3.5" /> Sound only
          </p>
        ) : null}

        {settingsOpen ? (
          <Suspense fallback={null}>
            <PlayerSettings
              preferences={preferences}
              onPreferences={onPreferences}
              onClose={closeSettings}
              canPlaySoundOnly={Boolean(media.stream)}
            />
          </Suspense>
        ) : null}

        {showResume && resume ? (
          <div className="absolute inset-0 flex items-center justify-center bg-black/55 p-4 backdrop-blur-[1px]">
            <div
              role="group"
              aria-labelledby="resume-heading"
              className="w-full max-w-sm rounded-xl bg-white p-5 text-ink shadow-2xl"
            >
              <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">Welcome back</p>
              <h2 id="resume-heading" className="mt-1 text-lg font-semibold">
                Continue from {formatDuration(resume.positionSeconds)}?
              </h2>
              <div className="mt-4 flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={onResume}
                  className="inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-800"
                >
                  <PlayIcon className="size-4" /> Resume
                </button>
                <button
                  type="button"
                  onClick={onStartOver}
                  className="inline-flex flex-1 items-center justify-center rounded-xl border border-line px-4 py-2.5 text-sm font-semibold hover:bg-primary-50"
                >
                  Start over
                </button>
              </div>
            </div>
          </div>
        ) : null}

        {showEnded ? (
          <div className="absolute inset-0 flex items-center justify-center bg-black/65 p-4">
            <div className="w-full max-w-sm rounded-xl bg-white p-5 text-ink shadow-2xl">
              {upNext ? (
                <>
                  <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
                    Up next{upNext.via ? ` · ${upNext.via.title}` : ""}
                  </p>
                  <p className="mt-1 text-lg leading-snug font-semibold">{upNext.title}</p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <Link
                      to={upNext.href}
                      className="inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-800"
                    >
                      {upNext.locked ? <LockIcon className="size-4" /> : null}
                      Next lesson <ArrowRightIcon className="size-4" />
                    </Link>
                    <button
                      type="button"
                      onClick={() => player.seekTo(0, { play: true })}
                      className="inline-flex items-center justify-center rounded-xl border border-line px-4 py-2.5 text-sm font-semibold hover:bg-primary-50"
                    >
                      Watch again
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">Lesson finished</p>
                  <p className="mt-1 text-lg font-semibold">
                    <span lang="ar" dir="rtl">
                      يعطيك العافية!
                    </span>{" "}
                    Well done.
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <button
                      type="button"
                      onClick={() => player.seekTo(0, { play: true })}
                      className="inline-flex flex-1 items-center justify-center rounded-xl bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-800"
                    >
                      Watch again
                    </button>
                    <Link
                      to="/video-library"
                      className="inline-flex flex-1 items-center justify-center rounded-xl border border-line px-4 py-2.5 text-sm font-semibold hover:bg-primary-50"
                    >
                      More lessons
                    </Link>
                  </div>
                </>
              )}
            </div>
          </div>
        ) : null}
      </div>

      {/* Controls */}
      <div className="space-y-1 px-2 pt-2 pb-2 sm:px-3">
        <div className="flex items-center gap-3 px-1">
          <input
            type="range"
            min={0}
            max={duration > 0 ? duration : 1}
            step={0.1}
            value={Math.min(player.time, duration > 0 ? duration : 1)}
            onChange={(event) => player.seekTo(Number(event.currentTarget.value))}
            aria-label="Seek"
            aria-valuetext={`${formatDuration(player.time)} of ${formatDuration(duration)}`}
            disabled={!live}
            style={{
              background: `linear-gradient(to right, var(--color-accent-400) ${progressPercent}%, rgb(255 255 255 / 0.22) ${progressPercent}%)`,
            }}
            className="h-1.5 min-w-0 flex-1 cursor-pointer appearance-none rounded-full focus-visible:outline-accent-300 [&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white [&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow"
          />
          <span className="shrink-0 font-mono text-xs text-white/80 tabular-nums">
            <span className="sr-only">Time: </span>
            {formatDuration(player.time)} / {formatDuration(duration)}
          </span>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <div className="flex items-center gap-0.5">
            <button
              type="button"
              onClick={player.toggle}
              aria-label={player.playing ? "Pause" : "Play"}
              aria-keyshortcuts="Space"
              title={player.playing ? "Pause (Space)" : "Play (Space)"}
              disabled={!live}
              className={cn(controlButton, "bg-white/10")}
            >
              {player.playing ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
            </button>
            <button
              type="button"
              onClick={player.previousLine}
              aria-label="Previous line"
              aria-keyshortcuts="ArrowLeft"
              title="Previous line (←)"
              disabled={!live}
              className={controlButton}
            >
              <PreviousLineIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={player.repeatLine}
              aria-label="Repeat line"
              aria-keyshortcuts="R"
              title="Repeat line (R)"
              disabled={!live}
              className={controlButton}
            >
              <RepeatIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={player.nextLine}
              aria-label="Next line"
              aria-keyshortcuts="ArrowRight"
              title="Next line (→)"
              disabled={!live}
              className={controlButton}
            >
              <NextLineIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => player.toggleLoop()}
              aria-label="Loop current line"
              aria-pressed={player.loopIndex !== null}
              aria-keyshortcuts="L"
              title="Loop current line (L)"
              disabled={!live}
              className={controlButton}
            >
              <LoopIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => onPreferences({ autoPause: !preferences.autoPause })}
              aria-label="Pause after each line"
              aria-pressed={preferences.autoPause}
              aria-keyshortcuts="A"
              title="Pause after each line (A)"
              disabled={!interactive}
              className={controlButton}
            >
              <AutoPauseIcon className="size-5" />
            </button>
            <span aria-live="polite" className="sr-only">
              {player.loopPass && player.loopIndex !== null
                ? `Looping line ${player.loopIndex + 1}, pass ${describeLoopPass(player.loopPass)}`
                : ""}
            </span>
          </div>

          <div className="flex items-center gap-1">
            <label className="relative inline-flex items-center" title="Playback speed (S)">
              <span className="sr-only">Playback speed</span>
              <SpeedIcon className="pointer-events-none me-1 size-4 text-white/70" />
              <select
                value={String(preferences.rate)}
                disabled={!interactive}
                onChange={(event) => onPreferences({ rate: Number(event.currentTarget.value) })}
                className={controlSelect}
              >
                {PLAYBACK_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rateLabel(rate)}
                  </option>
                ))}
              </select>
            </label>
            <button
              ref={settingsButtonRef}
              type="button"
              onClick={() => (settingsOpen ? closeSettings() : setSettingsOpen(true))}
              aria-label="Player settings"
              aria-expanded={settingsOpen}
              aria-controls={settingsOpen ? "player-settings" : undefined}
              title="Captions on the video, hide until tapped, loops, sound only"
              disabled={!interactive}
              className={cn(controlButton, settingsOpen && "bg-white/15")}
            >
              <CaptionsIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={onShowShortcuts}
              aria-label="Show shortcuts"
              aria-keyshortcuts="Shift+?"
              title="Keyboard shortcuts (?)"
              aria-haspopup="dialog"
              disabled={!interactive}
              className={cn(controlButton, "no-pointer-fine:hidden")}
            >
              <KeyboardIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={toggleFullscreen}
              aria-label={fullscreen ? "Exit full screen" : "Full screen"}
              title={fullscreen ? "Exit full screen" : "Full screen"}
              disabled={!live}
              className={controlButton}
            >
              {fullscreen ? <ExitFullscreenIcon className="size-5" /> : <FullscreenIcon className="size-5" />}
            </button>
          </div>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
