import { useEffect, useRef, useState, type RefObject } from "react";
import { useBrowserLayoutEffect } from "~/lib/use-browser-layout-effect";

export const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * How far ahead hls.js loads. Until the learner plays, one segment: what `preload="metadata"` costs an MP4, not
 * more. Playing, half a minute, and never more than a minute: hls.js would otherwise fill 60 MB of buffer ahead
 * (`maxBufferSize`), the whole lesson at a low bit rate, on the learner's data plan.
 */
const PRELOAD_BUFFER_SECONDS = 2;
const PLAYING_BUFFER_SECONDS = 30;
const PLAYING_BUFFER_MAX_SECONDS = 60;

/** What the stream plays: the picture and sound (the master playlist), or the sound alone (its audio rendition). */
export type StreamMode = "video" | "sound";

/**
 * Whether to hand the master playlist to the browser itself: Apple's WebKit (Safari, every iOS browser), or
 * any browser that plays HLS but has no Media Source Extensions. Chromium answers "maybe" to HLS too since
 * its built-in player arrived, but hls.js chooses renditions, audio groups and buffering the same way in every
 * MSE browser, so Chromium and Firefox get hls.js (docs/video.md, ADR 046).
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  if (!video.canPlayType(HLS_TYPE)) return false;
  const hasMse = "MediaSource" in window || "ManagedMediaSource" in window;
  return !hasMse || navigator.vendor === "Apple Computer, Inc.";
}

/**
 * Whether this browser will stream a packaged lesson (`masterUrl`) now: then a lesson opened at a moment (`?t=`)
 * is only positioned there on arrival (player-workspace.tsx), and the stream plays it once attached, instead of
 * the MP4 starting and being swapped under the learner, who may already be using it.
 */
export function streamPlaysArrival(video: HTMLVideoElement, masterUrl: string | null): boolean {
  if (!masterUrl || !navigator.onLine) return false;
  return prefersNativeHls(video) || "MediaSource" in window || "ManagedMediaSource" in window;
}

/**
 * Plays a packaged lesson through adaptive streaming (docs/video.md). The server renders the whole-file MP4
 * (what plays before hydration, and the fallback); once interactive:
 * - Safari (see prefersNativeHls) gets the signed master playlist as the video's source;
 * - one with Media Source Extensions loads hls.js, a chunk of its own fetched here and nowhere else, when
 *   the page is idle, and attaches it;
 * - any other keeps the MP4, as does every browser when hls.js meets an error it cannot recover from.
 * With `soundOnly` (listening mode) the stream is the audio rendition's playlist alone: the poster stays, and
 * no picture is fetched. Turning it on or off hands over at the same moment, playing on if it was.
 * The element stays the same, so captions, transcript sync, loops and auto-pause see the same events.
 * Returns what the stream plays, null while the MP4 does.
 */
export function useAdaptiveStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: {
    masterUrl: string | null;
    audioUrl: string | null;
    mp4Url: string | null;
    startAt: number | null;
    enabled: boolean;
    soundOnly: boolean;
  },
): StreamMode | null {
  const { masterUrl, audioUrl, mp4Url, startAt, enabled, soundOnly } = options;
  const [mode, setMode] = useState<StreamMode | null>(null);
  // Where the learner was when the stream stopped for a switch between picture and sound only (same lesson):
  // the next source starts there, and plays if that one was playing.
  const handoff = useRef<{ masterUrl: string; time: number; playing: boolean } | null>(null);
  // The choice as rendered now: an effect's cleanup reads it to tell a switch from leaving the lesson.
  const soundOnlyNow = useRef(soundOnly);
  useBrowserLayoutEffect(() => {
    soundOnlyNow.current = soundOnly;
  }, [soundOnly]);
  // A lesson opened at a moment waits for the stream to play it (streamPlaysArrival), once.
  const arrivalPending = useRef(startAt !== null);

  useEffect(() => {
    const video = videoRef.current;
    const kept = handoff.current;
    handoff.current = null;
    const switching = kept && kept.masterUrl === masterUrl ? kept : null;
    const wanted: StreamMode = soundOnly && audioUrl ? "sound" : "video";
    const source = wanted === "sound" ? audioUrl : masterUrl;
    const fragment = startAt ? `#t=${startAt}` : "";
    if (!video || !enabled) return;
    const arriving = arrivalPending.current && streamPlaysArrival(video, masterUrl);
    arrivalPending.current = false;
    // The arrival's play waits for the stream; a learner who taps or types meanwhile (a line, Shadow) has taken
    // over, and the lesson does not start under them.
    let arrivalWanted = arriving;
    let onTakenOver: (() => void) | null = null;
    const takenOver = () => {
      if (!video.paused) return;
      arrivalWanted = false;
      onTakenOver?.();
    };
    const stopWatchingArrival = () => {
      document.removeEventListener("pointerdown", takenOver, { capture: true });
      document.removeEventListener("keydown", takenOver, { capture: true });
    };
    if (arriving) {
      document.addEventListener("pointerdown", takenOver, { capture: true });
      document.addEventListener("keydown", takenOver, { capture: true });
    }
    /** The MP4 plays what the stream could not: the arrival left to it, or a switch (went offline, no hls.js). */
    const mp4Instead = () => {
      if (switching && mp4Url) {
        video.src = mp4Url;
        video.currentTime = switching.time;
        if (switching.playing) void video.play().catch(() => undefined);
      } else if (arrivalWanted && video.paused) void video.play().catch(() => undefined);
      stopWatchingArrival();
    };
    // Offline, a downloaded lesson plays its kept MP4 (the service worker has no segments).
    if (!masterUrl || !source || !navigator.onLine) return mp4Instead();
    // A learner already playing or who moved in the video (before hydration, with the native controls, or before
    // hls.js was ready) keeps the MP4: a swap would stop it, and the element's reset would move the transcript
    // under them. (At 0 before the MP4's metadata positions it at `startAt`, at `startAt` after.) A switch between
    // picture and sound only is the learner's own choice, and streams.
    const untouched = () =>
      Boolean(switching) ||
      (video.paused && (video.currentTime < 0.05 || Math.abs(video.currentTime - (startAt ?? 0)) < 0.05));
    /** On a switch between picture and sound only, where the learner is: the next source starts there. */
    const keepPlaceOnSwitch = () => {
      if (soundOnlyNow.current !== soundOnly)
        handoff.current = { masterUrl, time: video.currentTime, playing: !video.paused };
    };
    // (The MP4 kept for a learner who played early still hands over: a switch is theirs, and streams.)
    if (!untouched()) {
      mp4Instead();
      return keepPlaceOnSwitch;
    }

    if (prefersNativeHls(video)) {
      const position = switching?.time ?? video.currentTime;
      const wasPlaying = arrivalWanted || (switching ? switching.playing : !video.paused);
      stopWatchingArrival();
      video.src = `${source}${fragment}`;
      if (position > 0) video.currentTime = position;
      if (wasPlaying) void video.play().catch(() => undefined);
      video.dataset.stream = "native";
      setMode(wanted);
      return () => {
        keepPlaceOnSwitch();
        if (mp4Url) video.src = `${mp4Url}${fragment}`;
        delete video.dataset.stream;
        setMode(null);
      };
    }
    if (!("MediaSource" in window || "ManagedMediaSource" in window)) return mp4Instead();

    let cancelled = false;
    let attached = false;
    let destroy: (() => void) | null = null;
    const start = () => {
      void import("hls.js")
        .then(({ default: Hls }) => {
          // …and so does one who did so before the page was idle.
          if (cancelled) return;
          if (!Hls.isSupported() || !untouched()) return mp4Instead();
          const position = switching?.time ?? (video.currentTime > 0 ? video.currentTime : (startAt ?? -1));
          const playingNow = arrivalWanted || (switching ? switching.playing : !video.paused);
          const hls = new Hls({
            // No worker: the page's CSP allows no blob: workers (server/lib/security-headers.ts), and transmuxing
            // is not needed (the renditions are fMP4 already).
            enableWorker: false,
            startPosition: position,
            maxBufferLength: playingNow ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS,
            maxMaxBufferLength: playingNow ? PLAYING_BUFFER_MAX_SECONDS : PRELOAD_BUFFER_SECONDS,
            // Lesson videos are short: a shaky start at the lowest rendition beats a stall at a high one.
            abrEwmaDefaultEstimate: 500_000,
            capLevelToPlayerSize: true,
          });
          // Whether the learner has the video playing: a media error pauses the element, and hls.js recovers on a
          // new source, which should not leave them paused.
          let playing = playingNow;
          const onPlay = () => {
            playing = true;
            stopWatchingArrival();
            hls.config.maxBufferLength = PLAYING_BUFFER_SECONDS;
            hls.config.maxMaxBufferLength = PLAYING_BUFFER_MAX_SECONDS;
          };
          const onPause = () => {
            if (!video.error) playing = false;
          };
          onTakenOver = () => {
            playing = false;
          };
          const detach = () => {
            video.removeEventListener("play", onPlay);
            video.removeEventListener("pause", onPause);
            stopWatchingArrival();
            hls.destroy();
            delete video.dataset.stream;
            setMode(null);
          };
          const fallBack = () => {
            const at = video.currentTime;
            detach();
            destroy = null;
            if (!mp4Url) return;
            video.src = mp4Url;
            video.currentTime = at;
            if (playing) void video.play().catch(() => undefined);
          };
          // Played on once the new source can play (a play() before that is cut short by its load), unless the
          // learner paused meanwhile.
          const playOnWhenReady = () =>
            video.addEventListener(
              "canplay",
              () => {
                if (playing && video.paused) void video.play().catch(() => undefined);
              },
              { once: true },
            );
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type !== Hls.ErrorTypes.MEDIA_ERROR) return fallBack();
            if (playing) playOnWhenReady();
            hls.recoverMediaError();
          });
          video.addEventListener("play", onPlay);
          video.addEventListener("pause", onPause);
          hls.loadSource(source);
          hls.attachMedia(video);
          // The arrival at `startAt` plays in the stream, and a switch's play goes on there (attaching resets the
          // element to paused).
          if (playing) playOnWhenReady();
          video.dataset.stream = "hls.js";
          setMode(wanted);
          destroy = detach;
          attached = true;
        })
        .catch(() => {
          // The chunk did not load (the network went between the page and it): the MP4 plays instead.
          if (!cancelled) mp4Instead();
        });
    };
    // Arriving at a moment, the learner waits for the stream to play; a switch is theirs: both at once.
    const now = arriving || Boolean(switching);
    const whenIdle = !now && Boolean(window.requestIdleCallback);
    const idle = whenIdle
      ? window.requestIdleCallback(start, { timeout: 1500 })
      : window.setTimeout(start, now ? 0 : 200);
    return () => {
      cancelled = true;
      stopWatchingArrival();
      keepPlaceOnSwitch();
      // Left before the stream took it (the stored choices arrived, say): the next source plays the arrival.
      if (arrivalWanted && !attached) arrivalPending.current = true;
      if (whenIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      destroy?.();
    };
  }, [videoRef, masterUrl, audioUrl, mp4Url, startAt, enabled, soundOnly]);

  return mode;
}
