import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoices, mailOutbox, subscriptions } from "../../drizzle/schema";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import {
  cancelSubscription,
  cancelSubscriptionsForDeletedAccount,
  getBillingOverview,
  getEntitlement,
  resumeSubscription,
  startCheckout,
  startPaymentMethodUpdate,
  switchSubscriptionPlan,
} from "../../server/services/billing";
import { runScheduledJobs } from "../../server/services/scheduled";
import { authHeaders, DAY_MS, ensureBillingFixtures } from "./billing-helpers";
import { createUser, loginToken, stagingEnv, testApp, testEnv } from "./helpers";

let fixtures: Awaited<ReturnType<typeof ensureBillingFixtures>>;
beforeEach(async () => {
  fixtures = await ensureBillingFixtures();
});

// Not the shared helpers: a test may bring its own app (a clock), and the member signs in through the login route.
async function signedInMember(app = testApp()) {
  const user = await createUser();
  const token = await loginToken(app, user.email, user.password);
  return { user, token, app };
}

const api = (app: ReturnType<typeof testApp>, token: string | null, path: string, body?: unknown) =>
  app.request(
    path,
    body === undefined
      ? { headers: token ? { Authorization: token } : {} }
      : {
          method: "POST",
          headers: token ? authHeaders(token) : { "Content-Type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        },
    testEnv,
  );

async function mailsTo(email: string) {
  const ctx = createAppContext(testEnv);
  const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.map((row) => row.template);
}

describe("local provider: checkout to expiry through the JSON API and the cron", () => {
  it("subscribes on Pay, is recognised at once, cancels with a reason, resumes, renews, recovers and expires", async () => {
    let clock = Date.now();
    const app = testApp({ now: () => new Date(clock) });
    const { user, token } = await signedInMember(app);

    // Pay: the annual plan with its 7-day trial.
    const checkout = await api(app, token, "/api/billing/checkout", { plan: "annual" });
    expect(checkout.status).toBe(201);
    expect(await checkout.json()).toEqual({ data: { redirectUrl: "/checkout-success/annual" } });

    // The very next request sees the member as subscribed: /api/me, the entitlement, the catalogue gate.
    const me = (await (await api(app, token, "/api/me")).json()) as {
      data: { subscription: { status: string; planName: string; hasAccess: boolean } };
    };
    expect(me.data.subscription).toMatchObject({ status: "trialing", planName: "annual", hasAccess: true });
    const ctx = createAppContext(testEnv, { now: () => new Date(clock) });
    expect((await createViewer(ctx, user).access()).hasSubscription).toBe(true);
    expect(await mailsTo(user.email)).toContain("subscription-welcome");

    const overview = await getBillingOverview(ctx, { userId: user.id });
    const subscriptionId = overview.subscription!.id;
    expect(overview.subscription).toMatchObject({ status: "trialing", paymentMethodSummary: "Test card •••• 4242" });
    expect(overview.invoices).toHaveLength(1);
    expect(overview.invoices[0]).toMatchObject({ amountCents: 0, status: "paid" });

    // Paying twice is refused.
    const again = await api(app, token, "/api/billing/checkout", { plan: "monthly" });
    expect(again.status).toBe(409);

    // Cancel with a reason and a comment: access stays until the period end.
    const cancel = await api(app, token, "/api/billing/subscription/cancel", {
      subscriptionId,
      reasonId: fixtures.activeReason.id,
      comment: "  Back after the summer  ",
    });
    expect(cancel.status).toBe(200);
    const afterCancel = ((await cancel.json()) as { data: { status: string; hasAccess: boolean } }).data;
    expect(afterCancel).toMatchObject({ status: "canceled", hasAccess: true });
    const canceledRow = await rowById(subscriptionId);
    expect(canceledRow).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReasonId: fixtures.activeReason.id,
      cancelComment: "Back after the summer",
    });
    expect(await mailsTo(user.email)).toContain("subscription-canceled");
    expect(
      (
        await api(app, token, "/api/billing/subscription/cancel", {
          subscriptionId,
          reasonId: fixtures.activeReason.id,
        })
      ).status,
    ).toBe(409);

    // Resume before the end: back in the trial, reason forgotten.
    const resume = await api(app, token, "/api/billing/subscription/resume", { subscriptionId });
    expect(resume.status).toBe(200);
    expect(await rowById(subscriptionId)).toMatchObject({
      status: "trialing",
      cancelAtPeriodEnd: false,
      cancelReasonId: null,
    });

    // Switch to monthly: takes effect at the next renewal.
    const switched = await api(app, token, "/api/billing/subscription/switch", { subscriptionId, plan: "monthly" });
    expect(switched.status).toBe(200);
    expect(await rowById(subscriptionId)).toMatchObject({
      planId: fixtures.annual.id,
      pendingPlanId: fixtures.monthly.id,
    });

    // The trial ends: the cron charges the new plan and sends a receipt.
    clock += 7 * DAY_MS + 60 * 60 * 1000;
    const renewal = await runScheduledJobs(testEnv, new Date(clock));
    expect(renewal.billing.errors).toEqual([]);
    const renewed = (await rowById(subscriptionId))!;
    expect(renewed).toMatchObject({ status: "active", planId: fixtures.monthly.id, pendingPlanId: null });
    const paid = await invoicesOf(subscriptionId);
    expect(paid.map((invoice) => [invoice.amountCents, invoice.status])).toContainEqual([1200, "paid"]);
    expect(await mailsTo(user.email)).toContain("subscription-receipt");

    // A declined renewal (dev switch): past due, still watching, email sent.
    const failed = await api(app, token, "/api/billing/dev/simulate-failed-renewal", { subscriptionId });
    expect(failed.status).toBe(200);
    expect(((await failed.json()) as { data: { status: string; hasAccess: boolean } }).data).toMatchObject({
      status: "past_due",
      hasAccess: true,
    });
    expect(await mailsTo(user.email)).toContain("subscription-payment-failed");
    expect((await invoicesOf(subscriptionId)).some((invoice) => invoice.status === "failed")).toBe(true);

    // Fixing the card pays the failed invoice.
    const fix = await api(app, token, "/api/billing/subscription/payment-method", { subscriptionId });
    expect(fix.status).toBe(200);
    expect((await rowById(subscriptionId))!.status).toBe("active");
    expect((await invoicesOf(subscriptionId)).some((invoice) => invoice.status === "failed")).toBe(false);

    // Cancel, then the cron after the period end expires it: no access anywhere.
    await api(app, token, "/api/billing/subscription/cancel", { subscriptionId, reasonId: fixtures.activeReason.id });
    const end = (await rowById(subscriptionId))!.currentPeriodEnd.getTime();
    clock = end - 60_000;
    expect((await getEntitlement(ctx, { userId: user.id })).hasAccess).toBe(true);
    clock = end + 60 * 60 * 1000;
    await runScheduledJobs(testEnv, new Date(clock));
    expect((await rowById(subscriptionId))!.status).toBe("expired");
    const entitlement = await getEntitlement(ctx, { userId: user.id });
    expect(entitlement).toMatchObject({ hasAccess: false, status: "expired" });
    const viewer = createViewer(ctx, user);
    expect((await viewer.subscription())?.hasAccess).toBe(false);
    expect((await viewer.access()).hasSubscription).toBe(false);

    // Coming back (signing in again: the old session has lapsed by now) without a second free trial.
    const freshToken = await loginToken(app, user.email, user.password);
    const back = await api(app, freshToken, "/api/billing/checkout", { plan: "monthly" });
    expect(back.status).toBe(201);
    const returned = await getEntitlement(ctx, { userId: user.id });
    expect(returned).toMatchObject({ hasAccess: true, status: "active", planName: "monthly" });
  });

  it("runs the same operations as the pages do, through the services", async () => {
    const ctx = createAppContext(testEnv);
    const user = await createUser();
    const outcome = await startCheckout(ctx, { viewer: user, planName: "monthly" });
    expect(outcome.redirectTo).toBe("/checkout-success/monthly");
    const { subscription } = await getBillingOverview(ctx, { userId: user.id });
    const moved = await switchSubscriptionPlan(ctx, {
      userId: user.id,
      subscriptionId: subscription!.id,
      plan: "annual",
    });
    expect(moved.message).toMatch(/Annual at your next renewal/);
    const kept = await switchSubscriptionPlan(ctx, {
      userId: user.id,
      subscriptionId: subscription!.id,
      plan: "monthly",
    });
    expect(kept.message).toBe("You stay on Monthly.");
    expect((await rowById(subscription!.id))!.pendingPlanId).toBeNull();
    const card = await startPaymentMethodUpdate(ctx, { userId: user.id, subscriptionId: subscription!.id });
    expect(card).toEqual({ redirectTo: "/manage-subscription", message: "Your payment method is updated." });
    await cancelSubscription(ctx, {
      userId: user.id,
      subscriptionId: subscription!.id,
      reasonId: fixtures.activeReason.id,
    });
    await resumeSubscription(ctx, { userId: user.id, subscriptionId: subscription!.id });
    expect((await rowById(subscription!.id))!.status).toBe("trialing");
  });
});

describe("double submit", () => {
  it("turns two simultaneous Pay clicks into one subscription and one invoice", async () => {
    const { user, token, app } = await signedInMember();
    const answers = await Promise.all([
      api(app, token, "/api/billing/checkout", { plan: "monthly" }),
      api(app, token, "/api/billing/checkout", { plan: "monthly" }),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const ctx = createAppContext(testEnv);
    const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await invoicesOf(rows[0]!.id)).toHaveLength(1);
    expect((await mailsTo(user.email)).filter((template) => template === "subscription-welcome")).toHaveLength(1);
  });
});

describe("account deletion", () => {
  it("cancels the member's live subscription with its provider, so it is not renewed", async () => {
    const ctx = createAppContext(testEnv);
    const user = await createUser();
    await startCheckout(ctx, { viewer: user, planName: "monthly" });
    await cancelSubscriptionsForDeletedAccount(ctx, { userId: user.id });
    const { subscription } = await getBillingOverview(ctx, { userId: user.id });
    expect(subscription).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true });
    expect((await rowById(subscription!.id))!.cancelComment).toBe("Account deleted");
  });
});

describe("/api/billing: bad input answers 4xx with { errors }", () => {
  it("answers 401 without a session", async () => {
    const response = await api(testApp(), null, "/api/billing/checkout", { plan: "monthly" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: ["Please sign in to continue."] });
  });

  it("answers 404 for an unknown plan and 422 for a malformed plan name", async () => {
    const { token, app } = await signedInMember();
    const unknown = await api(app, token, "/api/billing/checkout", { plan: "platinum" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errors: ["That plan does not exist. Please choose one of ours."] });
    const wrongType = await api(app, token, "/api/billing/checkout", { plan: 42 });
    expect(wrongType.status).toBe(422);
    expect(((await wrongType.json()) as { errors: string[] }).errors[0]).toMatch(/^plan:/);
    const missing = await api(app, token, "/api/billing/checkout", {});
    expect(missing.status).toBe(422);
    const injected = await api(app, token, "/api/billing/checkout", { plan: "monthly' OR 1=1 --" });
    expect(injected.status).toBe(422);
  });

  it("answers 400 for malformed JSON and non-object bodies", async () => {
    const { token, app } = await signedInMember();
    const malformed = await api(app, token, "/api/billing/subscription/cancel", "{subscriptionId:");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: ["The request body must be valid JSON."] });
    const array = await api(app, token, "/api/billing/checkout", "[1]");
    expect(array.status).toBe(400);
  });

  it("answers 422 for wrong types on every subscription action", async () => {
    const { token, app } = await signedInMember();
    const cases: Array<[string, unknown]> = [
      ["/api/billing/subscription/cancel", { subscriptionId: "1", reasonId: 1 }],
      ["/api/billing/subscription/cancel", { subscriptionId: 1, reasonId: [1] }],
      ["/api/billing/subscription/cancel", { subscriptionId: 1, reasonId: 1, comment: "x".repeat(1001) }],
      ["/api/billing/subscription/resume", { subscriptionId: -3 }],
      ["/api/billing/subscription/switch", { subscriptionId: 1.5, plan: "annual" }],
      ["/api/billing/subscription/payment-method", { subscriptionId: null }],
      ["/api/billing/checkout/confirm", { sessionId: 7 }],
    ];
    for (const [path, body] of cases) {
      const response = await api(app, token, path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      const json = (await response.json()) as { errors: string[] };
      expect(json.errors.length).toBeGreaterThan(0);
    }
  });

  it("treats another member's subscription id as not found, and changes nothing", async () => {
    const owner = await createUser();
    const ctx = createAppContext(testEnv);
    await startCheckout(ctx, { viewer: owner, planName: "monthly" });
    const { subscription } = await getBillingOverview(ctx, { userId: owner.id });
    const before = await rowById(subscription!.id);

    const { token, app } = await signedInMember();
    for (const [path, body] of [
      ["/api/billing/subscription/cancel", { subscriptionId: subscription!.id, reasonId: fixtures.activeReason.id }],
      ["/api/billing/subscription/resume", { subscriptionId: subscription!.id }],
      ["/api/billing/subscription/switch", { subscriptionId: subscription!.id, plan: "annual" }],
      ["/api/billing/subscription/payment-method", { subscriptionId: subscription!.id }],
      ["/api/billing/dev/simulate-failed-renewal", { subscriptionId: subscription!.id }],
      ["/api/billing/subscription/cancel", { subscriptionId: 987654, reasonId: fixtures.activeReason.id }],
    ] as const) {
      const response = await api(app, token, path, body);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ errors: ["We could not find that subscription."] });
    }
    expect(await rowById(subscription!.id)).toEqual(before);
  });

  it("refuses a retired or unknown cancel reason at the field", async () => {
    const { user, token, app } = await signedInMember();
    await api(app, token, "/api/billing/checkout", { plan: "monthly" });
    const { subscription } = await getBillingOverview(createAppContext(testEnv), { userId: user.id });
    for (const reasonId of [fixtures.retiredReason.id, 999_999]) {
      const response = await api(app, token, "/api/billing/subscription/cancel", {
        subscriptionId: subscription!.id,
        reasonId,
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ errors: ["Choose one of the reasons listed."] });
    }
    expect((await rowById(subscription!.id))!.cancelAtPeriodEnd).toBe(false);
  });

  it("hides the dev switch in production, even on a staging deploy that allows the test checkout", async () => {
    const app = testApp();
    const staging = stagingEnv();
    const user = await createUser();
    const login = await app.request(
      "/api/auth/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      },
      staging,
    );
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const response = await app.request(
      "/api/billing/dev/simulate-failed-renewal",
      { method: "POST", headers: authHeaders(token), body: JSON.stringify({ subscriptionId: 1 }) },
      staging,
    );
    expect(response.status).toBe(404);
    const checkout = await app.request(
      "/api/billing/checkout",
      { method: "POST", headers: authHeaders(token), body: JSON.stringify({ plan: "monthly" }) },
      staging,
    );
    expect(checkout.status).toBe(201);
  });

  it("lists plans publicly with prices, intervals, level tags and trial days", async () => {
    const response = await api(testApp(), null, "/api/billing/plans");
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Array<Record<string, unknown>> };
    expect(data.find((plan) => plan.name === "annual")).toMatchObject({
      priceCents: 9900,
      currency: "usd",
      interval: "year",
      trialDays: 7,
      levelTags: ["beginner", "intermediate", "advanced"],
    });
    expect(data[0]).not.toHaveProperty("stripePriceId");
  });
});

async function rowById(id: number) {
  const ctx = createAppContext(testEnv);
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

async function invoicesOf(subscriptionId: number) {
  const ctx = createAppContext(testEnv);
  return ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId));
}
