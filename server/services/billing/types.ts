import type { plans, subscriptions, SubscriptionStatus } from "#drizzle/schema";
import type { AppContext } from "../../context";

export type ProviderName = "local" | "stripe";
export type Plan = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceStatus = "paid" | "open" | "failed" | "void";

/** An invoice as the provider sees it; `providerInvoiceId` is the key that makes re-applying it harmless. */
export interface InvoiceSnapshot {
  providerInvoiceId: string;
  amountCents: number;
  currency: string;
  status: InvoiceStatus;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date | null;
  receiptUrl: string | null;
  createdAt: Date;
}

/**
 * The provider's whole view of one subscription at `observedAt`. Every change of subscription state,
 * whatever started it (checkout, a member's click, a webhook, the cron), is one of these handed to
 * `syncSubscription`.
 */
export interface SubscriptionSnapshot {
  provider: ProviderName;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** The owner, when the provider knows it (Stripe metadata); an existing row keeps its owner. */
  userId: number | null;
  /** Null when the provider's price matches no plan of ours; an existing row then keeps its plan. */
  planId: number | null;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  paymentMethodSummary: string | null;
  pendingPlanId: number | null;
  /** The price it renews at (local provider); absent: keep what is stored. */
  unitAmountCents?: number | null;
  invoices: InvoiceSnapshot[];
  observedAt: Date;
}

export type ProviderResult = { kind: "redirect"; url: string } | { kind: "snapshot"; snapshot: SubscriptionSnapshot };

export interface CheckoutRequest {
  user: { id: number; email: string; name: string };
  plan: Plan;
  /** Whether this member may still have the plan's free trial (first subscription only). */
  trialEligible: boolean;
  /** Where the member goes back to after paying (already checked: server/lib/redirects.ts), or "". */
  returnPath: string;
  /** The member's customer id with this provider, from an earlier subscription. */
  customerId: string | null;
}

/**
 * What Ahla needs from a payment provider. `local` answers with snapshots at once (no network);
 * `stripe` may answer with a redirect to its hosted pages, and its state reaches us through
 * `fetchSubscription` (webhooks, checkout return, cron).
 */
export interface PaymentProvider {
  name: ProviderName;
  createCheckout(ctx: AppContext, request: CheckoutRequest): Promise<ProviderResult>;
  /** After the provider's hosted checkout returns: the subscription it created for this member. */
  confirmCheckout(
    ctx: AppContext,
    request: { userId: number; sessionId: string },
  ): Promise<SubscriptionSnapshot | null>;
  openPortal(ctx: AppContext, subscription: SubscriptionRow, returnUrl: string): Promise<ProviderResult>;
  updatePaymentMethod(ctx: AppContext, subscription: SubscriptionRow, returnUrl: string): Promise<ProviderResult>;
  cancel(ctx: AppContext, subscription: SubscriptionRow, details: { comment: string | null }): Promise<ProviderResult>;
  resume(ctx: AppContext, subscription: SubscriptionRow): Promise<ProviderResult>;
  switchPlan(ctx: AppContext, subscription: SubscriptionRow, plan: Plan, returnUrl: string): Promise<ProviderResult>;
  /** The provider's current view; throws when the provider cannot be asked (network, 5xx). */
  fetchSubscription(ctx: AppContext, subscription: SubscriptionRow): Promise<SubscriptionSnapshot>;
}
