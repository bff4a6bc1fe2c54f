import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BillingFaq, IncludedFeatures } from "../components/checkout-parts";
import { StatusBadge } from "../components/subscription-status";
import { ArrowRightIcon, CheckIcon } from "~/components/icons";
import { FreeTierComparison } from "../components/free-tier-comparison";
import { PlanCard } from "../components/plan-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireUser, safeRedirectPath } from "~/lib/auth.server";
import { formatDate } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { getCheckoutView } from "#server/services/billing";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const view = await getCheckoutView(context.app, { userId: user.id });
  // Where the member came from (a lesson, after signing up there): they may go back without choosing a plan.
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("redirect"), "");
  return {
    returnTo,
    plans: view.plans.map(
      ({ name, title, description, priceCents, currency, interval, trialDays, features, levelTags }) => ({
        name,
        title,
        description,
        priceCents,
        currency,
        interval,
        trialDays,
        features,
        levelTags,
      }),
    ),
    trialEligible: view.trialEligible,
    current: view.entitlement.hasAccess
      ? {
          status: view.entitlement.status!,
          planTitle: view.entitlement.planTitle!,
          currentPeriodEnd: view.entitlement.currentPeriodEnd!,
        }
      : null,
  };
});

export default function CheckoutPlansPage() {
  const { plans, trialEligible, current, returnTo } = useLoaderData<typeof loader>();
  const featured = plans.find((plan) => plan.interval === "year")?.name;
  const trialDays = trialEligible ? Math.max(0, ...plans.map((plan) => plan.trialDays)) : 0;
  const displayPlans = trialEligible ? plans : plans.map((plan) => ({ ...plan, trialDays: 0 }));

  return (
    <main>
      <header className="border-b border-line bg-gradient-to-b from-primary-50 to-canvas">
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 text-center sm:px-6 md:pt-16">
          <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">Plans and prices</p>
          <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Choose how you want to learn
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted">
            Every plan opens every lesson, transcript and review tool. Annual costs less; monthly lets you try it out.
          </p>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted">
            {trialDays > 0 ? (
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 text-primary-700" /> {trialDays}-day free trial, nothing to pay today
              </li>
            ) : null}
            <li className="flex items-center gap-2">
              <CheckIcon className="size-4 text-primary-700" /> Cancel in two clicks
            </li>
            <li className="flex items-center gap-2">
              <CheckIcon className="size-4 text-primary-700" /> Switch plan whenever you like
            </li>
          </ul>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        {current ? (
          <div className="mx-auto mb-10 flex max-w-4xl flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="flex flex-wrap items-center gap-2 font-semibold text-primary-900">
                You are subscribed to {current.planTitle} <StatusBadge status={current.status} />
              </p>
              <p className="mt-1 text-sm text-primary-900/80">
                Your access runs until at least {formatDate(current.currentPeriodEnd, "long")}. Change plan or cancel on
                your subscription page.
              </p>
            </div>
            <Link to="/manage-subscription" className={buttonClasses("primary", "md", "shrink-0")}>
              Manage subscription <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        ) : null}

        {returnTo && !current ? (
          <p className="mx-auto mb-8 max-w-4xl text-center text-sm text-muted">
            Not now?{" "}
            <Link
              to={returnTo}
              data-testid="back-to-lesson"
              className="inline-block py-2 font-medium text-primary-800 underline"
            >
              Keep learning free: back to your lesson
            </Link>
          </p>
        ) : null}

        {plans.length > 0 ? (
          <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
            {displayPlans.map((plan) => (
              <PlanCard
                key={plan.name}
                plan={plan}
                plans={displayPlans}
                featured={plan.name === featured}
                href={`/checkout/${encodeURIComponent(plan.name)}`}
                ctaLabel={`Choose ${plan.title}`}
              />
            ))}
          </div>
        ) : (
          <p className="mx-auto max-w-xl rounded-xl border border-dashed border-line bg-surface p-8 text-center text-muted">
            Plans are being updated. Please check back shortly.
          </p>
        )}

        <FreeTierComparison className="mt-16" />
        <IncludedFeatures plans={plans} />
        <BillingFaq trialDays={trialDays} />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Plans and pricing");
