/**
 * Where a lesson's duration came from (docs/admin-resources.md "Publishing checklist", ADR 041). Durations are
 * read from the media, never typed: "media" is the server reading the MP4's header (server/lib/mp4-duration.ts)
 * when the video is uploaded or re-read; "browser" is the admin's browser reading a container the server cannot
 * (WebM, Matroska) while uploading it; "typed" is a duration entered by hand before that, which the publishing
 * checklist asks to re-read from the video.
 */
export const DURATION_SOURCES = ["media", "browser", "typed"] as const;
export type DurationSource = (typeof DURATION_SOURCES)[number];

export const DURATION_SOURCE_LABELS: Record<DurationSource, string> = {
  media: "read from the video file when it was uploaded",
  browser: "read by the browser from the video file while uploading it",
  typed: "typed by hand (not read from the video)",
};

export function isReadFromMedia(source: DurationSource, seconds: number): boolean {
  return seconds > 0 && source !== "typed";
}
