import { Link } from "@remix-run/react";
import { LockIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { formatRelativeTime, formatTimestamp } from "./format";

export function Avatar({ name, url, size = "md" }: { name: string; url: string | null; size?: "sm" | "md" }) {
  const sizeClass = size === "sm" ? "size-8 text-xs" : "size-10 text-sm";
  if (url) return <img src={url} alt="" className={cn(sizeClass, "shrink-0 rounded-full object-cover")} />;
  const letters =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?";
  return (
    <span
      aria-hidden="true"
      className={cn(
        sizeClass,
        "grid shrink-0 place-items-center rounded-full bg-accent-100 font-semibold text-accent-700",
      )}
    >
      {letters}
    </span>
  );
}

export function RelativeTime({ date, now }: { date: Date | string; now: Date | string }) {
  return (
    <time dateTime={new Date(date).toISOString()} title={formatTimestamp(date)}>
      {formatRelativeTime(date, now)}
    </time>
  );
}

function PinIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" className={className}>
      <path d="M9 4h6l-1 6 3 3H7l3-3-1-6Z" strokeLinejoin="round" />
      <path d="M12 13v7" strokeLinecap="round" />
    </svg>
  );
}

export function ThreadBadges({ pinned, locked }: { pinned: boolean; locked: boolean }) {
  if (!pinned && !locked) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5 align-middle">
      {pinned ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-300/60 ring-inset">
          <PinIcon className="size-3.5" />
          Pinned
        </span>
      ) : null}
      {locked ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-ink/80 ring-1 ring-line ring-inset">
          <LockIcon className="size-3.5" />
          Locked
        </span>
      ) : null}
    </span>
  );
}

/** Real links (work without JavaScript): previous, the pages around the current one, next. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1).filter(
    (candidate) => candidate === 1 || candidate === pageCount || Math.abs(candidate - page) <= 2,
  );
  const linkClass =
    "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium transition-colors";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={cn(linkClass, "border-line bg-white hover:bg-primary-50")}>
          Previous
        </Link>
      ) : null}
      {pages.map((candidate, index) => (
        <span key={candidate} className="contents">
          {index > 0 && candidate - pages[index - 1]! > 1 ? (
            <span aria-hidden="true" className="px-1 text-muted">
              …
            </span>
          ) : null}
          <Link
            to={hrefFor(candidate)}
            aria-current={candidate === page ? "page" : undefined}
            aria-label={`Page ${candidate}`}
            className={cn(
              linkClass,
              candidate === page
                ? "border-primary-700 bg-primary-700 text-white"
                : "border-line bg-white text-ink hover:bg-primary-50",
            )}
          >
            {candidate}
          </Link>
        </span>
      ))}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={cn(linkClass, "border-line bg-white hover:bg-primary-50")}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** Rendered member markdown (links, lists, code, quotes) in the page's type. */
export const messageBodyClasses =
  "text-[15px] leading-relaxed text-ink break-words [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_a:hover]:text-primary-900 [&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-canvas [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:ps-5 [&_p+*]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-canvas [&_pre]:p-3 [&_ul]:list-disc [&_ul]:ps-5 [&_*+p]:mt-2 [&:lang(ar)]:text-lg [&:lang(ar)]:leading-loose";
