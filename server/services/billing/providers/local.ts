import { and, desc, eq } from "drizzle-orm";
import { invoices } from "#drizzle/schema";
import type { AppContext } from "../../../context";
import { AppError } from "../../../lib/errors";
import { formatDate } from "#core/format";
import { addDays, addInterval, getPlanById } from "../plans";
import type { InvoiceSnapshot, PaymentProvider, Plan, SubscriptionRow, SubscriptionSnapshot } from "../types";

export const LOCAL_TEST_CARD = "Test card •••• 4242";
const CHECKOUT_WINDOW_MS = 10 * 60 * 1000;
/** How many missed renewals the cron catches up on at once after a long outage. */
const MAX_RENEWALS_PER_RUN = 36;

export function periodDescription(plan: Plan, start: Date, end: Date) {
  return `${plan.title} plan, ${formatDate(start)} – ${formatDate(end)}`;
}

function invoice(
  subscriptionId: string,
  plan: Plan,
  start: Date,
  end: Date,
  status: InvoiceSnapshot["status"],
  options: { amountCents?: number; description?: string; at: Date; id?: string },
): InvoiceSnapshot {
  return {
    // Derived from the period, so charging the same period twice (two cron runs at once) is one invoice.
    providerInvoiceId: options.id ?? `local_inv_${subscriptionId}_${start.getTime()}`,
    amountCents: options.amountCents ?? plan.priceCents,
    currency: plan.currency,
    status,
    description: options.description ?? periodDescription(plan, start, end),
    periodStart: start,
    periodEnd: end,
    paidAt: status === "paid" ? options.at : null,
    receiptUrl: null,
    createdAt: options.at,
  };
}

export function snapshotOfLocal(
  row: SubscriptionRow,
  now: Date,
  changes: Partial<SubscriptionSnapshot> = {},
): SubscriptionSnapshot {
  return {
    provider: "local",
    providerSubscriptionId: row.providerSubscriptionId!,
    providerCustomerId: row.providerCustomerId,
    userId: row.userId,
    planId: row.planId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEndsAt: row.trialEndsAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    paymentMethodSummary: row.paymentMethodSummary,
    pendingPlanId: row.pendingPlanId,
    invoices: [],
    observedAt: now,
    ...changes,
  };
}

async function requirePlan(ctx: AppContext, planId: number) {
  const plan = await getPlanById(ctx, { id: planId });
  if (!plan) throw new Error(`billing: plan ${planId} is missing`);
  return plan;
}

/**
 * What the local "provider" says at `now`: it renews at each period end (always successfully), ends
 * a canceled subscription at its period end, and ends a past-due one whose grace period ran out.
 */
export async function advanceLocalSubscription(ctx: AppContext, row: SubscriptionRow): Promise<SubscriptionSnapshot> {
  const now = ctx.now();
  let snapshot = snapshotOfLocal(row, now);
  for (let renewals = 0; renewals < MAX_RENEWALS_PER_RUN; renewals++) {
    if (snapshot.status === "expired" || snapshot.currentPeriodEnd.getTime() > now.getTime()) break;
    // A complimentary subscription (given by an administrator) ends rather than charging.
    if (
      row.isComplimentary ||
      snapshot.cancelAtPeriodEnd ||
      snapshot.status === "canceled" ||
      snapshot.status === "past_due"
    ) {
      snapshot = { ...snapshot, status: "expired", cancelAtPeriodEnd: false, pendingPlanId: null };
      break;
    }
    const switching = Boolean(snapshot.pendingPlanId && snapshot.pendingPlanId !== snapshot.planId);
    const plan = await requirePlan(ctx, snapshot.pendingPlanId ?? snapshot.planId!);
    // The price it was bought at, unless it moves to another plan now (which costs that plan's price today).
    const price = switching ? plan.priceCents : (snapshot.unitAmountCents ?? row.unitAmountCents ?? plan.priceCents);
    const start = snapshot.currentPeriodEnd;
    const end = addInterval(start, plan.interval);
    snapshot = {
      ...snapshot,
      planId: plan.id,
      pendingPlanId: null,
      unitAmountCents: price,
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: end,
      invoices: [
        ...snapshot.invoices,
        invoice(row.providerSubscriptionId!, plan, start, end, "paid", { at: start, amountCents: price }),
      ],
    };
  }
  return snapshot;
}

/** Development only: the renewal happens now and the test card is declined. */
export async function failLocalRenewal(ctx: AppContext, row: SubscriptionRow): Promise<SubscriptionSnapshot> {
  const now = ctx.now();
  if (row.status === "expired") throw new AppError(409, ["This subscription has already ended."]);
  const plan = await requirePlan(ctx, row.pendingPlanId ?? row.planId);
  const end = addInterval(now, plan.interval);
  return snapshotOfLocal(row, now, {
    planId: plan.id,
    pendingPlanId: null,
    status: "past_due",
    cancelAtPeriodEnd: false,
    canceledAt: null,
    currentPeriodStart: now,
    currentPeriodEnd: end,
    invoices: [invoice(row.providerSubscriptionId!, plan, now, end, "failed", { at: now })],
  });
}

/**
 * The in-app test provider (PAYMENTS_PROVIDER=local, the default): no network, no card. "Pay" activates
 * the subscription at once; the cron plays the renewals. Its state is the D1 row itself.
 */
export const localProvider: PaymentProvider = {
  name: "local",

  async createCheckout(ctx, { user, plan, trialEligible, customerId }) {
    const now = ctx.now();
    // Like an idempotency key: a double-submitted "Pay" within ten minutes is the same subscription.
    const subscriptionId = `local_sub_${user.id}_${plan.id}_${Math.floor(now.getTime() / CHECKOUT_WINDOW_MS)}`;
    const trialDays = trialEligible ? plan.trialDays : 0;
    const trialEndsAt = trialDays > 0 ? addDays(now, trialDays) : null;
    const end = trialEndsAt ?? addInterval(now, plan.interval);
    return {
      kind: "snapshot",
      snapshot: {
        provider: "local",
        providerSubscriptionId: subscriptionId,
        providerCustomerId: customerId ?? `local_cus_${user.id}`,
        userId: user.id,
        planId: plan.id,
        status: trialEndsAt ? "trialing" : "active",
        currentPeriodStart: now,
        currentPeriodEnd: end,
        trialEndsAt,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        paymentMethodSummary: LOCAL_TEST_CARD,
        pendingPlanId: null,
        unitAmountCents: plan.priceCents,
        invoices: [
          invoice(subscriptionId, plan, now, end, "paid", {
            at: now,
            id: `local_inv_${subscriptionId}_checkout`,
            amountCents: trialEndsAt ? 0 : plan.priceCents,
            description: trialEndsAt
              ? `${plan.title} plan, free trial until ${formatDate(end)}`
              : periodDescription(plan, now, end),
          }),
        ],
        observedAt: now,
      },
    };
  },

  async confirmCheckout() {
    // The local checkout completes in the same request as "Pay": nothing to confirm afterwards.
    return null;
  },

  async openPortal(_ctx, _row, returnUrl) {
    return { kind: "redirect", url: returnUrl };
  },

  /** The test card always works: a past-due subscription is paid at once and active again. */
  async updatePaymentMethod(ctx, row) {
    const now = ctx.now();
    if (row.status !== "past_due") {
      return { kind: "snapshot", snapshot: snapshotOfLocal(row, now, { paymentMethodSummary: LOCAL_TEST_CARD }) };
    }
    const [failed] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, row.id), eq(invoices.status, "failed")))
      .orderBy(desc(invoices.createdAt))
      .limit(1);
    const paid: InvoiceSnapshot[] = failed?.providerInvoiceId
      ? [
          {
            providerInvoiceId: failed.providerInvoiceId,
            amountCents: failed.amountCents,
            currency: failed.currency,
            status: "paid",
            description: failed.description,
            periodStart: failed.periodStart,
            periodEnd: failed.periodEnd,
            paidAt: now,
            receiptUrl: null,
            createdAt: failed.createdAt,
          },
        ]
      : [];
    return {
      kind: "snapshot",
      snapshot: snapshotOfLocal(row, now, { status: "active", paymentMethodSummary: LOCAL_TEST_CARD, invoices: paid }),
    };
  },

  async cancel(ctx, row) {
    const now = ctx.now();
    return {
      kind: "snapshot",
      snapshot: snapshotOfLocal(row, now, {
        status: row.status === "past_due" ? "past_due" : "canceled",
        cancelAtPeriodEnd: true,
        canceledAt: now,
      }),
    };
  },

  async resume(ctx, row) {
    const now = ctx.now();
    const inTrial = Boolean(row.trialEndsAt && row.trialEndsAt.getTime() > now.getTime());
    return {
      kind: "snapshot",
      snapshot: snapshotOfLocal(row, now, {
        status: row.status === "past_due" ? "past_due" : inTrial ? "trialing" : "active",
        cancelAtPeriodEnd: false,
        canceledAt: null,
      }),
    };
  },

  /** Takes effect at the next renewal (the period already paid for keeps its plan). */
  async switchPlan(ctx, row, plan) {
    return {
      kind: "snapshot",
      snapshot: snapshotOfLocal(row, ctx.now(), { pendingPlanId: plan.id === row.planId ? null : plan.id }),
    };
  },

  async fetchSubscription(ctx, row) {
    return await advanceLocalSubscription(ctx, row);
  },
};
