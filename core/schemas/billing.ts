import { z } from "zod";

// Shared by the billing forms (Conform) and /api/billing, so both give the same messages.
export const CANCEL_COMMENT_MAX = 1000;

export const planNameField = z
  .string({ error: "Choose a plan." })
  .trim()
  .min(1, "Choose a plan.")
  .max(40, "Choose one of our plans.")
  .regex(/^[a-z0-9_-]+$/i, "Choose one of our plans.");

const subscriptionIdField = z
  .number({ error: "The subscription is missing." })
  .int("The subscription is missing.")
  .positive("The subscription is missing.");

export const checkoutSchema = z.object({ plan: planNameField });

export const confirmCheckoutSchema = z.object({
  sessionId: z.string({ error: "The checkout session is missing." }).trim().min(1).max(255),
});

export const subscriptionReferenceSchema = z.object({ subscriptionId: subscriptionIdField });

export const cancelSubscriptionSchema = z.object({
  subscriptionId: subscriptionIdField,
  reasonId: z.number({ error: "Choose a reason." }).int("Choose a reason.").positive("Choose a reason."),
  comment: z
    .string()
    .trim()
    .max(CANCEL_COMMENT_MAX, `Keep it under ${CANCEL_COMMENT_MAX} characters, please.`)
    .optional(),
});

export const switchPlanSchema = z.object({ subscriptionId: subscriptionIdField, plan: planNameField });
