/** Pure timing helpers of the transcript player (cue times in milliseconds, sorted by start). */

export interface TimedCue {
  startMs: number;
  endMs: number;
}

/** The line being spoken at `timeMs`: the last cue that has started (it stays lit through a pause between lines), -1 before the first. */
export function findActiveCueIndex(cues: readonly TimedCue[], timeMs: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.startMs <= timeMs) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** How far into a line "previous" still means "start of this line" rather than "the line before". */
export const RESTART_THRESHOLD_MS = 1200;

/** Where ← goes: the start of the current line when well into it, otherwise the line before. */
export function previousCueIndex(cues: readonly TimedCue[], timeMs: number): number {
  if (cues.length === 0) return -1;
  const active = findActiveCueIndex(cues, timeMs);
  if (active < 0) return 0;
  if (timeMs - cues[active]!.startMs > RESTART_THRESHOLD_MS) return active;
  return Math.max(0, active - 1);
}

/** Where → goes: the next line, or -1 after the last one. */
export function nextCueIndex(cues: readonly TimedCue[], timeMs: number): number {
  const next = findActiveCueIndex(cues, timeMs) + 1;
  return next < cues.length ? next : -1;
}

/** Playback leaves a cue this much before its stored end, so a loop or auto-pause never clips the next line's first sound. */
export const CUE_END_TOLERANCE_MS = 40;

export function hasReachedCueEnd(cue: TimedCue, timeMs: number): boolean {
  return timeMs >= cue.endMs - CUE_END_TOLERANCE_MS;
}

/** Whether the learner should be offered to continue where they stopped. */
export function shouldOfferResume(
  progress: { positionSeconds: number; completed: boolean } | null,
  durationSeconds: number,
  startAt: number | null,
): boolean {
  if (!progress || progress.completed || startAt !== null) return false;
  if (progress.positionSeconds < 3) return false;
  return durationSeconds <= 0 || progress.positionSeconds < durationSeconds - 3;
}

/** How long a line's captions stay on the video after it ends, when no other line has started yet. */
export const CAPTION_LINGER_MS = 1500;

/** The line whose captions show on the video at `timeMs`: the active line until a little after its end, else -1. */
export function captionCueIndex(cues: readonly TimedCue[], timeMs: number): number {
  const index = findActiveCueIndex(cues, timeMs);
  const cue = cues[index];
  if (!cue) return -1;
  return timeMs < cue.endMs + CAPTION_LINGER_MS ? index : -1;
}
