import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireUser } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { LEVEL_LABELS } from "#core/format";
import {
  detectTimeZone,
  getProgressReport,
  GOAL_LIMITS,
  LEARNED_STABILITY_DAYS,
  REFERENCE_CARDS,
  REFERENCE_MINUTES,
  RETENTION_DAYS,
  saveStudyPreferences,
  type ProgressReport,
} from "#server/services/study-progress";
import { getKnownWordsReport } from "#server/services/words/known";
import { BarChart } from "../components/bar-chart";
import { CardsByState } from "../components/cards-by-state";
import { ChartTable } from "../components/chart-table";
import { formatDay, formatMinutes, formatWatchTime, plural } from "../components/format";
import { GoalForm, TimeZoneDetector } from "../components/goal-form";
import { HeatMap } from "../components/heat-map";
import { KnownWordsSection } from "../components/known-words";
import { Headline } from "../components/headline";
import { Milestones } from "../components/milestones";
import { ScoresChart } from "../components/scores-chart";
import { goalFormSchema } from "../goal.server";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const now = context.app.now();
  const [report, knownWords] = await Promise.all([
    getProgressReport(context.app, { userId: user.id, now }),
    // Known words over time (docs/words.md "What the learner knows"): one more batch beside the report.
    getKnownWordsReport(context.app, { userId: user.id, now }),
  ]);
  return { report, knownWords, limits: GOAL_LIMITS };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "detect-time-zone") {
    const zone = formData.get("timeZone");
    if (typeof zone !== "string" || zone.trim() === "") {
      return data({ intent, detected: false }, { status: 400 });
    }
    const detected = await detectTimeZone(context.app, { userId: user.id, timeZone: zone.trim() });
    return data({ intent, detected });
  }

  if (intent === "goal") {
    const submission = parseWithZod(formData, { schema: goalFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    const { kind, minutes, cards, timeZone } = submission.value;
    try {
      await saveStudyPreferences(context.app, {
        userId: user.id,
        kind: kind === "cards" ? "cards" : "minutes",
        target: kind === "none" ? null : kind === "cards" ? (cards ?? null) : (minutes ?? null),
        timeZone,
      });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    return redirectWithToast("/progress", {
      text: kind === "none" ? "No daily goal: any study keeps your streak." : "Your daily goal is saved.",
    });
  }

  throw new Response("Unknown action.", { status: 400 });
});

function goalLabel(report: ProgressReport): string {
  const { goal } = report;
  if (goal.target === null)
    return goal.kind === "cards" ? `${REFERENCE_CARDS} cards a day` : `${REFERENCE_MINUTES} minutes a day`;
  return goal.kind === "cards" ? `${plural(goal.target, "card")} a day` : `${plural(goal.target, "minute")} a day`;
}

function Section({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6 ${className ?? ""}`}
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function EmptyState({ children, action }: { children: React.ReactNode; action?: { to: string; label: string } }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-line bg-canvas/60 p-5 text-sm text-ink">
      <p>{children}</p>
      {action ? (
        <Link to={action.to} className={buttonClasses("secondary", "sm")}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

function WatchingSection({ report }: { report: ProgressReport }) {
  const { watching, today } = report;
  const days = watching.days;
  const busiest = days.reduce((best, day) => (day.seconds > best.seconds ? day : best), days[0]!);
  const summary =
    watching.chartSeconds > 0
      ? `Bar chart of minutes watched each day for the last ${days.length} days, ${formatDay(days[0]!.day, "year")} to today: ${formatWatchTime(watching.chartSeconds)} in all over ${plural(watching.activeDays, "day")}, most on ${formatDay(busiest.day, "long")} with ${formatWatchTime(busiest.seconds)}, today ${formatWatchTime(report.todayTotals.seconds)}. The table below lists every day.`
      : `No lessons watched in the last ${days.length} days.`;
  return (
    <Section
      id="watching-heading"
      title="Minutes watched"
      description={
        watching.chartSeconds > 0
          ? `The last ${days.length} days: ${formatWatchTime(watching.chartSeconds)} over ${plural(watching.activeDays, "day")}.`
          : `The last ${days.length} days, day by day.`
      }
    >
      <p data-testid="speaking-practice" className="mb-4 text-sm text-ink">
        Speaking practice (shadowing lines): <strong>{formatWatchTime(report.speaking.totalSeconds)}</strong> in all,{" "}
        <strong>{formatWatchTime(report.speaking.todaySeconds)}</strong> today.{" "}
        <Link to="/speaking" className="font-medium text-primary-800 underline">
          Your recordings
        </Link>
      </p>
      {watching.chartSeconds > 0 ? (
        <div data-testid="watching-chart">
          <figure>
            <BarChart
              bars={days.map((day) => ({
                key: day.day,
                label: day.day === today ? `Today, ${formatDay(day.day, "long")}` : formatDay(day.day, "long"),
                tick: formatDay(day.day, "short"),
                value: day.seconds / 60,
                highlight: day.day === today,
              }))}
              summary={summary}
              unit="Minutes"
              formatValue={(minutes) => formatWatchTime(minutes * 60)}
              legend={{ bar: "A day", highlight: "Today" }}
            />
            <figcaption className="mt-3 text-xs text-muted">
              Time you actually played lessons, by your local day; skipping ahead does not count.
            </figcaption>
          </figure>
          <ChartTable
            caption="Minutes watched each day"
            columns={["Day", "Watched", "Minutes"]}
            testId="watching-table"
            rows={[...days].reverse().map((day) => ({
              key: day.day,
              current: day.day === today,
              cells: [
                day.day === today ? `Today (${formatDay(day.day, "medium")})` : formatDay(day.day, "medium"),
                formatWatchTime(day.seconds),
                formatMinutes(day.seconds),
              ],
            }))}
          />
        </div>
      ) : (
        <EmptyState action={{ to: "/video-library", label: "Find a lesson" }}>
          Watch a lesson to start your chart. Every minute you play counts towards today and your milestones.
        </EmptyState>
      )}
    </Section>
  );
}

function ForecastSection({ report }: { report: ProgressReport }) {
  const { forecast, today, retention, words, cardsByState } = report;
  const total = forecast.reduce((sum, day) => sum + day.due, 0);
  const dueToday = forecast[0]?.due ?? 0;
  const busiest = forecast.reduce((best, day) => (day.due > best.due ? day : best), forecast[0]!);
  const summary =
    total > 0
      ? `Bar chart of reviews due each day for the next ${forecast.length} days: ${plural(total, "review")} in all, ${dueToday} today, the most on ${formatDay(busiest.day, "long")} with ${busiest.due}. The table below lists every day.`
      : `No reviews due in the next ${forecast.length} days.`;
  return (
    <Section
      id="reviews-heading"
      title="Reviews"
      description="Flashcards and saved words, scheduled with FSRS: what comes due, how well you remember, and where each card stands."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0" data-testid="forecast">
          <h3 className="text-base font-semibold text-ink">Due in the next {forecast.length} days</h3>
          <p className="mt-1 mb-4 text-sm text-muted">
            {total > 0
              ? `${plural(dueToday, "review")} today (overdue included), ${plural(total, "review")} in all.`
              : "Nothing scheduled yet."}
          </p>
          {total > 0 ? (
            <div>
              <BarChart
                bars={forecast.map((day) => ({
                  key: day.day,
                  label: day.day === today ? `Today, ${formatDay(day.day, "long")}` : formatDay(day.day, "long"),
                  tick: day.day === today ? "Today" : formatDay(day.day, "short"),
                  value: day.due,
                  highlight: day.day === today,
                }))}
                summary={summary}
                unit="Reviews"
                formatValue={(count) => plural(count, "review")}
                legend={{ bar: "Due that day", highlight: "Today and overdue" }}
                labelFrom="start"
                wideTicks={6}
              />
              <ChartTable
                caption="Reviews due each day"
                columns={["Day", "Reviews due"]}
                testId="forecast-table"
                rows={forecast.map((day) => ({
                  key: day.day,
                  current: day.day === today,
                  cells: [
                    day.day === today ? `Today (${formatDay(day.day, "medium")})` : formatDay(day.day, "medium"),
                    day.due,
                  ],
                }))}
              />
            </div>
          ) : (
            <EmptyState action={{ to: "/flashcards", label: "Open flashcards" }}>
              Review a few flashcards or saved words and their next visits will show here.
            </EmptyState>
          )}
        </div>
        <div className="min-w-0 space-y-6">
          <div>
            <h3 className="text-base font-semibold text-ink">Retention</h3>
            <p className="mt-2 text-3xl font-semibold tracking-tight text-ink tabular-nums" data-testid="retention">
              {retention.rate === null ? "–" : `${retention.rate}%`}
            </p>
            <p className="mt-1 text-sm text-muted">
              {retention.reviews > 0
                ? `${plural(retention.remembered, "answer")} of ${retention.reviews} in the last ${RETENTION_DAYS} days were Hard, Good or Easy (not Again).`
                : `No reviews in the last ${RETENTION_DAYS} days.`}
            </p>
          </div>
          <div>
            <h3 className="text-base font-semibold text-ink">Words</h3>
            <dl className="mt-2 grid grid-cols-3 gap-3" data-testid="words">
              {[
                { label: "Saved", value: words.saved },
                { label: "Reviewing", value: words.reviewing },
                { label: "Learned", value: words.learned },
              ].map((item) => (
                <div key={item.label} className="rounded-lg bg-canvas/70 p-3">
                  <dt className="text-xs font-medium text-muted">{item.label}</dt>
                  <dd className="text-xl font-semibold text-ink tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-muted">
              Learned: in review and expected to be remembered for {LEARNED_STABILITY_DAYS} days or more.
            </p>
          </div>
          <div>
            <h3 className="mb-3 text-base font-semibold text-ink">Cards by state</h3>
            <CardsByState counts={cardsByState} />
          </div>
        </div>
      </div>
    </Section>
  );
}

export default function ProgressPage() {
  const { report, knownWords, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const goalResult = actionData && "result" in actionData ? actionData.result : undefined;
  const hasScores = report.scores.some((week) => week.exercises.attempts > 0 || week.listening.attempts > 0);

  return (
    <main className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      {report.timeZone === null ? <TimeZoneDetector /> : null}
      <header className="max-w-3xl">
        <p className="text-lg font-semibold text-primary-700">
          <span lang="ar" dir="rtl">
            تقدّمي
          </span>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Your progress</h1>
        <p className="mt-2 text-muted">
          What you watched and reviewed, day by day. Days follow your time zone,{" "}
          <span className="font-medium text-ink" data-testid="time-zone">
            {report.effectiveTimeZone}
          </span>
          {report.timeZone === null ? " until we know yours" : ""}.
        </p>
      </header>

      <div className="mt-8 space-y-6">
        <Headline report={report} />

        <WatchingSection report={report} />

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Section
            id="calendar-heading"
            title="Study calendar"
            description="The last twelve weeks, a column a week: the darker the day, the closer to your goal."
          >
            <HeatMap weeks={report.heatMap} goalLabel={goalLabel(report)} hasGoal={report.goal.target !== null} />
          </Section>
          <Section
            id="goal-heading"
            title="Daily goal"
            description="A day counts for your streak when you meet the goal (with no goal, any study counts)."
          >
            <GoalForm
              goal={report.goal}
              targets={report.goalTargets}
              limits={limits}
              timeZone={report.timeZone}
              lastResult={goalResult}
            />
          </Section>
        </div>

        <Section
          id="milestones-heading"
          title="Milestones"
          description={`Hours of Shami you have listened to in lessons, on the way to each level.${report.level ? ` Your profile says ${LEVEL_LABELS[report.level].toLowerCase()}.` : ""}`}
        >
          <Milestones
            milestones={report.milestones}
            totalSeconds={report.watching.totalSeconds}
            next={report.nextMilestone}
          />
        </Section>

        <ForecastSection report={report} />

        <Section
          id="known-words-heading"
          title="Words you know"
          description="Words of the lessons' lexicon, counted once however many lessons they are in: known when you mark them or a saved word's review holds for three weeks."
        >
          <KnownWordsSection report={knownWords} today={report.today} />
        </Section>

        <Section
          id="scores-heading"
          title="Exercises and listening"
          description="Your scores a week over the last twelve weeks."
        >
          {hasScores ? (
            <ScoresChart weeks={report.scores} />
          ) : (
            <EmptyState action={{ to: "/listening-activity", label: "Try a listening activity" }}>
              Do a lesson&apos;s exercises or a listening activity and your scores will show here, week by week.
            </EmptyState>
          )}
        </Section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Your progress");
