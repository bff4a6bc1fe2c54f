/**
 * Text for search engines and link previews (docs/seo.md): summaries of the descriptions' plain text,
 * ISO 8601 durations, the lesson's language. Pure: the pages' `meta` (server and browser), the sitemap and
 * the tests share it.
 */

/** BCP 47 for Levantine Arabic (ISO 639-3 `apc`), the language every lesson is spoken in. */
export const LESSON_LANGUAGE = "apc";

/** The text cut to `max` characters at a word boundary, with an ellipsis when cut (a search result's length). */
export function summarize(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** ISO 8601 duration, as schema.org's `duration` wants it: 252 → "PT4M12S", 3609 → "PT1H9S", 0 → "PT0S". */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (seconds === 0) return "PT0S";
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
}

/**
 * A lesson's description for search results and previews: its own summary (already plain text: the server
 * reads the Markdown, server/lib/markdown.ts `markdownToText`), or a line naming it.
 */
export function lessonSummary(lesson: { title: string; descriptionText: string }, max = 160): string {
  const text = lesson.descriptionText.trim();
  if (!text) return summarize(`${lesson.title}: a Levantine Arabic video lesson with an interactive transcript.`, max);
  return summarize(text, max);
}
