import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowRightIcon, BookIcon, CalendarIcon, CardIcon, PlayIcon, UsersIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireAdmin } from "~/lib/auth.server";
import { getAdminPage } from "~/lib/admin-pages";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/format";
import { pageTitle, rootAppName } from "~/lib/meta";
import { getAdminDashboard } from "../../server/services/admin-dashboard";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return { dashboard: await getAdminDashboard(context.app), generatedAt: context.app.now() };
}

const STATUS_BADGES: Record<string, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-primary-50 text-primary-800 ring-primary-200" },
  trialing: { label: "Trialing", className: "bg-sky-50 text-sky-800 ring-sky-200" },
  past_due: { label: "Past due", className: "bg-accent-50 text-accent-700 ring-accent-300/60" },
  canceled: { label: "Canceled", className: "bg-canvas text-muted ring-line" },
  expired: { label: "Expired", className: "bg-canvas text-muted ring-line" },
};

const SHORTCUTS = ["videos", "users", "subtitles-generator", "community-threads"] as const;

export default function AdminDashboardPage() {
  const { dashboard, generatedAt } = useLoaderData<typeof loader>();
  const { subscriptions, content } = dashboard;
  const paying = subscriptions.active + subscriptions.trialing + subscriptions.past_due;

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
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard
            icon={UsersIcon}
            label="Members"
            value={dashboard.members}
            note={`${dashboard.signupsLast30Days} joined in the last 30 days`}
          />
          <StatCard
            icon={CardIcon}
            label="Active subscriptions"
            value={subscriptions.active}
            note={`${paying} with access, counting trials and past due`}
            tone="primary"
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

      <section aria-labelledby="content-heading" className="mt-10">
        <h2 id="content-heading" className="text-lg font-semibold text-ink">
          Content
        </h2>
        <dl className="mt-4 grid grid-cols-3 gap-3 sm:gap-4">
          <StatCard
            icon={PlayIcon}
            label="Lessons"
            value={content.publishedLessons}
            note={`published, of ${content.lessons} in total`}
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
            {SHORTCUTS.map((slug) => {
              const page = getAdminPage(slug);
              if (!page) return null;
              return (
                <li key={slug}>
                  <Link to={`/admin/${slug}`} className="group block rounded-lg px-3 py-2 hover:bg-primary-50">
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
  value: number;
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
        {value.toLocaleString("en-US")}
      </dd>
      <dd className="mt-1 text-xs text-muted sm:text-sm">{note}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Admin dashboard") }];
