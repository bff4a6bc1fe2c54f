import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { mailOutbox, subscriptions } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { getEntitlement, reconcileSubscriptions, startCheckout } from "../../server/services/billing";
import { runScheduledJobs } from "../../server/services/scheduled";
import {
  billingTables,
  DAY_MS,
  ensureBillingFixtures,
  FakeStripe,
  PRICE_MONTHLY,
  stripeEnv,
  type FakeSubscription,
} from "./billing-helpers";
import { createUser, testEnv } from "./helpers";

let fixtures: Awaited<ReturnType<typeof ensureBillingFixtures>>;
let stripe: FakeStripe;
let fetchSpy: MockInstance;

beforeEach(async () => {
  fixtures = await ensureBillingFixtures();
  stripe = new FakeStripe();
  fetchSpy = stripe.install();
});
afterEach(() => {
  fetchSpy.mockRestore();
  vi.restoreAllMocks();
});

/** A row as if written by an earlier sync, `syncedAt` long ago so the cron will look at it. */
async function insertSubscription(
  userId: number,
  values: Partial<typeof subscriptions.$inferInsert> & Pick<typeof subscriptions.$inferInsert, "provider" | "status">,
  now: Date,
) {
  const ctx = createAppContext(testEnv);
  const [row] = await ctx.db
    .insert(subscriptions)
    .values({
      userId,
      planId: fixtures.monthly.id,
      providerSubscriptionId: `${values.provider}_sub_${crypto.randomUUID()}`,
      providerCustomerId: `${values.provider}_cus_${userId}`,
      currentPeriodStart: new Date(now.getTime() - 30 * DAY_MS),
      currentPeriodEnd: new Date(now.getTime() + 20 * DAY_MS),
      paymentMethodSummary: "Visa •••• 4242",
      syncedAt: new Date(now.getTime() - 3 * DAY_MS),
      providerUpdatedAt: new Date(now.getTime() - 3 * DAY_MS),
      createdAt: new Date(now.getTime() - 30 * DAY_MS),
      updatedAt: new Date(now.getTime() - 3 * DAY_MS),
      ...values,
    })
    .returning();
  return row!;
}

function stripeTwin(
  row: { providerSubscriptionId: string | null; providerCustomerId: string | null; userId: number },
  overrides: Partial<FakeSubscription>,
) {
  const now = Math.floor(Date.now() / 1000);
  const subscription: FakeSubscription = {
    id: row.providerSubscriptionId!,
    customer: row.providerCustomerId!,
    userId: row.userId,
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

describe("cron reconciliation", () => {
  it("renews, expires and re-syncs on the first run, and a second run writes nothing", async () => {
    const now = new Date();
    const ids: number[] = [];
    const user = async () => (await createUser()).id;

    // Local: lapsed and renewing, lapsed after a cancel, lapsed while past due, a trial ending in two days.
    const renewing = await insertSubscription(
      await user(),
      { provider: "local", status: "active", currentPeriodEnd: new Date(now.getTime() - DAY_MS) },
      now,
    );
    const canceled = await insertSubscription(
      await user(),
      {
        provider: "local",
        status: "canceled",
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(now.getTime() - 60_000),
      },
      now,
    );
    const pastDue = await insertSubscription(
      await user(),
      { provider: "local", status: "past_due", currentPeriodEnd: new Date(now.getTime() - 60_000) },
      now,
    );
    const trial = await insertSubscription(
      await user(),
      {
        provider: "local",
        status: "trialing",
        trialEndsAt: new Date(now.getTime() + 2 * DAY_MS),
        currentPeriodEnd: new Date(now.getTime() + 2 * DAY_MS),
      },
      now,
    );
    // Stripe: not confirmed for three days; Stripe says it was canceled meanwhile (a lost webhook).
    const drifted = await insertSubscription(await user(), { provider: "stripe", status: "active" }, now);
    stripeTwin(drifted, { cancelAtPeriodEnd: true, canceledAt: Math.floor(now.getTime() / 1000) - 86400 });
    // Stripe: in step with us, but not confirmed for a day either.
    const inStep = await insertSubscription(await user(), { provider: "stripe", status: "active" }, now);
    const twin = stripeTwin(inStep, {});
    await createAppContext(testEnv)
      .db.update(subscriptions)
      .set({
        currentPeriodStart: new Date(twin.periodStart * 1000),
        currentPeriodEnd: new Date(twin.periodEnd * 1000),
      })
      .where(eq(subscriptions.id, inStep.id));
    ids.push(renewing.id, canceled.id, pastDue.id, trial.id, drifted.id, inStep.id);

    const first = await runScheduledJobs(stripeEnv, now);
    expect(first.billing.errors).toEqual([]);
    const ctx = createAppContext(testEnv);
    const rows = await ctx.db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(renewing.id)).toMatchObject({ status: "active" });
    expect(byId.get(renewing.id)!.currentPeriodEnd.getTime()).toBeGreaterThan(now.getTime());
    expect(byId.get(canceled.id)!.status).toBe("expired");
    expect(byId.get(pastDue.id)!.status).toBe("expired");
    expect(byId.get(trial.id)!.renewalReminderSentFor?.getTime()).toBe(trial.currentPeriodEnd.getTime());
    expect(byId.get(drifted.id)!.status).toBe("canceled");
    expect(byId.get(inStep.id)!.syncedAt?.getTime()).toBe(now.getTime());
    const reminder = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "subscription-renewal-reminder"));
    expect(reminder.length).toBeGreaterThanOrEqual(1);

    const afterFirst = await billingTables();
    const callsAfterFirst = stripe.calls.length;
    const second = await runScheduledJobs(stripeEnv, now);
    expect(second.billing).toMatchObject({ changed: 0, remindersSent: 0, errors: [] });
    expect(await billingTables()).toEqual(afterFirst);
    // Nothing was stale any more, so Stripe was not asked again either.
    expect(stripe.calls.length).toBe(callsAfterFirst);

    // A little later (same hour) the same: still nothing to write.
    const third = await runScheduledJobs(stripeEnv, new Date(now.getTime() + 10 * 60 * 1000));
    expect(third.billing.changed).toBe(0);
    expect(await billingTables()).toEqual(afterFirst);
  });

  it("leaves rows unchanged and reports the error when Stripe answers 500", async () => {
    const now = new Date();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const lapsed = await insertSubscription(
      (await createUser()).id,
      { provider: "stripe", status: "active", currentPeriodEnd: new Date(now.getTime() - 60_000) },
      now,
    );
    const stale = await insertSubscription(
      (await createUser()).id,
      { provider: "stripe", status: "canceled", cancelAtPeriodEnd: true },
      now,
    );
    stripeTwin(lapsed, { status: "canceled", endedAt: Math.floor(now.getTime() / 1000) });
    stripeTwin(stale, {});
    stripe.failWith = 500;
    const before = await billingTables();

    const report = await reconcileSubscriptions(createAppContext(stripeEnv, { now: () => now }));
    const ours = report.errors.filter((entry) => [lapsed.id, stale.id].includes(entry.subscriptionId));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({ provider: "stripe" });
    expect(ours[0]!.message).toMatch(/Stripe/i);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining(`could not reconcile subscription ${lapsed.id}`),
      expect.anything(),
    );
    expect(await billingTables()).toEqual(before);
    // Access is decided by the rows we kept: the lapsed one is still in its renewal leeway.
    expect(
      (await getEntitlement(createAppContext(testEnv, { now: () => now }), { userId: lapsed.userId })).hasAccess,
    ).toBe(true);

    // Once Stripe answers again, the next run catches up.
    stripe.failWith = null;
    const recovered = await reconcileSubscriptions(createAppContext(stripeEnv, { now: () => now }));
    expect(recovered.errors.filter((entry) => [lapsed.id, stale.id].includes(entry.subscriptionId))).toEqual([]);
    const ctx = createAppContext(testEnv);
    const [lapsedNow] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, lapsed.id));
    const [staleNow] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, stale.id));
    expect(lapsedNow!.status).toBe("expired");
    expect(staleNow!.status).toBe("active");
  }, 60_000);

  it("sends one renewal reminder per period, a week ahead for annual plans", async () => {
    // Stripe rows left by the tests above cannot be asked about without keys: expected, and quiet here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const now = new Date();
    const member = await createUser();
    await startCheckout(createAppContext(testEnv, { now: () => now }), { viewer: member, planName: "annual" });
    const ctx = createAppContext(testEnv);
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    // Out of the trial, a year-long period ending in six days.
    await ctx.db
      .update(subscriptions)
      .set({ status: "active", trialEndsAt: null, currentPeriodEnd: new Date(now.getTime() + 6 * DAY_MS) })
      .where(eq(subscriptions.id, row!.id));
    await runScheduledJobs(testEnv, now);
    await runScheduledJobs(testEnv, new Date(now.getTime() + DAY_MS));
    const reminders = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    const sent = reminders.filter((mail) => mail.template === "subscription-renewal-reminder");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/renews on/);
    expect(sent[0]!.text).toContain("$99");
  });
});
