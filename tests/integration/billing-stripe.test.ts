import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import {
  authHeaders,
  ensureBillingFixtures,
  FakeStripe,
  PRICE_ANNUAL,
  stripeEnv,
  subscriptionRow,
} from "./billing-helpers";
import { createUser, testApp } from "./helpers";

let fixtures: Awaited<ReturnType<typeof ensureBillingFixtures>>;
let stripe: FakeStripe;
let fetchSpy: MockInstance;

beforeEach(async () => {
  fixtures = await ensureBillingFixtures();
  stripe = new FakeStripe();
  fetchSpy = stripe.install();
});
afterEach(() => fetchSpy.mockRestore());

const app = testApp();

// Not the shared `member`: signs in and calls through the Stripe env, whose fetch the test replaces.
async function member() {
  const user = await createUser();
  const login = await app.request(
    "/api/auth/login",
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    },
    stripeEnv,
  );
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const post = (path: string, body: unknown) =>
    app.request(path, { method: "POST", headers: authHeaders(token), body: JSON.stringify(body) }, stripeEnv);
  const get = (path: string) => app.request(path, { headers: { Authorization: token } }, stripeEnv);
  return { user, post, get };
}

/** What Stripe has after the member paid on its hosted page for `sessionId`. */
function completeCheckout(sessionId: string, userId: number) {
  const now = Math.floor(Date.now() / 1000);
  const id = stripe.nextId("sub");
  stripe.subscriptions.set(id, {
    id,
    customer: stripe.nextId("cus"),
    userId,
    price: PRICE_ANNUAL,
    status: "trialing",
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    trialEnd: now + 7 * 86400,
    periodStart: now,
    periodEnd: now + 7 * 86400,
    latestInvoice: null,
  });
  stripe.completeSession(sessionId, id);
  return id;
}

describe("stripe provider through /api/billing", () => {
  it("opens a Checkout Session in subscription mode with the member, the price, the trial and an idempotency key", async () => {
    const { user, post } = await member();
    const first = await post("/api/billing/checkout", { plan: "annual" });
    expect(first.status).toBe(201);
    const { redirectUrl } = ((await first.json()) as { data: { redirectUrl: string } }).data;
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const call = stripe.calls.find((entry) => entry.path === "/v1/checkout/sessions")!;
    expect(call.method).toBe("POST");
    expect(call.params.get("mode")).toBe("subscription");
    expect(call.params.get("client_reference_id")).toBe(String(user.id));
    expect(call.params.get("customer_email")).toBe(user.email);
    expect(call.params.get("line_items[0][price]")).toBe(PRICE_ANNUAL);
    expect(call.params.get("subscription_data[trial_period_days]")).toBe("7");
    expect(call.params.get("subscription_data[metadata][user_id]")).toBe(String(user.id));
    expect(call.params.get("success_url")).toBe(
      "https://ahla.test/checkout-success/annual?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(call.params.get("cancel_url")).toBe("https://ahla.test/checkout/annual");
    expect(call.idempotencyKey).toMatch(new RegExp(`^ahla-checkout-${user.id}-${fixtures.annual.id}-trial-\\d+$`));

    // A double click sends the same key, so Stripe answers with the same session.
    await post("/api/billing/checkout", { plan: "annual" });
    const keys = stripe.calls
      .filter((entry) => entry.path === "/v1/checkout/sessions")
      .map((entry) => entry.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
  });

  it("recognises the member as subscribed in the very request that returns from Checkout", async () => {
    const { user, post, get } = await member();
    await post("/api/billing/checkout", { plan: "annual" });
    const sessionId = [...stripe.sessions.keys()][0]!;
    const subscriptionId = completeCheckout(sessionId, user.id);

    const confirmed = await post("/api/billing/checkout/confirm", { sessionId });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { data: unknown }).data).toMatchObject({
      hasAccess: true,
      status: "trialing",
      planName: "annual",
      provider: "stripe",
    });
    const me = (await (await get("/api/me")).json()) as { data: { subscription: { status: string } } };
    expect(me.data.subscription.status).toBe("trialing");
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      userId: user.id,
      paymentMethodSummary: "Visa •••• 4242",
    });

    // Someone else's session id confirms nothing for them.
    const other = await member();
    const stolen = await other.post("/api/billing/checkout/confirm", { sessionId });
    expect(((await stolen.json()) as { data: { hasAccess: boolean } }).data.hasAccess).toBe(false);
    expect((await subscriptionRow(subscriptionId))!.userId).toBe(user.id);
  });

  it("cancels and resumes at Stripe with idempotency keys, and sends plan and card changes to the portal", async () => {
    const { user, post } = await member();
    await post("/api/billing/checkout", { plan: "annual" });
    const sessionId = [...stripe.sessions.keys()][0]!;
    const providerId = completeCheckout(sessionId, user.id);
    await post("/api/billing/checkout/confirm", { sessionId });
    const row = (await subscriptionRow(providerId))!;

    const cancel = await post("/api/billing/subscription/cancel", {
      subscriptionId: row.id,
      reasonId: fixtures.activeReason.id,
      comment: "Exams",
    });
    expect(cancel.status).toBe(200);
    const cancelCall = stripe.calls.find(
      (entry) => entry.method === "POST" && entry.path === `/v1/subscriptions/${providerId}`,
    )!;
    expect(cancelCall.params.get("cancel_at_period_end")).toBe("true");
    expect(cancelCall.params.get("cancellation_details[comment]")).toBe("Exams");
    expect(cancelCall.idempotencyKey).toBe(`ahla-cancel-${row.id}-v${row.version}`);
    expect(await subscriptionRow(providerId)).toMatchObject({
      status: "canceled",
      cancelReasonId: fixtures.activeReason.id,
    });

    const resume = await post("/api/billing/subscription/resume", { subscriptionId: row.id });
    expect(resume.status).toBe(200);
    expect(await subscriptionRow(providerId)).toMatchObject({ status: "trialing", cancelAtPeriodEnd: false });

    const switched = await post("/api/billing/subscription/switch", { subscriptionId: row.id, plan: "monthly" });
    expect(((await switched.json()) as { data: { redirectUrl: string } }).data.redirectUrl).toBe(
      "https://billing.stripe.com/p/session/test",
    );
    const portal = stripe.calls.filter((entry) => entry.path === "/v1/billing_portal/sessions");
    expect(portal.at(-1)!.params.get("flow_data[type]")).toBe("subscription_update_confirm");
    expect(portal.at(-1)!.params.get("flow_data[subscription_update_confirm][items][0][price]")).toBe(
      "price_test_monthly",
    );

    await post("/api/billing/subscription/payment-method", { subscriptionId: row.id });
    const cardCall = stripe.calls.filter((entry) => entry.path === "/v1/billing_portal/sessions").at(-1)!;
    expect(cardCall.params.get("flow_data[type]")).toBe("payment_method_update");
    expect(cardCall.params.get("return_url")).toBe("https://ahla.test/manage-subscription");
  });
});
