import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";
import { users } from "./users";

export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const plans = sqliteTable(
  "plans",
  {
    id: id(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    trialDays: integer("trial_days").notNull().default(0),
    levelTags: text("level_tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    features: text("features", { mode: "json" }).$type<string[]>().notNull().default([]),
    stripePriceId: text("stripe_price_id"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("plans_name_unique").on(t.name)],
);

export const subscriptionCancelReasons = sqliteTable("subscription_cancel_reasons", {
  id: id(),
  label: text("label").notNull(),
  position: integer("position").notNull().default(0),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...timestamps,
});

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    providerCustomerId: text("provider_customer_id"),
    currentPeriodStart: timestamp("current_period_start").notNull(),
    currentPeriodEnd: timestamp("current_period_end").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    canceledAt: timestamp("canceled_at"),
    cancelReasonId: integer("cancel_reason_id").references(() => subscriptionCancelReasons.id, {
      onDelete: "set null",
    }),
    cancelComment: text("cancel_comment"),
    paymentMethodSummary: text("payment_method_summary"),
    /** When the provider's view we last applied was observed; an older observation never overwrites a newer one. */
    providerUpdatedAt: timestamp("provider_updated_at"),
    trialEndsAt: timestamp("trial_ends_at"),
    /** A plan change the local provider applies at the next renewal (Stripe switches through its portal). */
    pendingPlanId: integer("pending_plan_id").references(() => plans.id),
    /** The period end the last renewal reminder announced, so each period gets one reminder. */
    renewalReminderSentFor: timestamp("renewal_reminder_sent_for"),
    /** Last time the provider confirmed this row (written at most hourly, so a repeated cron run writes nothing). */
    syncedAt: timestamp("synced_at"),
    /**
     * The price this subscription renews at, fixed when it was bought (or switched): a later change of
     * the plan's price applies to new subscriptions only. Null for Stripe (Stripe's price decides).
     */
    unitAmountCents: integer("unit_amount_cents"),
    /** Given by an administrator without charge: it ends at its period end instead of renewing. */
    isComplimentary: integer("is_complimentary", { mode: "boolean" }).notNull().default(false),
    /** Bumped by every write: writers compare-and-swap on it, so a side effect (an email) follows one write only. */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.status),
    index("subscriptions_status_idx").on(t.status, t.currentPeriodEnd),
    uniqueIndex("subscriptions_provider_unique").on(t.provider, t.providerSubscriptionId),
  ],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["paid", "open", "failed", "void"] }).notNull(),
    providerInvoiceId: text("provider_invoice_id"),
    description: text("description").notNull().default(""),
    receiptUrl: text("receipt_url"),
    periodStart: timestamp("period_start"),
    periodEnd: timestamp("period_end"),
    paidAt: timestamp("paid_at"),
    /** How much of the paid amount went back to the member, and when (an administrator's refund). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: timestamp("refunded_at"),
    providerRefundId: text("provider_refund_id"),
    ...timestamps,
  },
  (t) => [
    index("invoices_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("invoices_provider_unique").on(t.providerInvoiceId),
  ],
);

export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at")
    .notNull()
    .$defaultFn(() => new Date()),
});
