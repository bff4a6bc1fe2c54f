import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { HeadphonesIcon } from "~/components/icons";
import { ListeningActivityCard } from "../components/activity-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { titleMeta } from "~/lib/route-meta";
import { FREE_TIER_MESSAGES } from "#core/free-tier";
import { listListeningGroups } from "#server/services/listening";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";
import { CheckoutLink } from "~/components/checkout-link";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const viewer = await context.getViewer();
  const [groups, access] = await Promise.all([listListeningGroups(context.app, { viewer }), viewer.lessonAccess()]);
  return { groups, signedIn: viewer.signedIn, entitled: access.hasSubscription };
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => titleMeta(matches, "Listening activities");

export default function ListeningActivitiesPage() {
  const { groups, signedIn, entitled } = useLoaderData<typeof loader>();
  const activities = groups.flatMap((group) => group.activities);
  const tried = activities.filter((activity) => activity.best !== null);

  return (
    <main className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-lg font-semibold text-primary-700">
            <span lang="ar" dir="rtl">
              تمارين الاستماع
            </span>
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Listening activities</h1>
          <p className="mt-2 text-muted">
            Short everyday recordings. Play each one as often as you like, slow it down, then answer the questions: pick
            the right choice or type what you hear. Your best score stays here.
          </p>
        </div>
        {signedIn && activities.length > 0 ? (
          <p className="shrink-0 rounded-xl bg-surface px-4 py-2.5 text-sm text-muted ring-1 ring-line">
            <span className="font-semibold text-ink">{tried.length}</span> of {activities.length} activities tried
          </p>
        ) : null}
      </header>

      {signedIn ? null : (
        <section
          aria-label="Sign in to listen"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-ink">Sign in to start listening</h2>
            <p className="mt-1 text-sm text-ink/75">
              The first activity of each group is free with an account; a subscription opens them all. We keep your
              answers and best score for each one.
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link to="/auth/signup" className={buttonClasses("primary", "md")}>
              Start free
            </Link>
            <Link to="/auth/login?redirect=/listening-activity" className={buttonClasses("secondary", "md")}>
              Sign in
            </Link>
          </div>
        </section>
      )}

      {signedIn && !entitled && groups.length > 0 ? (
        <section
          aria-label="Free and subscription activities"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm text-ink/85">{FREE_TIER_MESSAGES.listening}</p>
          <CheckoutLink className={buttonClasses("secondary", "md", "shrink-0")}>See plans</CheckoutLink>
        </section>
      ) : null}

      {groups.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
            <HeadphonesIcon className="size-6" />
          </span>
          <h2 className="mt-3 font-semibold text-ink">No listening activities yet</h2>
          <p className="mt-1 max-w-md text-sm text-muted">
            The first recordings are on their way. Meanwhile, try a lesson.
          </p>
          <Link to="/video-library" className={buttonClasses("secondary", "md", "mt-5")}>
            Browse lessons
          </Link>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="mt-10">
            <h2 id={`group-${group.id}`} className="text-2xl font-semibold text-ink">
              {group.title}
            </h2>
            {group.description ? <p className="mt-1 text-sm text-muted">{group.description}</p> : null}
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {group.activities.map((activity) => (
                <li key={activity.id}>
                  <ListeningActivityCard activity={activity} signedIn={signedIn} showFree={!entitled} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
