import { cn } from "~/lib/cn";
import { formatDate, formatPrice } from "#core/format";

export type SubscriptionStatusName = "trialing" | "active" | "past_due" | "canceled" | "expired";

export interface PlanSummary {
  name: string;
  title: string;
  priceCents: number;
  currency: string;
  interval: "month" | "year";
}

const STATUS_STYLES: Record<SubscriptionStatusName, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-primary-50 text-primary-800 ring-primary-200" },
  trialing: { label: "Free trial", className: "bg-primary-50 text-primary-800 ring-primary-200" },
  past_due: { label: "Payment due", className: "bg-accent-50 text-accent-700 ring-accent-300" },
  canceled: { label: "Canceled", className: "bg-canvas text-ink ring-line" },
  expired: { label: "Ended", className: "bg-canvas text-muted ring-line" },
};

/** The member's own status, in words (kept out of tab titles: docs/product-rules.md#tab-titles). */
export function StatusBadge({ status, className }: { status: SubscriptionStatusName; className?: string }) {
  const style = STATUS_STYLES[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        style.className,
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {style.label}
    </span>
  );
}

export const perInterval = (plan: Pick<PlanSummary, "interval">) => (plan.interval === "year" ? "year" : "month");

export function priceLabel(plan: PlanSummary) {
  return `${formatPrice(plan.priceCents, plan.currency)} / ${perInterval(plan)}`;
}

/** One sentence on what happens next, for the status line of a subscription. */
export function describeRenewal(subscription: {
  status: SubscriptionStatusName;
  currentPeriodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  plan: PlanSummary;
  pendingPlan: PlanSummary | null;
  isComplimentary?: boolean;
}) {
  const end = formatDate(subscription.currentPeriodEnd, "long");
  if (subscription.isComplimentary && subscription.status === "active") {
    return `A gift from the Ahla team: full access until ${end}. Nothing is charged and it does not renew.`;
  }
  const next = subscription.pendingPlan ?? subscription.plan;
  switch (subscription.status) {
    case "trialing":
      return `Free trial until ${end}. Then ${formatPrice(next.priceCents, next.currency)} a ${perInterval(next)}.`;
    case "active":
      return `Renews on ${end} for ${formatPrice(next.priceCents, next.currency)}.`;
    case "past_due":
      return `Your last payment did not go through. You keep access until ${end}.`;
    case "canceled":
      return `Canceled. You keep access until ${end}, then it will not renew.`;
    case "expired":
      return `Ended on ${end}.`;
  }
}
