import { cn } from "~/lib/cn";
import { Avatar } from "./avatar";

/**
 * One post of a discussion: avatar, a header (author, "You", when, anything else), the body and its
 * controls. The article is named "<Comment> by <author>" (`label`), or by the author's name as an h3
 * when the discussion is a page of headings (`authorHeadingId`, the community).
 */
export function DiscussionPost({
  anchorId,
  author,
  isOwn,
  label,
  authorHeadingId,
  meta,
  headerNote,
  headerEnd,
  framed = false,
  muted = false,
  className,
  children,
  controls,
}: {
  /** The list item's id, the target of `#…` links. */
  anchorId?: string;
  author: { name: string; avatarUrl: string | null };
  isOwn: boolean;
  label?: string;
  authorHeadingId?: string;
  /** The small print after the name: when, edited. */
  meta: React.ReactNode;
  headerNote?: React.ReactNode;
  headerEnd?: React.ReactNode;
  /** A bordered card (the community) rather than a row in a list. */
  framed?: boolean;
  /** Dashed and quiet: a deleted post's placeholder. */
  muted?: boolean;
  className?: string;
  children: React.ReactNode;
  controls?: React.ReactNode;
}) {
  const Name = authorHeadingId ? "h3" : "p";
  return (
    <li id={anchorId} className={cn("scroll-mt-24", className)}>
      <article
        aria-label={authorHeadingId ? undefined : label}
        aria-labelledby={authorHeadingId}
        className={cn(
          "flex gap-3",
          framed && "rounded-xl border p-4 sm:p-5",
          framed && (muted ? "border-dashed border-line bg-canvas/60" : "border-line bg-surface shadow-sm"),
        )}
      >
        <Avatar name={author.name} url={author.avatarUrl} />
        <div className="min-w-0 flex-1">
          <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <Name id={authorHeadingId} className="font-semibold text-ink">
              {author.name}
            </Name>
            {isOwn ? (
              <span className="rounded-full bg-primary-50 px-2 py-0.5 text-[11px] font-semibold text-primary-800">
                You
              </span>
            ) : null}
            {headerNote}
            <p className="text-xs text-muted">{meta}</p>
            {headerEnd}
          </header>
          {children}
          {controls}
        </div>
      </article>
    </li>
  );
}
