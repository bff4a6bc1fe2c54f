import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import Stripe from "stripe";
import type { z } from "zod";
import { AppError } from "#server/lib/errors";
import {
  getBillingOverview,
  resumeSubscription,
  simulateFailedRenewal,
  startPaymentMethodUpdate,
  switchSubscriptionPlan,
  openBillingPortal,
  type BillingOutcome,
  type CheckoutView,
} from "#server/services/billing";
import type { SessionUser } from "#server/services/auth";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "#core/format";
import { subscriptionReferenceSchema, switchPlanSchema } from "#core/schemas/billing";
import { redirectWithToast } from "~/lib/toast.server";

/** What the checkout pages tell a subscriber about their subscription (no payment details, no ids of others). */
export function toCurrentSubscription(subscription: CheckoutView["subscription"]) {
  if (!subscription) return null;
  const { id, provider, status, plan, pendingPlan, currentPeriodEnd, trialEndsAt, cancelAtPeriodEnd, isComplimentary } =
    subscription;
  return { id, provider, status, plan, pendingPlan, currentPeriodEnd, trialEndsAt, cancelAtPeriodEnd, isComplimentary };
}

/** The form buttons every billing page shares (the cancel form, with fields, is handled by its page). */
export const BILLING_INTENTS = ["resume", "switch", "payment-method", "portal", "simulate-failed-renewal"] as const;
export type BillingIntent = (typeof BILLING_INTENTS)[number];

export function isBillingIntent(value: unknown): value is BillingIntent {
  return typeof value === "string" && (BILLING_INTENTS as readonly string[]).includes(value);
}

function follow(outcome: BillingOutcome, fallbackMessage?: string) {
  // Provider pages (Stripe Checkout / Portal) are absolute URLs; ours are paths with a toast.
  if (/^https?:\/\//.test(outcome.redirectTo)) return redirect(outcome.redirectTo);
  const text = outcome.message ?? fallbackMessage;
  return text ? redirectWithToast(outcome.redirectTo, { text }) : redirect(outcome.redirectTo);
}

/**
 * Runs one of the shared billing buttons for the signed-in member and answers with a redirect:
 * to the provider, or back to `returnTo` with a toast saying what happened (or what went wrong).
 */
export async function handleBillingIntent(
  context: AppLoadContext,
  user: SessionUser,
  intent: BillingIntent,
  formData: FormData,
  returnTo: string,
): Promise<ReturnType<typeof redirectWithToast>> {
  const app = context.app;
  try {
    switch (intent) {
      case "resume": {
        const input = parseOrThrow(formData, subscriptionReferenceSchema);
        const row = await resumeSubscription(app, { userId: user.id, ...input });
        return redirectWithToast(returnTo, {
          text: row
            ? `Welcome back! Your subscription continues and renews on ${formatDate(row.currentPeriodEnd, "long")}.`
            : "Your subscription continues.",
        });
      }
      case "switch": {
        const input = parseOrThrow(formData, switchPlanSchema);
        const outcome = await switchSubscriptionPlan(app, { userId: user.id, ...input });
        // Stripe's portal confirms the switch on its own page; ours comes back to the page asked for.
        return follow(/^https?:/.test(outcome.redirectTo) ? outcome : { ...outcome, redirectTo: returnTo });
      }
      case "payment-method": {
        const input = parseOrThrow(formData, subscriptionReferenceSchema);
        const outcome = await startPaymentMethodUpdate(app, { userId: user.id, ...input });
        return follow(/^https?:/.test(outcome.redirectTo) ? outcome : { ...outcome, redirectTo: returnTo });
      }
      case "portal":
        return follow(await openBillingPortal(app, { userId: user.id }));
      case "simulate-failed-renewal": {
        const input = parseOrThrow(formData, subscriptionReferenceSchema);
        await simulateFailedRenewal(app, { userId: user.id, ...input });
        return redirectWithToast(returnTo, {
          text: "Simulated a declined renewal: the subscription is now past due.",
          status: "warning",
        });
      }
    }
  } catch (error) {
    const known = asBillingError(error);
    return redirectWithToast(returnTo, { text: known.messages[0]!, status: "error" });
  }
}

/** A provider failure becomes a message the member can act on (retry); anything else is a bug, rethrown. */
export function asBillingError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    console.error("billing: Stripe refused or did not answer", error);
    return new AppError(502, [
      "Our payment provider did not answer. Nothing was changed; please try again in a minute.",
    ]);
  }
  throw error;
}

function parseOrThrow<Output>(formData: FormData, schema: z.ZodType<Output>): Output {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    throw new AppError(400, ["Something was missing from that form. Please try again."]);
  }
  return submission.value;
}

/** What the retention / payment-recovery page shows (one page at /retain and /settings/payment). */
export async function loadRecoveryPage(context: AppLoadContext) {
  const user = await context.getUser();
  const config = context.app.config;
  if (!user) return { signedIn: false as const, appName: config.appName };
  const overview = await getBillingOverview(context.app, { userId: user.id });
  return {
    signedIn: true as const,
    appName: config.appName,
    name: user.name,
    subscription: overview.subscription,
    plans: overview.plans.map(
      ({ name, title, description, priceCents, currency, interval, trialDays, features, levelTags }) => ({
        name,
        title,
        description,
        priceCents,
        currency,
        interval,
        trialDays,
        features,
        levelTags,
      }),
    ),
    latestFailedInvoice: overview.invoices.find((invoice) => invoice.status === "failed") ?? null,
  };
}

/** The action of /retain and /settings/payment: the shared buttons, for a signed-in member. */
export async function recoveryAction(context: AppLoadContext, request: Request, returnTo: string) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isBillingIntent(intent) || intent === "simulate-failed-renewal") {
    throw new Response("Unknown action.", { status: 400 });
  }
  return handleBillingIntent(context, user, intent, formData, returnTo);
}
