/**
 * A lesson's word is said inside its video: once the lesson has a duration, a word time past its end is
 * refused. The rule of the `video_vocabulary` table, for every tool that writes it (the registry's hook,
 * which the lesson workspace writes through, and the CSV import).
 */
export const WORD_PAST_THE_END = "The time is past the end of the video.";

export function isPastTheEnd(durationSeconds: number | null | undefined, startMs: number): boolean {
  return typeof durationSeconds === "number" && durationSeconds > 0 && startMs > durationSeconds * 1000;
}
