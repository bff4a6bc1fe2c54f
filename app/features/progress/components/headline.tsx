import type { ProgressReport } from "#server/services/study-progress";
import { CheckIcon, ClockIcon, PlayIcon, SparkIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { describeWatchTime, formatHours, formatWatchTime, plural } from "./format";

function Meter({
  fraction,
  label,
  tone = "primary",
}: {
  fraction: number;
  label: string;
  tone?: "primary" | "accent";
}) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="mt-3 h-2 overflow-hidden rounded-full bg-canvas ring-1 ring-line"
    >
      <div
        className={cn("h-full rounded-full", tone === "primary" ? "bg-primary-600" : "bg-accent-500")}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function StatCard({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <section data-testid={testId} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h2 className="flex items-center gap-2 text-sm font-medium text-muted">
        <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Today against the goal, the streak, and total hours against the next milestone. */
export function Headline({ report }: { report: ProgressReport }) {
  const { todayTotals: today, goal, streak, watching, nextMilestone } = report;
  const goalAmount = goal.target === null ? null : plural(goal.target, goal.kind === "minutes" ? "minute" : "card");
  const previousHours = report.milestones.filter((milestone) => milestone.reached).at(-1)?.hours ?? 0;
  const milestoneFraction = nextMilestone
    ? (watching.totalSeconds / 3600 - previousHours) / (nextMilestone.hours - previousHours)
    : 1;

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard title="Today" icon={<ClockIcon className="size-5" />} testId="today">
        <p className="mt-3 text-3xl font-semibold tracking-tight text-ink tabular-nums">
          <span data-testid="today-watched" data-seconds={today.seconds}>
            {goal.kind === "cards" && goal.target !== null
              ? plural(today.cards, "card")
              : formatWatchTime(today.seconds)}
          </span>
          <span className="sr-only">
            {" "}
            {goal.kind === "cards" && goal.target !== null
              ? "reviewed"
              : `watched (${describeWatchTime(today.seconds)})`}
          </span>
        </p>
        <p className="mt-1 text-sm text-muted">
          {goalAmount ? (
            today.met ? (
              <span className="inline-flex items-center gap-1 font-medium text-primary-800">
                <CheckIcon className="size-4" /> Goal of {goalAmount} met
              </span>
            ) : (
              `of your ${goalAmount} goal`
            )
          ) : (
            "No daily goal set: any study counts."
          )}
        </p>
        {today.fraction !== null ? <Meter fraction={today.fraction} label="Today's goal" /> : null}
        <p className="mt-3 text-sm text-ink">
          {goal.kind === "cards" && goal.target !== null
            ? `${formatWatchTime(today.seconds)} watched`
            : `${plural(today.cards, "card")} reviewed`}
        </p>
      </StatCard>

      <StatCard title="Streak" icon={<SparkIcon className="size-5" />} testId="streak">
        <p className="mt-3 text-3xl font-semibold tracking-tight text-ink tabular-nums">
          <span data-testid="streak-current">{streak.current}</span>{" "}
          <span className="text-base font-medium text-muted">{streak.current === 1 ? "day" : "days"}</span>
        </p>
        <p className="mt-1 text-sm text-muted">
          {streak.current === 0
            ? goal.target === null
              ? "Study today to start one."
              : "Meet today's goal to start one."
            : streak.todayCounts
              ? "Today is in. See you tomorrow!"
              : goal.target === null
                ? "Study today to keep it going."
                : "Meet today's goal to keep it going."}
        </p>
        <p className="mt-3 text-sm text-ink">Longest: {plural(streak.longest, "day")}</p>
      </StatCard>

      <StatCard title="Hours watched" icon={<PlayIcon className="size-5" />} testId="total-hours">
        <p className="mt-3 text-3xl font-semibold tracking-tight text-ink tabular-nums">
          {formatHours(watching.totalSeconds)} <span className="text-base font-medium text-muted">hours</span>
        </p>
        <p className="mt-1 text-sm text-muted">
          {nextMilestone
            ? `Next milestone: ${nextMilestone.title}, ${nextMilestone.hours} hours`
            : "Every milestone reached. Mabrouk!"}
        </p>
        <Meter
          fraction={milestoneFraction}
          label={nextMilestone ? `Progress to ${nextMilestone.title}` : "Milestones"}
          tone="accent"
        />
        <p className="mt-3 text-sm text-ink">{plural(watching.completedLessons, "lesson")} completed</p>
      </StatCard>
    </div>
  );
}
