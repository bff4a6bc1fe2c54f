import { Link, useLocation } from "@remix-run/react";
import { IntentButton } from "./intent-button";
import { priceLabel, StatusBadge } from "./subscription-status";
import { ArrowRightIcon, CardIcon, CheckIcon, ClockIcon, PlayIcon, ShieldIcon, SparkIcon } from "~/components/icons";
import { annualSavings, PlanCard } from "./plan-card";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { loadRecoveryPage } from "../billing.server";
import { cn } from "~/lib/cn";
import { formatDate, formatPrice } from "#core/format";

type RecoveryData = Awaited<ReturnType<typeof loadRecoveryPage>>;
type MemberData = Extract<RecoveryData, { signedIn: true }>;

/**
 * /retain and /settings/payment: one page for a member about to leave (ways to stay), a member whose
 * payment failed (fix the card), a member who canceled (resume), and plain information for visitors.
 */
export function RecoveryPage({ data }: { data: RecoveryData }) {
  if (!data.signedIn) return <VisitorView />;
  const subscription = data.subscription;
  const live = Boolean(subscription?.hasAccess && subscription.status !== "expired");
  if (!subscription || !live) return <ComeBackView data={data} />;
  if (subscription.status === "past_due") return <PaymentFailedView data={data} subscription={subscription} />;
  if (subscription.cancelAtPeriodEnd) return <EndingView data={data} subscription={subscription} />;
  return <RetentionView data={data} subscription={subscription} />;
}

type LiveSubscription = NonNullable<MemberData["subscription"]>;

function Hero({
  eyebrow,
  title,
  lead,
  tone = "primary",
}: {
  eyebrow: string;
  title: string;
  lead: React.ReactNode;
  tone?: "primary" | "accent";
}) {
  return (
    <header
      className={cn(
        "border-b border-line bg-gradient-to-b to-canvas",
        tone === "accent" ? "from-accent-50" : "from-primary-50",
      )}
    >
      <div className="mx-auto max-w-4xl px-4 pt-12 pb-10 sm:px-6 md:pt-16">
        <p
          className={cn(
            "text-sm font-semibold tracking-wider uppercase",
            tone === "accent" ? "text-accent-700" : "text-primary-700",
          )}
        >
          {eyebrow}
        </p>
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <div className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">{lead}</div>
      </div>
    </header>
  );
}

function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}

function RetentionView({ data, subscription }: { data: MemberData; subscription: LiveSubscription }) {
  const until = formatDate(subscription.currentPeriodEnd, "long");
  const annual = data.plans.find((plan) => plan.interval === "year");
  const monthly = data.plans.find((plan) => plan.interval === "month");
  const onMonthly = subscription.plan.interval === "month";
  const target = onMonthly ? annual : monthly;
  const savings = annual && onMonthly ? annualSavings(annual, data.plans) : null;
  return (
    <main>
      <Hero
        eyebrow="Before you go"
        title={`Thinking of leaving, ${firstName(data.name)}?`}
        lead={
          <p>
            You are on {subscription.plan.title} ({priceLabel(subscription.plan)}) until {until}. Here are ways to pay
            less, learn in less time, or take a break without losing anything.
          </p>
        }
      />
      <div className="mx-auto grid max-w-4xl gap-5 px-4 py-10 sm:px-6 md:grid-cols-2">
        {target && !subscription.pendingPlan ? (
          <OfferCard
            icon={SparkIcon}
            title={
              savings ? `Pay ${savings.percent}% less with ${target.title}` : `Smaller payments with ${target.title}`
            }
            highlight={Boolean(savings)}
          >
            <p>
              {savings
                ? `${formatPrice(savings.perMonthCents, target.currency)} a month instead of ${formatPrice(subscription.plan.priceCents, subscription.plan.currency)}, billed ${formatPrice(target.priceCents, target.currency)} once a year.`
                : `${priceLabel(target)} instead of ${priceLabel(subscription.plan)}.`}{" "}
              {subscription.provider === "local"
                ? `The change starts on your renewal date, ${until}.`
                : "Stripe shows the exact amount, with credit for the days you already paid, before you confirm."}
            </p>
            <IntentButton
              intent="switch"
              subscriptionId={subscription.id}
              fields={{ plan: target.name }}
              pendingLabel="Switching…"
              className="mt-4"
            >
              Switch to {target.title}
            </IntentButton>
          </OfferCard>
        ) : subscription.pendingPlan ? (
          <OfferCard icon={CheckIcon} title={`You move to ${subscription.pendingPlan.title} on ${until}`}>
            <p>{priceLabel(subscription.pendingPlan)} from your next renewal. Nothing else changes.</p>
          </OfferCard>
        ) : null}
        <OfferCard icon={ClockIcon} title="Short on time? Try ten minutes a day">
          <p>
            Most lessons are under ten minutes. Watch one scene, save three words, and let the flashcards do the rest.
          </p>
          <Link to="/video-library" className={buttonClasses("secondary", "md", "mt-4")}>
            <PlayIcon className="size-4" /> Find a short lesson
          </Link>
        </OfferCard>
        <OfferCard icon={ShieldIcon} title="Take a break instead" className="md:col-span-2">
          <p>
            If you cancel, you keep every lesson until {until} and are not charged again. Your vocabulary lists,
            flashcards and progress stay here, and you can resume with one click before then.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Link to="/video-library" className={buttonClasses("primary", "md")}>
              Keep learning
            </Link>
            <Link to="/manage-subscription?step=cancel" className={buttonClasses("ghost", "md")}>
              Continue to cancel
            </Link>
          </div>
        </OfferCard>
      </div>
    </main>
  );
}

function PaymentFailedView({ data, subscription }: { data: MemberData; subscription: LiveSubscription }) {
  const until = formatDate(subscription.currentPeriodEnd, "long");
  const invoice = data.latestFailedInvoice;
  const due = invoice
    ? formatPrice(invoice.amountCents, invoice.currency)
    : formatPrice(subscription.plan.priceCents, subscription.plan.currency);
  return (
    <main>
      <Hero
        tone="accent"
        eyebrow="Payment"
        title="Your last payment did not go through"
        lead={
          <p>
            We could not take {due} for your {subscription.plan.title} plan. You keep every lesson until {until}: update
            your payment method and we try again straight away.
          </p>
        }
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Card className="overflow-hidden">
          <div className="grid gap-6 p-6 sm:grid-cols-[1fr_auto] sm:items-center sm:p-8">
            <div>
              <h2 className="flex flex-wrap items-center gap-3 text-lg font-semibold">
                {subscription.plan.title} plan <StatusBadge status={subscription.status} />
              </h2>
              <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-muted">Amount due</dt>
                  <dd className="mt-1 text-lg font-semibold text-ink">{due}</dd>
                </div>
                <div>
                  <dt className="text-muted">Card on file</dt>
                  <dd className="mt-1 flex items-center gap-2 font-semibold text-ink">
                    <CardIcon className="size-4 text-muted" /> {subscription.paymentMethodSummary ?? "None"}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Access until</dt>
                  <dd className="mt-1 font-semibold text-ink">{until}</dd>
                </div>
              </dl>
            </div>
            <IntentButton intent="payment-method" subscriptionId={subscription.id} size="lg" pendingLabel="Updating…">
              Update payment method
            </IntentButton>
          </div>
          <p className="border-t border-line bg-canvas/60 px-6 py-4 text-sm text-muted sm:px-8">
            {subscription.provider === "local"
              ? "Test mode: the built-in test card always goes through on the next try."
              : "You will update your card on Stripe’s secure page; we retry the payment as soon as it is saved."}
          </p>
        </Card>
        <p className="mt-6 text-sm text-muted">
          Common reasons: an expired card, a new card number, or a bank blocking an online payment. Nothing is lost in
          the meantime.{" "}
          <Link to="/manage-subscription" className="font-medium text-primary-800 underline">
            See your subscription
          </Link>
        </p>
      </div>
    </main>
  );
}

function EndingView({ data, subscription }: { data: MemberData; subscription: LiveSubscription }) {
  const until = formatDate(subscription.currentPeriodEnd, "long");
  return (
    <main>
      <Hero
        eyebrow="Your subscription"
        title={`Your plan ends on ${until}`}
        lead={
          <p>
            Until then every lesson is still yours, {firstName(data.name)}. Resume with one click and nothing changes:
            same plan, same price, same renewal date.
          </p>
        }
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-lg font-semibold">
              {subscription.plan.title} plan · {priceLabel(subscription.plan)}
            </h2>
            <p className="mt-1 text-sm text-muted">Canceled. No further payments unless you resume.</p>
          </div>
          <IntentButton intent="resume" subscriptionId={subscription.id} size="lg" pendingLabel="Resuming…">
            Resume subscription
          </IntentButton>
        </Card>
      </div>
    </main>
  );
}

function ComeBackView({ data }: { data: MemberData }) {
  const featured = data.plans.find((plan) => plan.interval === "year")?.name;
  const plans = data.plans.map((plan) => ({ ...plan, trialDays: data.subscription ? 0 : plan.trialDays }));
  return (
    <main>
      <Hero
        eyebrow={data.subscription ? "Welcome back" : "Plans"}
        title={data.subscription ? "Pick up where you left off" : "Unlock every lesson"}
        lead={
          <p>
            {data.subscription
              ? `Your ${data.subscription.plan.title} plan ended on ${formatDate(data.subscription.currentPeriodEnd, "long")}. Your lists, flashcards and progress are still here.`
              : "Free lessons are open to you. A plan opens the whole library, with transcripts, flashcards and listening practice."}
          </p>
        }
      />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-2">
        {plans.map((plan) => (
          <PlanCard
            key={plan.name}
            plan={plan}
            plans={plans}
            featured={plan.name === featured}
            href={`/checkout/${encodeURIComponent(plan.name)}`}
            ctaLabel={`Choose ${plan.title}`}
          />
        ))}
      </div>
    </main>
  );
}

function VisitorView() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <main>
      <Hero
        eyebrow="Payments and subscription"
        title="Manage your plan and payment method"
        lead={
          <p>
            Sign in to update a card that was declined, resume a canceled plan, or change between monthly and annual.
          </p>
        }
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={`/auth/login?redirect=${encodeURIComponent(here)}`} className={buttonClasses("primary", "lg")}>
            Sign in <ArrowRightIcon className="size-5" />
          </Link>
          <Link to="/checkout" className={buttonClasses("secondary", "lg")}>
            See plans and prices
          </Link>
        </div>
        <dl className="mt-10 grid gap-5 md:grid-cols-3">
          {[
            {
              q: "A payment failed?",
              a: "You keep every lesson until the end of the period you paid for. Update your card here and we retry at once.",
            },
            {
              q: "Want to stop?",
              a: "Cancel from Manage subscription in two clicks. Access continues to the end of the period; nothing is charged after.",
            },
            {
              q: "Changed your mind?",
              a: "Resume before your period ends and nothing changes, or come back later with your lists and progress intact.",
            },
          ].map((item) => (
            <div key={item.q} className="rounded-xl border border-line bg-surface p-5 shadow-xs">
              <dt className="font-semibold text-ink">{item.q}</dt>
              <dd className="mt-1.5 text-sm leading-relaxed text-muted">{item.a}</dd>
            </div>
          ))}
        </dl>
      </div>
    </main>
  );
}

function OfferCard({
  icon: Icon,
  title,
  children,
  className,
  highlight = false,
}: {
  icon: (props: { className?: string }) => React.ReactNode;
  title: string;
  children: React.ReactNode;
  className?: string;
  highlight?: boolean;
}) {
  return (
    <section
      className={cn(
        "flex flex-col rounded-xl border p-6 shadow-sm",
        highlight ? "border-primary-300 bg-primary-50/60" : "border-line bg-surface",
        className,
      )}
    >
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-white text-primary-700 ring-1 ring-line">
        <Icon className="size-5" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
      <div className="mt-1.5 flex-1 text-sm leading-relaxed text-muted">{children}</div>
    </section>
  );
}
