import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BillingFaq, IncludedFeatures } from "../components/checkout-parts";
import { checkoutHref, LessonArabicTitle, ReturnLink, SubscribedSummary } from "../components/checkout-context";
import { CheckIcon } from "~/components/icons";
import { FreeTierComparison } from "../components/free-tier-comparison";
import { PlanCard } from "../components/plan-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { getCheckoutReturn, getCheckoutView } from "#server/services/billing";
import { toCurrentSubscription } from "../billing.server";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const [view, returnTo] = await Promise.all([
    getCheckoutView(context.app, { userId: user.id }),
    // The page the member came from (a premium lesson), named here and kept through every step of the checkout.
    getCheckoutReturn(context.app, { redirect: new URL(request.url).searchParams.get("redirect") }),
  ]);
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
    current: toCurrentSubscription(view.subscription),
  };
});

export default function CheckoutPlansPage() {
  const { plans, trialEligible, current, returnTo } = useLoaderData<typeof loader>();
  const featured = plans.find((plan) => plan.interval === "year")?.name;
  const trialDays = trialEligible ? Math.max(0, ...plans.map((plan) => plan.trialDays)) : 0;
  const displayPlans = trialEligible ? plans : plans.map((plan) => ({ ...plan, trialDays: 0 }));
  const lesson = current ? null : (returnTo?.lesson ?? null);

  return (
    <main>
      <header className="border-b border-line bg-gradient-to-b from-primary-50 to-canvas">
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 text-center sm:px-6 md:pt-16">
          <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">
            {lesson ? (lesson.isFree ? "Free lesson" : "Premium lesson") : "Plans and prices"}
          </p>
          {lesson ? (
            <h1
              className="mx-auto mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl"
              data-testid="checkout-lesson"
            >
              Subscribe to watch {lesson.title}
              <LessonArabicTitle lesson={lesson} className="mt-3 text-2xl font-semibold text-ink/80 sm:text-3xl" />
            </h1>
          ) : (
            <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">
              Choose how you want to learn
            </h1>
          )}
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted">
            {lesson
              ? "Every plan opens this lesson and every other one, with its transcript and exercises. After paying you come straight back to it."
              : "Every plan opens every lesson, transcript and review tool. Annual costs less; monthly lets you try it out."}
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
          <SubscribedSummary subscription={current} className="mx-auto mb-10 max-w-4xl">
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              {returnTo ? <ReturnLink returnTo={returnTo} size="md" /> : null}
              <Link
                to="/manage-subscription"
                className={buttonClasses(returnTo ? "secondary" : "primary", "md", "shrink-0")}
              >
                Manage subscription
              </Link>
            </div>
          </SubscribedSummary>
        ) : null}

        {plans.length > 0 ? (
          <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
            {displayPlans.map((plan) => {
              const own = current?.plan.name === plan.name;
              return (
                <PlanCard
                  key={plan.name}
                  plan={plan}
                  plans={displayPlans}
                  featured={plan.name === featured}
                  href={
                    own ? "/manage-subscription" : checkoutHref(`/checkout/${encodeURIComponent(plan.name)}`, returnTo)
                  }
                  ctaLabel={own ? "Your plan: manage it" : current ? `Switch to ${plan.title}` : `Choose ${plan.title}`}
                />
              );
            })}
          </div>
        ) : (
          <p className="mx-auto max-w-xl rounded-xl border border-dashed border-line bg-surface p-8 text-center text-muted">
            Plans are being updated. Please check back shortly.
          </p>
        )}

        {returnTo && !current ? (
          <p className="mx-auto mt-8 max-w-4xl text-center text-sm text-muted">
            Not now?{" "}
            {returnTo.lesson && !returnTo.lesson.isFree ? (
              <Link to="/video-library" className="font-medium text-primary-800 underline">
                Browse the free lessons
              </Link>
            ) : (
              <Link
                to={returnTo.path}
                data-testid="back-to-lesson"
                className="inline-block py-2 font-medium text-primary-800 underline"
              >
                {returnTo.lesson ? `Back to ${returnTo.lesson.title}` : "Go back"} with your free account
              </Link>
            )}
          </p>
        ) : null}

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

// The same title whoever asks: a member's subscription state never shows in a tab title (docs/product-rules.md#tab-titles).
export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Plans and pricing");
