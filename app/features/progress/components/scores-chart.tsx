import type { WeekScore } from "#server/services/study-progress";
import { ChartAxes } from "~/components/chart-axes";
import { ChartTable } from "./chart-table";
import { formatDay, plural } from "./format";

const TICKS = [0, 25, 50, 75, 100];

function describe(week: WeekScore): string {
  const parts = [];
  if (week.exercises.percent !== null) {
    parts.push(`exercises ${week.exercises.percent}% of ${plural(week.exercises.total, "answer")}`);
  }
  if (week.listening.percent !== null) {
    parts.push(
      `listening ${week.listening.percent}% over ${plural(week.listening.attempts, "activity", "activities")}`,
    );
  }
  return parts.length ? parts.join(", ") : "nothing done";
}

/**
 * Exercise and listening scores a week, as pairs of bars from 0 to 100%: exercises (share of answers
 * right) on the left in green, listening (points out of the total) on the right in orange. One image to
 * assistive technology; the table under it has every figure.
 */
export function ScoresChart({ weeks }: { weeks: ReadonlyArray<WeekScore> }) {
  const slot = 20;
  const count = Math.max(1, weeks.length);
  const active = weeks.filter((week) => week.exercises.percent !== null || week.listening.percent !== null);
  const exerciseAnswers = weeks.reduce((sum, week) => sum + week.exercises.total, 0);
  const exerciseCorrect = weeks.reduce((sum, week) => sum + week.exercises.correct, 0);
  const listeningScore = weeks.reduce((sum, week) => sum + week.listening.score, 0);
  const listeningTotal = weeks.reduce((sum, week) => sum + week.listening.total, 0);
  const first = weeks[0];
  const overall = [
    exerciseAnswers > 0
      ? `exercises ${Math.round((exerciseCorrect / exerciseAnswers) * 100)}% right over ${plural(exerciseAnswers, "answer")}`
      : "no exercises",
    listeningTotal > 0
      ? `listening ${Math.round((listeningScore / listeningTotal) * 100)}% over ${plural(
          weeks.reduce((sum, week) => sum + week.listening.attempts, 0),
          "activity",
          "activities",
        )}`
      : "no listening activities",
  ].join(" and ");
  const summary = `Bar chart of your scores a week for the ${plural(weeks.length, "week")} from the week of ${first ? formatDay(first.week, "year") : ""}: ${overall}, in ${plural(active.length, "week")} with activity. The table below lists every week.`;
  const phoneStep = 3;
  const wideStep = 2;

  return (
    <div>
      <figure>
        <div role="img" aria-label={summary}>
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 text-xs text-muted">
            <span className="font-medium">Score (%)</span>
            <span className="flex flex-wrap justify-end gap-x-4 gap-y-1">
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-primary-600" /> Exercises
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-accent-600" /> Listening
              </span>
            </span>
          </div>
          <ChartAxes
            ticks={TICKS}
            formatTick={(tick) => tick}
            categories={weeks.map((week) => ({ key: week.week, label: formatDay(week.week, "short") }))}
            phoneStep={phoneStep}
            wideStep={wideStep}
            height="h-40"
            labelWidth="w-8"
          >
            <svg
              viewBox={`0 0 ${count * slot} 100`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full"
              focusable="false"
            >
              {weeks.map((week, index) => (
                <g key={week.week}>
                  <title>{`Week of ${formatDay(week.week, "long")}: ${describe(week)}`}</title>
                  <rect x={index * slot} y="0" width={slot} height="100" className="fill-transparent" />
                  {week.exercises.percent !== null ? (
                    <rect
                      x={index * slot + 3}
                      y={100 - Math.max(week.exercises.percent, 1.5)}
                      width={6.5}
                      height={Math.max(week.exercises.percent, 1.5)}
                      className="fill-primary-600"
                    />
                  ) : null}
                  {week.listening.percent !== null ? (
                    <rect
                      x={index * slot + 10.5}
                      y={100 - Math.max(week.listening.percent, 1.5)}
                      width={6.5}
                      height={Math.max(week.listening.percent, 1.5)}
                      className="fill-accent-600"
                    />
                  ) : null}
                </g>
              ))}
            </svg>
          </ChartAxes>
        </div>
        <figcaption className="mt-3 text-xs text-muted">
          Weeks start on Monday. Exercises: sentence order, fill the gap and vocabulary quizzes, the share of answers
          right. Listening: points scored out of the points available.
        </figcaption>
      </figure>
      <ChartTable
        caption="Exercise and listening scores a week"
        columns={["Week of", "Exercises", "Listening"]}
        testId="scores-table"
        rows={weeks.map((week) => ({
          key: week.week,
          cells: [
            formatDay(week.week, "short"),
            week.exercises.percent === null
              ? "–"
              : `${week.exercises.percent}% (${week.exercises.correct}/${week.exercises.total})`,
            week.listening.percent === null
              ? "–"
              : `${week.listening.percent}% (${week.listening.score}/${week.listening.total})`,
          ],
        }))}
      />
    </div>
  );
}
