import { cn } from "~/lib/cn";
import { formatCompactMoney, formatMoney, formatMonth } from "./format";

export interface RevenueChartMonth {
  month: string;
  mrrCents: number;
  isCurrent: boolean;
}

/** A round axis top at or above `value` (1, 2, 2.5 or 5 times a power of ten). */
function niceStep(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const fraction = value / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Up to five gridlines from zero to a round top above the highest bar. */
export function axisTicks(peakCents: number): number[] {
  // At least a whole currency unit a step, so an empty chart reads 0 to 4.
  const step = Math.max(100, niceStep(Math.max(peakCents, 1) / 4));
  const top = Math.max(step, Math.ceil(peakCents / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/** Which bars get a month label: every `step`-th counting back from the newest, so the newest is always named. */
const labelled = (index: number, count: number, step: number) => (count - 1 - index) % step === 0;

/**
 * MRR at each month end as bars (this month's, still moving, in a lighter shade). The bars are an inline SVG;
 * the axis labels are HTML beside it, so they stay readable at phone width. The whole figure is one image
 * to assistive technology, with a summary for its name; the page's table carries every number.
 */
export function RevenueChart({
  currency,
  months,
  className,
}: {
  currency: string;
  months: ReadonlyArray<RevenueChartMonth>;
  className?: string;
}) {
  const count = months.length;
  const peak = Math.max(0, ...months.map((month) => month.mrrCents));
  const ticks = axisTicks(peak);
  const top = ticks.at(-1)!;
  const slot = 10;
  const code = currency.toUpperCase();
  const first = months[0];
  const last = months.at(-1);
  const highest = months.reduce<RevenueChartMonth | null>(
    (best, month) => (!best || month.mrrCents > best.mrrCents ? month : best),
    null,
  );
  const summary =
    first && last && highest
      ? `Bar chart of monthly recurring revenue in ${code} at each month end, ${formatMonth(first.month, "long")} to ${formatMonth(last.month, "long")}${last.isCurrent ? " (to date)" : ""}: ${formatMoney(first.mrrCents, currency)} at the start, ${formatMoney(last.mrrCents, currency)} at the end, highest ${formatMoney(highest.mrrCents, currency)} in ${formatMonth(highest.month, "long")}. The table below lists every figure.`
      : `No monthly recurring revenue in ${code} to chart.`;
  const mobileStep = Math.max(1, Math.ceil(count / 4));
  const wideStep = Math.max(1, Math.ceil(count / 12));

  return (
    <figure className={cn("min-w-0", className)}>
      <div role="img" aria-label={summary}>
        <div className="flex items-end justify-between gap-3 text-xs text-muted">
          <span className="font-medium">MRR ({code})</span>
          <span className="flex flex-wrap justify-end gap-x-4 gap-y-1">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-primary-700" /> Month end
            </span>
            {last?.isCurrent ? (
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-primary-500" /> This month so far
              </span>
            ) : null}
          </span>
        </div>
        <div className="mt-3 flex gap-2">
          <div className="relative h-48 w-12 shrink-0 text-end text-[11px] text-muted tabular-nums sm:w-14 sm:text-xs">
            {ticks.map((tick) => (
              <span
                key={tick}
                className="absolute end-0 -translate-y-1/2 whitespace-nowrap"
                style={{ top: `${(1 - tick / top) * 100}%` }}
              >
                {formatCompactMoney(tick, currency)}
              </span>
            ))}
          </div>
          <div className="min-w-0 flex-1">
            <div className="relative h-48 border-b border-muted/70">
              {ticks.slice(1).map((tick) => (
                <div
                  key={tick}
                  className="absolute inset-x-0 border-t border-dashed border-line"
                  style={{ top: `${(1 - tick / top) * 100}%` }}
                />
              ))}
              <svg
                viewBox={`0 0 ${Math.max(1, count) * slot} 100`}
                preserveAspectRatio="none"
                className="absolute inset-0 size-full"
                focusable="false"
              >
                {months.map((month, index) => {
                  const height = top > 0 ? (month.mrrCents / top) * 100 : 0;
                  return (
                    <g key={month.month}>
                      <title>{`${formatMonth(month.month, "long")}${month.isCurrent ? " (to date)" : ""}: ${formatMoney(month.mrrCents, currency)}`}</title>
                      {/* A transparent full-height slot, so the tooltip answers anywhere in the column. */}
                      <rect x={index * slot} y="0" width={slot} height="100" className="fill-transparent" />
                      {height > 0 ? (
                        <rect
                          x={index * slot + slot * 0.18}
                          y={100 - height}
                          width={slot * 0.64}
                          height={height}
                          className={month.isCurrent ? "fill-primary-500" : "fill-primary-700"}
                        />
                      ) : null}
                    </g>
                  );
                })}
              </svg>
            </div>
            <div
              className="mt-1.5 grid text-[11px] text-muted sm:text-xs"
              style={{ gridTemplateColumns: `repeat(${Math.max(1, count)}, minmax(0, 1fr))` }}
            >
              {months.map((month, index) => {
                const onPhone = labelled(index, count, mobileStep);
                const onWide = labelled(index, count, wideStep);
                return (
                  <span
                    key={month.month}
                    className={cn(
                      "flex justify-center overflow-visible whitespace-nowrap",
                      !onPhone && "max-sm:invisible",
                      !onWide && "sm:invisible",
                    )}
                  >
                    {formatMonth(month.month, "short")}
                  </span>
                );
              })}
            </div>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-xs text-muted">
        Monthly recurring revenue at the end of each calendar month (UTC); annual plans count a twelfth a month.
      </figcaption>
    </figure>
  );
}
