import { and, desc, eq } from "drizzle-orm";
import { plans, subscriptions, type SubscriptionStatus } from "../../drizzle/schema";
import type { AppContext } from "../context";

export interface SubscriptionSummary {
  status: SubscriptionStatus;
  planName: string;
  planTitle: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** The member's newest subscription, if any (the billing issue builds entitlement on top of this). */
export async function getSubscriptionSummary(ctx: AppContext, userId: number): Promise<SubscriptionSummary | null> {
  const [row] = await ctx.db
    .select({
      status: subscriptions.status,
      planName: plans.name,
      planTitle: plans.title,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId)))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
}

/** Access rule shared by every gate: paid states keep access until the period ends. */
export function hasActiveAccess(summary: SubscriptionSummary | null, now: Date): boolean {
  if (!summary) return false;
  if (summary.status === "expired") return false;
  return summary.currentPeriodEnd.getTime() > now.getTime();
}

export async function listActivePlans(ctx: AppContext) {
  return ctx.db.select().from(plans).where(eq(plans.isActive, true)).orderBy(plans.position);
}
