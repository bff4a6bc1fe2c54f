import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import {
  ArrowRightIcon,
  BookIcon,
  CalendarIcon,
  CardIcon,
  CardsIcon,
  ChartIcon,
  ChatIcon,
  PlayIcon,
  UsersIcon,
} from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience } from "~/lib/auth.server";
import { getAdminPage, type AdminPage } from "#server/admin/pages";
import { cn } from "~/lib/cn";
import { formatDate, formatPrice } from "#core/format";
import { pageTitle, rootAppName } from "~/lib/meta";
import { getAdminDashboard, type DailyActivity } from "#server/services/admin-dashboard";
import { getRevenueReport } from "#server/services/admin-revenue";
import { formatChangeRate, formatSignedMoney, plural } from "../components/revenue/format";
import { previousMrrCents } from "../components/revenue/figures";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const shortcuts = SHORTCUTS.map((slug) => getAdminPage(slug)).filter((page): page is AdminPage => Boolean(page));
  const [dashboard, revenue] = await Promise.all([
    getAdminDashboard(context.app),
    getRevenueReport(context.app, { months: 1 }),
  ]);
  return { dashboard, revenue, generatedAt: context.app.now(), shortcuts };
});

const STATUS_BADGES: Record<string, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-primary-50 text-primary-800 ring-primary-200" },
  trialing: { label: "Trialing", className: "bg-sky-50 text-sky-800 ring-sky-200" },
  past_due: { label: "Past due", className: "bg-accent-50 text-accent-700 ring-accent-300/60" },
  canceled: { label: "Canceled", className: "bg-canvas text-muted ring-line" },
  expired: { label: "Expired", className: "bg-canvas text-muted ring-line" },
};

const SHORTCUTS = ["videos", "users", "mass-vocabulary-update", "mailing-list"] as const;

export default function AdminDashboardPage() {
  const { dashboard, revenue, generatedAt, shortcuts } = useLoaderData<typeof loader>();
  const { subscriptions, content } = dashboard;
  const paying = subscriptions.active + subscriptions.trialing + subscriptions.past_due;
  // MRR now and its change since last month's end, per currency (/admin/revenue has the detail).
  const mrr = revenue.series.flatMap(({ currency, months, startingMrrCents }) => {
    const current = months.at(-1);
    if (!current) return [];
    const previous = previousMrrCents(months, startingMrrCents);
    const rate = formatChangeRate(current.mrrCents - previous, previous);
    const change = `${formatSignedMoney(current.mrrCents - previous, currency)}${rate ? ` (${rate})` : ""}`;
    return [{ currency, cents: current.mrrCents, change }];
  });
  const mrrText =
    mrr.length > 0
      ? mrr.map((amount) => formatPrice(amount.cents, amount.currency)).join(" + ")
      : formatPrice(0, "usd");
  const mrrNote =
    mrr.length > 0 ? `${mrr.map((amount) => amount.change).join(", ")} this month` : "No paying subscriptions yet";

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Dashboard</h1>
          <p className="mt-1 text-muted">Members, subscriptions and content at a glance.</p>
        </div>
        <p className="text-sm text-muted">Figures as of {formatDate(generatedAt, "long")}</p>
      </div>

      <section aria-labelledby="members-heading" className="mt-8">
        <h2 id="members-heading" className="sr-only">
          Members and subscriptions
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <StatCard
            icon={UsersIcon}
            label="Members"
            value={dashboard.members}
            note={`${dashboard.signupsLast30Days.toLocaleString("en-US")} joined in the last 30 days`}
            href="/admin/users"
          />
          <StatCard
            icon={ChartIcon}
            label="Revenue (MRR)"
            value={mrrText}
            note={mrrNote}
            tone="primary"
            href="/admin/revenue"
          />
          <StatCard
            icon={CardIcon}
            label="Active subscriptions"
            value={subscriptions.active}
            note={`${paying.toLocaleString("en-US")} with access incl. trials`}
          />
          <StatCard
            icon={CalendarIcon}
            label="Trialing"
            value={subscriptions.trialing}
            note="In their free trial now"
          />
          <StatCard
            icon={CardIcon}
            label="Past due"
            value={subscriptions.past_due}
            note={subscriptions.past_due > 0 ? "A renewal payment failed" : "No failed payments"}
            tone={subscriptions.past_due > 0 ? "warning" : "default"}
          />
        </dl>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section
          aria-labelledby="activity-heading"
          className="min-w-0 rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id="activity-heading" className="text-lg font-semibold text-ink">
            Signups and cancellations, last 30 days
          </h2>
          <p className="mt-1 text-sm text-muted">
            {plural(dashboard.signupsLast30Days, "signup")} and{" "}
            {plural(dashboard.cancellationsLast30Days, "cancellation")} since{" "}
            {formatDate(dashboard.activity[0]?.day ?? generatedAt)}.
          </p>
          <ActivityChart activity={dashboard.activity} />
        </section>

        <section
          aria-labelledby="reasons-heading"
          className="rounded-xl border border-line bg-surface p-5 shadow-sm lg:self-start"
        >
          <h2 id="reasons-heading" className="text-lg font-semibold text-ink">
            Top cancel reasons
          </h2>
          {dashboard.topCancelReasons.length > 0 ? (
            <ol className="mt-3 space-y-3">
              {dashboard.topCancelReasons.map((reason) => {
                const share = dashboard.cancellationsLast30Days
                  ? Math.round((reason.total / dashboard.cancellationsLast30Days) * 100)
                  : 0;
                return (
                  <li key={reason.label} className="text-sm">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="font-medium text-ink">{reason.label}</span>
                      <span className="shrink-0 text-muted tabular-nums">
                        {reason.total} ({share}%)
                      </span>
                    </div>
                    <div className="mt-1 h-2 rounded-full bg-canvas" aria-hidden="true">
                      <div className="h-2 rounded-full bg-accent-500" style={{ width: `${share}%` }} />
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="mt-3 text-sm text-muted">Nobody canceled in the last 30 days.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="content-heading" className="mt-10">
        <h2 id="content-heading" className="text-lg font-semibold text-ink">
          Content
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
          <StatCard
            icon={PlayIcon}
            label="Lessons"
            value={content.publishedLessons}
            note={`published, of ${content.lessons.toLocaleString("en-US")} in total`}
            href="/admin/videos"
          />
          <StatCard
            icon={BookIcon}
            label="Courses"
            value={content.courses}
            note="study tracks"
            href="/admin/study-track"
          />
          <StatCard
            icon={BookIcon}
            label="Series"
            value={content.series}
            note="ordered lesson sets"
            href="/admin/series"
          />
          <StatCard
            icon={CardsIcon}
            label="Lesson words"
            value={content.lessonVocabulary}
            note="vocabulary in lessons"
            href="/admin/video-vocabulary"
          />
          <StatCard
            icon={CardsIcon}
            label="Deck words"
            value={content.deckWords}
            note={`in ${plural(content.decks, "vocabulary deck")}`}
            href="/admin/global-vocabulary-single-vocabulary"
          />
          <StatCard
            icon={ChatIcon}
            label="Blog posts"
            value={content.publishedPosts}
            note={`published; ${plural(content.communityThreads, "community thread")}`}
            href="/admin/blogs"
          />
        </dl>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <section
          aria-labelledby="signups-heading"
          className="min-w-0 rounded-xl border border-line bg-surface shadow-sm lg:self-start"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <h2 id="signups-heading" className="text-lg font-semibold text-ink">
              Recent signups
            </h2>
            <Link
              to="/admin/users"
              className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline"
            >
              All users <ArrowRightIcon className="size-4" />
            </Link>
          </div>
          {dashboard.recentSignups.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-start text-sm">
                <thead>
                  <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                    <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                      Member
                    </th>
                    <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                      Joined
                    </th>
                    <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                      Subscription
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {dashboard.recentSignups.map((member) => {
                    return (
                      <tr key={member.id} className="hover:bg-canvas/60">
                        <td className="px-5 py-3">
                          <p className="font-medium text-ink">{member.name}</p>
                          <p className="break-all text-muted">{member.email}</p>
                          <p className="mt-1 sm:hidden">
                            <SubscriptionCell subscription={member.subscription} />
                          </p>
                        </td>
                        <td className="px-5 py-3 whitespace-nowrap text-ink/80">{formatDate(member.createdAt)}</td>
                        <td className="px-5 py-3 max-sm:hidden">
                          <SubscriptionCell subscription={member.subscription} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="px-5 py-10 text-center text-muted">Nobody has signed up yet.</p>
          )}
        </section>

        <section
          aria-labelledby="shortcuts-heading"
          className="rounded-xl border border-line bg-surface p-5 shadow-sm lg:self-start"
        >
          <h2 id="shortcuts-heading" className="text-lg font-semibold text-ink">
            Shortcuts
          </h2>
          <ul className="mt-3 space-y-1">
            {shortcuts.map((page) => {
              return (
                <li key={page.slug}>
                  <Link to={`/admin/${page.slug}`} className="group block rounded-lg px-3 py-2 hover:bg-primary-50">
                    <span className="flex items-center justify-between text-sm font-semibold text-ink">
                      {page.label}
                      <ArrowRightIcon className="size-4 text-muted group-hover:text-primary-700" />
                    </span>
                    <span className="mt-0.5 block text-xs text-muted">{page.description}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </main>
  );
}

/**
 * Thirty days as paired bars (signups up, cancellations down from a shared baseline). The SVG is a
 * picture for sighted readers; the same numbers are in the table under "Show the numbers".
 */
function ActivityChart({ activity }: { activity: DailyActivity[] }) {
  const peak = Math.max(1, ...activity.map((day) => Math.max(day.signups, day.cancellations)));
  const barWidth = 10;
  const gap = 4;
  const half = 60;
  const width = activity.length * (barWidth + gap);
  const scale = (value: number) => (value / peak) * (half - 4);
  const busiest = activity.reduce<DailyActivity | null>(
    (best, day) => (!best || day.signups > best.signups ? day : best),
    null,
  );
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${width} ${half * 2 + 2}`}
        role="img"
        aria-label={`Daily signups (up) and cancellations (down); busiest day ${busiest && busiest.signups > 0 ? `${formatDate(busiest.day)} with ${plural(busiest.signups, "signup")}` : "none"}.`}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" x2={width} y1={half} y2={half} className="stroke-line" strokeWidth="1" />
        {activity.map((day, index) => {
          const x = index * (barWidth + gap) + gap / 2;
          const up = scale(day.signups);
          const down = scale(day.cancellations);
          return (
            <g key={day.day}>
              <title>{`${formatDate(day.day)}: ${plural(day.signups, "signup")}, ${plural(day.cancellations, "cancellation")}`}</title>
              {up > 0 ? (
                <rect x={x} y={half - up} width={barWidth} height={up} rx="2" className="fill-primary-600" />
              ) : null}
              {down > 0 ? (
                <rect x={x} y={half + 1} width={barWidth} height={down} rx="2" className="fill-accent-500" />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-muted">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary-600" /> Signups (above the line)
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-accent-500" /> Cancellations (below)
        </span>
        <span>
          {formatDate(activity[0]?.day ?? 0)} – {formatDate(activity[activity.length - 1]?.day ?? 0)}
        </span>
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary-800">Show the numbers</summary>
        <div
          className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-line"
          // Focusable so keyboard users can scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label="Daily figures"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Signups and cancellations per day</caption>
            <thead className="sticky top-0 bg-surface">
              <tr className="border-b border-line text-xs text-muted">
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  Signups
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  Cancellations
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {activity.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="px-3 py-1.5 text-start font-normal text-ink">
                    {formatDate(day.day)}
                  </th>
                  <td className="px-3 py-1.5 text-end tabular-nums">{day.signups}</td>
                  <td className="px-3 py-1.5 text-end tabular-nums">{day.cancellations}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function SubscriptionCell({ subscription }: { subscription: { status: string; planTitle: string } | null }) {
  const badge = subscription ? STATUS_BADGES[subscription.status] : undefined;
  if (!subscription || !badge) return <span className="text-muted">Free account</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", badge.className)}>
        {badge.label}
      </span>
      <span className="text-muted">{subscription.planTitle}</span>
    </span>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  note,
  tone = "default",
  href,
}: {
  icon: (props: { className?: string }) => React.ReactNode;
  label: string;
  value: number | string;
  note: string;
  tone?: "default" | "primary" | "warning";
  href?: string;
}) {
  return (
    <div
      className={cn(
        "relative rounded-xl border bg-surface p-4 shadow-sm sm:p-5",
        tone === "warning" ? "border-accent-300" : "border-line",
        href && "transition hover:border-primary-300 hover:shadow-md focus-within:ring-3 focus-within:ring-primary-300",
      )}
    >
      <dt className="flex items-center justify-between text-sm font-medium text-muted">
        {href ? (
          <Link
            to={href}
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-ink"
          >
            {label}
          </Link>
        ) : (
          label
        )}
        <span
          aria-hidden="true"
          className={cn(
            "inline-flex size-9 items-center justify-center rounded-lg max-sm:hidden",
            tone === "primary" && "bg-primary-50 text-primary-700",
            tone === "warning" && "bg-accent-100 text-accent-700",
            tone === "default" && "bg-canvas text-muted",
          )}
        >
          <Icon className="size-[18px]" />
        </span>
      </dt>
      <dd className="mt-2 text-2xl font-bold tracking-tight text-ink tabular-nums sm:text-3xl">
        {typeof value === "number" ? value.toLocaleString("en-US") : value}
      </dd>
      <dd className="mt-1 text-xs text-muted sm:text-sm">{note}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Admin dashboard") }];
