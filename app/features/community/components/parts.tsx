import { Link } from "@remix-run/react";
import { LockIcon, PinIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { formatRelativeTime, formatTimestamp } from "./format";

export function RelativeTime({ date, now }: { date: Date | string; now: Date | string }) {
  return (
    <time dateTime={new Date(date).toISOString()} title={formatTimestamp(date)}>
      {formatRelativeTime(date, now)}
    </time>
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
