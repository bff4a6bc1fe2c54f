import { axisTicks, ChartAxes } from "~/components/chart-axes";
import { cn } from "~/lib/cn";
import { formatCompactMoney, formatMoney, formatMonth } from "./format";

export interface RevenueChartMonth {
  month: string;
  mrrCents: number;
  isCurrent: boolean;
}

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
  // At least a whole currency unit a step, so an empty chart reads 0 to 4.
  const ticks = axisTicks(peak, { minTop: 1, minStep: 100 });
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
        <ChartAxes
          ticks={ticks}
          formatTick={(tick) => formatCompactMoney(tick, currency)}
          categories={months.map((month) => ({ key: month.month, label: formatMonth(month.month, "short") }))}
          phoneStep={mobileStep}
          wideStep={wideStep}
          height="h-48"
          labelWidth="w-12 sm:w-14"
        >
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
        </ChartAxes>
      </div>
      <figcaption className="mt-3 text-xs text-muted">
        Monthly recurring revenue at the end of each calendar month (UTC); annual plans count a twelfth a month.
      </figcaption>
    </figure>
  );
}
