import type { SubscriptionStatus } from "../../drizzle/schema";
import type { AppContext } from "../context";
import { getEntitlement, hasAccessAt } from "./billing/entitlement";

export { listActivePlans } from "./billing/plans";

export interface SubscriptionSummary {
  status: SubscriptionStatus;
  planName: string;
  planTitle: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  hasAccess: boolean;
}

/** The member's own subscription as the account menu, /api/me and the catalogue see it (billing's entitlement). */
export async function getSubscriptionSummary(ctx: AppContext, userId: number): Promise<SubscriptionSummary | null> {
  const entitlement = await getEntitlement(ctx, userId);
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

/** Access rule shared by every gate: the billing service's one rule, applied to a summary. */
export function hasActiveAccess(summary: SubscriptionSummary | null, now: Date): boolean {
  if (!summary) return false;
  return hasAccessAt(summary, now);
}
