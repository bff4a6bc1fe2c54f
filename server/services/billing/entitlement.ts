import { desc, eq } from "drizzle-orm";
import { plans, subscriptions, type SubscriptionStatus } from "#drizzle/schema";
import type { AppContext } from "../../context";
import type { ProviderName } from "./types";

const HOUR_MS = 60 * 60 * 1000;

/**
 * A subscription expected to renew keeps access this long past its period end: the provider renews
 * at the boundary, but its webhook (Stripe) or our hourly cron (local) may land a little later.
 */
export const RENEWAL_LEEWAY_MS = 24 * HOUR_MS;

/**
 * The one access rule (docs/product-rules.md#billing-states): paid and grace states until the period ends, expired
 * never.
 */
export function hasAccessAt(subscription: { status: SubscriptionStatus; currentPeriodEnd: Date }, now: Date): boolean {
  const end = subscription.currentPeriodEnd.getTime();
  switch (subscription.status) {
    case "trialing":
    case "active":
      return end + RENEWAL_LEEWAY_MS > now.getTime();
    case "past_due":
    case "canceled":
      return end > now.getTime();
    case "expired":
      return false;
  }
}

export interface Entitlement {
  hasAccess: boolean;
  /** Null for a member who never subscribed (and for visitors). */
  status: SubscriptionStatus | null;
  planName: string | null;
  planTitle: string | null;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  subscriptionId: number | null;
  provider: ProviderName | null;
}

export const NO_ENTITLEMENT: Entitlement = {
  hasAccess: false,
  status: null,
  planName: null,
  planTitle: null,
  currentPeriodEnd: null,
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  subscriptionId: null,
  provider: null,
};

/**
 * What this member may watch, read from the D1 primary on every call (no cache, no replica), so a
 * payment recorded earlier in the same request, or by a webhook a moment ago, is seen at once. With several subscriptions (an old expired one and a new one),
 * the one that grants access wins, else the most recent.
 */
export async function getEntitlement(ctx: AppContext, { userId }: { userId: number | null }): Promise<Entitlement> {
  if (userId === null) return NO_ENTITLEMENT;
  return entitlementFrom(await entitlementQuery(ctx, { userId }), ctx.now());
}

/** The read behind `getEntitlement`, for a caller that batches it with others (the page load context). */
export function entitlementQuery(ctx: AppContext, { userId }: { userId: number }) {
  return ctx.primary
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      provider: subscriptions.provider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      trialEndsAt: subscriptions.trialEndsAt,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      planName: plans.name,
      planTitle: plans.title,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id))
    .limit(20);
}

/** The entitlement that `entitlementQuery`'s rows give at `now`. */
export function entitlementFrom(rows: Awaited<ReturnType<typeof entitlementQuery>>, now: Date): Entitlement {
  if (rows.length === 0) return NO_ENTITLEMENT;
  const chosen = rows.find((row) => hasAccessAt(row, now)) ?? rows[0]!;
  return {
    hasAccess: hasAccessAt(chosen, now),
    status: chosen.status,
    planName: chosen.planName,
    planTitle: chosen.planTitle,
    currentPeriodEnd: chosen.currentPeriodEnd,
    trialEndsAt: chosen.trialEndsAt,
    cancelAtPeriodEnd: chosen.cancelAtPeriodEnd,
    subscriptionId: chosen.id,
    provider: chosen.provider,
  };
}
