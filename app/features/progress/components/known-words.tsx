import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import type { KnownWordsReport } from "#server/services/words/known";
import { BarChart } from "./bar-chart";
import { ChartTable } from "./chart-table";
import { formatDay, plural } from "./format";

/**
 * Known words over time (docs/words.md "What the learner knows"): the counts by status, then a bar a week of the
 * words known by the end of that week, this week in the accent colour, with its table of numbers.
 */
export function KnownWordsSection({ report, today }: { report: KnownWordsReport; today: string }) {
  const { weeks } = report;
  const first = weeks[0];
  const added = weeks.reduce((sum, week) => sum + week.added, 0);
  const isThisWeek = (week: string, index: number) => index === weeks.length - 1 && week <= today;
  const summary =
    first && report.known > 0
      ? `Bar chart of the words you know at the end of each week, for the ${plural(weeks.length, "week")} from the week of ${formatDay(first.week, "year")}: ${plural(first.total, "word")} then, ${plural(report.known, "word")} now, ${added} of them new in these weeks. The table below lists every week.`
      : "No words known yet.";

  return (
    <div className="space-y-5" data-testid="known-words">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-sm">
        {[
          { label: "Known", value: report.known },
          { label: "Learning", value: report.learning },
        ].map((item) => (
          <div key={item.label} className="rounded-lg bg-canvas/70 p-3">
            <dt className="text-xs font-medium text-muted">{item.label}</dt>
            <dd className="text-2xl font-semibold text-ink tabular-nums">{item.value.toLocaleString("en-GB")}</dd>
          </div>
        ))}
      </dl>
      {report.known > 0 ? (
        <div>
          <figure>
            <BarChart
              bars={weeks.map((week, index) => ({
                key: week.week,
                label: `Week of ${formatDay(week.week, "long")}`,
                tick: formatDay(week.week, "short"),
                value: week.total,
                highlight: isThisWeek(week.week, index),
              }))}
              summary={summary}
              unit="Words known"
              formatValue={(count) => `${plural(count, "word")} known`}
              legend={{ bar: "End of the week", highlight: "This week so far" }}
              phoneTicks={4}
              wideTicks={6}
            />
            <figcaption className="mt-3 text-xs text-muted">
              Weeks start on Monday. Learning: words you saved or review, not known yet.
            </figcaption>
          </figure>
          <ChartTable
            caption="Words known each week"
            columns={["Week of", "New", "Known"]}
            testId="known-words-table"
            rows={[...weeks].reverse().map((week, index) => ({
              key: week.week,
              current: index === 0,
              cells: [formatDay(week.week, "medium"), week.added, week.total],
            }))}
          />
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-line bg-canvas/60 p-5 text-sm text-ink">
          <p>
            Finish a lesson and mark the words you understood as known, or save words and review them: the words you
            know will add up here, week by week.
          </p>
          <Link to="/video-library" className={buttonClasses("secondary", "sm")}>
            Find a lesson
          </Link>
        </div>
      )}
    </div>
  );
}
