import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { ChartIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { forAudience } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { formatDate } from "#core/format";
import { getRevenueReport, type RevenueSeries } from "#server/services/admin-revenue";
import { formatMonth } from "../components/revenue/format";
import { parseRevenueSearch, REVENUE_RANGE_CHOICES } from "../components/revenue/range";
import { RevenueChart } from "../components/revenue/revenue-chart";
import { RevenueHeadline } from "../components/revenue/revenue-headline";
import { RevenueTable } from "../components/revenue/revenue-table";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const search = parseRevenueSearch(new URL(request.url).searchParams);
  return { search, report: await getRevenueReport(context.app, { months: search.months }) };
});

const CURRENCY_NAMES = new Intl.DisplayNames(["en"], { type: "currency" });
function currencyName(currency: string): string {
  try {
    return CURRENCY_NAMES.of(currency.toUpperCase()) ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}

export default function AdminRevenuePage() {
  const { search, report } = useLoaderData<typeof loader>();
  const choices: number[] = REVENUE_RANGE_CHOICES.includes(search.months as (typeof REVENUE_RANGE_CHOICES)[number])
    ? [...REVENUE_RANGE_CHOICES]
    : [...REVENUE_RANGE_CHOICES, search.months].sort((a, b) => a - b);
  const severalCurrencies = report.series.length > 1;
  const firstMonth = new Date(report.from).toISOString().slice(0, 7);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Users & billing" }, { label: "Revenue" }]} />
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Revenue</h1>
          <p className="mt-1 text-muted">
            Recurring revenue, its movement, trials and refunds since {formatMonth(firstMonth, "long")}, by calendar
            month (UTC). Figures as of {formatDate(report.generatedAt, "long")}.
          </p>
        </div>
        {/* Never squeezed by the description beside it: the longest choice ("Last 24 months") stays whole. */}
        <Form method="get" aria-label="Choose the period" className="flex shrink-0 items-end gap-2">
          <div className="space-y-1.5">
            <label htmlFor="revenue-months" className="block text-sm font-medium text-ink">
              Period
            </label>
            <select
              id="revenue-months"
              name="months"
              defaultValue={search.months}
              className={cn(inputClasses, "min-w-44 appearance-auto")}
            >
              {choices.map((months) => (
                <option key={months} value={months}>
                  Last {months} months
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Show
          </button>
        </Form>
      </div>

      {report.series.length === 0 ? (
        <section
          aria-labelledby="empty-heading"
          className="mt-8 rounded-xl border border-line bg-surface px-6 py-12 text-center shadow-sm"
        >
          <span
            aria-hidden="true"
            className="mx-auto inline-flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-700"
          >
            <ChartIcon className="size-6" />
          </span>
          <h2 id="empty-heading" className="mt-4 text-lg font-semibold text-ink">
            No revenue yet
          </h2>
          <p className="mx-auto mt-2 max-w-prose text-muted">
            Nobody paid for a plan, started a trial or was refunded in the last {search.months} months. Once members
            subscribe, their recurring revenue, its movement, trial conversion and refunds appear here month by month.
            Complimentary subscriptions never count.
          </p>
          <Link to="/admin/plans" className={buttonClasses("secondary", "md", "mt-6")}>
            Review the plans
          </Link>
        </section>
      ) : (
        report.series.map((series) => (
          <CurrencySection
            key={series.currency}
            series={series}
            rangeMonths={report.months}
            showHeading={severalCurrencies}
          />
        ))
      )}

      <section
        aria-labelledby="definitions-heading"
        className="mt-10 rounded-xl border border-line bg-surface p-5 shadow-sm"
      >
        <h2 id="definitions-heading" className="text-lg font-semibold text-ink">
          How these figures are computed
        </h2>
        <dl className="mt-3 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          <Definition term="MRR">
            Monthly price of every subscription paying at the end of the month (annual plans count a twelfth): active,
            past due, and canceled ones until their paid period ends. Trials and complimentary subscriptions are left
            out. Each subscription counts at the price it renews at now.
          </Definition>
          <Definition term="New and churn">
            MRR of the subscriptions that started paying in the month (at the end of a trial, or at checkout) and of
            those that stopped (their period ran out after a cancellation or a failed payment). Net change is this
            month-end MRR minus the last.
          </Definition>
          <Definition term="Expansion">
            Not tracked: D1 keeps only each subscription’s current plan, so an upgrade or downgrade cannot be dated. A
            plan switch re-prices that subscription’s whole history instead.
          </Definition>
          <Definition term="Trial conversion">
            Trials that ended in the month and went on to pay, out of those that ended with an outcome. A trial still
            waiting for its first renewal to be confirmed is shown as awaiting renewal.
          </Definition>
          <Definition term="Collected and refunded">
            Paid invoices by payment date, before refunds; refunds by the date they were made, whichever month the
            invoice was paid in.
          </Definition>
        </dl>
      </section>
    </main>
  );
}

function Definition({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{term}</dt>
      <dd className="mt-0.5 text-muted">{children}</dd>
    </div>
  );
}

function CurrencySection({
  series,
  rangeMonths,
  showHeading,
}: {
  series: RevenueSeries;
  rangeMonths: number;
  showHeading: boolean;
}) {
  const code = series.currency.toUpperCase();
  const id = `revenue-${series.currency}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2
        id={`${id}-heading`}
        className={showHeading ? "mb-4 text-xl font-semibold tracking-tight text-ink" : "sr-only"}
      >
        {currencyName(series.currency)} ({code})
      </h2>
      <RevenueHeadline series={series} rangeMonths={rangeMonths} />
      <div className="mt-6 rounded-xl border border-line bg-surface p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-ink">MRR by month</h3>
        <RevenueChart className="mt-4" currency={series.currency} months={series.months} />
      </div>
      <div className="mt-6 min-w-0 rounded-xl border border-line bg-surface shadow-sm">
        <h3 className="px-5 pt-5 text-lg font-semibold text-ink">Month by month</h3>
        <RevenueTable currency={series.currency} months={series.months} startingMrrCents={series.startingMrrCents} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Revenue");
