import { cn } from "~/lib/cn";

export interface ChartBar {
  /** Stable key (the day). */
  key: string;
  /** Full name of the bar, for its tooltip and the table ("Monday 5 January"). */
  label: string;
  /** Axis label under the bar, when it gets one ("5 Jan"). */
  tick: string;
  value: number;
  /** Drawn in the accent colour (today). */
  highlight?: boolean;
}

/** A round step of 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const fraction = value / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Up to five gridlines from zero to a round top at or above the highest value (at least `minTop`). */
export function axisTicks(peak: number, minTop = 4): number[] {
  const step = Math.max(1, niceStep(Math.max(peak, minTop) / 4));
  const top = Math.max(step, Math.ceil(Math.max(peak, minTop) / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/**
 * Whether bar `index` of `count` gets an axis label: every `step`-th, counting back from the last bar
 * (a history ends today) or on from the first (a forecast starts today), so that bar is always named.
 */
const labelled = (index: number, count: number, step: number, from: "start" | "end") =>
  (from === "end" ? count - 1 - index : index) % step === 0;

/**
 * Bars over time, drawn on the server as an inline SVG (no chart library). Axis labels are HTML beside the
 * drawing so they stay readable at phone width. To assistive technology the figure is one image named by
 * `summary`; the numbers themselves are in the table the caller puts after it.
 */
export function BarChart({
  bars,
  summary,
  unit,
  formatValue,
  legend,
  phoneTicks = 4,
  wideTicks = 8,
  labelFrom = "end",
  className,
}: {
  bars: ReadonlyArray<ChartBar>;
  summary: string;
  /** Names the vertical axis ("Minutes"). */
  unit: string;
  formatValue: (value: number) => string;
  legend?: { bar: string; highlight?: string };
  phoneTicks?: number;
  wideTicks?: number;
  /** Which end of the axis is always labelled. */
  labelFrom?: "start" | "end";
  className?: string;
}) {
  const count = Math.max(1, bars.length);
  const peak = Math.max(0, ...bars.map((bar) => bar.value));
  const ticks = axisTicks(peak);
  const top = ticks.at(-1)!;
  const slot = 10;
  const phoneStep = Math.max(1, Math.ceil(count / phoneTicks));
  const wideStep = Math.max(1, Math.ceil(count / wideTicks));

  return (
    <div role="img" aria-label={summary} className={cn("min-w-0", className)}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <span className="font-medium">{unit}</span>
        {legend ? (
          <span className="flex flex-wrap justify-end gap-x-4 gap-y-1">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-primary-600" /> {legend.bar}
            </span>
            {legend.highlight ? (
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-accent-600" /> {legend.highlight}
              </span>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex gap-2">
        <div className="relative h-44 w-8 shrink-0 text-end text-[11px] text-muted tabular-nums sm:h-52 sm:text-xs">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute end-0 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${(1 - tick / top) * 100}%` }}
            >
              {tick.toLocaleString("en-GB")}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-44 border-b border-muted/70 sm:h-52">
            {ticks.slice(1).map((tick) => (
              <div
                key={tick}
                className="absolute inset-x-0 border-t border-dashed border-line"
                style={{ top: `${(1 - tick / top) * 100}%` }}
              />
            ))}
            <svg
              viewBox={`0 0 ${count * slot} 100`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full"
              focusable="false"
            >
              {bars.map((bar, index) => {
                const height = top > 0 ? (bar.value / top) * 100 : 0;
                return (
                  <g key={bar.key} data-bar={bar.key}>
                    <title>{`${bar.label}: ${formatValue(bar.value)}`}</title>
                    {/* A transparent full-height slot, so the tooltip answers anywhere in the column. */}
                    <rect x={index * slot} y="0" width={slot} height="100" className="fill-transparent" />
                    {height > 0 ? (
                      <rect
                        x={index * slot + slot * 0.15}
                        // A value above zero always shows, however small beside the peak.
                        y={100 - Math.max(height, 1.5)}
                        width={slot * 0.7}
                        height={Math.max(height, 1.5)}
                        className={bar.highlight ? "fill-accent-600" : "fill-primary-600"}
                      />
                    ) : null}
                  </g>
                );
              })}
            </svg>
          </div>
          <div
            className="mt-1.5 grid text-[11px] text-muted sm:text-xs"
            style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}
          >
            {bars.map((bar, index) => (
              <span
                key={bar.key}
                className={cn(
                  "flex justify-center overflow-visible whitespace-nowrap",
                  !labelled(index, count, phoneStep, labelFrom) && "max-sm:invisible",
                  !labelled(index, count, wideStep, labelFrom) && "sm:invisible",
                )}
              >
                {bar.tick}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
