import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { invoices, mailOutbox, subscriptions, webhookEvents } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { hasAccessAt } from "../../server/services/billing";
import { mapStripeStatus } from "../../server/services/billing/providers/stripe";
import {
  billingTables,
  DAY_MS,
  ensureBillingFixtures,
  FakeStripe,
  PRICE_ANNUAL,
  PRICE_MONTHLY,
  seededRandom,
  signedEvent,
  stripeEnv,
  subscriptionRow,
  type FakeInvoice,
  type FakeSubscription,
} from "./billing-helpers";
import { createUser, testApp, testEnv } from "./helpers";

const ctx = createAppContext(stripeEnv);
let stripe: FakeStripe;
let fetchSpy: MockInstance;
let fixtures: Awaited<ReturnType<typeof ensureBillingFixtures>>;

beforeEach(async () => {
  fixtures = await ensureBillingFixtures();
  stripe = new FakeStripe();
  fetchSpy = stripe.install();
});
afterEach(() => fetchSpy.mockRestore());

async function deliver(app: ReturnType<typeof testApp>, payload: string, signature: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return app.request("/api/billing/webhooks/stripe", { method: "POST", headers, body: payload }, stripeEnv);
}

async function stripeSubscriptionFor(userId: number, overrides: Partial<FakeSubscription> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const subscription: FakeSubscription = {
    id: stripe.nextId("sub"),
    customer: stripe.nextId("cus"),
    userId,
    price: PRICE_MONTHLY,
    status: "active",
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    trialEnd: null,
    periodStart: now,
    periodEnd: now + 30 * 86400,
    latestInvoice: null,
    ...overrides,
  };
  stripe.subscriptions.set(subscription.id, subscription);
  return subscription;
}

async function countRows() {
  const [events] = await ctx.db.select({ total: count() }).from(webhookEvents);
  const [subs] = await ctx.db.select({ total: count() }).from(subscriptions);
  return { events: events!.total, subscriptions: subs!.total };
}

describe("POST /api/billing/webhooks/stripe: signature", () => {
  it("refuses a bad signature with 400, asks Stripe nothing and writes nothing", async () => {
    const app = testApp();
    const user = await createUser();
    const subscription = await stripeSubscriptionFor(user.id);
    const { payload, signature } = await signedEvent(
      "customer.subscription.created",
      stripe.subscriptionJson(subscription),
    );
    const before = await billingTables();

    const tampered = payload.replace('"active"', '"trialing"');
    const response = await deliver(app, tampered, signature);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: ["The webhook signature is not valid or too old."] });

    const wrongSecret = await signedEvent("customer.subscription.created", stripe.subscriptionJson(subscription), {
      secret: "whsec_someone_else",
    });
    expect((await deliver(app, wrongSecret.payload, wrongSecret.signature)).status).toBe(400);
    const missing = await deliver(app, payload, null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ errors: ["The Stripe-Signature header is missing."] });

    expect(stripe.calls).toHaveLength(0);
    expect(await billingTables()).toEqual(before);
  });

  it("refuses a correctly signed event whose timestamp is too old (replay), and accepts it when fresh", async () => {
    const app = testApp();
    const user = await createUser();
    const subscription = await stripeSubscriptionFor(user.id);
    const object = stripe.subscriptionJson(subscription);
    const stale = await signedEvent("customer.subscription.created", object, {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    const before = await countRows();
    const response = await deliver(app, stale.payload, stale.signature);
    expect(response.status).toBe(400);
    expect(await countRows()).toEqual(before);
    expect(await subscriptionRow(subscription.id)).toBeNull();

    const fresh = await signedEvent("customer.subscription.created", object);
    expect((await deliver(app, fresh.payload, fresh.signature)).status).toBe(200);
    expect((await subscriptionRow(subscription.id))?.status).toBe("active");
  });

  it("judges the timestamp with the injected clock", async () => {
    const user = await createUser();
    const subscription = await stripeSubscriptionFor(user.id);
    const past = Date.now() - 3 * DAY_MS;
    const event = await signedEvent("customer.subscription.created", stripe.subscriptionJson(subscription), {
      timestamp: Math.floor(past / 1000),
    });
    expect((await deliver(testApp(), event.payload, event.signature)).status).toBe(400);
    const thenApp = testApp({ now: () => new Date(past + 30_000) });
    expect((await deliver(thenApp, event.payload, event.signature)).status).toBe(200);
  });
});

describe("POST /api/billing/webhooks/stripe: idempotency", () => {
  it("applies the same event delivered five times once: one event row, one change, one email", async () => {
    const app = testApp();
    const user = await createUser();
    const subscription = await stripeSubscriptionFor(user.id);
    const created = await signedEvent("customer.subscription.created", stripe.subscriptionJson(subscription));
    expect((await deliver(app, created.payload, created.signature)).status).toBe(200);
    const afterCreate = (await subscriptionRow(subscription.id))!;

    subscription.cancelAtPeriodEnd = true;
    subscription.canceledAt = Math.floor(Date.now() / 1000);
    const updated = await signedEvent("customer.subscription.updated", stripe.subscriptionJson(subscription), {
      id: "evt_same_event_five_times",
    });
    const answers = [];
    for (let delivery = 0; delivery < 5; delivery++) {
      const response = await deliver(app, updated.payload, updated.signature);
      answers.push(((await response.json()) as { data: { duplicate: boolean } }).data.duplicate);
    }
    expect(answers).toEqual([false, true, true, true, true]);

    const row = (await subscriptionRow(subscription.id))!;
    expect(row.status).toBe("canceled");
    expect(row.version).toBe(afterCreate.version + 1);
    const stored = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, "evt_same_event_five_times"));
    expect(stored).toHaveLength(1);
    const subscriptionFetches = stripe.calls.filter((call) => call.path === `/v1/subscriptions/${subscription.id}`);
    expect(subscriptionFetches).toHaveLength(2); // created + the first of the five
    const canceledMails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "subscription-canceled"));
    expect(canceledMails.filter((mail) => mail.to === user.email)).toHaveLength(1);
  });

  it("forgets an event whose processing failed, so Stripe's retry is applied", async () => {
    const app = testApp();
    const user = await createUser();
    const subscription = await stripeSubscriptionFor(user.id);
    const event = await signedEvent("customer.subscription.created", stripe.subscriptionJson(subscription));
    stripe.failWith = 500;
    const failed = await deliver(app, event.payload, event.signature);
    expect(failed.status).toBe(500);
    expect(await subscriptionRow(subscription.id)).toBeNull();
    stripe.failWith = null;
    const retried = await deliver(app, event.payload, event.signature);
    expect(retried.status).toBe(200);
    expect((await subscriptionRow(subscription.id))?.status).toBe("active");
  }, 30_000);

  it("ignores events about subscriptions Stripe no longer has, and events of other kinds", async () => {
    const app = testApp();
    const gone = await signedEvent("customer.subscription.updated", {
      id: "sub_deleted_long_ago",
      object: "subscription",
    });
    expect((await deliver(app, gone.payload, gone.signature)).status).toBe(200);
    const other = await signedEvent("customer.created", { id: "cus_x", object: "customer" });
    expect((await deliver(app, other.payload, other.signature)).status).toBe(200);
    expect(await subscriptionRow("sub_deleted_long_ago")).toBeNull();
  });
});

// ----- random orderings of one lifecycle ----------------------------------------------------------------

/** Lifecycles played: 30 in `npm test`, 100 when FUZZ_RUNS is set (`npm run test:deep`). Seeds 1…n, so repeatable. */
const LIFECYCLES = testEnv.FUZZ_RUNS ? 100 : 30;

interface Step {
  apply: () => void;
  events: Array<() => { type: string; object: unknown }>;
}

/** A subscription's life at Stripe: trial, first charge, a failed renewal, recovery, cancel, then resume or end. */
function lifecycle(stripe: FakeStripe, userId: number, random: () => number) {
  const start = 1_900_000_000;
  const day = 86_400;
  const subscription: FakeSubscription = {
    id: stripe.nextId("sub"),
    customer: stripe.nextId("cus"),
    userId,
    price: PRICE_MONTHLY,
    status: "trialing",
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    trialEnd: start + 7 * day,
    periodStart: start,
    periodEnd: start + 7 * day,
    latestInvoice: null,
  };
  const invoice = (amount: number, periodStart: number, periodEnd: number): FakeInvoice => {
    const created: FakeInvoice = {
      id: stripe.nextId("in"),
      subscription: subscription.id,
      status: "open",
      amount,
      attemptCount: 0,
      created: periodStart,
      periodStart,
      periodEnd,
      paidAt: null,
    };
    stripe.invoices.set(created.id, created);
    subscription.latestInvoice = created.id;
    return created;
  };
  const subscriptionEvent = (type: string) => () => ({ type, object: stripe.subscriptionJson(subscription) });
  const invoiceEvent = (type: string, target: FakeInvoice) => () => ({ type, object: stripe.invoiceJson(target) });
  let trialInvoice: FakeInvoice;
  let firstCharge: FakeInvoice;
  let failedRenewal: FakeInvoice;
  const endsByResuming = random() < 0.5;
  const steps: Step[] = [
    {
      apply: () => {
        stripe.subscriptions.set(subscription.id, subscription);
        trialInvoice = invoice(0, start, start + 7 * day);
        Object.assign(trialInvoice, { status: "paid", paidAt: start });
      },
      events: [
        () => ({
          type: "checkout.session.completed",
          object: {
            id: "cs_x",
            object: "checkout.session",
            mode: "subscription",
            subscription: subscription.id,
            client_reference_id: String(userId),
          },
        }),
        subscriptionEvent("customer.subscription.created"),
        () => invoiceEvent("invoice.paid", trialInvoice)(),
      ],
    },
    {
      apply: () => {
        Object.assign(subscription, { status: "active", periodStart: start + 7 * day, periodEnd: start + 37 * day });
        firstCharge = invoice(1200, start + 7 * day, start + 37 * day);
        Object.assign(firstCharge, { status: "paid", attemptCount: 1, paidAt: start + 7 * day });
      },
      events: [subscriptionEvent("customer.subscription.updated"), () => invoiceEvent("invoice.paid", firstCharge)()],
    },
    {
      apply: () => {
        Object.assign(subscription, { status: "past_due", periodStart: start + 37 * day, periodEnd: start + 67 * day });
        failedRenewal = invoice(1200, start + 37 * day, start + 67 * day);
        failedRenewal.attemptCount = 1;
      },
      events: [
        () => invoiceEvent("invoice.payment_failed", failedRenewal)(),
        subscriptionEvent("customer.subscription.updated"),
      ],
    },
    {
      apply: () => {
        Object.assign(failedRenewal, { status: "paid", attemptCount: 2, paidAt: start + 39 * day });
        subscription.status = "active";
      },
      events: [() => invoiceEvent("invoice.paid", failedRenewal)(), subscriptionEvent("customer.subscription.updated")],
    },
    {
      apply: () => Object.assign(subscription, { cancelAtPeriodEnd: true, canceledAt: start + 40 * day }),
      events: [subscriptionEvent("customer.subscription.updated")],
    },
    endsByResuming
      ? {
          apply: () => Object.assign(subscription, { cancelAtPeriodEnd: false, canceledAt: null }),
          events: [subscriptionEvent("customer.subscription.updated")],
        }
      : {
          apply: () =>
            Object.assign(subscription, { status: "canceled", cancelAtPeriodEnd: false, endedAt: start + 67 * day }),
          events: [subscriptionEvent("customer.subscription.deleted")],
        },
  ];
  return { subscription, steps, endsByResuming };
}

/** What our row must say when Stripe's subscription is in this state. */
function expectedRow(stripe: FakeStripe, subscription: FakeSubscription) {
  const json = stripe.subscriptionJson(subscription);
  const status = mapStripeStatus(json);
  let end = subscription.periodEnd;
  if (subscription.endedAt && subscription.endedAt < end) end = subscription.endedAt;
  return { status, currentPeriodEnd: new Date(end * 1000).getTime(), planId: fixtures.monthly.id };
}

describe("POST /api/billing/webhooks/stripe: ordering", () => {
  it("ends in the provider's state for random orderings (with duplicates) of a lifecycle's events", async () => {
    let clock = Date.now();
    const app = testApp({ now: () => new Date(clock) });
    const endings = { resumed: 0, ended: 0 };
    const play = async (seed: number) => {
      const random = seededRandom(seed);
      const user = await createUser();
      const { subscription, steps, endsByResuming } = lifecycle(stripe, user.id, random);
      endings[endsByResuming ? "resumed" : "ended"] += 1;
      const queue: Array<{ id: string; type: string; object: unknown }> = [];
      let applied = 0;
      let eventNumber = 0;
      const deliverOne = async () => {
        const index = Math.floor(random() * queue.length);
        const [event] = queue.splice(index, 1);
        // Now and then Stripe delivers the same event again later.
        if (random() < 0.2) queue.push(event!);
        clock += 1000;
        const { payload, signature } = await signedEvent(event!.type, event!.object, {
          id: event!.id,
          timestamp: Math.floor(clock / 1000),
        });
        const response = await deliver(app, payload, signature);
        expect(response.status, `seed ${seed}: ${event!.type}`).toBe(200);
        const { duplicate } = ((await response.json()) as { data: { duplicate: boolean } }).data;
        if (!duplicate) {
          // A processed event re-read Stripe: the row now says exactly what Stripe says at this moment.
          const row = (await subscriptionRow(subscription.id))!;
          const expected = expectedRow(stripe, subscription);
          expect({ status: row.status, currentPeriodEnd: row.currentPeriodEnd.getTime(), planId: row.planId }).toEqual(
            expected,
          );
        }
      };
      while (applied < steps.length || queue.length > 0) {
        const advance = applied < steps.length && (queue.length === 0 || random() < 0.4);
        if (advance) {
          const step = steps[applied]!;
          step.apply();
          applied += 1;
          // The event body is a snapshot of the moment it was sent, like Stripe's.
          for (const make of step.events) queue.push({ id: `evt_${seed}_${(eventNumber += 1)}`, ...make() });
        } else {
          await deliverOne();
        }
      }

      const row = (await subscriptionRow(subscription.id))!;
      expect(row.status, `seed ${seed}`).toBe(endsByResuming ? "active" : "expired");
      expect(row.cancelAtPeriodEnd).toBe(false);
      expect(row.currentPeriodEnd.getTime()).toBe(expectedRow(stripe, subscription).currentPeriodEnd);
      expect(hasAccessAt(row, new Date(1_900_000_000_000 + 60 * DAY_MS))).toBe(endsByResuming);
      const stored = await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id));
      expect(stored.map((invoice) => invoice.status).sort()).toEqual(["paid", "paid", "paid"]);
      expect(stored.map((invoice) => invoice.amountCents).sort((a, b) => a - b)).toEqual([0, 1200, 1200]);
      const welcome = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
      // Welcomed once at most (never if the first event processed already saw it past due or ended).
      expect(welcome.filter((mail) => mail.template === "subscription-welcome").length).toBeLessThanOrEqual(1);
    };
    // Ten lifecycles at a time (each its own member and subscription).
    for (let first = 1; first <= LIFECYCLES; first += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, offset) => play(first + offset)));
    }
    // Both endings were played.
    expect(endings.resumed).toBeGreaterThan(LIFECYCLES / 5);
    expect(endings.ended).toBeGreaterThan(LIFECYCLES / 5);
  }, 240_000);

  it("does not let an older view of the subscription overwrite a newer one", async () => {
    const user = await createUser();
    const subscription = await stripeSubscriptionFor(user.id, { price: PRICE_ANNUAL });
    const { fetchStripeSubscription } = await import("../../server/services/billing/providers/stripe");
    const { syncSubscription } = await import("../../server/services/billing");
    let now = Date.now();
    const clocked = { ...ctx, now: () => new Date(now) };
    const older = await fetchStripeSubscription(clocked, { subscriptionId: subscription.id });
    now += 5000;
    subscription.cancelAtPeriodEnd = true;
    const newer = await fetchStripeSubscription(clocked, { subscriptionId: subscription.id });
    expect((await syncSubscription(clocked, { snapshot: newer })).outcome).toBe("created");
    expect((await syncSubscription(clocked, { snapshot: older })).outcome).toBe("stale");
    const row = (await subscriptionRow(subscription.id))!;
    expect(row.status).toBe("canceled");
    expect(row.planId).toBe(fixtures.annual.id);
  });
});
