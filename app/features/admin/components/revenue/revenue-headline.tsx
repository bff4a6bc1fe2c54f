import type { RevenueSeries } from "#server/services/admin-revenue";
import { CalendarIcon, CardIcon, ChartIcon, UsersIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { previousMrrCents, sumTrials } from "./figures";
import {
  formatChangeRate,
  formatMoney,
  formatMonth,
  formatRate,
  formatSignedMoney,
  plural,
  shiftMonth,
} from "./format";

function Figure({
  icon: Icon,
  label,
  value,
  note,
  className,
  tone = "default",
}: {
  icon: (props: { className?: string }) => React.ReactNode;
  label: string;
  value: React.ReactNode;
  note: React.ReactNode;
  className?: string;
  tone?: "default" | "primary";
}) {
  return (
    <div className={cn("rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5", className)}>
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted">
        {label}
        <span
          aria-hidden="true"
          className={cn(
            "inline-flex size-9 shrink-0 items-center justify-center rounded-lg max-sm:hidden",
            tone === "primary" ? "bg-primary-50 text-primary-700" : "bg-canvas text-muted",
          )}
        >
          <Icon className="size-[18px]" />
        </span>
      </dt>
      <dd className="mt-2 text-2xl font-bold tracking-tight text-ink tabular-nums sm:text-3xl">{value}</dd>
      <dd className="mt-1 text-xs text-muted sm:text-sm">{note}</dd>
    </div>
  );
}

/** The current month at a glance: MRR now and its change, new and churned MRR, trial conversion, refunds. */
export function RevenueHeadline({ series, rangeMonths }: { series: RevenueSeries; rangeMonths: number }) {
  const { currency, months } = series;
  const current = months.at(-1);
  if (!current) return null;
  const base = previousMrrCents(months, series.startingMrrCents);
  const change = current.mrrCents - base;
  const changeRate = formatChangeRate(change, base);
  const previousName = formatMonth(shiftMonth(current.month, -1), "name");
  const monthName = formatMonth(current.month, "name");
  const trials = sumTrials(months);
  const decided = trials.converted + trials.notConverted;

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <Figure
        icon={ChartIcon}
        tone="primary"
        className="max-lg:col-span-2"
        label="MRR now"
        value={formatMoney(current.mrrCents, currency)}
        note={
          <>
            <span
              className={cn(
                "font-semibold",
                change > 0 ? "text-primary-800" : change < 0 ? "text-red-700" : "text-ink/80",
              )}
            >
              {change === 0 ? "No change" : formatSignedMoney(change, currency)}
              {change !== 0 && changeRate ? ` (${changeRate})` : ""}
            </span>{" "}
            since the end of {previousName}; {plural(current.payingSubscriptions, "paying subscription")}
          </>
        }
      />
      <Figure
        icon={UsersIcon}
        label="New MRR"
        value={formatSignedMoney(current.newCents, currency)}
        note={`${plural(current.newCount, "subscription")} started paying in ${monthName}`}
      />
      <Figure
        icon={CalendarIcon}
        label="Churned MRR"
        value={formatSignedMoney(-current.churnCents, currency)}
        note={`${plural(current.churnCount, "subscription")} stopped paying in ${monthName}`}
      />
      <Figure
        icon={CardIcon}
        label="Trial conversion"
        value={
          trials.conversionRate === null ? (
            <>
              <span aria-hidden="true">–</span>
              <span className="sr-only">None yet</span>
            </>
          ) : (
            formatRate(trials.conversionRate)
          )
        }
        note={
          decided > 0
            ? `${trials.converted} of ${plural(decided, "trial")} that ended in the last ${plural(rangeMonths, "month")} went on to pay${trials.pending > 0 ? ` (${trials.pending} awaiting renewal)` : ""}`
            : trials.pending > 0
              ? `${plural(trials.pending, "trial")} ended, awaiting renewal`
              : `No trial ended in the last ${plural(rangeMonths, "month")}`
        }
      />
      <Figure
        icon={CardIcon}
        label="Refunds"
        value={formatMoney(current.refunds.cents, currency)}
        note={`${plural(current.refunds.count, "refund")} in ${monthName}; ${formatMoney(current.collectedCents, currency)} collected`}
      />
    </dl>
  );
}
