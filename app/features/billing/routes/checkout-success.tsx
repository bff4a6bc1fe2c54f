import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "../components/subscription-status";
import { ReturnLink } from "../components/checkout-context";
import { ArrowRightIcon, BookmarkIcon, CheckIcon, PlayIcon, UserIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireUser } from "~/lib/auth.server";
import { formatDate, formatPrice } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import {
  getActivePlanByName,
  getBillingOverview,
  getCheckoutReturn,
  tryConfirmCheckout,
} from "#server/services/billing";
import { checkoutReturnPath, withReturnPath } from "#server/lib/redirects";
import { getLearnerPreferences } from "#server/services/onboarding";
import { onboardingHref } from "#core/schemas/onboarding";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const search = new URL(request.url).searchParams;
  const plan = await getActivePlanByName(context.app, { name: params.planName ?? "" });
  if (!plan) {
    throw redirectWithToast(withReturnPath("/checkout", checkoutReturnPath(search.get("redirect"))), {
      text: "Please choose a plan.",
      status: "error",
    });
  }
  // Back from a hosted checkout: record the subscription now rather than wait for the webhook.
  await tryConfirmCheckout(context.app, { userId: user.id, sessionId: search.get("session_id") });
  const [{ subscription, invoices }, preferences, returnTo] = await Promise.all([
    getBillingOverview(context.app, { userId: user.id }),
    getLearnerPreferences(context.app, { userId: user.id }),
    getCheckoutReturn(context.app, { redirect: search.get("redirect") }),
  ]);
  const lastPaid = invoices.find((invoice) => invoice.status === "paid") ?? null;
  return {
    email: user.email,
    planTitle: plan.title,
    subscription: subscription?.hasAccess
      ? {
          status: subscription.status,
          planTitle: subscription.plan.title,
          priceCents: subscription.plan.priceCents,
          currency: subscription.plan.currency,
          interval: subscription.plan.interval,
          currentPeriodEnd: subscription.currentPeriodEnd,
          trialEndsAt: subscription.status === "trialing" ? subscription.trialEndsAt : null,
          paymentMethodSummary: subscription.paymentMethodSummary,
        }
      : null,
    lastPaid: lastPaid ? { amountCents: lastPaid.amountCents, currency: lastPaid.currency } : null,
    onboarded: preferences.onboardedAt !== null,
    returnTo,
    // The same address again (a hosted checkout's session id and the return path), for "Refresh".
    refreshHref: `/checkout-success/${encodeURIComponent(plan.name)}${search.size > 0 ? `?${search.toString()}` : ""}`,
  };
});

/** The first steps of a new subscriber; telling us their level leads to the onboarding until they have done it. */
function nextSteps(onboarded: boolean) {
  return [
    {
      icon: PlayIcon,
      title: "Watch your first full lesson",
      body: "Pick a scene at your level in the library. Tap any line of the transcript to hear it again.",
      to: "/video-library",
      link: "Open the library",
    },
    onboarded
      ? {
          icon: UserIcon,
          title: "Check your level and goals",
          body: "Your level, goal, minutes a day and dialect are on your profile; we suggest lessons that fit them.",
          to: "/profile",
          link: "Go to your profile",
        }
      : {
          icon: UserIcon,
          title: "Tell us your level",
          body: "Set beginner, intermediate or advanced, your goal and your dialect, and we suggest lessons that fit.",
          to: onboardingHref("/video-library"),
          link: "Set your level",
        },
    {
      icon: BookmarkIcon,
      title: "Save the words you meet",
      body: "Click a word in any transcript to keep it in your vocabulary list, with the moment it was said.",
      to: "/vocabulary-list",
      link: "See vocabulary lists",
    },
  ];
}

export default function CheckoutSuccessPage() {
  const { email, planTitle, subscription, lastPaid, onboarded, returnTo, refreshHref } = useLoaderData<typeof loader>();

  if (!subscription) {
    return (
      <main className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">We are confirming your payment</h1>
        <p className="mt-3 text-muted">
          This usually takes a few seconds. Refresh this page in a moment; if nothing changes, your subscription page
          shows the latest state.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={refreshHref} reloadDocument className={buttonClasses("primary", "lg")}>
            Refresh
          </Link>
          <Link to="/manage-subscription" className={buttonClasses("secondary", "lg")}>
            Manage subscription
          </Link>
        </div>
      </main>
    );
  }

  const renewal = subscription.trialEndsAt ?? subscription.currentPeriodEnd;
  const price = formatPrice(subscription.priceCents, subscription.currency);
  return (
    <main>
      <section className="border-b border-line bg-gradient-to-b from-primary-50 to-canvas">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-12 text-center sm:px-6">
          <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-primary-700 text-white shadow-lg shadow-primary-900/20">
            <CheckIcon className="size-7" />
          </span>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            <span lang="ar" dir="rtl" className="font-arabic">
              أهلا وسهلا
            </span>
            <span className="mt-2 block text-3xl sm:text-4xl">You are in!</span>
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
            {subscription.trialEndsAt
              ? `Your free trial of ${planTitle} has started. Every lesson is open to you now.`
              : `Thank you for subscribing to ${planTitle}. Every lesson is open to you now.`}
          </p>
          {returnTo ? (
            // Back where they were, one tap away (ADR 039): the page first confirms what was bought and when it renews.
            <div className="mt-8 flex justify-center">
              <ReturnLink returnTo={returnTo} className="max-w-full" />
            </div>
          ) : null}
        </div>
      </section>

      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <section
          aria-labelledby="summary-heading"
          className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="summary-heading" className="text-lg font-semibold">
              {subscription.planTitle} plan
            </h2>
            <StatusBadge status={subscription.status} />
          </div>
          <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted">{subscription.trialEndsAt ? "First payment" : "Next renewal"}</dt>
              <dd className="mt-1 font-semibold text-ink">{formatDate(renewal, "long")}</dd>
            </div>
            <div>
              <dt className="text-muted">Then</dt>
              <dd className="mt-1 font-semibold text-ink">
                {price} a {subscription.interval === "year" ? "year" : "month"}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{subscription.trialEndsAt ? "Paid today" : "Last payment"}</dt>
              <dd className="mt-1 font-semibold text-ink">
                {formatPrice(subscription.trialEndsAt ? 0 : (lastPaid?.amountCents ?? 0), subscription.currency)}
                {subscription.paymentMethodSummary ? (
                  <span className="block font-normal text-muted">{subscription.paymentMethodSummary}</span>
                ) : null}
              </dd>
            </div>
          </dl>
          <p className="mt-5 border-t border-line pt-4 text-sm text-muted">
            We sent a confirmation to <strong className="font-medium break-all text-ink">{email}</strong>
            {subscription.trialEndsAt
              ? " and will remind you three days before the first payment."
              : " with your receipt."}
          </p>
        </section>

        <section aria-labelledby="next-heading" className="mt-10">
          <h2 id="next-heading" className="text-xl font-bold tracking-tight">
            Your next steps
          </h2>
          <ol className="mt-5 space-y-4">
            {nextSteps(onboarded).map(({ icon: Icon, title, body, to, link }, index) => (
              <li key={title} className="flex gap-4 rounded-xl border border-line bg-surface p-5 shadow-xs">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
                  <Icon className="size-5" />
                </span>
                <div>
                  <p className="font-semibold text-ink">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </p>
                  <p className="mt-1 text-sm text-muted">{body}</p>
                  <Link
                    to={to}
                    className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline"
                  >
                    {link} <ArrowRightIcon className="size-4" />
                  </Link>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          {returnTo ? <ReturnLink returnTo={returnTo} className="max-w-full" /> : null}
          <Link to="/video-library" className={buttonClasses(returnTo ? "secondary" : "primary", "lg")}>
            {returnTo ? "Open the library" : "Start learning"} <ArrowRightIcon className="size-5" />
          </Link>
          <Link to="/manage-subscription" className={buttonClasses("secondary", "lg")}>
            Manage subscription
          </Link>
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Welcome aboard");
