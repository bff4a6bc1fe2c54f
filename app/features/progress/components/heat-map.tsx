import type { HeatCell, HeatLevel } from "#server/services/study-progress";
import { ChartTable } from "./chart-table";
import { formatDay, formatWatchTime, plural } from "./format";

const LEVEL_FILL: Record<HeatLevel, string> = {
  0: "fill-canvas stroke-line",
  1: "fill-primary-100 stroke-primary-200",
  2: "fill-primary-300 stroke-primary-300",
  3: "fill-primary-500 stroke-primary-500",
  4: "fill-primary-800 stroke-primary-800",
};
const LEVEL_SWATCH: Record<HeatLevel, string> = {
  0: "bg-canvas border-line",
  1: "bg-primary-100 border-primary-200",
  2: "bg-primary-300 border-primary-300",
  3: "bg-primary-500 border-primary-500",
  4: "bg-primary-800 border-primary-800",
};
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** A day in a table cell: "12 min, 3 cards", or a dash. */
function shortCell(cell: HeatCell): string {
  const parts = [];
  if (cell.seconds > 0) parts.push(formatWatchTime(cell.seconds));
  if (cell.cards > 0) parts.push(plural(cell.cards, "card"));
  return parts.length ? parts.join(", ") : "–";
}

function describeCell(cell: HeatCell): string {
  if (cell.seconds === 0 && cell.cards === 0) return "nothing";
  const parts = [];
  if (cell.seconds > 0) parts.push(`${formatWatchTime(cell.seconds)} watched`);
  if (cell.cards > 0) parts.push(plural(cell.cards, "card") + " reviewed");
  return parts.join(", ");
}

/**
 * Twelve weeks of study as a calendar: a column a week (Monday at the top), each day shaded by how much of
 * the daily goal it reached. One image to assistive technology; the table under it has every day.
 */
export function HeatMap({
  weeks,
  goalLabel,
  hasGoal,
}: {
  weeks: ReadonlyArray<ReadonlyArray<HeatCell>>;
  /** "15 minutes a day" — what the shades measure. */
  goalLabel: string;
  hasGoal: boolean;
}) {
  const cell = 14;
  const gap = 3;
  const left = 26;
  const topPad = 14;
  const width = left + weeks.length * (cell + gap);
  const height = topPad + 7 * (cell + gap);
  const days = weeks.flat().filter((day) => !day.future);
  const studied = days.filter((day) => day.level > 0).length;
  const met = days.filter((day) => day.met).length;
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `Calendar of the last ${weeks.length} weeks, ${formatDay(first.day, "year")} to ${formatDay(last.day, "year")}: you studied on ${plural(studied, "day")} and ${hasGoal ? `met your goal of ${goalLabel}` : "studied (no goal set)"} on ${plural(met, "day")}. The table below lists every day.`
      : "Calendar of your study days.";
  // A month name above the first week that starts in it.
  const monthLabels = weeks.map((week, index) => {
    const monday = week[0]!.day;
    const previous = weeks[index - 1]?.[0]?.day;
    return !previous || previous.slice(0, 7) !== monday.slice(0, 7) ? formatDay(monday, "month") : null;
  });

  return (
    <div>
      <figure>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full max-w-md"
          focusable="false"
        >
          {monthLabels.map((label, index) =>
            label ? (
              <text
                key={weeks[index]![0]!.day}
                x={left + index * (cell + gap)}
                y={9}
                className="fill-muted text-[8px]"
                aria-hidden="true"
              >
                {label}
              </text>
            ) : null,
          )}
          {WEEKDAYS.map((name, weekday) =>
            weekday % 2 === 0 ? (
              <text
                key={name}
                x={0}
                y={topPad + weekday * (cell + gap) + cell - 3}
                className="fill-muted text-[8px]"
                aria-hidden="true"
              >
                {name}
              </text>
            ) : null,
          )}
          {weeks.map((week, column) =>
            week.map((day, weekday) =>
              day.future ? null : (
                <rect
                  key={day.day}
                  data-day={day.day}
                  data-level={day.level}
                  x={left + column * (cell + gap)}
                  y={topPad + weekday * (cell + gap)}
                  width={cell}
                  height={cell}
                  rx={3}
                  className={LEVEL_FILL[day.level]}
                  strokeWidth={1}
                >
                  <title>{`${formatDay(day.day, "long")}: ${describeCell(day)}${hasGoal && day.met ? " (goal met)" : ""}`}</title>
                </rect>
              ),
            ),
          )}
        </svg>
        <figcaption className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span>Less</span>
          <span className="flex gap-1" aria-hidden="true">
            {([0, 1, 2, 3, 4] as const).map((level) => (
              <span key={level} className={`size-3 rounded-[3px] border ${LEVEL_SWATCH[level]}`} />
            ))}
          </span>
          <span>More</span>
          <span className="basis-full sm:basis-auto">
            {hasGoal
              ? `The third shade and darker: your goal of ${goalLabel} met.`
              : `Shaded against ${goalLabel}; set a goal to make it yours.`}
          </span>
        </figcaption>
      </figure>
      <ChartTable
        caption="Study per day, a row a week"
        columns={["Week of", ...WEEKDAYS]}
        testId="heat-map-table"
        rows={weeks.map((week) => ({
          key: week[0]!.day,
          cells: [
            formatDay(week[0]!.day, "short"),
            ...week.map((day) => (day.future ? "" : `${shortCell(day)}${hasGoal && day.met ? " (goal met)" : ""}`)),
          ],
        }))}
      />
    </div>
  );
}
