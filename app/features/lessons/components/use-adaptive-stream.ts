import type Hls from "hls.js";
import type { FragBufferedData } from "hls.js";
import { useEffect, useRef, useState, type RefObject } from "react";
// hls.js's own minified ES module, served as a file of its own: its address is known here, so the page can fetch it
// early (a prefetch, no evaluation) and import the same file, from the browser's cache, when the learner arrives.
import hlsModuleUrl from "hls.js/dist/hls.min.mjs?url";
import { useBrowserLayoutEffect } from "~/lib/use-browser-layout-effect";
import { START_ESTIMATE_BPS, warmStream, type WarmStream } from "./stream-warmup";

export const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * How far ahead hls.js loads. Until the learner plays, one segment: what `preload="metadata"` costs an MP4, not
 * more. Playing, half a minute, and never more than a minute: hls.js would otherwise fill 60 MB of buffer ahead
 * (`maxBufferSize`), the whole lesson at a low bit rate, on the learner's data plan.
 */
const PRELOAD_BUFFER_SECONDS = 2;
const PLAYING_BUFFER_SECONDS = 30;
const PLAYING_BUFFER_MAX_SECONDS = 60;

/**
 * What tells the page a learner is here, about to use the player: a pointer moving or pressing, a touch, a key, a
 * wheel. hls.js is evaluated on the first (one long task: paid at load, it was most of the lesson page's blocking
 * time), never for a visitor who only reads.
 */
const PRESENCE_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "wheel"] as const;

/** hls.js, imported from its own file (see hlsModuleUrl). */
const importHls = () => import(/* @vite-ignore */ hlsModuleUrl) as Promise<{ default: typeof Hls }>;

/** Fetches hls.js into the browser's cache without running it, once per page. */
let prefetched = false;
function prefetchHls() {
  if (prefetched) return;
  prefetched = true;
  const link = document.createElement("link");
  link.rel = "prefetch";
  link.as = "script";
  link.href = hlsModuleUrl;
  link.crossOrigin = "anonymous";
  document.head.appendChild(link);
}

/** Whether the learner's browser asks pages to save data (Chromium's Data Saver, `Save-Data`). */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

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
 * Attaches hls.js to the element, the stream starting at `position` and playing on there if `playing`; returns
 * how to take it off again, and how to tell it the learner has stopped (see takenOver). An error the stream cannot
 * get past gives the element back to the MP4 at the same moment, playing on if the learner was.
 */
function attachHls(
  HlsPlayer: typeof Hls,
  video: HTMLVideoElement,
  options: {
    source: string;
    position: number;
    playing: boolean;
    mp4Url: string | null;
    /** What the page fetched ahead of the stream (stream-warmup.ts), when the stream starts where it did. */
    warm: WarmStream | null;
    /** Plays the element (settling the plays held for the stream). */
    playNow: () => void;
    onPlay: () => void;
    onDetached: () => void;
  },
): { detach: () => void; stopPlaying: () => void } {
  const { source, mp4Url, playNow } = options;
  const hls = new HlsPlayer({
    // No worker: the page's CSP allows no blob: workers (server/lib/security-headers.ts), and transmuxing is not
    // needed (the renditions are fMP4 already).
    enableWorker: false,
    startPosition: options.position,
    maxBufferLength: options.playing ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS,
    maxMaxBufferLength: options.playing ? PLAYING_BUFFER_MAX_SECONDS : PRELOAD_BUFFER_SECONDS,
    abrEwmaDefaultEstimate: START_ESTIMATE_BPS,
    capLevelToPlayerSize: true,
  });
  const { warm } = options;
  if (warm) {
    // Starts on the rendition whose first pieces the page fetched ahead (hls.js sorts its levels its own way).
    hls.once(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
      const index = warm.startUri ? data.levels.findIndex((level) => level.uri.endsWith(`/${warm.startUri}`)) : -1;
      if (index >= 0) hls.startLevel = index;
    });
    // That first segment came from the browser's cache, in no time: measured as it is, it would make the network
    // look boundless and send the next segment at the top rendition. The rate measured while fetching it ahead
    // stands instead.
    const forgetCachedSample = (_event: unknown, data: FragBufferedData) => {
      if (data.frag.type !== "main" || data.frag.sn !== 0) return;
      hls.off(HlsPlayer.Events.FRAG_BUFFERED, forgetCachedSample);
      hls.bandwidthEstimate = warm.measuredBps ?? START_ESTIMATE_BPS;
    };
    hls.on(HlsPlayer.Events.FRAG_BUFFERED, forgetCachedSample);
  }
  // Whether the learner has the video playing (an element's error pauses it, which is not theirs), and where the
  // video last was: the MP4 taking over goes on from there.
  let playing = options.playing;
  let detached = false;
  let lastPosition = Math.max(0, options.position);
  const onTimeUpdate = () => {
    if (video.readyState > HTMLMediaElement.HAVE_NOTHING) lastPosition = video.currentTime;
  };
  const onPlay = () => {
    playing = true;
    options.onPlay();
    hls.config.maxBufferLength = PLAYING_BUFFER_SECONDS;
    hls.config.maxMaxBufferLength = PLAYING_BUFFER_MAX_SECONDS;
  };
  const onPause = () => {
    if (!video.error) playing = false;
  };
  const detach = () => {
    if (detached) return;
    detached = true;
    video.removeEventListener("play", onPlay);
    video.removeEventListener("pause", onPause);
    video.removeEventListener("error", onElementError);
    video.removeEventListener("timeupdate", onTimeUpdate);
    hls.destroy();
    delete video.dataset.stream;
    options.onDetached();
  };
  const fallBack = () => {
    // (An element that hls.js has reset, or that failed, no longer knows where it was.)
    const at = video.readyState > HTMLMediaElement.HAVE_NOTHING ? video.currentTime : lastPosition;
    detach();
    if (!mp4Url) return;
    video.src = mp4Url;
    video.currentTime = at;
    if (playing) void video.play().catch(() => undefined);
  };
  // A play the stream starts with (the arrival, a held play, a switch's): played once the stream can play (a play()
  // before that is cut short by its load), unless the learner paused meanwhile.
  const playOnWhenReady = () =>
    video.addEventListener(
      "canplay",
      () => {
        if (playing && video.paused) playNow();
      },
      { once: true },
    );
  // Any error hls.js cannot get past hands over to the MP4, and so does a piece the browser refused: hls.js would
  // rebuild the element's source and start again from the beginning, or stall there with pieces still refused.
  const refused: string[] = [
    HlsPlayer.ErrorDetails.BUFFER_APPEND_ERROR,
    HlsPlayer.ErrorDetails.MEDIA_SOURCE_REQUIRES_RESET,
  ];
  hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
    if (data.fatal || refused.includes(data.details)) fallBack();
  });
  // So does the element refusing what it was given (a segment its demuxer or decoder cannot read), which hls.js
  // does not count as fatal: the learner would be left paused there.
  function onElementError() {
    if (video.error) fallBack();
  }
  video.addEventListener("play", onPlay);
  video.addEventListener("pause", onPause);
  video.addEventListener("error", onElementError);
  video.addEventListener("timeupdate", onTimeUpdate);
  // The element first, then the playlists: hls.js asks for the first segment as the rendition's playlist arrives
  // only if the element is ready by then; otherwise on its next tick, 100 ms later (longer than the element takes).
  hls.once(HlsPlayer.Events.MEDIA_ATTACHED, () => hls.loadSource(source));
  hls.attachMedia(video);
  // The arrival at `startAt`, or a play held for the stream, plays in the stream, and a switch's play goes on there
  // (attaching resets the element to paused).
  if (playing) playOnWhenReady();
  video.dataset.stream = "hls.js";
  return {
    detach,
    stopPlaying: () => {
      playing = false;
    },
  };
}

/**
 * Plays a packaged lesson through adaptive streaming (docs/video.md). The server renders the whole-file MP4
 * (what plays before hydration, and the fallback); once interactive:
 * - Safari (see prefersNativeHls) gets the signed master playlist as the video's source;
 * - one with Media Source Extensions fetches hls.js (a file of its own, used here and nowhere else) when the page
 *   is idle, runs it when the learner shows up (a pointer, a touch, a key) or asks to play, and attaches it;
 * - any other keeps the MP4, as does every browser when hls.js meets an error it cannot recover from.
 * With `soundOnly` (listening mode) the stream is the audio rendition's playlist alone: the poster stays, and
 * no picture is fetched. Turning it on or off hands over at the same moment, playing on if it was.
 * The element stays the same, so captions, transcript sync, loops and auto-pause see the same events.
 * Returns what the stream plays (null while the MP4 does), and whether a play asked for is waiting for the stream
 * to start (see holdPlay): the player shows it is on its way.
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
): { mode: StreamMode | null; starting: boolean } {
  const { masterUrl, audioUrl, mp4Url, startAt, enabled, soundOnly } = options;
  const [mode, setMode] = useState<StreamMode | null>(null);
  const [starting, setStarting] = useState(false);
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
  // Plays asked for before the stream was attached (see holdPlay), kept across a new source: each caller's
  // promise settles as the play that follows does.
  const heldPlays = useRef<Array<(played: Promise<void>) => void>>([]);

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
    // Whether a play is held for the stream (see holdPlay); one held by the previous source, left before its stream
    // took it, is this one's to play.
    let held = heldPlays.current.length > 0;
    // Whether the stream plays once attached: the arrival, or a held play. A learner who taps or types meanwhile (a
    // line, Shadow) has taken over the arrival, and the lesson does not start under them.
    let playWanted = arriving || held;
    const playNow = () => {
      setStarting(false);
      const played = video.play();
      for (const settle of heldPlays.current.splice(0)) settle(played);
      played.catch(() => undefined);
    };
    let onTakenOver: (() => void) | null = null;
    const takenOver = () => {
      if (!video.paused) return;
      playWanted = false;
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
    // Whether the video is where the page put it: at 0 (before the MP4's metadata positions it at `startAt`), or
    // within `tolerance` seconds of `startAt`.
    const atStart = (tolerance: number) =>
      video.currentTime < 0.05 || Math.abs(video.currentTime - (startAt ?? 0)) < tolerance;
    // An arrival the MP4 plays instead plays from its moment only: moved elsewhere (the native controls, a seek
    // made by the page), the lesson waits there.
    const atArrival = () => atStart(0.5);
    /** The MP4 plays what the stream could not: the play it was to start, or a switch (went offline, no hls.js). */
    const mp4Instead = () => {
      stopWatchingArrival();
      setStarting(false);
      if (switching && mp4Url) {
        video.src = mp4Url;
        video.currentTime = switching.time;
        if (switching.playing) void video.play().catch(() => undefined);
      } else if (playWanted && video.paused && (held || atArrival())) playNow();
    };
    // Offline, a downloaded lesson plays its kept MP4 (the service worker has no segments).
    if (!masterUrl || !source || !navigator.onLine) return mp4Instead();
    // A learner already playing or who moved in the video (before hydration, with the native controls, or before
    // hls.js was ready) keeps the MP4: a swap would stop it, and the element's reset would move the transcript
    // under them. A switch between picture and sound only is the learner's own choice, and streams, as does a play
    // held for the stream.
    const untouched = () => Boolean(switching) || held || (video.paused && atStart(0.05));
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
      const wasPlaying = playWanted || (switching ? switching.playing : !video.paused);
      stopWatchingArrival();
      video.src = `${source}${fragment}`;
      if (position > 0) video.currentTime = position;
      if (wasPlaying) playNow();
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
    let begun = false;
    let attached = false;
    let destroy: (() => void) | null = null;
    // What the page fetches ahead when it is idle: hls.js (not run), and the start of a lesson played from its
    // start (stream-warmup.ts), unless the learner asked their browser to save data.
    let warming: Promise<WarmStream | null> | null = null;
    const stopWarming = new AbortController();
    const prepare = () => {
      prefetchHls();
      if (startAt || savingData() || begun) return;
      warming = warmStream(source, stopWarming.signal);
    };
    const stopWatchingPresence = () => {
      for (const type of PRESENCE_EVENTS) document.removeEventListener(type, begin, { capture: true });
    };
    const stopWaiting = () => {
      stopWatchingPresence();
      Reflect.deleteProperty(video, "play");
    };
    const fallBackToMp4 = () => {
      stopWaiting();
      mp4Instead();
    };
    const begin = () => {
      if (begun || cancelled) return;
      begun = true;
      stopWatchingPresence();
      // A warm-up under way is ahead of where hls.js would start: it is waited for, not fetched twice.
      void Promise.all([importHls(), warming])
        .then(([{ default: HlsPlayer }, warmed]) => {
          // …and so does one who did so before hls.js was ready.
          if (cancelled) return;
          if (!HlsPlayer.isSupported() || !untouched()) return fallBackToMp4();
          stopWaiting();
          const position = switching?.time ?? (video.currentTime > 0 ? video.currentTime : (startAt ?? -1));
          const stream = attachHls(HlsPlayer, video, {
            source,
            position,
            warm: position <= 0 ? warmed : null,
            playing: playWanted || (switching ? switching.playing : !video.paused),
            mp4Url,
            playNow,
            onPlay: stopWatchingArrival,
            onDetached: () => {
              stopWatchingArrival();
              setMode(null);
            },
          });
          onTakenOver = stream.stopPlaying;
          setMode(wanted);
          destroy = stream.detach;
          attached = true;
        })
        .catch(() => {
          // The file did not load (the network went between the page and it): the MP4 plays instead.
          if (!cancelled) fallBackToMp4();
        });
    };
    /**
     * A play asked for before the stream is attached (Play, a line, a key, the media keys, Shadow) waits for it:
     * the element's own `play()` is stood in for until then, so the MP4 never starts (no play, no pause, no
     * progress written for it), and the stream plays from that moment once it can.
     */
    const holdPlay = () => {
      held = true;
      playWanted = true;
      setStarting(true);
      begin();
      return new Promise<void>((resolve) => heldPlays.current.push(resolve));
    };
    video.play = holdPlay;
    // Arriving at a moment, the learner waits for the stream to play; a switch is theirs: both at once. Otherwise
    // hls.js is fetched when the page is idle and run when the learner shows up (PRESENCE_EVENTS).
    const now = arriving || held || Boolean(switching);
    // (Every browser that streams through hls.js has requestIdleCallback; one without would fetch it on presence.)
    let idle: number | null = null;
    if (held) setStarting(true);
    if (now) begin();
    else {
      for (const type of PRESENCE_EVENTS) document.addEventListener(type, begin, { capture: true, passive: true });
      if ("requestIdleCallback" in window) idle = window.requestIdleCallback(prepare, { timeout: 3000 });
    }
    return () => {
      cancelled = true;
      stopWaiting();
      setStarting(false);
      stopWatchingArrival();
      keepPlaceOnSwitch();
      // Left before the stream took it (the stored choices arrived, say): the next source plays the arrival, and
      // the plays held here (heldPlays).
      if (playWanted && !held && !attached) arrivalPending.current = true;
      if (idle !== null) window.cancelIdleCallback(idle);
      stopWarming.abort();
      destroy?.();
    };
  }, [videoRef, masterUrl, audioUrl, mp4Url, startAt, enabled, soundOnly]);

  return { mode, starting };
}
