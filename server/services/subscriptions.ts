import type { SubscriptionStatus } from "#drizzle/schema";
import type { Entitlement } from "./billing/entitlement";

export { listActivePlans } from "./billing/plans";

export interface SubscriptionSummary {
  status: SubscriptionStatus;
  planName: string;
  planTitle: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  hasAccess: boolean;
}

/** The member's own subscription as the account menu and /api/me show it; null for one who never subscribed. */
export function toSubscriptionSummary(entitlement: Entitlement): SubscriptionSummary | null {
  if (!entitlement.status || !entitlement.planName || !entitlement.currentPeriodEnd) return null;
  return {
    status: entitlement.status,
    planName: entitlement.planName,
    planTitle: entitlement.planTitle ?? entitlement.planName,
    currentPeriodEnd: entitlement.currentPeriodEnd,
    cancelAtPeriodEnd: entitlement.cancelAtPeriodEnd,
    hasAccess: entitlement.hasAccess,
  };
}
