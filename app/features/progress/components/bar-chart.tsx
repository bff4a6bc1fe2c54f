import { axisTicks, ChartAxes } from "~/components/chart-axes";
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
      <ChartAxes
        ticks={ticks}
        formatTick={(tick) => tick.toLocaleString("en-GB")}
        categories={bars.map((bar) => ({ key: bar.key, label: bar.tick }))}
        phoneStep={phoneStep}
        wideStep={wideStep}
        labelFrom={labelFrom}
        height="h-44 sm:h-52"
        labelWidth="w-8"
      >
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
      </ChartAxes>
    </div>
  );
}
