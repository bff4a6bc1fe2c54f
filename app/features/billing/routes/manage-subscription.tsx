import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CancelForm } from "../components/cancel-form";
import { IntentButton } from "../components/intent-button";
import { InvoiceList } from "../components/invoice-list";
import { describeRenewal, priceLabel, StatusBadge, type PlanSummary } from "../components/subscription-status";
import { ArrowRightIcon, CardIcon, WrenchIcon } from "~/components/icons";
import { annualSavings } from "../components/plan-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { forAudience, requireUser } from "~/lib/auth.server";
import { asBillingError, handleBillingIntent, isBillingIntent } from "../billing.server";
import { formatDate, formatPrice } from "#core/format";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { cancelSubscriptionSchema } from "#core/schemas/billing";
import { redirectWithToast } from "~/lib/toast.server";
import { cancelSubscription, getBillingOverview } from "#server/services/billing";
import { hasDevelopmentTools } from "#server/lib/config";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const overview = await getBillingOverview(context.app, { userId: user.id });
  const subscription = overview.subscription;
  const live = Boolean(subscription?.hasAccess && subscription.status !== "expired");
  const step = new URL(request.url).searchParams.get("step");
  return {
    email: user.email,
    subscription,
    live,
    cancelStep: step === "cancel" && live && !subscription?.cancelAtPeriodEnd,
    plans: overview.plans.map(
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
    invoices: overview.invoices,
    cancelReasons: overview.cancelReasons,
    devTools: hasDevelopmentTools(context.app.config) && subscription?.provider === "local",
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "cancel") {
    const submission = parseWithZod(formData, { schema: cancelSubscriptionSchema });
    const options = { extra: { intent: "cancel" as const } };
    if (submission.status !== "success") return invalidSubmission(submission, options);
    try {
      const row = await cancelSubscription(context.app, { userId: user.id, ...submission.value });
      const until = row ? formatDate(row.currentPeriodEnd, "long") : "the end of your period";
      return redirectWithToast("/manage-subscription", {
        text: `Your subscription is canceled. You keep every lesson until ${until}. We sent you a confirmation.`,
      });
    } catch (error) {
      return replyWithAppError(submission, asBillingError(error), options);
    }
  }
  if (isBillingIntent(intent)) return handleBillingIntent(context, user, intent, formData, "/manage-subscription");
  throw new Response("Unknown action.", { status: 400 });
});

export default function ManageSubscriptionPage() {
  const { email, subscription, live, cancelStep, plans, invoices, cancelReasons, devTools } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Your subscription</h1>
        <p className="mt-2 text-muted">
          Plan, payments and receipts for <span className="font-medium break-all text-ink">{email}</span>.
        </p>
      </header>

      {!subscription ? (
        <NoSubscription />
      ) : cancelStep ? (
        <CancelForm
          subscriptionId={subscription.id}
          accessUntil={subscription.currentPeriodEnd}
          reasons={cancelReasons}
          lastResult={actionData?.intent === "cancel" ? actionData.result : undefined}
        />
      ) : (
        <div className="space-y-6">
          {subscription.status === "past_due" && live ? (
            <Banner tone="warning" title="Your last payment did not go through">
              <p>
                You keep every lesson until {formatDate(subscription.currentPeriodEnd, "long")}. Update your payment
                method so your plan continues.
              </p>
              <Link to="/settings/payment" className={buttonClasses("primary", "md", "mt-4")}>
                Fix payment method <ArrowRightIcon className="size-4" />
              </Link>
            </Banner>
          ) : null}
          {subscription.cancelAtPeriodEnd && live ? (
            <Banner
              tone="info"
              title={`Your subscription ends on ${formatDate(subscription.currentPeriodEnd, "long")}`}
            >
              <p>Changed your mind? Resume now and nothing changes: same plan, same renewal date.</p>
              <IntentButton intent="resume" subscriptionId={subscription.id} pendingLabel="Resuming…" className="mt-4">
                Resume subscription
              </IntentButton>
            </Banner>
          ) : null}

          <Overview subscription={subscription} live={live} />

          {live && !subscription.cancelAtPeriodEnd && subscription.status !== "past_due" ? (
            <ChangePlan subscription={subscription} plans={plans} />
          ) : null}

          {!live ? (
            <Card className="p-6 sm:p-8">
              <h2 className="text-lg font-semibold">Come back any time</h2>
              <p className="mt-1 text-sm text-muted">
                Your lists, flashcards and progress are still here. Pick a plan to open every lesson again.
              </p>
              <Link to="/checkout" className={buttonClasses("primary", "md", "mt-4")}>
                Choose a plan <ArrowRightIcon className="size-4" />
              </Link>
            </Card>
          ) : null}

          <Card className="p-6 sm:p-8">
            <h2 className="text-lg font-semibold">Invoices and receipts</h2>
            <div className="mt-4">
              <InvoiceList invoices={invoices} />
            </div>
          </Card>

          {live && !subscription.cancelAtPeriodEnd ? (
            <Card className="p-6 sm:p-8">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h2 className="text-lg font-semibold">Cancel subscription</h2>
                  <p className="mt-1 text-sm text-muted">
                    You keep access until {formatDate(subscription.currentPeriodEnd, "long")} and can resume before
                    then. Thinking it over?{" "}
                    <Link to="/retain" className="font-medium text-primary-800 underline">
                      See your options
                    </Link>
                    .
                  </p>
                </div>
                <Form method="get" className="shrink-0">
                  <input type="hidden" name="step" value="cancel" />
                  <Button type="submit" variant="secondary" className="w-full sm:w-auto">
                    Cancel subscription
                  </Button>
                </Form>
              </div>
            </Card>
          ) : null}

          {devTools && live ? <DevTools subscriptionId={subscription.id} /> : null}
        </div>
      )}
    </div>
  );
}

type Subscription = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["subscription"]>;

function Overview({ subscription, live }: { subscription: Subscription; live: boolean }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between sm:p-8">
        <div>
          <p className="text-sm font-medium text-muted">Current plan</p>
          <h2 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            {subscription.plan.title}
            <StatusBadge status={subscription.status} />
          </h2>
          <p className="mt-1 text-muted">{priceLabel(subscription.plan)}</p>
        </div>
        {subscription.status === "trialing" || (subscription.status === "active" && subscription.pendingPlan) ? (
          <p className="max-w-xs text-sm text-ink sm:text-end">{describeRenewal(subscription)}</p>
        ) : null}
      </div>
      <dl className="grid border-t border-line bg-canvas/60 text-sm sm:grid-cols-3">
        <div className="border-b border-line px-6 py-4 sm:border-e sm:border-b-0 sm:px-8">
          <dt className="text-muted">
            {!live
              ? "Ended on"
              : subscription.cancelAtPeriodEnd || subscription.status === "past_due" || subscription.isComplimentary
                ? "Access until"
                : subscription.status === "trialing"
                  ? "Trial ends"
                  : "Renews on"}
          </dt>
          <dd className="mt-1 font-semibold text-ink">{formatDate(subscription.currentPeriodEnd, "long")}</dd>
        </div>
        <div className="border-b border-line px-6 py-4 sm:border-e sm:border-b-0 sm:px-8">
          <dt className="text-muted">{subscription.status === "trialing" ? "Trial period" : "Billing period"}</dt>
          <dd className="mt-1 font-semibold text-ink">
            {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}
          </dd>
        </div>
        <div className="px-6 py-4 sm:px-8">
          <dt className="text-muted">Payment method</dt>
          <dd className="mt-1 flex items-center gap-2 font-semibold text-ink">
            <CardIcon className="size-4 text-muted" />
            {subscription.paymentMethodSummary ?? "None on file"}
          </dd>
        </div>
      </dl>
      {live ? (
        <div className="flex flex-wrap gap-3 border-t border-line px-6 py-4 sm:px-8">
          <IntentButton
            intent="payment-method"
            subscriptionId={subscription.id}
            variant="secondary"
            size="sm"
            pendingLabel="Opening…"
          >
            Update payment method
          </IntentButton>
          {subscription.provider === "stripe" ? (
            <IntentButton intent="portal" variant="ghost" size="sm" pendingLabel="Opening…">
              Billing details on Stripe
            </IntentButton>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function ChangePlan({
  subscription,
  plans,
}: {
  subscription: Subscription;
  plans: Array<PlanSummary & { description: string; trialDays: number; features: string[]; levelTags: string[] }>;
}) {
  if (!plans.some((plan) => plan.name !== subscription.plan.name)) return null;
  const switchDate = formatDate(subscription.currentPeriodEnd, "long");
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-semibold">Change plan</h2>
      {subscription.pendingPlan ? (
        <div className="mt-3 flex flex-col gap-3 rounded-xl border border-primary-200 bg-primary-50 p-4 text-sm text-primary-900 sm:flex-row sm:items-center sm:justify-between">
          <p>
            You move to <strong>{subscription.pendingPlan.title}</strong> on {switchDate} (
            {priceLabel(subscription.pendingPlan)}).
          </p>
          <IntentButton
            intent="switch"
            subscriptionId={subscription.id}
            fields={{ plan: subscription.plan.name }}
            variant="secondary"
            size="sm"
            pendingLabel="Saving…"
          >
            Keep {subscription.plan.title}
          </IntentButton>
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted">
          {subscription.provider === "local"
            ? `The new plan starts when your current period ends on ${switchDate}, so you never pay twice for the same days.`
            : "Stripe shows you the exact amount, with credit for the days you have already paid, before you confirm."}
        </p>
      )}
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {plans.map((plan) => {
          const savings = annualSavings(plan, plans);
          const current = plan.name === subscription.plan.name;
          const pending = plan.name === subscription.pendingPlan?.name;
          return (
            <li
              key={plan.name}
              className={
                current
                  ? "flex flex-col rounded-xl border-2 border-primary-600 bg-primary-50/40 p-5"
                  : "flex flex-col rounded-xl border border-line p-5"
              }
            >
              <p className="flex items-center justify-between gap-2">
                <span className="font-semibold text-ink">{plan.title}</span>
                {savings ? (
                  <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold text-ink">
                    Save {savings.percent}%
                  </span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-muted">
                {priceLabel(plan)}
                {savings ? ` · ${formatPrice(savings.perMonthCents, plan.currency)} a month` : ""}
              </p>
              {current ? (
                <p className="mt-4 text-sm font-semibold text-primary-800">Your current plan</p>
              ) : pending ? (
                <p className="mt-4 text-sm font-semibold text-primary-800">Starts on {switchDate}</p>
              ) : (
                <IntentButton
                  intent="switch"
                  subscriptionId={subscription.id}
                  fields={{ plan: plan.name }}
                  variant="primary"
                  size="sm"
                  pendingLabel="Switching…"
                  className="mt-4"
                >
                  Switch to {plan.title}
                </IntentButton>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function Banner({ tone, title, children }: { tone: "warning" | "info"; title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className={
        tone === "warning"
          ? "rounded-xl border border-accent-300 bg-accent-50 p-5 text-accent-700 sm:p-6"
          : "rounded-xl border border-primary-200 bg-primary-50 p-5 text-primary-900 sm:p-6"
      }
    >
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <div className="mt-1 text-sm text-ink/80">{children}</div>
    </section>
  );
}

function NoSubscription() {
  return (
    <Card className="p-8 text-center sm:p-12">
      <h2 className="text-xl font-semibold">You do not have a subscription yet</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        Free lessons are open to every member. Subscribe to unlock the whole library, transcripts, flashcards and
        listening practice.
      </p>
      <Link to="/checkout" className={buttonClasses("primary", "lg", "mt-6")}>
        See plans <ArrowRightIcon className="size-5" />
      </Link>
    </Card>
  );
}

function DevTools({ subscriptionId }: { subscriptionId: number }) {
  return (
    <section
      aria-labelledby="dev-tools-heading"
      className="rounded-xl border border-dashed border-accent-400 bg-accent-50/60 p-5 sm:p-6"
    >
      <h2 id="dev-tools-heading" className="flex items-center gap-2 text-sm font-semibold text-accent-700">
        <WrenchIcon className="size-4" /> Development only: test payments
      </h2>
      <p className="mt-1 text-sm text-ink/80">
        Play a declined renewal on this local test subscription to try the payment recovery flow. Hidden in production.
      </p>
      <IntentButton
        intent="simulate-failed-renewal"
        subscriptionId={subscriptionId}
        variant="secondary"
        size="sm"
        pendingLabel="Simulating…"
        className="mt-3"
      >
        Simulate failed renewal
      </IntentButton>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Manage subscription");
