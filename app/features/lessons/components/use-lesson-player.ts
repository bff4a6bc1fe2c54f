import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { findActiveCueIndex, hasReachedCueEnd, nextCueIndex, previousCueIndex, type TimedCue } from "#core/cue-math";
import { loopPass, type LoopEnd, type LoopMode, type LoopPass } from "#core/player";

/** How often the time display and the seek bar follow playback (the loop/auto-pause checks run every frame). */
const UI_UPDATE_MS = 200;

export interface LessonPlayer {
  videoRef: React.RefObject<HTMLVideoElement>;
  playing: boolean;
  started: boolean;
  ended: boolean;
  time: number;
  duration: number;
  rate: number;
  activeIndex: number;
  loopIndex: number | null;
  /** The running loop's pass (from 1), its number of passes and its speed; null without a loop. */
  loopPass: LoopPass | null;
  play: () => void;
  pause: () => void;
  toggle: () => void;
  seekTo: (seconds: number, options?: { play?: boolean }) => void;
  seekToCue: (index: number, options?: { play?: boolean }) => void;
  previousLine: () => void;
  nextLine: () => void;
  repeatLine: () => void;
  toggleLoop: (index?: number) => void;
}

interface LoopState {
  index: number;
  pass: LoopPass;
}

/**
 * State and commands of one lesson video: the active transcript line, loop of a line, auto-pause at the
 * end of each line, speed and seeking. The `<video>` element stays the source of truth for time.
 */
export function useLessonPlayer({
  cues,
  initialTime,
  fallbackDuration,
  autoPause,
  rate,
  loopMode,
  loopEnd,
}: {
  cues: readonly TimedCue[];
  initialTime: number;
  fallbackDuration: number;
  autoPause: boolean;
  rate: number;
  loopMode: LoopMode;
  loopEnd: LoopEnd;
}): LessonPlayer {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [ended, setEnded] = useState(false);
  const [time, setTime] = useState(initialTime);
  const initialPending = useRef(initialTime > 0);
  const [duration, setDuration] = useState(fallbackDuration);
  const [loop, setLoopState] = useState<LoopState | null>(null);

  // The frame loop reads these refs; the state above only draws the UI.
  const loopRef = useRef<LoopState | null>(null);
  const setLoop = useCallback((next: LoopState | null) => {
    loopRef.current = next;
    setLoopState(next);
  }, []);
  const settingsRef = useRef({ loopMode, loopEnd, rate });
  useEffect(() => {
    settingsRef.current = { loopMode, loopEnd, rate };
  }, [loopMode, loopEnd, rate]);
  const autoPauseRef = useRef(autoPause);
  /** The line auto-pause last stopped at, so resuming does not stop again at once. */
  const autoPausedAtRef = useRef(-1);
  useEffect(() => {
    autoPauseRef.current = autoPause;
    autoPausedAtRef.current = -1;
  }, [autoPause]);

  const activeIndex = useMemo(() => findActiveCueIndex(cues, time * 1000), [cues, time]);

  // Speed comes from the learner's stored choice, or from the running loop's pass (rising speeds).
  const effectiveRate = loop?.pass.rate ?? rate;
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.playbackRate !== effectiveRate) video.playbackRate = effectiveRate;
  }, [effectiveRate]);

  // A new loop mode or speed applies to the running loop from its current pass.
  useEffect(() => {
    const current = loopRef.current;
    if (!current) return;
    const pass = loopPass(loopMode, current.pass.pass, rate) ?? loopPass(loopMode, 1, rate);
    if (pass) setLoop({ index: current.index, pass });
  }, [loopMode, rate, setLoop]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const sync = () => setTime(video.currentTime);
    const onPlay = () => {
      setPlaying(true);
      setStarted(true);
      setEnded(false);
    };
    const onPause = () => {
      setPlaying(false);
      sync();
    };
    const onEnded = () => {
      setPlaying(false);
      setEnded(true);
      sync();
    };
    const onMetadata = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) setDuration(video.duration);
      video.playbackRate = loopRef.current?.pass.rate ?? settingsRef.current.rate;
      // The arrival's moment, once: a later source (the stream taking over, sound only) starts where it is handed.
      if (initialPending.current) {
        initialPending.current = false;
        if (video.currentTime < 0.01) video.currentTime = initialTime;
      }
    };
    // timeupdate keeps the display right while paused, seeking or in a background tab (no animation frames).
    const onTimeUpdate = () => {
      if (video.paused) sync();
    };
    if (video.readyState >= 1) onMetadata();
    if (!video.paused) onPlay();
    video.addEventListener("play", onPlay);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onEnded);
    video.addEventListener("loadedmetadata", onMetadata);
    video.addEventListener("seeked", sync);
    video.addEventListener("timeupdate", onTimeUpdate);
    return () => {
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onEnded);
      video.removeEventListener("loadedmetadata", onMetadata);
      video.removeEventListener("seeked", sync);
      video.removeEventListener("timeupdate", onTimeUpdate);
    };
    // Wired once per element; rate and start time are read at metadata time on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // While playing: every frame, check the loop and auto-pause; a few times a second, update the display.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let lastUpdate = 0;
    const tick = (now: number) => {
      const video = videoRef.current;
      if (!video) return;
      const ms = video.currentTime * 1000;
      const loop = loopRef.current;
      const loopCue = loop === null ? undefined : cues[loop.index];
      if (loop && loopCue) {
        if (ms < loopCue.startMs - 500) video.currentTime = loopCue.startMs / 1000;
        else if (hasReachedCueEnd(loopCue, ms)) {
          const { loopMode: mode, loopEnd: end, rate: baseRate } = settingsRef.current;
          const next = loopPass(mode, loop.pass.pass + 1, baseRate);
          if (next) {
            setLoop({ index: loop.index, pass: next });
            video.playbackRate = next.rate;
            video.currentTime = loopCue.startMs / 1000;
          } else {
            // All passes played: back to the learner's speed, then on to the next line or a stop here.
            setLoop(null);
            video.playbackRate = baseRate;
            autoPausedAtRef.current = loop.index;
            if (end === "stop") video.pause();
          }
        }
      } else if (autoPauseRef.current) {
        const index = findActiveCueIndex(cues, ms);
        const cue = cues[index];
        if (cue && index !== autoPausedAtRef.current && hasReachedCueEnd(cue, ms)) {
          autoPausedAtRef.current = index;
          video.pause();
        }
      }
      if (now - lastUpdate >= UI_UPDATE_MS) {
        lastUpdate = now;
        setTime(video.currentTime);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, cues, setLoop]);

  const play = useCallback(() => {
    void videoRef.current?.play().catch(() => undefined);
  }, []);
  const pause = useCallback(() => videoRef.current?.pause(), []);
  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  }, []);

  const seekTo = useCallback((seconds: number, options: { play?: boolean } = {}) => {
    const video = videoRef.current;
    if (!video) return;
    const limit = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), limit);
    video.currentTime = target;
    setTime(target);
    autoPausedAtRef.current = -1;
    if (options.play) void video.play().catch(() => undefined);
  }, []);

  const seekToCue = useCallback(
    (index: number, options: { play?: boolean } = { play: true }) => {
      const cue = cues[index];
      if (!cue) return;
      // A loop follows the learner to the line they picked, from its first pass.
      const current = loopRef.current;
      if (current) {
        const { loopMode: mode, rate: baseRate } = settingsRef.current;
        const pass = loopPass(mode, 1, baseRate);
        setLoop(pass ? { index, pass } : null);
      }
      seekTo(cue.startMs / 1000, options);
    },
    [cues, seekTo, setLoop],
  );

  const currentMs = () => (videoRef.current?.currentTime ?? 0) * 1000;
  const previousLine = useCallback(() => {
    const index = previousCueIndex(cues, (videoRef.current?.currentTime ?? 0) * 1000);
    if (index >= 0) seekToCue(index, { play: !videoRef.current?.paused });
  }, [cues, seekToCue]);
  const nextLine = useCallback(() => {
    const index = nextCueIndex(cues, (videoRef.current?.currentTime ?? 0) * 1000);
    if (index >= 0) seekToCue(index, { play: !videoRef.current?.paused });
  }, [cues, seekToCue]);
  const repeatLine = useCallback(() => {
    const index = Math.max(0, findActiveCueIndex(cues, (videoRef.current?.currentTime ?? 0) * 1000));
    seekToCue(index, { play: true });
  }, [cues, seekToCue]);

  const toggleLoop = useCallback(
    (index?: number) => {
      const target = index ?? Math.max(0, findActiveCueIndex(cues, currentMs()));
      if (!cues[target]) return;
      const turningOn = loopRef.current?.index !== target;
      const { loopMode: mode, rate: baseRate } = settingsRef.current;
      const first = turningOn ? loopPass(mode, 1, baseRate) : null;
      setLoop(first ? { index: target, pass: first } : null);
      if (first && videoRef.current) videoRef.current.playbackRate = first.rate;
      if (first) {
        const cue = cues[target]!;
        const ms = currentMs();
        if (ms < cue.startMs || ms >= cue.endMs) seekTo(cue.startMs / 1000, { play: true });
        else if (videoRef.current?.paused) void videoRef.current.play().catch(() => undefined);
      }
    },
    [cues, seekTo, setLoop],
  );

  return {
    videoRef,
    playing,
    started,
    ended,
    time,
    duration,
    rate: effectiveRate,
    activeIndex,
    loopIndex: loop?.index ?? null,
    loopPass: loop?.pass ?? null,
    play,
    pause,
    toggle,
    seekTo,
    seekToCue,
    previousLine,
    nextLine,
    repeatLine,
    toggleLoop,
  };
}
