import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { plans, webhookEvents } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { AppError, badRequest } from "../../lib/errors";
import { createStripeClient, fetchStripeSubscription } from "./providers/stripe";
import { syncSubscription } from "./sync";

/** Stripe's own default: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const idOf = (value: string | { id: string } | null | undefined) =>
  value ? (typeof value === "string" ? value : value.id) : null;

/** Verifies a webhook against the raw body it was signed over; anything wrong is a 400 and writes nothing. */
export async function verifyStripeEvent(
  ctx: AppContext,
  { rawBody, signature }: { rawBody: string; signature: string | undefined },
) {
  const secret = ctx.config.stripeWebhookSecret;
  if (!secret) throw new AppError(404, ["Stripe webhooks are not configured."]);
  if (!signature) throw badRequest("The Stripe-Signature header is missing.");
  // Verification needs no API key; the client only carries the webhook helpers.
  const stripe = createStripeClient({ stripeSecretKey: ctx.config.stripeSecretKey ?? "sk_webhooks_only" });
  try {
    return await stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      ctx.now().getTime(),
    );
  } catch {
    throw badRequest("The webhook signature is not valid or too old.");
  }
}

/** Which subscription an event is about, and (for invoice events) which invoice. */
export function subscriptionReference(event: Stripe.Event): {
  subscriptionId: string;
  invoiceId?: string;
  userId?: number;
} | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith("customer.subscription.")) {
    return { subscriptionId: (object as unknown as Stripe.Subscription).id };
  }
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = object as unknown as Stripe.Checkout.Session;
    const subscriptionId = idOf(session.subscription);
    if (session.mode !== "subscription" || !subscriptionId) return null;
    const userId = Number.parseInt(session.client_reference_id ?? "", 10);
    return { subscriptionId, userId: Number.isSafeInteger(userId) && userId > 0 ? userId : undefined };
  }
  if (event.type.startsWith("invoice.")) {
    const invoice = object as unknown as Stripe.Invoice;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return null;
    return { subscriptionId, invoiceId: invoice.id ?? undefined };
  }
  return null;
}

/**
 * The Stripe webhook. Each event id is stored once (a redelivery answers 200 and does nothing); the
 * event body itself is only a hint: the subscription is re-read from Stripe and applied through
 * `syncSubscription`, so the order events arrive in cannot matter. A failure forgets the event id so
 * Stripe's retry processes it again.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  { rawBody, signature }: { rawBody: string; signature: string | undefined },
) {
  const event = await verifyStripeEvent(ctx, { rawBody, signature });
  // One round trip: claim the event id, and read the plans its subscription's price maps to.
  const [[stored], planRows] = await ctx.db.batch([
    ctx.db
      .insert(webhookEvents)
      .values({ id: event.id, provider: "stripe", type: event.type, receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id }),
    ctx.db.select().from(plans),
  ]);
  if (!stored) return { duplicate: true, outcome: "duplicate" as const };
  try {
    const reference = subscriptionReference(event);
    if (!reference) return { duplicate: false, outcome: "ignored" as const };
    let snapshot;
    try {
      snapshot = await fetchStripeSubscription(ctx, {
        subscriptionId: reference.subscriptionId,
        invoiceId: reference.invoiceId,
        plans: planRows,
      });
    } catch (error) {
      // A subscription Stripe no longer has (deleted test data) cannot be synced; retrying will not help.
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
        console.error(`billing: Stripe has no subscription ${reference.subscriptionId} (event ${event.id})`);
        return { duplicate: false, outcome: "ignored" as const };
      }
      throw error;
    }
    const result = await syncSubscription(ctx, { snapshot, userId: reference.userId });
    if (result.outcome === "unowned" || result.outcome === "unknown-plan") {
      console.error(`billing: event ${event.id} left subscription ${reference.subscriptionId} ${result.outcome}`);
    }
    return { duplicate: false, outcome: result.outcome };
  } catch (error) {
    await ctx.db.delete(webhookEvents).where(eq(webhookEvents.id, event.id));
    throw error;
  }
}
