import { eq } from "drizzle-orm";
import { formatDate, formatPrice } from "#core/format";
import { users } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { sendMail } from "../mail";
import type { InvoiceSnapshot, Plan } from "./types";

export type BillingEmail =
  | { kind: "welcome"; plan: Plan; trialEndsAt: Date | null; periodEnd: Date; invoice: InvoiceSnapshot | null }
  | { kind: "receipt"; plan: Plan; invoice: InvoiceSnapshot; periodEnd: Date }
  | { kind: "renewal-reminder"; plan: Plan; renewsAt: Date; trial: boolean }
  | { kind: "payment-failed"; plan: Plan; accessUntil: Date }
  | { kind: "canceled"; plan: Plan; accessUntil: Date };

function compose(ctx: AppContext, name: string, email: BillingEmail) {
  const app = ctx.config.appName;
  const url = ctx.config.appUrl;
  const price = formatPrice(email.plan.priceCents, email.plan.currency);
  const per = email.plan.interval === "year" ? "year" : "month";
  const manage = `Manage your subscription: ${url}/manage-subscription`;
  const signOff = `\n\nShukran,\nThe ${app} team`;
  switch (email.kind) {
    case "welcome": {
      const lines = [`Ahlan ${name}!`, "", `Welcome to ${app} ${email.plan.title}. Every lesson is now open to you.`];
      if (email.trialEndsAt) {
        lines.push(
          "",
          `Your free trial runs until ${formatDate(email.trialEndsAt, "long")}. After that your card is charged ${price} a ${per}, unless you cancel before then.`,
        );
      } else if (email.invoice) {
        lines.push(
          "",
          `Receipt: ${formatPrice(email.invoice.amountCents, email.invoice.currency)} paid on ${formatDate(email.invoice.paidAt ?? email.invoice.createdAt, "long")} (${email.invoice.description}).`,
          `Your plan renews on ${formatDate(email.periodEnd, "long")}.`,
        );
      }
      lines.push("", `Start here: ${url}/video-library`, manage);
      return { subject: `Welcome to ${app} ${email.plan.title}`, text: lines.join("\n") + signOff };
    }
    case "receipt": {
      const amount = formatPrice(email.invoice.amountCents, email.invoice.currency);
      const lines = [
        `Hi ${name},`,
        "",
        `Thank you: we received ${amount} for ${email.invoice.description}.`,
        `Paid on ${formatDate(email.invoice.paidAt ?? email.invoice.createdAt, "long")}. Your next renewal is on ${formatDate(email.periodEnd, "long")}.`,
      ];
      if (email.invoice.receiptUrl) lines.push(`Receipt: ${email.invoice.receiptUrl}`);
      lines.push("", manage);
      return { subject: `Your ${app} receipt: ${amount}`, text: lines.join("\n") + signOff };
    }
    case "renewal-reminder": {
      const when = formatDate(email.renewsAt, "long");
      const text = email.trial
        ? `Hi ${name},\n\nYour free trial of ${app} ends on ${when}. From then on your ${email.plan.title} plan costs ${price} a ${per}. Nothing to do if you want to keep learning; cancel before ${when} if you do not.\n\n${manage}`
        : `Hi ${name},\n\nYour ${app} ${email.plan.title} plan renews on ${when} for ${price}. Nothing to do if you want to keep learning; you can switch plan or cancel before then.\n\n${manage}`;
      return {
        subject: email.trial ? `Your ${app} trial ends on ${when}` : `Your ${app} plan renews on ${when}`,
        text: text + signOff,
      };
    }
    case "payment-failed":
      return {
        subject: `Action needed: your ${app} payment did not go through`,
        text:
          `Hi ${name},\n\nWe could not take the ${price} payment for your ${email.plan.title} plan. ` +
          `You keep every lesson until ${formatDate(email.accessUntil, "long")}; update your payment method before then so nothing stops.\n\n` +
          `Update your payment method: ${url}/settings/payment` +
          signOff,
      };
    case "canceled":
      return {
        subject: `Your ${app} subscription is canceled`,
        text:
          `Hi ${name},\n\nYour ${email.plan.title} plan is canceled and will not renew. ` +
          `You keep every lesson until ${formatDate(email.accessUntil, "long")}.\n\n` +
          `Changed your mind? Resume any time before then: ${url}/manage-subscription` +
          signOff,
      };
  }
}

const TEMPLATES: Record<BillingEmail["kind"], string> = {
  welcome: "subscription-welcome",
  receipt: "subscription-receipt",
  "renewal-reminder": "subscription-renewal-reminder",
  "payment-failed": "subscription-payment-failed",
  canceled: "subscription-canceled",
};

/**
 * Sends one billing email to a member. A mail failure is reported, never thrown: the subscription
 * change that caused it is already stored and must not be undone or retried because of it. Answers false
 * when the mail could not be sent (true when sent, or when there is nobody to send it to), so a caller
 * whose only job was the mail (the renewal reminder) can leave it for the next run.
 */
export async function sendBillingEmail(
  ctx: AppContext,
  { userId, email }: { userId: number; email: BillingEmail },
): Promise<boolean> {
  try {
    const [user] = await ctx.db
      .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.deletedAt) return true;
    const { subject, text } = compose(ctx, user.name, email);
    return await sendMail(ctx, { to: user.email, subject, text, template: TEMPLATES[email.kind] });
  } catch (error) {
    console.error(`billing: could not send the ${email.kind} email to user ${userId}`, error);
    return false;
  }
}
