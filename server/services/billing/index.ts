import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { invoices, plans, subscriptionCancelReasons, subscriptions } from "#drizzle/schema";
import { onPrimary, type AppContext } from "../../context";
import { hasDevelopmentTools } from "../../lib/config";
import { AppError, notFound } from "../../lib/errors";
import { withReturnPath } from "../../lib/redirects";
import { getEntitlement, hasAccessAt, type Entitlement } from "./entitlement";
import { getActivePlanByName, getPlanById, listActivePlans } from "./plans";
import { checkoutProvider, providerFor } from "./providers";
import { failLocalRenewal } from "./providers/local";
import { syncSubscription, type SyncOptions } from "./sync";
import type { Plan, ProviderResult, SubscriptionRow } from "./types";

export { getEntitlement, hasAccessAt, NO_ENTITLEMENT, type Entitlement } from "./entitlement";
export { getActivePlanByName, listActivePlans } from "./plans";
export { getCheckoutReturn, type CheckoutLesson, type CheckoutReturn } from "./checkout-return";
export { reconcileSubscriptions, type ReconcileReport } from "./reconcile";
export { syncSubscription } from "./sync";
export { handleStripeWebhook } from "./webhooks";
export type { Plan, ProviderName, SubscriptionRow } from "./types";

/** Where the member lands after an action handled by a provider's hosted page, or after ours. */
export type BillingOutcome = { redirectTo: string; message?: string };

interface Member {
  id: number;
  email: string;
  name: string;
}

const LIVE_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;

function absolute(ctx: AppContext, path: string) {
  return `${ctx.config.appUrl.replace(/\/$/, "")}${path}`;
}

/** A subscription of this member, or 404: another member's id is indistinguishable from a missing one. */
async function requireOwnSubscription(ctx: AppContext, userId: number, subscriptionId: number) {
  const [row] = await ctx.primary
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
    .limit(1);
  if (!row) throw notFound("We could not find that subscription.");
  return row;
}

/** Subscriptions decide access (and trials, and paying twice): read from the primary, like the entitlement. */
async function listSubscriptionRows(ctx: AppContext, userId: number) {
  return ctx.primary
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id));
}

/** The subscription the member manages: the one granting access, else the most recent. */
async function getCurrentSubscriptionRow(ctx: AppContext, userId: number): Promise<SubscriptionRow | null> {
  const rows = await listSubscriptionRows(ctx, userId);
  const now = ctx.now();
  return rows.find((row) => hasAccessAt(row, now)) ?? rows[0] ?? null;
}

export interface CheckoutView {
  plans: Plan[];
  entitlement: Entitlement;
  /** True until the member has had any subscription: only the first one gets the free trial. */
  trialEligible: boolean;
  provider: "local" | "stripe";
  /** The subscription giving the member access now (what the checkout tells a subscriber), or null. */
  subscription: SubscriptionDetails | null;
}

export async function getCheckoutView(ctx: AppContext, { userId }: { userId: number }): Promise<CheckoutView> {
  const [activePlans, entitlement, rows] = await Promise.all([
    listActivePlans(ctx),
    getEntitlement(ctx, { userId }),
    listSubscriptionRows(ctx, userId),
  ]);
  const now = ctx.now();
  const live = rows.find((row) => hasAccessAt(row, now)) ?? null;
  return {
    plans: activePlans,
    entitlement,
    trialEligible: rows.length === 0,
    provider: ctx.config.paymentsProvider,
    subscription: live ? await subscriptionDetails(ctx, live) : null,
  };
}

async function apply(
  ctx: AppContext,
  result: ProviderResult,
  options: SyncOptions = {},
): Promise<SubscriptionRow | null> {
  if (result.kind === "redirect") return null;
  const synced = await syncSubscription(ctx, { snapshot: result.snapshot, ...options });
  return synced.subscription;
}

/**
 * "Pay": the local provider activates the subscription here and now; Stripe answers with its hosted
 * checkout. A member who already has access is sent to manage it instead of paying twice.
 */
export async function startCheckout(
  ctx: AppContext,
  { viewer, planName, returnPath = "" }: { viewer: Member; planName: string; returnPath?: string },
): Promise<BillingOutcome> {
  const plan = await getActivePlanByName(ctx, { name: planName });
  if (!plan)
    throw new AppError(404, ["That plan does not exist. Please choose one of ours."], { plan: ["Unknown plan."] });
  const rows = await listSubscriptionRows(ctx, viewer.id);
  const now = ctx.now();
  if (rows.some((row) => hasAccessAt(row, now))) {
    throw new AppError(409, ["You already have a subscription. You can change it on Manage subscription."]);
  }
  const provider = checkoutProvider(ctx);
  const result = await provider.createCheckout(ctx, {
    user: viewer,
    plan,
    trialEligible: rows.length === 0,
    returnPath,
    customerId:
      rows.find((row) => row.provider === provider.name && row.providerCustomerId)?.providerCustomerId ?? null,
  });
  if (result.kind === "redirect") return { redirectTo: result.url };
  await apply(ctx, result, { userId: viewer.id });
  return { redirectTo: withReturnPath(`/checkout-success/${encodeURIComponent(plan.name)}`, returnPath) };
}

/**
 * The return from a hosted checkout: record what the provider created before the page renders. The
 * success page is a GET, so this runs on the primary (server/lib/d1-session.ts).
 */
export async function confirmCheckout(
  requestCtx: AppContext,
  { userId, sessionId }: { userId: number; sessionId: string | null | undefined },
) {
  if (!sessionId || sessionId.length > 255) return;
  const ctx = onPrimary(requestCtx);
  const snapshot = await checkoutProvider(ctx).confirmCheckout(ctx, { userId, sessionId });
  if (snapshot) await syncSubscription(ctx, { snapshot, userId });
}

/** The success page's version: if the provider cannot be asked now, the webhook will still bring it. */
export async function tryConfirmCheckout(
  ctx: AppContext,
  { userId, sessionId }: { userId: number; sessionId: string | null | undefined },
) {
  try {
    await confirmCheckout(ctx, { userId, sessionId });
  } catch (error) {
    console.error(`billing: could not confirm checkout session for user ${userId}`, error);
  }
}

export async function listInvoices(ctx: AppContext, { userId, limit = 24 }: { userId: number; limit?: number }) {
  const rows = await ctx.db
    .select({
      id: invoices.id,
      amountCents: invoices.amountCents,
      currency: invoices.currency,
      status: invoices.status,
      description: invoices.description,
      planTitle: plans.title,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      paidAt: invoices.paidAt,
      receiptUrl: invoices.receiptUrl,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
  return rows.map(({ planTitle, ...invoice }) => ({
    ...invoice,
    description: invoice.description || `${planTitle} plan`,
  }));
}

export async function listActiveCancelReasons(ctx: AppContext) {
  return ctx.db
    .select({ id: subscriptionCancelReasons.id, label: subscriptionCancelReasons.label })
    .from(subscriptionCancelReasons)
    .where(eq(subscriptionCancelReasons.isActive, true))
    .orderBy(asc(subscriptionCancelReasons.position), asc(subscriptionCancelReasons.id));
}

export interface SubscriptionDetails {
  id: number;
  provider: "local" | "stripe";
  status: SubscriptionRow["status"];
  plan: Pick<Plan, "name" | "title" | "priceCents" | "currency" | "interval">;
  pendingPlan: Pick<Plan, "name" | "title" | "priceCents" | "currency" | "interval"> | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  paymentMethodSummary: string | null;
  hasAccess: boolean;
  /** Given by the team: ends at its period end, nothing charged. */
  isComplimentary: boolean;
}

function planSummary(plan: Plan) {
  return {
    name: plan.name,
    title: plan.title,
    priceCents: plan.priceCents,
    currency: plan.currency,
    interval: plan.interval,
  };
}

/** A subscription row as the member's pages show it: its plan (and pending plan) by name and title, its access. */
async function subscriptionDetails(ctx: AppContext, row: SubscriptionRow): Promise<SubscriptionDetails> {
  const planIds = [row.planId, ...(row.pendingPlanId ? [row.pendingPlanId] : [])];
  const planRows = await ctx.db.select().from(plans).where(inArray(plans.id, planIds));
  const plan = planRows.find((candidate) => candidate.id === row.planId)!;
  const pending = row.pendingPlanId ? (planRows.find((candidate) => candidate.id === row.pendingPlanId) ?? null) : null;
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    // The price it renews at is the one it was sold at (a later change of the plan's price is for new members).
    plan: { ...planSummary(plan), priceCents: row.unitAmountCents ?? plan.priceCents },
    pendingPlan: pending ? planSummary(pending) : null,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEndsAt: row.trialEndsAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    paymentMethodSummary: row.paymentMethodSummary,
    hasAccess: hasAccessAt(row, ctx.now()),
    isComplimentary: row.isComplimentary,
  };
}

/** Everything /manage-subscription and /api/billing/subscription show. */
export async function getBillingOverview(ctx: AppContext, { userId }: { userId: number }) {
  const [row, entitlement, activePlans, invoiceList, cancelReasons] = await Promise.all([
    getCurrentSubscriptionRow(ctx, userId),
    getEntitlement(ctx, { userId }),
    listActivePlans(ctx),
    listInvoices(ctx, { userId }),
    listActiveCancelReasons(ctx),
  ]);
  const subscription = row ? await subscriptionDetails(ctx, row) : null;
  return { subscription, entitlement, plans: activePlans, invoices: invoiceList, cancelReasons };
}

function requireLive(row: SubscriptionRow, now: Date) {
  if (row.status === "expired" || !hasAccessAt(row, now)) {
    throw new AppError(409, ["This subscription has ended. Choose a plan to subscribe again."]);
  }
}

export async function cancelSubscription(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { subscriptionId: number; reasonId: number; comment?: string | null },
) {
  const row = await requireOwnSubscription(ctx, userId, input.subscriptionId);
  requireLive(row, ctx.now());
  if (row.cancelAtPeriodEnd) throw new AppError(409, ["This subscription is already canceled."]);
  const [reason] = await ctx.db
    .select({ id: subscriptionCancelReasons.id })
    .from(subscriptionCancelReasons)
    .where(and(eq(subscriptionCancelReasons.id, input.reasonId), eq(subscriptionCancelReasons.isActive, true)))
    .limit(1);
  if (!reason) {
    throw new AppError(422, ["Choose one of the reasons listed."], { reasonId: ["Choose one of the reasons listed."] });
  }
  const comment = input.comment?.trim() || null;
  const result = await providerFor(row.provider).cancel(ctx, row, { comment });
  return apply(ctx, result, { cancellation: { reasonId: reason.id, comment } });
}

export async function resumeSubscription(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { subscriptionId: number },
) {
  const row = await requireOwnSubscription(ctx, userId, input.subscriptionId);
  requireLive(row, ctx.now());
  if (!row.cancelAtPeriodEnd) throw new AppError(409, ["This subscription is not canceled."]);
  const result = await providerFor(row.provider).resume(ctx, row);
  return apply(ctx, result, { clearCancellation: true });
}

export async function switchSubscriptionPlan(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { subscriptionId: number; plan: string },
): Promise<BillingOutcome> {
  const row = await requireOwnSubscription(ctx, userId, input.subscriptionId);
  requireLive(row, ctx.now());
  const plan = await getActivePlanByName(ctx, { name: input.plan });
  if (!plan) throw new AppError(422, ["Choose one of our plans."], { plan: ["Choose one of our plans."] });
  if (row.cancelAtPeriodEnd) throw new AppError(409, ["Resume your subscription before changing plan."]);
  if (row.status === "past_due") throw new AppError(409, ["Update your payment method before changing plan."]);
  if (plan.id === row.planId && !row.pendingPlanId) throw new AppError(409, [`You are already on ${plan.title}.`]);
  const result = await providerFor(row.provider).switchPlan(ctx, row, plan, absolute(ctx, "/manage-subscription"));
  if (result.kind === "redirect") return { redirectTo: result.url };
  await apply(ctx, result);
  const current = await getPlanById(ctx, { id: row.planId });
  return {
    redirectTo: "/manage-subscription",
    message:
      plan.id === row.planId
        ? `You stay on ${plan.title}.`
        : `You will move to ${plan.title} at your next renewal. Until then you keep ${current?.title ?? "your plan"}.`,
  };
}

/** Fixing a declined card: Stripe's portal, or the local test card (which pays the failed invoice at once). */
export async function startPaymentMethodUpdate(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { subscriptionId: number },
): Promise<BillingOutcome> {
  const row = await requireOwnSubscription(ctx, userId, input.subscriptionId);
  requireLive(row, ctx.now());
  const result = await providerFor(row.provider).updatePaymentMethod(ctx, row, absolute(ctx, "/manage-subscription"));
  if (result.kind === "redirect") return { redirectTo: result.url };
  const updated = await apply(ctx, result);
  return {
    redirectTo: "/manage-subscription",
    message:
      row.status === "past_due" && updated?.status !== "past_due"
        ? "Thank you! Your payment went through and your subscription is active again."
        : "Your payment method is updated.",
  };
}

export async function openBillingPortal(ctx: AppContext, { userId }: { userId: number }): Promise<BillingOutcome> {
  const row = await getCurrentSubscriptionRow(ctx, userId);
  if (!row) throw notFound("You have no subscription to manage yet.");
  const result = await providerFor(row.provider).openPortal(ctx, row, absolute(ctx, "/manage-subscription"));
  return { redirectTo: result.kind === "redirect" ? result.url : "/manage-subscription" };
}

/** Development only: play a declined renewal on a local subscription (for the recovery flow). */
export async function simulateFailedRenewal(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { subscriptionId: number },
) {
  if (!hasDevelopmentTools(ctx.config)) throw notFound();
  const row = await requireOwnSubscription(ctx, userId, input.subscriptionId);
  if (row.provider !== "local")
    throw new AppError(409, ["Only local test subscriptions can simulate a failed renewal."]);
  return apply(ctx, { kind: "snapshot", snapshot: await failLocalRenewal(ctx, row) });
}

/**
 * An account being deleted stops renewing everywhere: each live subscription is canceled with its
 * provider (at period end, as the member would have done on Manage subscription).
 */
export async function cancelSubscriptionsForDeletedAccount(ctx: AppContext, { userId }: { userId: number }) {
  const rows = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  for (const row of rows) {
    if (row.cancelAtPeriodEnd) continue;
    const result = await providerFor(row.provider).cancel(ctx, row, { comment: "Account deleted" });
    await apply(ctx, result, { cancellation: { reasonId: null, comment: "Account deleted" } });
  }
}
