import { useEffect, type RefObject } from "react";

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
 * A lesson opened at a moment (`?t=`: the library's "continue", a search result) plays from there on arrival
 * (player-workspace.tsx), on the MP4 until the stream is ready: within this many seconds of its start the stream
 * still takes over, at the same moment and playing on.
 */
const ARRIVAL_SWAP_SECONDS = 5;

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
 * Plays a packaged lesson through adaptive streaming (docs/video.md). The server renders the whole-file MP4
 * (what plays before hydration, and the fallback); once interactive:
 * - Safari (see prefersNativeHls) gets the signed master playlist as the video's source;
 * - one with Media Source Extensions loads hls.js, a chunk of its own fetched here and nowhere else, when
 *   the page is idle, and attaches it;
 * - any other keeps the MP4, as does every browser when hls.js meets an error it cannot recover from.
 * The element stays the same, so captions, transcript sync, loops and auto-pause see the same events.
 */
export function useAdaptiveStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: { masterUrl: string | null; mp4Url: string | null; startAt: number | null; enabled: boolean },
) {
  const { masterUrl, mp4Url, startAt, enabled } = options;
  useEffect(() => {
    const video = videoRef.current;
    // Offline, a downloaded lesson plays its kept MP4 (the service worker has no segments).
    if (!video || !masterUrl || !enabled || !navigator.onLine) return;
    const fragment = startAt ? `#t=${startAt}` : "";
    // A learner already playing or who moved in the video (before hydration, with the native controls) keeps the
    // MP4: a swap would stop it, and the element's reset would move the transcript under them.
    // (At 0 before the MP4's metadata positions it at `startAt`, at `startAt` after.) The one play that is ours,
    // the arrival's from `startAt`, is swapped in its first seconds, playing on from where it is.
    const untouched = () => {
      const time = video.currentTime;
      if (video.paused) return time < 0.05 || Math.abs(time - (startAt ?? 0)) < 0.05;
      return startAt !== null && time > startAt - 0.05 && time < startAt + ARRIVAL_SWAP_SECONDS;
    };
    if (!untouched()) return;
    if (prefersNativeHls(video)) {
      const position = video.currentTime;
      const wasPlaying = !video.paused;
      video.src = `${masterUrl}${fragment}`;
      if (position > 0) video.currentTime = position;
      if (wasPlaying) void video.play().catch(() => undefined);
      video.dataset.stream = "native";
      return () => {
        if (mp4Url) video.src = `${mp4Url}${fragment}`;
        delete video.dataset.stream;
      };
    }
    if (!("MediaSource" in window || "ManagedMediaSource" in window)) return;

    let cancelled = false;
    let destroy: (() => void) | null = null;
    const start = () => {
      void import("hls.js").then(({ default: Hls }) => {
        // …and so does one who did so before the page was idle.
        if (cancelled || !Hls.isSupported() || !untouched()) return;
        const position = video.currentTime > 0 ? video.currentTime : (startAt ?? -1);
        const hls = new Hls({
          // No worker: the page's CSP allows no blob: workers (server/lib/security-headers.ts), and transmuxing
          // is not needed (the renditions are fMP4 already).
          enableWorker: false,
          startPosition: position,
          maxBufferLength: video.paused ? PRELOAD_BUFFER_SECONDS : PLAYING_BUFFER_SECONDS,
          maxMaxBufferLength: video.paused ? PRELOAD_BUFFER_SECONDS : PLAYING_BUFFER_MAX_SECONDS,
          // Lesson videos are short: a shaky start at the lowest rendition beats a stall at a high one.
          abrEwmaDefaultEstimate: 500_000,
          capLevelToPlayerSize: true,
        });
        // Whether the learner has the video playing: a media error pauses the element, and hls.js recovers on a
        // new source, which should not leave them paused.
        let playing = !video.paused;
        const onPlay = () => {
          playing = true;
          hls.config.maxBufferLength = PLAYING_BUFFER_SECONDS;
          hls.config.maxMaxBufferLength = PLAYING_BUFFER_MAX_SECONDS;
        };
        const onPause = () => {
          if (!video.error) playing = false;
        };
        const fallBack = () => {
          hls.destroy();
          video.removeEventListener("play", onPlay);
          video.removeEventListener("pause", onPause);
          delete video.dataset.stream;
          if (mp4Url) {
            const at = video.currentTime;
            video.src = mp4Url;
            if (at > 0) video.currentTime = at;
          }
        };
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type !== Hls.ErrorTypes.MEDIA_ERROR) return fallBack();
          // Played on once the new source can play (a play() before that is cut short by its load).
          if (playing)
            video.addEventListener("canplay", () => void video.play().catch(() => undefined), { once: true });
          hls.recoverMediaError();
        });
        video.addEventListener("play", onPlay);
        video.addEventListener("pause", onPause);
        hls.loadSource(masterUrl);
        hls.attachMedia(video);
        // The arrival's play from `startAt` goes on in the stream (attaching reset the element to paused).
        if (playing) video.addEventListener("canplay", () => void video.play().catch(() => undefined), { once: true });
        video.dataset.stream = "hls.js";
        destroy = () => {
          video.removeEventListener("play", onPlay);
          video.removeEventListener("pause", onPause);
          hls.destroy();
          delete video.dataset.stream;
        };
      });
    };
    // Arriving at a moment, the MP4 is already playing: the sooner the stream takes over, the less of it loads.
    const whenIdle = startAt === null && Boolean(window.requestIdleCallback);
    const idle = whenIdle
      ? window.requestIdleCallback(start, { timeout: 1500 })
      : window.setTimeout(start, startAt === null ? 200 : 0);
    return () => {
      cancelled = true;
      if (whenIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      destroy?.();
    };
  }, [videoRef, masterUrl, mp4Url, startAt, enabled]);
}
