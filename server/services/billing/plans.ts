import { and, asc, eq } from "drizzle-orm";
import { plans } from "#drizzle/schema";
import type { AppContext } from "../../context";
import type { Config } from "../../lib/config";
import type { Plan } from "./types";

export async function listActivePlans(ctx: AppContext): Promise<Plan[]> {
  return ctx.db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.position), asc(plans.id));
}

export async function getActivePlanByName(ctx: AppContext, { name }: { name: string }): Promise<Plan | null> {
  if (!/^[a-z0-9_-]{1,40}$/i.test(name)) return null;
  const [plan] = await ctx.db
    .select()
    .from(plans)
    .where(and(eq(plans.name, name), eq(plans.isActive, true)))
    .limit(1);
  return plan ?? null;
}

export async function getPlanById(ctx: AppContext, { id }: { id: number }): Promise<Plan | null> {
  const [plan] = await ctx.db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return plan ?? null;
}

/** The Stripe price for a plan: its own column first, then STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL. */
export function stripePriceIdFor(config: Config, plan: Plan): string | null {
  if (plan.stripePriceId) return plan.stripePriceId;
  if (plan.name === "monthly") return config.stripePriceMonthly ?? null;
  if (plan.name === "annual") return config.stripePriceAnnual ?? null;
  return null;
}

/** The plan a Stripe price belongs to (inactive plans included: old subscriptions still use them). */
export async function findPlanByStripePrice(ctx: AppContext, { priceId }: { priceId: string }): Promise<Plan | null> {
  const all = await ctx.db.select().from(plans);
  return all.find((plan) => stripePriceIdFor(ctx.config, plan) === priceId) ?? null;
}

export function addInterval(start: Date, interval: Plan["interval"], count = 1): Date {
  const next = new Date(start.getTime());
  if (interval === "year") next.setUTCFullYear(next.getUTCFullYear() + count);
  else next.setUTCMonth(next.getUTCMonth() + count);
  return next;
}

export function addDays(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 24 * 60 * 60 * 1000);
}
