import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  cancelSubscriptionSchema,
  checkoutSchema,
  confirmCheckoutSchema,
  subscriptionReferenceSchema,
  switchPlanSchema,
} from "#core/schemas/billing";
import { hasDevelopmentTools } from "../lib/config";
import { notFound } from "../lib/errors";
import { checkoutReturnPath } from "../lib/redirects";
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
import { verifyStripeEvent } from "../services/billing/webhooks";
import { created, defineRoute, implement, jsonBody, list, ok, rawBody, refused } from "./route";
import type { ApiEnv } from "./types";

/**
 * The checkout's body: the plan, and where to come back to after paying. The pages drop a return path they
 * cannot use (a link may carry anything); the API says why (docs/product-rules.md#a-paywall-with-context).
 */
const checkoutRequest = checkoutSchema.extend({
  redirect: z
    .string({ error: "redirect must be a path." })
    .max(2048, "redirect is too long.")
    .refine((path) => checkoutReturnPath(path) !== "", {
      error: "redirect must be a page of this site (a path starting with /), not a checkout or sign-in page.",
    })
    .optional(),
});

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

const plan = z.looseObject({
  name: z.string(),
  title: z.string(),
  priceCents: z.number(),
  currency: z.string(),
  interval: z.string(),
});
const entitlement = z.object({
  hasAccess: z.boolean(),
  status: z.string().nullable(),
  planName: z.string().nullable(),
  planTitle: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  subscriptionId: z.number().nullable(),
  provider: z.string().nullable(),
});
const redirectData = z.object({ redirectUrl: z.string() });
const redirectWithMessage = z.object({ redirectUrl: z.string(), message: z.string().nullable() });
/** The billing actions: no such subscription, not in a state for it, a plan that is not on sale, Stripe unset. */
export const BILLING_REFUSALS = refused(404, 409, 422, 503);

/** Local development's tools only: elsewhere the route is not there (404), whatever the body. */
const developmentOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!hasDevelopmentTools(c.get("app").config)) throw notFound();
  await next();
});

/** /api/billing: the same services as the checkout and manage-subscription pages, plus Stripe's webhook. */
export const billingApi = new OpenAPIHono<ApiEnv>();

implement(
  billingApi,
  defineRoute({
    method: "get",
    path: "/plans",
    audience: "public",
    summary: "The plans on sale, with prices.",
    responses: { ...ok(z.array(plan)) },
  }),
  async (c) => {
    const plans = await listActivePlans(c.get("app"));
    return c.json({ data: plans.map(publicPlan) });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "get",
    path: "/entitlement",
    audience: "member",
    summary: "What the member may watch, and why.",
    responses: { ...ok(entitlement) },
  }),
  async (c) => c.json({ data: await getEntitlement(c.get("app"), { userId: c.get("user")!.id }) }),
);

implement(
  billingApi,
  defineRoute({
    method: "get",
    path: "/subscription",
    audience: "member",
    summary: "The member's subscription, plan and renewal.",
    responses: { ...ok(z.looseObject({ plans: z.array(plan) })) },
  }),
  async (c) => {
    const overview = await getBillingOverview(c.get("app"), { userId: c.get("user")!.id });
    return c.json({ data: { ...overview, plans: overview.plans.map(publicPlan) } });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "get",
    path: "/invoices",
    audience: "member",
    summary: "The member's invoices, newest first.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listInvoices(c.get("app"), { userId: c.get("user")!.id }) }),
);

implement(
  billingApi,
  defineRoute({
    method: "get",
    path: "/cancel-reasons",
    audience: "public",
    summary: "The reasons a member may give when cancelling.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listActiveCancelReasons(c.get("app")) }),
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/checkout",
    audience: "member",
    summary:
      "Start a checkout for a plan; answers where to pay. `redirect`: a page of this site to come back to after " +
      "paying (the return path the checkout pages carry).",
    request: { body: jsonBody(checkoutRequest) },
    responses: { ...created(redirectData, "A checkout started: go to redirectUrl to pay."), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const { plan: planName, redirect } = c.req.valid("json");
    const outcome = await startCheckout(c.get("app"), {
      viewer: c.get("user")!,
      planName,
      returnPath: redirect ? checkoutReturnPath(redirect) : "",
    });
    return c.json({ data: { redirectUrl: outcome.redirectTo } }, 201);
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/checkout/confirm",
    audience: "member",
    summary: "Confirm a finished checkout; answers the new entitlement.",
    request: { body: jsonBody(confirmCheckoutSchema) },
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  }),
  async (c) => {
    await confirmCheckout(c.get("app"), { userId: c.get("user")!.id, sessionId: c.req.valid("json").sessionId });
    return c.json({ data: await getEntitlement(c.get("app"), { userId: c.get("user")!.id }) });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/subscription/cancel",
    audience: "member",
    summary: "Cancel at the end of the period, with a reason.",
    request: { body: jsonBody(cancelSubscriptionSchema) },
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  }),
  async (c) => {
    await cancelSubscription(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") });
    return c.json({ data: await getEntitlement(c.get("app"), { userId: c.get("user")!.id }) });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/subscription/resume",
    audience: "member",
    summary: "Undo a cancellation before the period ends.",
    request: { body: jsonBody(subscriptionReferenceSchema) },
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  }),
  async (c) => {
    await resumeSubscription(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") });
    return c.json({ data: await getEntitlement(c.get("app"), { userId: c.get("user")!.id }) });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/subscription/switch",
    audience: "member",
    summary: "Switch to another plan.",
    request: { body: jsonBody(switchPlanSchema) },
    responses: { ...ok(redirectWithMessage), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const outcome = await switchSubscriptionPlan(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") });
    return c.json({ data: { redirectUrl: outcome.redirectTo, message: outcome.message ?? null } });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/subscription/payment-method",
    audience: "member",
    summary: "Start updating the card; answers where to do it.",
    request: { body: jsonBody(subscriptionReferenceSchema) },
    responses: { ...ok(redirectWithMessage), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const outcome = await startPaymentMethodUpdate(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") });
    return c.json({ data: { redirectUrl: outcome.redirectTo, message: outcome.message ?? null } });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/portal",
    audience: "member",
    summary: "Open the payment provider's billing portal; answers its address.",
    responses: { ...ok(redirectData), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const outcome = await openBillingPortal(c.get("app"), { userId: c.get("user")!.id });
    return c.json({ data: { redirectUrl: outcome.redirectTo } });
  },
);

implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/dev/simulate-failed-renewal",
    audience: "member",
    middleware: developmentOnly,
    summary: "Local development only (404 in production): fail the next renewal.",
    request: { body: jsonBody(subscriptionReferenceSchema) },
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  }),
  async (c) => {
    await simulateFailedRenewal(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") });
    return c.json({ data: await getEntitlement(c.get("app"), { userId: c.get("user")!.id }) });
  },
);

// Stripe signs the exact bytes it sent: the guard and the handler read the raw text, never a parsed body.
implement(
  billingApi,
  defineRoute({
    method: "post",
    path: "/webhooks/stripe",
    audience: "provider",
    verify: async (c) => {
      await verifyStripeEvent(c.get("app"), {
        rawBody: await c.req.text(),
        signature: c.req.header("Stripe-Signature"),
      });
    },
    summary: "Stripe's events, authenticated by the Stripe-Signature header.",
    request: { body: rawBody("application/json", "The event exactly as Stripe signed it.") },
    responses: { ...ok(z.object({ received: z.literal(true), duplicate: z.boolean() })), ...refused(404, 409, 503) },
  }),
  async (c) => {
    const result = await handleStripeWebhook(c.get("app"), {
      rawBody: await c.req.text(),
      signature: c.req.header("Stripe-Signature"),
    });
    return c.json({ data: { received: true, duplicate: result.duplicate } });
  },
);
