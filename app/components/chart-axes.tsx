import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

// The axes every bar chart of the product draws the same way (the progress page's watching, forecast and
// scores charts, the admin revenue chart): value labels and category labels are HTML beside an inline SVG
// that stretches, so they stay readable at phone width.

/** A round step of 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const fraction = value / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/**
 * Up to five gridlines from zero to a round top at or above the highest value: the axis reaches at least
 * `minTop`, and its steps are at least `minStep` apart (the revenue chart's are whole currency units).
 */
export function axisTicks(peak: number, { minTop = 4, minStep = 1 }: { minTop?: number; minStep?: number } = {}) {
  const high = Math.max(peak, minTop);
  const step = Math.max(minStep, niceStep(high / 4));
  const top = Math.max(step, Math.ceil(high / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/**
 * Whether category `index` of `count` gets its label when every `step`-th does, counting back from the last
 * (a history ends today) or on from the first (a forecast starts today), so that end is always named.
 */
export const labelled = (index: number, count: number, step: number, from: "start" | "end" = "end") =>
  (from === "end" ? count - 1 - index : index) % step === 0;

export interface AxisCategory {
  key: string;
  label: ReactNode;
}

/**
 * A bar chart's frame: the value axis (`ticks`, labelled by `formatTick`) on the start side with a dashed
 * gridline at each tick above zero, the plot (`children`: the bars' SVG, drawn over a 0–100 height), and
 * one label under each category's slot, shown on every `phoneStep`-th on phones and `wideStep`-th from the
 * `sm` breakpoint. `height` and `labelWidth` are Tailwind classes (e.g. "h-44 sm:h-52", "w-8").
 */
export function ChartAxes({
  ticks,
  formatTick,
  categories,
  phoneStep,
  wideStep,
  labelFrom = "end",
  height,
  labelWidth,
  children,
}: {
  ticks: readonly number[];
  formatTick: (tick: number) => ReactNode;
  categories: ReadonlyArray<AxisCategory>;
  phoneStep: number;
  wideStep: number;
  labelFrom?: "start" | "end";
  height: string;
  labelWidth: string;
  children: ReactNode;
}) {
  const top = ticks.at(-1)!;
  const at = (tick: number) => `${(1 - tick / top) * 100}%`;
  const count = categories.length;
  return (
    <div className="mt-3 flex gap-2">
      <div
        className={cn("relative shrink-0 text-end text-[11px] text-muted tabular-nums sm:text-xs", height, labelWidth)}
      >
        {ticks.map((tick) => (
          <span key={tick} className="absolute end-0 -translate-y-1/2 whitespace-nowrap" style={{ top: at(tick) }}>
            {formatTick(tick)}
          </span>
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <div className={cn("relative border-b border-muted/70", height)}>
          {ticks.slice(1).map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-dashed border-line"
              style={{ top: at(tick) }}
            />
          ))}
          {children}
        </div>
        <div
          className="mt-1.5 grid text-[11px] text-muted sm:text-xs"
          style={{ gridTemplateColumns: `repeat(${Math.max(1, count)}, minmax(0, 1fr))` }}
        >
          {categories.map((category, index) => (
            <span
              key={category.key}
              className={cn(
                "flex justify-center overflow-visible whitespace-nowrap",
                !labelled(index, count, phoneStep, labelFrom) && "max-sm:invisible",
                !labelled(index, count, wideStep, labelFrom) && "sm:invisible",
              )}
            >
              {category.label}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
