import { BookmarkIcon, CardsIcon, ChatIcon, CheckIcon, HeadphonesIcon, PlayIcon, SparkIcon } from "~/components/icons";
import { annualSavings, type PlanForDisplay } from "./plan-card";
import { formatDate, formatPrice, LEVEL_LABELS } from "#core/format";
import { cn } from "~/lib/cn";

const INCLUDED = [
  {
    icon: PlayIcon,
    title: "Every video lesson",
    body: "Real scenes from Syria, Lebanon, Jordan and Palestine, with new lessons every month.",
  },
  {
    icon: HeadphonesIcon,
    title: "Interactive transcripts",
    body: "Arabic, transliteration and English line by line; slow down, loop and jump to any sentence.",
  },
  {
    icon: BookmarkIcon,
    title: "Your vocabulary lists",
    body: "Save any word from a lesson with the moment it was said, then quiz yourself on it.",
  },
  {
    icon: CardsIcon,
    title: "Flashcards that adapt",
    body: "Spaced repetition brings each word back just before you would forget it.",
  },
  {
    icon: SparkIcon,
    title: "Exercises and listening drills",
    body: "Sentence puzzles, gap fills and listening activities for every level.",
  },
  {
    icon: ChatIcon,
    title: "The community",
    body: "Ask native speakers and fellow learners about the phrases you meet.",
  },
] as const;

export function levelLabels(plans: Array<Pick<PlanForDisplay, "levelTags">>) {
  const tags = new Set(plans.flatMap((plan) => plan.levelTags));
  return (["beginner", "intermediate", "advanced"] as const)
    .filter((level) => tags.has(level))
    .map((level) => LEVEL_LABELS[level]);
}

/** "What is included" under the plan cards. */
export function IncludedFeatures({ plans }: { plans: PlanForDisplay[] }) {
  const levels = levelLabels(plans);
  return (
    <section aria-labelledby="included-heading" className="mx-auto mt-16 max-w-4xl">
      <h2 id="included-heading" className="text-center text-2xl font-bold tracking-tight">
        What is included in every plan
      </h2>
      {levels.length > 0 ? (
        <p className="mt-2 text-center text-muted">
          For {levels.join(", ").replace(/, ([^,]*)$/, " and $1")} learners.
        </p>
      ) : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {INCLUDED.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-xl border border-line bg-surface p-5 shadow-xs">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
              <Icon className="size-5" />
            </span>
            <p className="mt-3 font-semibold text-ink">{title}</p>
            <p className="mt-1 text-sm leading-relaxed text-muted">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BillingFaq({ trialDays }: { trialDays: number }) {
  const items = [
    trialDays > 0
      ? {
          q: "When will I be charged?",
          a: `Not today. Your ${trialDays}-day free trial starts now; the first payment is taken when it ends, and we email you a reminder three days before.`,
        }
      : {
          q: "When will I be charged?",
          a: "When you confirm, and then at the start of each period. We email you a reminder before every renewal.",
        },
    {
      q: "Can I switch between monthly and annual?",
      a: "Yes, whenever you like, from Manage subscription. You never pay twice for the same days.",
    },
    {
      q: "What happens if I cancel?",
      a: "Nothing is taken away early: you keep every lesson until the end of the period you paid for, and you can resume before then.",
    },
  ];
  return (
    <section aria-labelledby="billing-faq-heading" className="mx-auto mt-16 max-w-3xl">
      <h2 id="billing-faq-heading" className="text-center text-2xl font-bold tracking-tight">
        Questions about billing
      </h2>
      <dl className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface shadow-xs">
        {items.map((item) => (
          <div key={item.q} className="p-5 sm:p-6">
            <dt className="font-semibold text-ink">{item.q}</dt>
            <dd className="mt-1.5 text-sm leading-relaxed text-muted">{item.a}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface OrderLine {
  plan: PlanForDisplay;
  plans: PlanForDisplay[];
  trialDays: number;
  /** When the trial ends, or (without one) when the first period renews. */
  firstChargeAt: Date;
}

/** The order summary of /checkout/{plan}: what is bought, what is due today and when the next charge comes. */
export function OrderSummary({ plan, plans, trialDays, firstChargeAt, className }: OrderLine & { className?: string }) {
  const price = formatPrice(plan.priceCents, plan.currency);
  const savings = annualSavings(plan, plans);
  const dueToday = trialDays > 0 ? 0 : plan.priceCents;
  const levels = levelLabels([plan]);
  return (
    <section
      aria-labelledby="order-heading"
      className={cn("rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8", className)}
    >
      <h2 id="order-heading" className="text-sm font-semibold tracking-wider text-muted uppercase">
        Order summary
      </h2>
      <PlanPrice plan={plan} />
      {savings ? (
        <p className="mt-4 rounded-lg bg-accent-50 px-3 py-2 text-sm font-medium text-accent-700">
          You save {formatPrice(savings.savedCents, plan.currency)} ({savings.percent}%) compared with paying monthly —{" "}
          {formatPrice(savings.perMonthCents, plan.currency)} a month.
        </p>
      ) : null}
      {levels.length > 0 ? (
        <p className="mt-4 flex flex-wrap gap-2" aria-label="Levels included">
          {levels.map((level) => (
            <span
              key={level}
              className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800"
            >
              {level}
            </span>
          ))}
        </p>
      ) : null}
      <dl className="mt-6 space-y-3 border-t border-line pt-5 text-sm">
        {trialDays > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{trialDays}-day free trial</dt>
            <dd className="font-medium text-ink">until {formatDate(firstChargeAt, "long")}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{trialDays > 0 ? "First payment" : "Renews"}</dt>
          <dd className="text-end font-medium text-ink">
            {trialDays > 0
              ? `${price} on ${formatDate(firstChargeAt, "long")}`
              : `${formatDate(firstChargeAt, "long")}, ${price}`}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-line pt-4">
          <dt className="text-base font-semibold text-ink">Due today</dt>
          <dd className="text-2xl font-bold tracking-tight text-ink">{formatPrice(dueToday, plan.currency)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** A plan's name, description and price a period, at the top of the order and switch summaries. */
function PlanPrice({ plan }: { plan: PlanForDisplay }) {
  return (
    <div className="mt-4 flex items-start justify-between gap-4">
      <div>
        <p className="text-xl font-semibold text-ink">{plan.title} plan</p>
        <p className="mt-1 text-sm text-muted">{plan.description}</p>
      </div>
      <p className="shrink-0 text-end">
        <span className="text-xl font-semibold text-ink">{formatPrice(plan.priceCents, plan.currency)}</span>
        <span className="block text-sm text-muted">per {plan.interval === "year" ? "year" : "month"}</span>
      </p>
    </div>
  );
}

/** The first features of a plan, ticked (the plan page, for a newcomer and for a subscriber). */
export function PlanFeatures({ features }: { features: readonly string[] }) {
  return (
    <ul className="grid gap-3 text-sm text-ink/85 sm:grid-cols-2">
      {features.slice(0, 4).map((feature) => (
        <li key={feature} className="flex gap-2.5">
          <CheckIcon className="mt-0.5 size-[18px] shrink-0 text-primary-700" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a subscriber would switch to on /checkout/{plan}: the plan and when its price starts. No "due today":
 * a switch charges nothing here (the local provider applies it at the renewal; Stripe shows its own figures).
 */
export function SwitchSummary({
  plan,
  current,
  className,
}: {
  plan: PlanForDisplay;
  current: { provider: "local" | "stripe"; currentPeriodEnd: Date };
  className?: string;
}) {
  const price = formatPrice(plan.priceCents, plan.currency);
  const per = plan.interval === "year" ? "year" : "month";
  return (
    <section
      aria-labelledby="switch-summary-heading"
      className={cn("rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8", className)}
    >
      <h2 id="switch-summary-heading" className="text-sm font-semibold tracking-wider text-muted uppercase">
        The plan you would switch to
      </h2>
      <PlanPrice plan={plan} />
      <dl className="mt-6 space-y-3 border-t border-line pt-5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Starts</dt>
          <dd className="text-end font-medium text-ink">
            {current.provider === "stripe"
              ? "When you confirm on Stripe"
              : `At your next renewal, ${formatDate(current.currentPeriodEnd, "long")}`}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Then</dt>
          <dd className="text-end font-medium text-ink">
            {price} a {per}
          </dd>
        </div>
      </dl>
    </section>
  );
}
