import Stripe from "stripe";
import type { SubscriptionStatus } from "#drizzle/schema";
import type { AppContext } from "../../../context";
import type { Config } from "../../../lib/config";
import { AppError } from "../../../lib/errors";
import { withReturnPath } from "../../../lib/redirects";
import { findPlanByStripePrice, stripePriceIdFor } from "../plans";
import type { InvoiceSnapshot, PaymentProvider, Plan, SubscriptionRow, SubscriptionSnapshot } from "../types";

/** Checkout sessions asked for twice within this window (a double click, a retry) are the same session. */
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;
const SUBSCRIPTION_EXPAND = ["default_payment_method", "latest_invoice"];

const clients = new Map<string, Stripe>();

/**
 * A Stripe client on the fetch API (Workers have no Node http), one per key and isolate: building one
 * sets up every API resource, and the client keeps no per-request state. The fetch is looked up on
 * every call rather than captured, so tests can answer Stripe's HTTP API from a stub.
 */
export function createStripeClient(config: Pick<Config, "stripeSecretKey">): Stripe {
  const key = config.stripeSecretKey;
  if (!key) throw new AppError(503, ["Payments are not set up yet. Please try again later."]);
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(key, {
      httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
      appInfo: { name: "Ahla" },
    });
    clients.set(key, client);
  }
  return client;
}

const unix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  value ? (typeof value === "string" ? value : value.id) : null;

/** Stripe's nine statuses folded into our five (see docs/billing.md for the table). */
export function mapStripeStatus(
  subscription: Pick<Stripe.Subscription, "status" | "cancel_at_period_end" | "cancel_at">,
): SubscriptionStatus {
  const endsLater = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  switch (subscription.status) {
    case "trialing":
      return endsLater ? "canceled" : "trialing";
    case "active":
      return endsLater ? "canceled" : "active";
    case "past_due":
      return "past_due";
    default:
      // canceled, unpaid, incomplete, incomplete_expired, paused: nothing is paid for now.
      return "expired";
  }
}

function paymentMethodSummary(method: Stripe.Subscription["default_payment_method"]): string | null {
  if (!method || typeof method === "string") return null;
  if (method.card) {
    const brand = method.card.brand === "amex" ? "American Express" : method.card.brand;
    const name = brand.charAt(0).toUpperCase() + brand.slice(1);
    return `${name} •••• ${method.card.last4}`;
  }
  return method.type.replace(/_/g, " ");
}

export function toInvoiceSnapshot(invoice: Stripe.Invoice, fallbackDescription: string): InvoiceSnapshot | null {
  if (!invoice.id || invoice.status === "draft" || invoice.status === null) return null;
  const status: InvoiceSnapshot["status"] =
    invoice.status === "paid"
      ? "paid"
      : invoice.status === "void"
        ? "void"
        : invoice.status === "uncollectible" || invoice.attempt_count > 0
          ? "failed"
          : "open";
  const line = invoice.lines?.data?.[0];
  const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    providerInvoiceId: invoice.id,
    amountCents: status === "paid" ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    description: line?.description ?? fallbackDescription,
    periodStart: unix(period.start),
    periodEnd: unix(period.end),
    paidAt: paidAt ? unix(paidAt) : null,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    createdAt: unix(invoice.created),
  };
}

export async function toSubscriptionSnapshot(
  ctx: AppContext,
  {
    subscription,
    observedAt,
    extraInvoices = [],
    knownPlans,
  }: { subscription: Stripe.Subscription; observedAt: Date; extraInvoices?: Stripe.Invoice[]; knownPlans?: Plan[] },
): Promise<SubscriptionSnapshot> {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`billing: Stripe subscription ${subscription.id} has no items`);
  const plan = knownPlans
    ? (knownPlans.find((candidate) => stripePriceIdFor(ctx.config, candidate) === item.price.id) ?? null)
    : await findPlanByStripePrice(ctx, { priceId: item.price.id });
  let end = unix(item.current_period_end);
  if (subscription.cancel_at && subscription.cancel_at * 1000 < end.getTime()) end = unix(subscription.cancel_at);
  if (subscription.ended_at && subscription.ended_at * 1000 < end.getTime()) end = unix(subscription.ended_at);
  const description = plan ? `${plan.title} plan` : "Subscription";
  const invoices = [
    ...(typeof subscription.latest_invoice === "object" && subscription.latest_invoice
      ? [subscription.latest_invoice]
      : []),
    ...extraInvoices,
  ]
    .map((invoice) => toInvoiceSnapshot(invoice, description))
    .filter((invoice): invoice is InvoiceSnapshot => invoice !== null);
  const userId = Number.parseInt(subscription.metadata?.user_id ?? "", 10);
  const status = mapStripeStatus(subscription);
  return {
    provider: "stripe",
    providerSubscriptionId: subscription.id,
    providerCustomerId: idOf(subscription.customer),
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    planId: plan?.id ?? null,
    status,
    currentPeriodStart: unix(item.current_period_start),
    currentPeriodEnd: end,
    trialEndsAt: subscription.trial_end ? unix(subscription.trial_end) : null,
    cancelAtPeriodEnd: status === "canceled" || (status === "past_due" && subscription.cancel_at_period_end),
    canceledAt: subscription.canceled_at ? unix(subscription.canceled_at) : null,
    paymentMethodSummary: paymentMethodSummary(subscription.default_payment_method),
    pendingPlanId: null,
    invoices: dedupe(invoices),
    observedAt,
  };
}

function dedupe(invoices: InvoiceSnapshot[]) {
  const seen = new Map<string, InvoiceSnapshot>();
  for (const invoice of invoices) seen.set(invoice.providerInvoiceId, invoice);
  return [...seen.values()];
}

/** Reads a subscription (and optionally one more invoice) from Stripe and converts it. */
export async function fetchStripeSubscription(
  ctx: AppContext,
  { subscriptionId, ...options }: { subscriptionId: string } & { invoiceId?: string | null; plans?: Plan[] },
): Promise<SubscriptionSnapshot> {
  const stripe = createStripeClient(ctx.config);
  // Stamped before asking: a view is never credited with a time later than the one it was read at.
  const observedAt = ctx.now();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND });
  const latestId = idOf(subscription.latest_invoice);
  const extra =
    options.invoiceId && options.invoiceId !== latestId ? [await stripe.invoices.retrieve(options.invoiceId)] : [];
  return toSubscriptionSnapshot(ctx, { subscription, observedAt, extraInvoices: extra, knownPlans: options.plans });
}

function requireProviderId(row: SubscriptionRow) {
  if (!row.providerSubscriptionId) throw new Error(`billing: subscription ${row.id} has no Stripe id`);
  return row.providerSubscriptionId;
}

function portalSession(
  ctx: AppContext,
  row: SubscriptionRow,
  returnUrl: string,
  flow?: Stripe.BillingPortal.SessionCreateParams.FlowData,
) {
  if (!row.providerCustomerId) throw new AppError(409, ["This subscription has no billing account to manage."]);
  return createStripeClient(ctx.config).billingPortal.sessions.create({
    customer: row.providerCustomerId,
    return_url: returnUrl,
    ...(flow ? { flow_data: flow } : {}),
  });
}

async function updateSubscription(
  ctx: AppContext,
  row: SubscriptionRow,
  params: Stripe.SubscriptionUpdateParams,
  operation: string,
) {
  const stripe = createStripeClient(ctx.config);
  const observedAt = ctx.now();
  // One key per operation on one version of the row: a retried click is the same request to Stripe.
  const updated = await stripe.subscriptions.update(
    requireProviderId(row),
    { ...params, expand: SUBSCRIPTION_EXPAND },
    { idempotencyKey: `ahla-${operation}-${row.id}-v${row.version}` },
  );
  return toSubscriptionSnapshot(ctx, { subscription: updated, observedAt });
}

/** FNV-1a, 32 bits in base 36: enough to tell two return paths apart in an idempotency key. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const stripeProvider: PaymentProvider = {
  name: "stripe",

  async createCheckout(ctx, { user, plan, trialEligible, returnPath, customerId }) {
    const price = stripePriceIdFor(ctx.config, plan);
    if (!price) throw new AppError(503, [`The ${plan.title} plan cannot be bought online yet. Please try later.`]);
    const stripe = createStripeClient(ctx.config);
    const appUrl = ctx.config.appUrl.replace(/\/$/, "");
    const metadata = { user_id: String(user.id), plan: plan.name };
    const window = Math.floor(ctx.now().getTime() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
    const session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        client_reference_id: String(user.id),
        ...(customerId ? { customer: customerId } : { customer_email: user.email }),
        line_items: [{ price, quantity: 1 }],
        subscription_data: {
          metadata,
          ...(trialEligible && plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}),
        },
        metadata,
        allow_promotion_codes: true,
        // The return path rides along both ways (docs/product-rules.md#a-paywall-with-context).
        success_url: `${appUrl}/checkout-success/${encodeURIComponent(plan.name)}?session_id={CHECKOUT_SESSION_ID}${returnPath ? `&redirect=${encodeURIComponent(returnPath)}` : ""}`,
        cancel_url: `${appUrl}${withReturnPath(`/checkout/${encodeURIComponent(plan.name)}`, returnPath)}`,
      },
      {
        // Stripe refuses a key reused with other parameters: a checkout from another lesson is another session.
        idempotencyKey: `ahla-checkout-${user.id}-${plan.id}-${trialEligible ? "trial" : "paid"}-${window}${returnPath ? `-${shortHash(returnPath)}` : ""}`,
      },
    );
    if (!session.url) throw new Error("billing: Stripe returned a checkout session without a URL");
    return { kind: "redirect", url: session.url };
  },

  async confirmCheckout(ctx, { userId, sessionId }) {
    const stripe = createStripeClient(ctx.config);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    // Someone else's session id in the address bar confirms nothing.
    if (session.client_reference_id !== String(userId)) return null;
    const subscriptionId = idOf(session.subscription);
    if (session.mode !== "subscription" || session.status !== "complete" || !subscriptionId) return null;
    return await fetchStripeSubscription(ctx, { subscriptionId });
  },

  async openPortal(ctx, row, returnUrl) {
    const session = await portalSession(ctx, row, returnUrl);
    return { kind: "redirect", url: session.url };
  },

  async updatePaymentMethod(ctx, row, returnUrl) {
    const session = await portalSession(ctx, row, returnUrl, {
      type: "payment_method_update",
      after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
    });
    return { kind: "redirect", url: session.url };
  },

  async cancel(ctx, row, { comment }) {
    const snapshot = await updateSubscription(
      ctx,
      row,
      { cancel_at_period_end: true, ...(comment ? { cancellation_details: { comment: comment.slice(0, 500) } } : {}) },
      "cancel",
    );
    return { kind: "snapshot", snapshot };
  },

  async resume(ctx, row) {
    const snapshot = await updateSubscription(ctx, row, { cancel_at_period_end: false }, "resume");
    return { kind: "snapshot", snapshot };
  },

  /** Stripe's portal shows the proration and confirms the change; its webhook brings the result back. */
  async switchPlan(ctx, row, plan, returnUrl) {
    const price = stripePriceIdFor(ctx.config, plan);
    if (!price) throw new AppError(503, [`The ${plan.title} plan cannot be bought online yet. Please try later.`]);
    const stripe = createStripeClient(ctx.config);
    const subscription = await stripe.subscriptions.retrieve(requireProviderId(row));
    const item = subscription.items.data[0];
    if (!item) throw new Error(`billing: Stripe subscription ${subscription.id} has no items`);
    const session = await portalSession(ctx, row, returnUrl, {
      type: "subscription_update_confirm",
      subscription_update_confirm: { subscription: subscription.id, items: [{ id: item.id, price, quantity: 1 }] },
      after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
    });
    return { kind: "redirect", url: session.url };
  },

  async fetchSubscription(ctx, row) {
    // Awaited here so a rejection is handled within this frame (workerd reports a passed-on one as unhandled).
    return await fetchStripeSubscription(ctx, { subscriptionId: requireProviderId(row) });
  },
};

// ----- An administrator's actions (server/services/billing/admin-actions.ts) -----------------------------

/**
 * A free extension: Stripe's way to move the next charge without billing is a trial until the new
 * date, with no proration. The member keeps access throughout; the subscription shows as trialing.
 */
export async function stripeExtend(ctx: AppContext, { row, newEnd }: { row: SubscriptionRow; newEnd: Date }) {
  return updateSubscription(
    ctx,
    row,
    { trial_end: Math.floor(newEnd.getTime() / 1000), proration_behavior: "none" },
    `extend-${newEnd.getTime()}`,
  );
}

/** Ends the subscription at Stripe now (no proration credit; a refund is a separate action). */
export async function stripeCancelNow(ctx: AppContext, { row, comment }: { row: SubscriptionRow; comment: string }) {
  const stripe = createStripeClient(ctx.config);
  const observedAt = ctx.now();
  const canceled = await stripe.subscriptions.cancel(
    requireProviderId(row),
    { prorate: false, invoice_now: false, cancellation_details: { comment }, expand: SUBSCRIPTION_EXPAND },
    { idempotencyKey: `ahla-cancel-now-${row.id}-v${row.version}` },
  );
  return toSubscriptionSnapshot(ctx, { subscription: canceled, observedAt });
}

/** Swaps the subscription's price at once; Stripe prorates the difference on the next invoice. */
export async function stripeSwitchPlanNow(ctx: AppContext, { row, plan }: { row: SubscriptionRow; plan: Plan }) {
  const price = stripePriceIdFor(ctx.config, plan);
  if (!price) throw new AppError(503, [`The ${plan.title} plan has no Stripe price yet. Set it on the plan first.`]);
  const stripe = createStripeClient(ctx.config);
  const subscription = await stripe.subscriptions.retrieve(requireProviderId(row));
  const item = subscription.items.data[0];
  if (!item) throw new Error(`billing: Stripe subscription ${subscription.id} has no items`);
  return updateSubscription(
    ctx,
    row,
    { items: [{ id: item.id, price }], proration_behavior: "create_prorations" },
    `switch-${plan.id}`,
  );
}

/**
 * Refunds the payment behind one of our invoices in full: the invoice's payments say which
 * PaymentIntent (or charge) paid it. Answers Stripe's refund id.
 */
export async function refundStripeInvoice(
  ctx: AppContext,
  {
    invoice,
    reason,
  }: { invoice: { id: number; providerInvoiceId: string | null; amountCents: number }; reason: string },
): Promise<string> {
  if (!invoice.providerInvoiceId) throw new AppError(409, ["This payment has no Stripe invoice to refund."]);
  const stripe = createStripeClient(ctx.config);
  const stripeInvoice = await stripe.invoices.retrieve(invoice.providerInvoiceId, { expand: ["payments"] });
  const payment = stripeInvoice.payments?.data.find((entry) => entry.status === "paid")?.payment;
  const paymentIntent = idOf(payment?.payment_intent);
  const charge = idOf(payment?.charge);
  if (!paymentIntent && !charge) throw new AppError(409, ["Stripe shows no payment for this invoice to refund."]);
  const refund = await stripe.refunds.create(
    {
      ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! }),
      amount: invoice.amountCents,
      reason: "requested_by_customer",
      metadata: { invoice: invoice.providerInvoiceId, ahla_reason: reason.slice(0, 450) },
    },
    { idempotencyKey: `ahla-refund-${invoice.id}` },
  );
  return refund.id;
}
