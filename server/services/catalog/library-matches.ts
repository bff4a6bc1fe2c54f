import type { HighlightSegment, LibraryMatch } from "#core/library-query";
import { highlightMatches, type SearchMatch, type SearchTerms } from "../search";

// What a library search shows under a lesson: its best matching line, marked, or an excerpt of its description.

const EXCERPT_BEFORE = 50;
const EXCERPT_LENGTH = 170;

/** A window of a long text around its first match, cut at spaces, with ellipses where it was cut. */
function excerptAroundMatch(text: string, terms: SearchTerms): HighlightSegment[] {
  const segments = highlightMatches(text, terms);
  if (text.length <= EXCERPT_LENGTH) return segments;
  let offset = 0;
  for (const segment of segments) {
    if (segment.match) break;
    offset += segment.text.length;
  }
  let start = Math.max(0, offset - EXCERPT_BEFORE);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  const cut = `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
  return highlightMatches(cut, terms);
}

export function toLibraryMatch(found: SearchMatch, description: string, terms: SearchTerms): LibraryMatch {
  if (found.kind === "cue" && found.cue) {
    return {
      kind: "cue",
      startSeconds: Math.floor((found.startMs ?? 0) / 1000),
      arabic: highlightMatches(found.cue.arabic, terms),
      transliteration: highlightMatches(found.cue.transliteration, terms),
      english: highlightMatches(found.cue.english, terms),
    };
  }
  if (found.kind === "description" && description) {
    return { kind: "description", excerpt: excerptAroundMatch(description, terms) };
  }
  return { kind: "title" };
}
