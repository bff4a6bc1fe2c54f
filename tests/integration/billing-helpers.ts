import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { vi } from "vitest";
import {
  invoices,
  mailOutbox,
  plans,
  subscriptionCancelReasons,
  subscriptions,
  webhookEvents,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { testEnv } from "./helpers";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_SECRET = "whsec_test_ahla_billing_secret";
export const PRICE_MONTHLY = "price_test_monthly";
export const PRICE_ANNUAL = "price_test_annual";

/** The Worker's env with Stripe configured (keys are fake: Stripe is answered by `FakeStripe`). */
export const stripeEnv: Env = {
  ...testEnv,
  PAYMENTS_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_ahla_fake",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
  STRIPE_PRICE_ANNUAL: PRICE_ANNUAL,
};

/** The two plans (docs/product-rules.md#billing-states) and the admin's cancel reasons, as the seed has them. */
export async function ensureBillingFixtures() {
  const ctx = createAppContext(testEnv);
  const rows = [
    {
      name: "monthly",
      title: "Monthly",
      description: "Billed every month.",
      priceCents: 1200,
      currency: "usd",
      interval: "month" as const,
      trialDays: 7,
      levelTags: ["beginner", "intermediate", "advanced"],
      features: ["Every lesson"],
      position: 0,
      isActive: true,
    },
    {
      name: "annual",
      title: "Annual",
      description: "Billed once a year.",
      priceCents: 9900,
      currency: "usd",
      interval: "year" as const,
      trialDays: 7,
      levelTags: ["beginner", "intermediate", "advanced"],
      features: ["Every lesson"],
      position: 1,
      isActive: true,
    },
  ];
  for (const row of rows) {
    await ctx.db.insert(plans).values(row).onConflictDoUpdate({ target: plans.name, set: row });
  }
  let reasons = await ctx.db.select().from(subscriptionCancelReasons);
  if (reasons.length === 0) {
    await ctx.db.insert(subscriptionCancelReasons).values([
      { label: "Too expensive", position: 0, isActive: true },
      { label: "No time", position: 1, isActive: true },
      { label: "Retired reason", position: 2, isActive: false },
    ]);
    reasons = await ctx.db.select().from(subscriptionCancelReasons);
  }
  const all = await ctx.db.select().from(plans);
  return {
    monthly: all.find((plan) => plan.name === "monthly")!,
    annual: all.find((plan) => plan.name === "annual")!,
    activeReason: reasons.find((reason) => reason.isActive)!,
    retiredReason: reasons.find((reason) => !reason.isActive)!,
  };
}

export const authHeaders = (token: string) => ({ Authorization: token, "Content-Type": "application/json" });

/** Every billing row of the database, to prove a run wrote nothing. */
export async function billingTables(env: Env = testEnv) {
  const ctx = createAppContext(env);
  const [subscriptionRows, invoiceRows, mailRows, eventRows] = await Promise.all([
    ctx.db.select().from(subscriptions).orderBy(subscriptions.id),
    ctx.db.select().from(invoices).orderBy(invoices.id),
    ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id),
    ctx.db.select().from(webhookEvents).orderBy(webhookEvents.id),
  ]);
  return JSON.parse(JSON.stringify({ subscriptionRows, invoiceRows, mailRows, eventRows }));
}

export async function subscriptionRow(providerSubscriptionId: string, env: Env = testEnv) {
  const ctx = createAppContext(env);
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

/** A small deterministic PRNG (mulberry32): the same seed gives the same "random" ordering. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ----- A fake Stripe at the HTTP boundary ---------------------------------------------------------------

export interface FakeInvoice {
  id: string;
  subscription: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  amount: number;
  attemptCount: number;
  created: number;
  periodStart: number;
  periodEnd: number;
  paidAt: number | null;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  userId: number;
  price: string;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string | null;
}

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

const stripeError = (status: number, message: string, code = "resource_missing") =>
  Response.json({ error: { type: status >= 500 ? "api_error" : "invalid_request_error", code, message } }, { status });

/**
 * Stripe's REST API as far as Ahla uses it, answered from memory: the real `stripe` SDK makes its
 * requests through `fetch`, which `install()` replaces for api.stripe.com only.
 */
export class FakeStripe {
  subscriptions = new Map<string, FakeSubscription>();
  invoices = new Map<string, FakeInvoice>();
  sessions = new Map<string, Record<string, unknown>>();
  refunds = new Map<string, { id: string; paymentIntent: string | null; amount: number }>();
  calls: StripeCall[] = [];
  /** Set to make every request answer with this status (e.g. 500). */
  failWith: number | null = null;
  private counter = 0;

  install() {
    const original = globalThis.fetch;
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init as RequestInit);
      const url = new URL(request.url);
      if (url.hostname !== "api.stripe.com") return original(input as RequestInfo, init as RequestInit);
      const body = request.method === "GET" ? "" : await request.text();
      const params = new URLSearchParams(request.method === "GET" ? url.search : body);
      this.calls.push({
        method: request.method,
        path: url.pathname,
        params,
        idempotencyKey: request.headers.get("Idempotency-Key"),
      });
      if (this.failWith) return stripeError(this.failWith, "Something went wrong on Stripe's end.", "api_error");
      return this.route(request.method, url.pathname, params);
    });
  }

  nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}_${this.counter}_${crypto.randomUUID().slice(0, 8)}`;
  }

  private route(method: string, path: string, params: URLSearchParams): Response {
    const expand = [...params.entries()].filter(([key]) => key.startsWith("expand")).map(([, value]) => value);
    let match = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (match) {
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription) return stripeError(404, `No such subscription: '${match[1]}'`);
      if (method === "POST") {
        if (params.has("cancel_at_period_end")) {
          subscription.cancelAtPeriodEnd = params.get("cancel_at_period_end") === "true";
          subscription.canceledAt = subscription.cancelAtPeriodEnd ? Math.floor(Date.now() / 1000) : null;
        }
        // A trial until a date: Stripe's free extension (the next charge moves to that date).
        if (params.has("trial_end")) {
          const trialEnd = Number(params.get("trial_end"));
          Object.assign(subscription, { trialEnd, periodEnd: trialEnd, status: "trialing" });
        }
        if (params.has("items[0][price]")) subscription.price = params.get("items[0][price]")!;
      }
      if (method === "DELETE") {
        const now = Math.floor(Date.now() / 1000);
        Object.assign(subscription, { status: "canceled", canceledAt: now, endedAt: now, cancelAtPeriodEnd: false });
      }
      return Response.json(this.subscriptionJson(subscription, expand));
    }
    match = path.match(/^\/v1\/invoices\/([^/]+)$/);
    if (match) {
      const invoice = this.invoices.get(match[1]!);
      if (!invoice) return stripeError(404, `No such invoice: '${match[1]}'`);
      const json = this.invoiceJson(invoice);
      if (!expand.includes("payments")) return Response.json(json);
      const payments = invoice.status === "paid" ? [this.invoicePaymentJson(invoice)] : [];
      return Response.json({ ...json, payments: { object: "list", data: payments, has_more: false } });
    }
    if (path === "/v1/refunds" && method === "POST") {
      const paymentIntent = params.get("payment_intent");
      const refund = { id: this.nextId("re"), paymentIntent, amount: Number(params.get("amount")) };
      this.refunds.set(refund.id, refund);
      return Response.json({
        id: refund.id,
        object: "refund",
        amount: refund.amount,
        currency: "usd",
        payment_intent: paymentIntent,
        reason: params.get("reason"),
        status: "succeeded",
      });
    }
    if (path === "/v1/checkout/sessions" && method === "POST") {
      const id = this.nextId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: params.get("mode"),
        status: "open",
        client_reference_id: params.get("client_reference_id"),
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      return Response.json(session);
    }
    match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (match) {
      const session = this.sessions.get(match[1]!);
      return session ? Response.json(session) : stripeError(404, "No such checkout session");
    }
    if (path === "/v1/billing_portal/sessions" && method === "POST") {
      return Response.json({
        id: this.nextId("bps"),
        object: "billing_portal.session",
        url: "https://billing.stripe.com/p/session/test",
      });
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`, "unknown_route");
  }

  /** Completes a checkout session as Stripe would after the member paid on its page. */
  completeSession(sessionId: string, subscriptionId: string) {
    const session = this.sessions.get(sessionId)!;
    Object.assign(session, { status: "complete", subscription: subscriptionId });
  }

  subscriptionJson(subscription: FakeSubscription, expand: string[] = []) {
    const latest = subscription.latestInvoice ? this.invoices.get(subscription.latestInvoice) : undefined;
    return {
      id: subscription.id,
      object: "subscription",
      status: subscription.status,
      customer: subscription.customer,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
      canceled_at: subscription.canceledAt,
      ended_at: subscription.endedAt,
      trial_end: subscription.trialEnd,
      metadata: { user_id: String(subscription.userId) },
      default_payment_method: expand.includes("default_payment_method")
        ? { id: "pm_test", object: "payment_method", type: "card", card: { brand: "visa", last4: "4242" } }
        : "pm_test",
      latest_invoice: latest ? (expand.includes("latest_invoice") ? this.invoiceJson(latest) : latest.id) : null,
      items: {
        object: "list",
        data: [
          {
            id: `si_${subscription.id}`,
            object: "subscription_item",
            price: { id: subscription.price, object: "price" },
            current_period_start: subscription.periodStart,
            current_period_end: subscription.periodEnd,
          },
        ],
      },
    };
  }

  /** An invoice's payment as Stripe lists it (`expand[]=payments`): the PaymentIntent that paid it. */
  invoicePaymentJson(invoice: FakeInvoice) {
    return {
      id: `inpay_${invoice.id}`,
      object: "invoice_payment",
      amount_paid: invoice.amount,
      currency: "usd",
      invoice: invoice.id,
      is_default: true,
      status: "paid",
      payment: { type: "payment_intent", payment_intent: `pi_${invoice.id}` },
    };
  }

  invoiceJson(invoice: FakeInvoice) {
    return {
      id: invoice.id,
      object: "invoice",
      status: invoice.status,
      currency: "usd",
      amount_due: invoice.amount,
      amount_paid: invoice.status === "paid" ? invoice.amount : 0,
      attempt_count: invoice.attemptCount,
      created: invoice.created,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      hosted_invoice_url: `https://invoice.stripe.com/i/${invoice.id}`,
      status_transitions: { paid_at: invoice.paidAt },
      lines: {
        object: "list",
        data: [
          {
            description: "1 × Ahla (at $12.00 / month)",
            period: { start: invoice.periodStart, end: invoice.periodEnd },
          },
        ],
      },
      parent: { type: "subscription_details", subscription_details: { subscription: invoice.subscription } },
    };
  }
}

const signer = new Stripe("sk_test_signer");

/** A Stripe event for `object`, as JSON text, and a real signature over it (optionally at another time). */
export async function signedEvent(
  type: string,
  object: unknown,
  options: { id?: string; timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: options.timestamp ?? Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, signature };
}
