import { Hono } from "hono";
import {
  cancelSubscriptionSchema,
  checkoutSchema,
  confirmCheckoutSchema,
  subscriptionReferenceSchema,
  switchPlanSchema,
} from "#core/schemas/billing";
import { hasDevelopmentTools } from "../lib/config";
import { notFound } from "../lib/errors";
import {
  cancelSubscription,
  confirmCheckout,
  getBillingOverview,
  getEntitlement,
  handleStripeWebhook,
  listActiveCancelReasons,
  listActivePlans,
  listInvoices,
  openBillingPortal,
  resumeSubscription,
  simulateFailedRenewal,
  startCheckout,
  startPaymentMethodUpdate,
  switchSubscriptionPlan,
  type Plan,
} from "../services/billing";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

const publicPlan = (plan: Plan) => ({
  name: plan.name,
  title: plan.title,
  description: plan.description,
  priceCents: plan.priceCents,
  currency: plan.currency,
  interval: plan.interval,
  trialDays: plan.trialDays,
  levelTags: plan.levelTags,
  features: plan.features,
});

/** /api/billing: the same services as the checkout and manage-subscription pages, plus Stripe's webhook. */
export const billingApi = new Hono<ApiEnv>()
  .get("/plans", async (c) => {
    const plans = await listActivePlans(c.get("app"));
    return c.json({ data: plans.map(publicPlan) });
  })
  .get("/entitlement", requireUser, async (c) => {
    return c.json({ data: await getEntitlement(c.get("app"), c.get("user")!.id) });
  })
  .get("/subscription", requireUser, async (c) => {
    const overview = await getBillingOverview(c.get("app"), c.get("user")!.id);
    return c.json({ data: { ...overview, plans: overview.plans.map(publicPlan) } });
  })
  .get("/invoices", requireUser, async (c) => {
    return c.json({ data: await listInvoices(c.get("app"), c.get("user")!.id) });
  })
  .get("/cancel-reasons", async (c) => {
    return c.json({ data: await listActiveCancelReasons(c.get("app")) });
  })
  .post("/checkout", requireUser, async (c) => {
    const input = await readJson(c, checkoutSchema);
    const outcome = await startCheckout(c.get("app"), c.get("user")!, input.plan);
    return c.json({ data: { redirectUrl: outcome.redirectTo } }, 201);
  })
  .post("/checkout/confirm", requireUser, async (c) => {
    const input = await readJson(c, confirmCheckoutSchema);
    await confirmCheckout(c.get("app"), c.get("user")!.id, input.sessionId);
    return c.json({ data: await getEntitlement(c.get("app"), c.get("user")!.id) });
  })
  .post("/subscription/cancel", requireUser, async (c) => {
    const input = await readJson(c, cancelSubscriptionSchema);
    await cancelSubscription(c.get("app"), c.get("user")!.id, input);
    return c.json({ data: await getEntitlement(c.get("app"), c.get("user")!.id) });
  })
  .post("/subscription/resume", requireUser, async (c) => {
    const input = await readJson(c, subscriptionReferenceSchema);
    await resumeSubscription(c.get("app"), c.get("user")!.id, input);
    return c.json({ data: await getEntitlement(c.get("app"), c.get("user")!.id) });
  })
  .post("/subscription/switch", requireUser, async (c) => {
    const input = await readJson(c, switchPlanSchema);
    const outcome = await switchSubscriptionPlan(c.get("app"), c.get("user")!.id, input);
    return c.json({ data: { redirectUrl: outcome.redirectTo, message: outcome.message ?? null } });
  })
  .post("/subscription/payment-method", requireUser, async (c) => {
    const input = await readJson(c, subscriptionReferenceSchema);
    const outcome = await startPaymentMethodUpdate(c.get("app"), c.get("user")!.id, input);
    return c.json({ data: { redirectUrl: outcome.redirectTo, message: outcome.message ?? null } });
  })
  .post("/portal", requireUser, async (c) => {
    const outcome = await openBillingPortal(c.get("app"), c.get("user")!.id);
    return c.json({ data: { redirectUrl: outcome.redirectTo } });
  })
  .post("/dev/simulate-failed-renewal", requireUser, async (c) => {
    if (!hasDevelopmentTools(c.get("app").config)) throw notFound();
    const input = await readJson(c, subscriptionReferenceSchema);
    await simulateFailedRenewal(c.get("app"), c.get("user")!.id, input);
    return c.json({ data: await getEntitlement(c.get("app"), c.get("user")!.id) });
  })
  // Stripe signs the exact bytes it sent: read the raw text, never a parsed body.
  .post("/webhooks/stripe", async (c) => {
    const rawBody = await c.req.text();
    const result = await handleStripeWebhook(c.get("app"), rawBody, c.req.header("Stripe-Signature"));
    return c.json({ data: { received: true, duplicate: result.duplicate } });
  });
