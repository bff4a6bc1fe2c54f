import { cn } from "~/lib/cn";

/** The share of `total` that is done, rounded down (100 only when complete; 0 of 0 counts as complete). */
export function percentDone(done: number, total: number) {
  return total === 0 ? 100 : Math.floor((done / total) * 100);
}

/**
 * "212 of 255 words glossed" with a bar: how much of a lesson (or of the catalogue) is glossed. `compact` for a
 * table cell.
 */
export function GlossMeter({
  done,
  total,
  compact = false,
  noun = "words glossed",
  className,
  id,
}: {
  done: number;
  total: number;
  compact?: boolean;
  noun?: string;
  className?: string;
  id?: string;
}) {
  const percent = percentDone(done, total);
  const complete = done >= total;
  if (total === 0) {
    return <span className={cn("text-sm text-muted", className)}>No words yet</span>;
  }
  return (
    <div className={cn(compact ? "min-w-32" : "min-w-48", className)} id={id}>
      <p className={cn("text-ink tabular-nums", compact ? "text-xs whitespace-nowrap" : "text-sm")}>
        <span className="font-semibold">{done.toLocaleString("en-US")}</span> of {total.toLocaleString("en-US")}
        {noun ? ` ${noun}` : ""}{" "}
        <span className={cn(complete ? "text-emerald-800" : "text-amber-900")}>({percent} %)</span>
      </p>
      <div className={cn("mt-1 overflow-hidden rounded-full bg-canvas ring-1 ring-line", compact ? "h-1.5" : "h-2")}>
        <div
          aria-hidden="true"
          className={cn("h-full rounded-full", complete ? "bg-emerald-600" : "bg-amber-500")}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
