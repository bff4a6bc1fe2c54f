import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { formatPrice } from "#core/format";
import { CheckIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";

export interface PlanForDisplay {
  name: string;
  title: string;
  description: string;
  priceCents: number;
  currency: string;
  interval: "month" | "year";
  trialDays: number;
  features: string[];
  levelTags: string[];
}

/** What a yearly plan saves against twelve months of the monthly plan, or null when it saves nothing. */
export function annualSavings(plan: PlanForDisplay, plans: PlanForDisplay[]) {
  if (plan.interval !== "year") return null;
  const monthly = plans.find((other) => other.interval === "month" && other.currency === plan.currency);
  if (!monthly) return null;
  const twelveMonths = monthly.priceCents * 12;
  const savedCents = twelveMonths - plan.priceCents;
  if (savedCents <= 0) return null;
  return {
    savedCents,
    percent: Math.round((savedCents / twelveMonths) * 100),
    perMonthCents: Math.round(plan.priceCents / 12),
  };
}

export function PlanCard({
  plan,
  plans,
  href,
  featured = false,
  ctaLabel,
}: {
  plan: PlanForDisplay;
  plans: PlanForDisplay[];
  href: string;
  featured?: boolean;
  /** The button's words; by default "Start free trial" for plans with a trial. */
  ctaLabel?: string;
}) {
  const savings = annualSavings(plan, plans);
  const headingId = `plan-${plan.name}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-xl border p-6 sm:p-8",
        featured
          ? "border-primary-700 bg-primary-900 text-white shadow-xl shadow-primary-900/20"
          : "border-line bg-surface shadow-sm",
      )}
    >
      {savings ? (
        <p className="absolute -top-3 end-6 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-ink shadow-sm">
          Save {savings.percent}%
        </p>
      ) : null}
      <h3 id={headingId} className={cn("text-lg font-semibold", featured ? "text-white" : "text-ink")}>
        {plan.title}
      </h3>
      {plan.description ? (
        <p className={cn("mt-1 text-sm", featured ? "text-primary-100" : "text-muted")}>{plan.description}</p>
      ) : null}
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.priceCents, plan.currency)}</span>
        <span className={cn("text-sm font-medium", featured ? "text-primary-100" : "text-muted")}>
          / {plan.interval === "year" ? "year" : "month"}
        </span>
      </p>
      <p className={cn("mt-2 min-h-5 text-sm", featured ? "text-primary-100" : "text-muted")}>
        {savings
          ? `${formatPrice(savings.perMonthCents, plan.currency)} a month, billed yearly — ${formatPrice(savings.savedCents, plan.currency)} less than paying monthly.`
          : plan.interval === "month"
            ? "Billed every month. Cancel whenever you like."
            : "Billed once a year."}
      </p>
      {plan.trialDays > 0 ? (
        <p
          className={cn(
            "mt-4 inline-flex w-fit items-center rounded-full px-3 py-1 text-xs font-semibold",
            featured ? "bg-white/10 text-white ring-1 ring-white/25" : "bg-primary-50 text-primary-800",
          )}
        >
          {plan.trialDays}-day free trial
        </p>
      ) : null}
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon
              className={cn("mt-0.5 size-[18px] shrink-0", featured ? "text-accent-300" : "text-primary-700")}
            />
            <span className={featured ? "text-primary-50" : "text-ink/85"}>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        to={href}
        className={buttonClasses(featured ? "accent" : "primary", "lg", "mt-8 w-full")}
        aria-describedby={headingId}
      >
        {ctaLabel ?? (plan.trialDays > 0 ? "Start free trial" : `Choose ${plan.title}`)}
      </Link>
    </section>
  );
}
