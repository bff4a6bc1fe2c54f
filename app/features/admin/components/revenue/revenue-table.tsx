import type { RevenueMonth, TrialOutcomes } from "#server/services/admin-revenue";
import { cn } from "~/lib/cn";
import { sumTrials } from "./figures";
import { formatMoney, formatMonth, formatRate, formatSignedMoney, plural, shiftMonth } from "./format";

const cell = "px-4 py-2.5 text-end tabular-nums whitespace-nowrap";
const header = "px-4 py-2.5 font-semibold whitespace-nowrap";

function changeTone(cents: number) {
  return cents > 0 ? "text-primary-800" : cents < 0 ? "text-red-700" : "text-ink/80";
}

function TrialsCell({ trials }: { trials: TrialOutcomes }) {
  if (trials.ended === 0) return <span className="text-muted">None ended</span>;
  const decided = trials.converted + trials.notConverted;
  return (
    <>
      {decided > 0 ? (
        <span>
          {trials.converted} of {decided}
          {trials.conversionRate !== null ? ` (${formatRate(trials.conversionRate)})` : ""}
        </span>
      ) : null}
      {trials.pending > 0 ? <span className="block text-xs text-muted">{trials.pending} awaiting renewal</span> : null}
    </>
  );
}

function Count({ value, one }: { value: number; one: string }) {
  return value > 0 ? <span className="block text-xs text-muted">{plural(value, one)}</span> : null;
}

/**
 * Every figure of the chart and the headline, month by month (newest first), with the range's totals: the
 * chart is never the only way to read them.
 */
export function RevenueTable({
  currency,
  months,
  startingMrrCents,
}: {
  currency: string;
  months: ReadonlyArray<RevenueMonth>;
  startingMrrCents: number;
}) {
  const code = currency.toUpperCase();
  const newest = [...months].reverse();
  const first = months[0];
  const last = months.at(-1);
  const total = (pick: (month: RevenueMonth) => number) => months.reduce((sum, month) => sum + pick(month), 0);
  const refundCount = total((month) => month.refunds.count);
  const trials = sumTrials(months);
  const net = (last?.mrrCents ?? 0) - startingMrrCents;

  return (
    <>
      {first ? (
        <p className="px-5 pt-1 pb-3 text-sm text-muted">
          Newest first. MRR is at each month’s end (this month’s as of now); it was{" "}
          {formatMoney(startingMrrCents, currency)} at the end of {formatMonth(shiftMonth(first.month, -1), "long")}.
        </p>
      ) : null}
      <div
        className="overflow-x-auto"
        // Focusable so keyboard users can scroll a table wider than the screen.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={`${code} revenue by month`}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{code} revenue by month, newest first, with totals for the period</caption>
          <thead>
            <tr className="border-y border-line bg-canvas/60 text-xs tracking-wide text-muted uppercase">
              <th scope="col" className={cn(header, "text-start")}>
                Month
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                MRR
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                New
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                Churn
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                Net change
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                Trials converted
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                Collected
              </th>
              <th scope="col" className={cn(header, "text-end")}>
                Refunded
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {newest.map((month) => (
              <tr key={month.month} className="align-top hover:bg-canvas/60">
                <th scope="row" className="px-4 py-2.5 text-start font-medium whitespace-nowrap text-ink">
                  {formatMonth(month.month, "long")}
                  {month.isCurrent ? <span className="block text-xs font-normal text-muted">to date</span> : null}
                </th>
                <td className={cn(cell, "font-semibold text-ink")}>
                  {formatMoney(month.mrrCents, currency)}
                  <Count value={month.payingSubscriptions} one="subscription" />
                </td>
                <td className={cell}>
                  {month.newCents > 0 ? formatSignedMoney(month.newCents, currency) : formatMoney(0, currency)}
                  <Count value={month.newCount} one="subscription" />
                </td>
                <td className={cell}>
                  {month.churnCents > 0 ? formatSignedMoney(-month.churnCents, currency) : formatMoney(0, currency)}
                  <Count value={month.churnCount} one="subscription" />
                </td>
                <td className={cn(cell, "font-medium", changeTone(month.netCents))}>
                  {formatSignedMoney(month.netCents, currency)}
                </td>
                <td className={cell}>
                  <TrialsCell trials={month.trials} />
                </td>
                <td className={cell}>
                  {formatMoney(month.collectedCents, currency)}
                  <Count value={month.paidInvoices} one="payment" />
                </td>
                <td className={cell}>
                  {month.refunds.count > 0 ? (
                    formatMoney(month.refunds.cents, currency)
                  ) : (
                    <span className="text-muted">None</span>
                  )}
                  <Count value={month.refunds.count} one="refund" />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-line bg-canvas/60 align-top font-medium">
              <th scope="row" className="px-4 py-2.5 text-start whitespace-nowrap text-ink">
                {plural(months.length, "month")}
              </th>
              <td className={cn(cell, "text-muted")}>
                <span aria-hidden="true">–</span>
                <span className="sr-only">Not summed</span>
              </td>
              <td className={cell}>
                {formatSignedMoney(
                  total((month) => month.newCents),
                  currency,
                )}
              </td>
              <td className={cell}>{formatSignedMoney(-total((month) => month.churnCents), currency)}</td>
              <td className={cn(cell, changeTone(net))}>{formatSignedMoney(net, currency)}</td>
              <td className={cell}>
                <TrialsCell trials={trials} />
              </td>
              <td className={cell}>
                {formatMoney(
                  total((month) => month.collectedCents),
                  currency,
                )}
              </td>
              <td className={cell}>
                {refundCount > 0 ? (
                  formatMoney(
                    total((month) => month.refunds.cents),
                    currency,
                  )
                ) : (
                  <span className="text-muted">None</span>
                )}
                <Count value={refundCount} one="refund" />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
