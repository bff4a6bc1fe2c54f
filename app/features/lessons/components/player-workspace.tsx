import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { stopPlaybackAt } from "./exercises/play-moment";
import { PLAYBACK_RATES } from "#core/player";
import type { WordStatus } from "#core/schemas/lexicon";
import type { TransliterationScheme } from "#core/transliteration";
import { useApi } from "~/lib/use-api";
import { captionCueIndex, shouldOfferResume } from "#core/cue-math";
import { Transcript, type TranscriptCue, type WordClick, type WordTint } from "./transcript";
import { useLessonPlayer } from "./use-lesson-player";
import { usePlayerPreferences } from "./use-player-preferences";
import { useProgressSaver, type SavedProgress } from "./use-progress-saver";
import { streamPlaysArrival } from "./use-adaptive-stream";
import { useMediaSession } from "./use-media-session";
import { revealKey, type RevealPart } from "./hidden-line";
import { rateLabel, VideoPlayer, type PlayerMedia, type UpNext } from "./video-player";
import { WordPopover, type WordCache } from "./word-popover";
import { useGuestPrompt } from "./guest-prompt";

// The keyboard help loads the first time it is asked for (the "?" key or the player's button).
const ShortcutsDialog = lazy(() =>
  import("./shortcuts-dialog").then((module) => ({ default: module.ShortcutsDialog })),
);
// The shadowing panel (recorder and analysis) loads the first time a line's Shadow button is pressed.
const ShadowPanel = lazy(() =>
  import("~/features/speaking/components/shadow-panel").then((module) => ({ default: module.ShadowPanel })),
);

/** Keys typed into these never reach the shortcuts. */
function isTypingTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !["range", "checkbox", "radio", "button", "submit"].includes(target.type);
  return false;
}

/** Space and Enter on these keep their native meaning (press the button, follow the link). */
function isActivatable(target: EventTarget | null) {
  return target instanceof HTMLElement && Boolean(target.closest("button, a, summary, [role='button']"));
}

const SLOW_CYCLE: Record<string, number> = { "1": 0.75, "0.75": 0.5, "0.5": 1 };

export interface WorkspaceHandle {
  seekToMs: (ms: number) => void;
  /** Plays one moment (an exercise's line) and pauses at its end. */
  playMoment: (moment: { startMs: number; endMs: number }) => void;
  /** Where the video is, in seconds (a visitor's sign-up comes back there). */
  currentTime: () => number;
}

/**
 * The video and its transcript side by side (stacked on phones), with everything that ties them
 * together: active line, loops, auto-pause, word meanings, keyboard shortcuts, resume prompt and
 * progress saving.
 */
export function PlayerWorkspace({
  lessonId,
  title,
  media,
  cues,
  durationSeconds,
  startAt,
  savedProgress,
  defaultScheme,
  upNext,
  interactive,
  handleRef,
  onProgress,
  intelligibilityCheck = false,
}: {
  lessonId: number;
  title: string;
  media: PlayerMedia;
  cues: TranscriptCue[];
  durationSeconds: number;
  startAt: number | null;
  savedProgress: { positionSeconds: number; completed: boolean } | null;
  defaultScheme: TransliterationScheme;
  upNext: UpNext | null;
  interactive: boolean;
  handleRef: React.MutableRefObject<WorkspaceHandle | null>;
  onProgress: (progress: SavedProgress) => void;
  /** Workers AI is bound: the shadowing panel offers the intelligibility check (docs/speaking.md). */
  intelligibilityCheck?: boolean;
}) {
  const [preferences, updatePreferences] = usePlayerPreferences();
  const scheme = preferences.scheme ?? defaultScheme;
  // The media URLs are signed per request; keep the first ones so a revalidation never reloads the video.
  const [stableMedia] = useState(media);
  const player = useLessonPlayer({
    cues,
    initialTime: startAt ?? 0,
    fallbackDuration: durationSeconds,
    autoPause: preferences.autoPause,
    rate: preferences.rate,
    loopMode: preferences.loopMode,
    loopEnd: preferences.loopEnd,
  });
  const captionIndex = captionCueIndex(cues, player.time * 1000);

  // "Hide until tapped": what the learner revealed; the line that becomes current is hidden again.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const reveal = useCallback((index: number, part: RevealPart) => {
    setRevealed((current) => new Set(current).add(revealKey(index, part)));
  }, []);
  // Adjusted while rendering (not in an effect), so the new line never paints revealed for a frame.
  const activeIndex = player.activeIndex;
  const [revealedAt, setRevealedAt] = useState(activeIndex);
  if (revealedAt !== activeIndex) {
    setRevealedAt(activeIndex);
    const tr = revealKey(activeIndex, "tr");
    const en = revealKey(activeIndex, "en");
    if (revealed.has(tr) || revealed.has(en)) {
      const next = new Set(revealed);
      next.delete(tr);
      next.delete(en);
      setRevealed(next);
    }
  }

  useMediaSession({ title, artwork: media.posterUrl, cues, player });

  // The pinned video's height, for the transcript lines' scroll margin and "keep the line in view".
  const playerBoxRef = useRef<HTMLDivElement>(null);
  const [pinnedHeight, setPinnedHeight] = useState(0);
  useEffect(() => {
    const box = playerBoxRef.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setPinnedHeight(Math.round(box.getBoundingClientRect().height)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const [resume, setResume] = useState(() =>
    shouldOfferResume(savedProgress, durationSeconds, startAt) && savedProgress
      ? { positionSeconds: savedProgress.positionSeconds }
      : null,
  );
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // Mounted on the first ask and kept after, so the native dialog opens and closes in place.
  const [shortcutsAsked, setShortcutsAsked] = useState(false);
  const showShortcuts = useCallback(() => {
    setShortcutsAsked(true);
    setShortcutsOpen(true);
  }, []);
  const [word, setWord] = useState<(WordClick & { key: string }) | null>(null);
  const [shadowIndex, setShadowIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [wordCache] = useState<WordCache>(() => new Map());
  const guest = useGuestPrompt();
  // A visitor has no statuses to tint with (ADR 038).
  const wordTint = useWordTint(lessonId, preferences.tintWords && !guest);
  const resumeAfterWord = useRef(false);
  const openWordKeyRef = useRef<string | null>(null);
  useEffect(() => {
    openWordKeyRef.current = word?.key ?? null;
  }, [word]);

  useProgressSaver({
    lessonId,
    videoRef: player.videoRef,
    playing: player.playing,
    onSaved: onProgress,
    enabled: !guest,
  });

  // A search result link (?t=) lands on its line and starts there: on the MP4, or, for a packaged lesson this
  // browser streams, in the stream once it is attached (use-adaptive-stream.ts plays it).
  useEffect(() => {
    if (startAt === null) return;
    const video = player.videoRef.current;
    const streamPlays = video !== null && streamPlaysArrival(video, stableMedia.stream?.masterUrl ?? null);
    player.seekTo(startAt, { play: !streamPlays });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Same words twice in a row must still be a change for the live region.
  const announce = useCallback(
    (text: string) => setAnnouncement((current) => (current === text ? `${text}\u00a0` : text)),
    [],
  );

  const { seekTo, seekToCue, toggleLoop, pause, play } = player;
  useEffect(() => {
    handleRef.current = {
      seekToMs: (ms: number) => {
        setResume(null);
        seekTo(ms / 1000, { play: true });
      },
      playMoment: (moment) => {
        setResume(null);
        seekTo(moment.startMs / 1000, { play: true });
        if (player.videoRef.current) stopPlaybackAt(player.videoRef.current, moment);
      },
      currentTime: () => player.videoRef.current?.currentTime ?? 0,
    };
  }, [handleRef, seekTo, player.videoRef]);

  const onSeekCue = useCallback(
    (index: number) => {
      setResume(null);
      seekToCue(index, { play: true });
    },
    [seekToCue],
  );

  const onToggleLoop = useCallback(
    (index: number) => {
      setResume(null);
      toggleLoop(index);
    },
    [toggleLoop],
  );

  const onShadow = useCallback(
    (index: number) => {
      setResume(null);
      player.pause();
      setShadowIndex(index);
    },
    // The player's commands are stable; the whole object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [player.pause],
  );
  const loopIndex = player.loopIndex;
  const stopLoopForShadow = useCallback(() => {
    if (loopIndex !== null) toggleLoop(loopIndex);
  }, [loopIndex, toggleLoop]);
  const shadowCue = shadowIndex === null ? undefined : cues[shadowIndex];

  const closeWord = useCallback(
    ({ returnFocus }: { returnFocus?: boolean } = {}) => {
      setWord((current) => {
        if (current && returnFocus) current.anchor.focus();
        return null;
      });
      if (resumeAfterWord.current) {
        resumeAfterWord.current = false;
        play();
      }
    },
    [play],
  );

  const onWord = useCallback(
    (click: WordClick) => {
      const key = click.anchor.dataset.wordKey ?? `${click.cue.id}:${click.word}`;
      if (openWordKeyRef.current === key) {
        closeWord();
        return;
      }
      setWord({ ...click, key });
      const video = player.videoRef.current;
      if (video && !video.paused) {
        resumeAfterWord.current = true;
        pause();
      }
    },
    [closeWord, pause, player.videoRef],
  );

  // "Hear it": the word's line, once, with its popup left open to read along.
  const hearWord = useCallback(
    (moment: { startMs: number; endMs: number }) => {
      resumeAfterWord.current = false;
      setResume(null);
      handleRef.current?.playMoment(moment);
    },
    [handleRef],
  );

  // Keyboard shortcuts (the help overlay lists them).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || shortcutsOpen) return;
      const key = event.key;
      if (key === " " || key === "Spacebar" || key === "k" || key === "K") {
        if (isActivatable(event.target) && key !== "k" && key !== "K") return;
        event.preventDefault();
        setResume(null);
        player.toggle();
        return;
      }
      if (key === "ArrowLeft" || key === "ArrowRight") {
        if (event.target instanceof HTMLInputElement && event.target.type === "range") return;
        event.preventDefault();
        setResume(null);
        if (key === "ArrowLeft") player.previousLine();
        else player.nextLine();
        return;
      }
      switch (key.toLowerCase()) {
        case "r":
          event.preventDefault();
          setResume(null);
          player.repeatLine();
          announce("Repeating the line");
          break;
        case "l": {
          event.preventDefault();
          setResume(null);
          const wasLooping = player.loopIndex !== null;
          player.toggleLoop();
          announce(wasLooping ? "Loop off" : "Looping the current line");
          break;
        }
        case "s": {
          event.preventDefault();
          const next = SLOW_CYCLE[String(preferences.rate)] ?? 1;
          updatePreferences({ rate: PLAYBACK_RATES.includes(next as (typeof PLAYBACK_RATES)[number]) ? next : 1 });
          announce(`Speed ${rateLabel(next)}`);
          break;
        }
        case "a":
          event.preventDefault();
          updatePreferences({ autoPause: !preferences.autoPause });
          announce(preferences.autoPause ? "Pause after each line off" : "Pause after each line on");
          break;
        case "t":
          event.preventDefault();
          updatePreferences({ tashkeel: !preferences.tashkeel });
          announce(preferences.tashkeel ? "Tashkeel hidden" : "Tashkeel shown");
          break;
        case "e":
          if (player.activeIndex < 0) break;
          event.preventDefault();
          reveal(player.activeIndex, "tr");
          reveal(player.activeIndex, "en");
          announce("Hidden lines shown");
          break;
        case "?":
          event.preventDefault();
          showShortcuts();
          break;
        default:
          break;
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [
    announce,
    player,
    preferences.autoPause,
    preferences.rate,
    preferences.tashkeel,
    reveal,
    shortcutsOpen,
    showShortcuts,
    updatePreferences,
  ]);

  return (
    // Below lg the page is one column (flex, not grid, so the pinned video's sticky box is this whole block
    // and it stays on screen while the transcript under it scrolls); on a phone held sideways the player fills
    // the screen (docs/player.md).
    <div
      className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)] lg:gap-5 xl:grid-cols-[minmax(0,1fr)_420px]"
      style={{ "--pinned-player": `${pinnedHeight}px` } as React.CSSProperties}
    >
      <div
        id="player"
        ref={playerBoxRef}
        className="scroll-mt-20 pinned:sticky pinned:top-16 pinned:z-30 pinned:-mx-4 pinned:scroll-mt-16 sm:pinned:-mx-6 phone-landscape:fixed phone-landscape:inset-0 phone-landscape:z-50 phone-landscape:bg-black phone-landscape:px-[env(safe-area-inset-left)] phone-landscape:pb-[env(safe-area-inset-bottom)]"
      >
        <VideoPlayer
          title={title}
          media={stableMedia}
          player={player}
          preferences={preferences}
          onPreferences={updatePreferences}
          startAt={startAt}
          resume={resume}
          onResume={() => {
            if (resume) player.seekTo(resume.positionSeconds, { play: true });
            setResume(null);
          }}
          onStartOver={() => {
            player.seekTo(0, { play: true });
            setResume(null);
          }}
          upNext={upNext}
          interactive={interactive}
          onShowShortcuts={showShortcuts}
          announcement={announcement}
          cues={cues}
          captionIndex={captionIndex}
          scheme={scheme}
          revealed={revealed}
          onReveal={reveal}
        />
        {/* Only where there is a mouse, so most likely a keyboard (never on phones and tablets). */}
        <p data-testid="keyboard-tip" className="mt-2 hidden text-xs text-muted lg:pointer-fine:block">
          Tip: press <kbd className="rounded border border-line bg-white px-1 font-mono text-[11px] text-ink">?</kbd>{" "}
          for keyboard shortcuts,{" "}
          <kbd className="rounded border border-line bg-white px-1 font-mono text-[11px] text-ink">R</kbd> to hear a
          line again.
        </p>
      </div>
      <div className="relative h-[min(68vh,560px)] pinned:h-auto lg:h-auto">
        <Transcript
          className="h-full pinned:h-auto lg:absolute lg:inset-0"
          cues={cues}
          activeIndex={player.activeIndex}
          loopIndex={player.loopIndex}
          preferences={preferences}
          scheme={scheme}
          openWordKey={word?.key ?? null}
          tint={preferences.tintWords ? wordTint.tint : null}
          interactive={interactive}
          playing={player.playing}
          revealed={revealed}
          onReveal={reveal}
          onPreferences={updatePreferences}
          onSeekCue={onSeekCue}
          onToggleLoop={onToggleLoop}
          onShadow={onShadow}
          onWord={onWord}
        />
      </div>
      {word ? (
        <WordPopover
          key={word.key}
          lessonId={lessonId}
          target={word}
          scheme={scheme}
          cache={wordCache}
          statusOverrides={wordTint.changed}
          onClose={closeWord}
          onHear={hearWord}
          onStatus={wordTint.setStatus}
        />
      ) : null}
      {shadowCue && shadowIndex !== null ? (
        <Suspense fallback={null}>
          <ShadowPanel
            key={shadowCue.id}
            target={{
              lessonId,
              lessonTitle: title,
              lessonPath: typeof window === "undefined" ? "" : window.location.pathname,
              cue: shadowCue,
              lineNumber: shadowIndex + 1,
            }}
            videoRef={player.videoRef}
            baseRate={preferences.rate}
            member={!guest}
            intelligibilityCheck={intelligibilityCheck && !guest}
            onBeforePlay={stopLoopForShadow}
            onClose={() => setShadowIndex(null)}
          />
        </Suspense>
      ) : null}
      {shortcutsAsked ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The member's word statuses for this lesson (GET /api/lessons/{id}/word-statuses), loaded the first time the
 * tint is on, and the statuses set on this page since (from any word's popup), which win over what was loaded.
 */
function useWordTint(lessonId: number, enabled: boolean) {
  const api = useApi();
  const [loaded, setLoaded] = useState<{
    lines: Record<string, Array<number | null>>;
    statuses: Record<string, WordStatus>;
  } | null>(null);
  const [changed, setChanged] = useState<ReadonlyMap<number, WordStatus>>(() => new Map());
  const asked = useRef(false);

  useEffect(() => {
    if (!enabled || asked.current) return;
    asked.current = true;
    api
      .get<{ lines: Record<string, Array<number | null>>; statuses: Record<string, WordStatus> }>(
        `/api/lessons/${lessonId}/word-statuses`,
      )
      .then(setLoaded)
      .catch(() => {
        asked.current = false; // the JSON client said why; the next toggle asks again
      });
  }, [api, enabled, lessonId]);

  const setStatus = useCallback((lemmaId: number, status: WordStatus) => {
    setChanged((current) => new Map(current).set(lemmaId, status));
  }, []);

  const tint = useMemo<WordTint | null>(() => {
    if (!loaded) return null;
    return {
      lines: loaded.lines,
      statusOf: (lemmaId) => changed.get(lemmaId) ?? loaded.statuses[String(lemmaId)] ?? "new",
    };
  }, [loaded, changed]);

  return { tint, setStatus, changed };
}
