import type { HighlightSegment } from "#core/library-query";

/** Text with the words that matched the search in <mark>; plain React text, never injected HTML. */
export function Highlighted({ segments }: { segments: HighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <mark key={index} className="rounded-sm bg-accent-100 px-0.5 text-inherit [box-decoration-break:clone]">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
