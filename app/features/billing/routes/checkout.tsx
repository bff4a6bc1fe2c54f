import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OrderSummary, PlanFeatures, SwitchSummary } from "../components/checkout-parts";
import {
  checkoutHref,
  LessonArabicTitle,
  ReturnLink,
  SubscribedSummary,
  type CurrentSubscription,
  type ReturnTo,
} from "../components/checkout-context";
import { useIsPending } from "~/components/form-fields";
import { ArrowRightIcon, CardIcon, LockIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requireUser } from "~/lib/auth.server";
import { asBillingError, handleBillingIntent, toCurrentSubscription } from "../billing.server";
import { formatDate, formatPrice } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getActivePlanByName, getCheckoutReturn, getCheckoutView, startCheckout } from "#server/services/billing";
import { addDays, addInterval } from "#server/services/billing/plans";
import { checkoutReturnPath, withReturnPath } from "#server/lib/redirects";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

function unknownPlan(name: string | undefined, returnPath = "") {
  const shown = (name ?? "").slice(0, 40);
  return redirectWithToast(withReturnPath("/checkout", returnPath), {
    text: shown ? `There is no “${shown}” plan. Please choose one of these.` : "Please choose a plan.",
    status: "error",
  });
}

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const redirectParam = new URL(request.url).searchParams.get("redirect");
  const plan = await getActivePlanByName(context.app, { name: params.planName ?? "" });
  if (!plan) throw unknownPlan(params.planName, checkoutReturnPath(redirectParam));
  const [view, returnTo] = await Promise.all([
    getCheckoutView(context.app, { userId: user.id }),
    getCheckoutReturn(context.app, { redirect: redirectParam }),
  ]);
  const now = context.app.now();
  const trialDays = view.trialEligible ? plan.trialDays : 0;
  const toDisplay = ({
    name,
    title,
    description,
    priceCents,
    currency,
    interval,
    features,
    levelTags,
  }: typeof plan) => ({
    name,
    title,
    description,
    priceCents,
    currency,
    interval,
    trialDays: view.trialEligible ? plan.trialDays : 0,
    features,
    levelTags,
  });
  return {
    plan: toDisplay(plan),
    plans: view.plans.map(toDisplay),
    trialDays,
    firstChargeAt: trialDays > 0 ? addDays(now, trialDays) : addInterval(now, plan.interval),
    provider: view.provider,
    email: user.email,
    current: toCurrentSubscription(view.subscription),
    returnTo,
  };
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  // The return path is checked again here: the form field is the member's (or anyone's) to change.
  const returnPath = checkoutReturnPath(formData.get("redirect"));
  if (intent === "switch") {
    // A subscriber's switch offer: the same switch as on Manage subscription, whose page tells what happened.
    return handleBillingIntent(context, user, "switch", formData, "/manage-subscription");
  }
  if (intent !== "pay") throw new Response("Unknown action.", { status: 400 });
  try {
    const outcome = await startCheckout(context.app, { viewer: user, planName: params.planName ?? "", returnPath });
    return redirect(outcome.redirectTo);
  } catch (error) {
    const known = asBillingError(error);
    if (known.status === 404) return unknownPlan(params.planName, returnPath);
    return data({ errors: known.messages }, { status: known.status });
  }
});

export default function CheckoutPlanPage() {
  const { plan, plans, trialDays, firstChargeAt, provider, email, current, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const paying = useIsPending("pay");
  const dueToday = formatPrice(trialDays > 0 ? 0 : plan.priceCents, plan.currency);
  // The offer is the other way to pay (monthly ↔ yearly); with more plans than the two, any other one after that.
  const others = plans.filter((candidate) => candidate.name !== plan.name);
  const otherPlan = others.find((candidate) => candidate.interval !== plan.interval) ?? others[0];
  if (current) return <SubscriberView plan={plan} otherPlan={otherPlan} current={current} returnTo={returnTo} />;
  const lesson = returnTo?.lesson ?? null;

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <CheckoutSteps plan={plan} returnTo={returnTo} />
      {lesson ? (
        <h1
          className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl"
          data-testid="checkout-lesson"
        >
          Subscribe to watch {lesson.title}
          <LessonArabicTitle lesson={lesson} className="mt-2 text-2xl font-semibold text-ink/80" />
        </h1>
      ) : (
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Complete your order</h1>
      )}
      <p className="mt-2 max-w-2xl text-muted">
        {trialDays > 0
          ? `Start your ${trialDays}-day free trial of ${plan.title} today. We remind you before the first payment.`
          : `Subscribe to ${plan.title} and every lesson opens straight away.`}
        {lesson ? " After paying you come straight back to the lesson." : ""}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <div className="space-y-6">
          <OrderSummary plan={plan} plans={plans} trialDays={trialDays} firstChargeAt={firstChargeAt} />
          <PlanFeatures features={plan.features} />
          {otherPlan ? (
            <p className="text-sm text-muted">
              Prefer {otherPlan.interval === "year" ? "to pay yearly" : "to pay monthly"}?{" "}
              <Link
                to={checkoutHref(`/checkout/${encodeURIComponent(otherPlan.name)}`, returnTo)}
                className="font-medium text-primary-800 underline"
              >
                See the {otherPlan.title} plan
              </Link>
            </p>
          ) : null}
        </div>

        <section
          aria-labelledby="payment-heading"
          className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8 lg:sticky lg:top-24"
        >
          <Form method="post" className="space-y-5">
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="redirect" value={returnTo?.path ?? ""} />
            <div className="flex items-center justify-between gap-3">
              <h2 id="payment-heading" className="text-lg font-semibold">
                Payment
              </h2>
              {provider === "local" ? (
                <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-700">
                  Test mode
                </span>
              ) : null}
            </div>
            <FormErrors errors={actionData?.errors} />
            {provider === "local" ? (
              <div className="rounded-xl border border-line bg-canvas p-4">
                <p className="flex items-center gap-3 font-medium text-ink">
                  <CardIcon className="size-5 text-primary-700" /> Test card •••• 4242
                </p>
                <p className="mt-2 text-sm text-muted">
                  This is the built-in test checkout: no real card is charged and nothing leaves this server.
                </p>
              </div>
            ) : (
              <p className="flex gap-3 rounded-xl border border-line bg-canvas p-4 text-sm text-muted">
                <LockIcon className="mt-0.5 size-5 shrink-0 text-primary-700" />
                You will enter your card on Stripe’s secure page, then come straight back here.
              </p>
            )}
            <dl className="flex items-baseline justify-between text-sm">
              <dt className="text-muted">Account</dt>
              <dd className="font-medium break-all text-ink">{email}</dd>
            </dl>
            <Button type="submit" size="lg" className="w-full" disabled={paying}>
              <LockIcon className="size-5" />
              {paying
                ? "Processing…"
                : `Pay ${dueToday}${trialDays > 0 ? " today" : ""}${provider === "stripe" ? " with Stripe" : ""}`}
            </Button>
            <p className="text-xs leading-relaxed text-muted">
              {trialDays > 0
                ? `Nothing is charged today. From ${formatDate(firstChargeAt, "long")} you pay ${formatPrice(plan.priceCents, plan.currency)} a ${plan.interval === "year" ? "year" : "month"} until you cancel.`
                : `You pay ${formatPrice(plan.priceCents, plan.currency)} now and on ${formatDate(firstChargeAt, "long")}, then every ${plan.interval === "year" ? "year" : "month"} until you cancel.`}{" "}
              By paying you agree to the{" "}
              <Link to="/terms-of-use" className="underline">
                terms of use
              </Link>
              .
            </p>
          </Form>
        </section>
      </div>
    </main>
  );
}

type CheckoutPlan = ReturnType<typeof useLoaderData<typeof loader>>["plan"];

function CheckoutSteps({ plan, returnTo }: { plan: CheckoutPlan; returnTo: ReturnTo | null }) {
  return (
    <nav aria-label="Checkout steps" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link to={checkoutHref("/checkout", returnTo)} className="font-medium text-primary-800 hover:underline">
            Plans
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="font-medium text-ink">
          {plan.title}
        </li>
      </ol>
    </nav>
  );
}

/**
 * /checkout/{plan} for a member who already has access: their plan, when it renews or ends, and a switch to the
 * other plan. Nothing here is "due": a switch changes the price from the next renewal (or on Stripe's page).
 */
function SubscriberView({
  plan,
  otherPlan,
  current,
  returnTo,
}: {
  plan: CheckoutPlan;
  otherPlan: CheckoutPlan | undefined;
  current: CurrentSubscription;
  returnTo: ReturnTo | null;
}) {
  const own = current.plan.name === plan.name;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <CheckoutSteps plan={plan} returnTo={returnTo} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {own ? `Your ${plan.title} plan` : `Switch to ${plan.title}`}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        {own
          ? "You are subscribed to this plan: every lesson is open to you and there is nothing to pay here."
          : `You are subscribed to ${current.plan.title}. Here is what ${plan.title} costs and how a switch works; there is nothing to pay here.`}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <div className="space-y-6">
          <SubscribedSummary subscription={current}>
            {returnTo ? <ReturnLink returnTo={returnTo} size="md" className="mt-4 max-w-full" /> : null}
          </SubscribedSummary>
          {own ? null : <SwitchSummary plan={plan} current={current} />}
          <PlanFeatures features={plan.features} />
        </div>
        <section
          aria-labelledby="switch-heading"
          className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8 lg:sticky lg:top-24"
        >
          {own ? (
            <OwnPlanPanel otherPlan={otherPlan} returnTo={returnTo} />
          ) : (
            <SwitchPanel plan={plan} current={current} />
          )}
        </section>
      </div>
    </main>
  );
}

function OwnPlanPanel({ otherPlan, returnTo }: { otherPlan: CheckoutPlan | undefined; returnTo: ReturnTo | null }) {
  return (
    <div>
      <h2 id="switch-heading" className="text-lg font-semibold">
        {otherPlan ? `Prefer ${otherPlan.interval === "year" ? "to pay yearly" : "to pay monthly"}?` : "Your plan"}
      </h2>
      {otherPlan ? (
        <>
          <p className="mt-2 text-sm text-muted">
            {otherPlan.title} is {formatPrice(otherPlan.priceCents, otherPlan.currency)} a{" "}
            {otherPlan.interval === "year" ? "year" : "month"}. You can switch whenever you like, and you never pay
            twice for the same days.
          </p>
          <Link
            to={checkoutHref(`/checkout/${encodeURIComponent(otherPlan.name)}`, returnTo)}
            className={buttonClasses("primary", "lg", "mt-6 w-full")}
          >
            See the {otherPlan.title} plan <ArrowRightIcon className="size-5" />
          </Link>
        </>
      ) : null}
      <Link to="/manage-subscription" className={buttonClasses("secondary", "lg", "mt-3 w-full")}>
        Manage subscription
      </Link>
    </div>
  );
}

/** The switch offer, or why there is none right now (canceled, past due, a gift, already switching). */
function SwitchPanel({ plan, current }: { plan: CheckoutPlan; current: CurrentSubscription }) {
  const switching = useIsPending("switch");
  const end = formatDate(current.currentPeriodEnd, "long");
  const blocked = current.isComplimentary
    ? `Your plan is a gift from the Ahla team until ${end}. Choose a plan of your own when it ends.`
    : current.cancelAtPeriodEnd || current.status === "canceled"
      ? `Your subscription ends on ${end}. Resume it on your subscription page to switch plan.`
      : current.status === "past_due"
        ? "Your last payment did not go through. Update your payment method before switching plan."
        : current.pendingPlan?.name === plan.name
          ? `You already move to ${plan.title} on ${end}.`
          : null;
  return (
    <div>
      <h2 id="switch-heading" className="text-lg font-semibold">
        Switch from {current.plan.title} to {plan.title}
      </h2>
      {blocked ? (
        <>
          <p className="mt-2 text-sm text-muted">{blocked}</p>
          <Link
            to={current.status === "past_due" ? "/settings/payment" : "/manage-subscription"}
            className={buttonClasses("primary", "lg", "mt-6 w-full")}
          >
            {current.status === "past_due" ? "Update payment method" : "Manage subscription"}
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="switch" />
          <input type="hidden" name="subscriptionId" value={current.id} />
          <input type="hidden" name="plan" value={plan.name} />
          <p className="text-sm text-muted">
            {current.provider === "stripe"
              ? "Stripe shows the change, with any difference in price, before you confirm it."
              : `Nothing is charged today. You keep ${current.plan.title} until ${end}, then pay ${formatPrice(plan.priceCents, plan.currency)} a ${plan.interval === "year" ? "year" : "month"}.`}
          </p>
          <Button type="submit" size="lg" className="w-full" disabled={switching}>
            {switching ? "Switching…" : `Switch to ${plan.title}`}
          </Button>
          <Link to="/manage-subscription" className={buttonClasses("secondary", "lg", "w-full")}>
            Manage subscription
          </Link>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  titleMeta(matches, data ? `Checkout: ${data.plan.title}` : "Checkout");
