import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OrderSummary } from "../components/checkout-parts";
import { StatusBadge } from "../components/subscription-status";
import { useIsPending } from "~/components/form-fields";
import { ArrowRightIcon, CardIcon, CheckIcon, LockIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requireUser } from "~/lib/auth.server";
import { asBillingError } from "../billing.server";
import { formatDate, formatPrice } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getActivePlanByName, getCheckoutView, startCheckout } from "#server/services/billing";
import { addDays, addInterval } from "#server/services/billing/plans";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

function unknownPlan(name: string | undefined) {
  const shown = (name ?? "").slice(0, 40);
  return redirectWithToast("/checkout", {
    text: shown ? `There is no “${shown}” plan. Please choose one of these.` : "Please choose a plan.",
    status: "error",
  });
}

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const plan = await getActivePlanByName(context.app, { name: params.planName ?? "" });
  if (!plan) throw unknownPlan(params.planName);
  const view = await getCheckoutView(context.app, { userId: user.id });
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
    current: view.entitlement.hasAccess
      ? {
          status: view.entitlement.status!,
          planTitle: view.entitlement.planTitle!,
          end: view.entitlement.currentPeriodEnd!,
        }
      : null,
  };
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  if (formData.get("intent") !== "pay") throw new Response("Unknown action.", { status: 400 });
  try {
    const outcome = await startCheckout(context.app, { viewer: user, planName: params.planName ?? "" });
    return redirect(outcome.redirectTo);
  } catch (error) {
    const known = asBillingError(error);
    if (known.status === 404) return unknownPlan(params.planName);
    return data({ errors: known.messages }, { status: known.status });
  }
});

export default function CheckoutPlanPage() {
  const { plan, plans, trialDays, firstChargeAt, provider, email, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const paying = useIsPending("pay");
  const dueToday = formatPrice(trialDays > 0 ? 0 : plan.priceCents, plan.currency);
  const otherPlan = plans.find((candidate) => candidate.name !== plan.name);

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <nav aria-label="Checkout steps" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/checkout" className="font-medium text-primary-800 hover:underline">
              Plans
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="font-medium text-ink">
            {plan.title}
          </li>
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {current ? `The ${plan.title} plan` : "Complete your order"}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        {current
          ? `What ${plan.title} costs and includes. You already have a plan, so nothing is due here.`
          : trialDays > 0
            ? `Start your ${trialDays}-day free trial of ${plan.title} today. We remind you before the first payment.`
            : `Subscribe to ${plan.title} and every lesson opens straight away.`}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <div className="space-y-6">
          <OrderSummary plan={plan} plans={plans} trialDays={trialDays} firstChargeAt={firstChargeAt} />
          <ul className="grid gap-3 text-sm text-ink/85 sm:grid-cols-2">
            {plan.features.slice(0, 4).map((feature) => (
              <li key={feature} className="flex gap-2.5">
                <CheckIcon className="mt-0.5 size-[18px] shrink-0 text-primary-700" />
                {feature}
              </li>
            ))}
          </ul>
          {otherPlan ? (
            <p className="text-sm text-muted">
              Prefer {otherPlan.interval === "year" ? "to pay yearly" : "to pay monthly"}?{" "}
              <Link to={`/checkout/${otherPlan.name}`} className="font-medium text-primary-800 underline">
                See the {otherPlan.title} plan
              </Link>
            </p>
          ) : null}
        </div>

        <section
          aria-labelledby="payment-heading"
          className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8 lg:sticky lg:top-24"
        >
          {current ? (
            <div>
              <h2 id="payment-heading" className="text-lg font-semibold">
                You are already subscribed
              </h2>
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                {current.planTitle} <StatusBadge status={current.status} />
              </p>
              <p className="mt-3 text-sm text-muted">
                Your access runs until at least {formatDate(current.end, "long")}. To move to {plan.title}, switch plan
                on your subscription page: you will not pay twice.
              </p>
              <Link to="/manage-subscription" className={buttonClasses("primary", "lg", "mt-6 w-full")}>
                Manage subscription <ArrowRightIcon className="size-5" />
              </Link>
            </div>
          ) : (
            <Form method="post" className="space-y-5">
              <input type="hidden" name="intent" value="pay" />
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
          )}
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  titleMeta(matches, data ? `Checkout: ${data.plan.title}` : "Checkout");
