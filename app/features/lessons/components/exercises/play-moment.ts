/** How far past a line's stored end playback may run before it is stopped (one frame or so). */
const END_TOLERANCE_MS = 40;

const stops = new WeakMap<HTMLVideoElement, () => void>();

/**
 * Pauses `video` when it reaches `endMs`, once: the learner hears exactly one line. Watching stops by
 * itself when the learner pauses or seeks somewhere else first, so it never fights their own controls.
 */
export function stopPlaybackAt(video: HTMLVideoElement, { startMs, endMs }: { startMs: number; endMs: number }) {
  stops.get(video)?.();
  let frame = 0;
  let playing = false;
  const stop = () => {
    cancelAnimationFrame(frame);
    if (stops.get(video) === stop) stops.delete(video);
  };
  const tick = () => {
    const ms = video.currentTime * 1000;
    if (!video.paused) playing = true;
    if ((playing && video.paused) || ms < startMs - 500 || ms > endMs + 1000) return stop();
    if (ms >= endMs - END_TOLERANCE_MS) {
      video.pause();
      return stop();
    }
    frame = requestAnimationFrame(tick);
  };
  stops.set(video, stop);
  frame = requestAnimationFrame(tick);
}
