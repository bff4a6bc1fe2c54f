import { and, desc, eq, sql } from "drizzle-orm";
import { invoices, plans, subscriptions, users } from "#drizzle/schema";
import { formatDate } from "#core/format";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../lib/errors";
import { auditInsert, auditInsertWhen, diffChanges, type AuditEntry } from "../audit-log";
import { hasAccessAt } from "./entitlement";
import { addDays, getActivePlanByName } from "./plans";
import { providerFor } from "./providers";
import { snapshotOfLocal } from "./providers/local";
import { refundStripeInvoice, stripeCancelNow, stripeExtend, stripeSwitchPlanNow } from "./providers/stripe";
import { syncSubscription, type SyncOptions } from "./sync";
import type { SubscriptionRow, SubscriptionSnapshot } from "./types";

// What support and finance do to a member's subscription from /admin/users/<id> (and the admin API):
// comp a plan, extend, cancel (at period end or now), resume, switch plan, refund a payment. Each takes a
// reason; each writes its audit row in the same D1 batch as the change (docs/admin-operations.md).

interface Actor {
  id: number;
}

interface Member {
  id: number;
  name: string;
}

async function requireMember(ctx: AppContext, userId: number): Promise<Member> {
  const [user] = await ctx.primary
    .select({ id: users.id, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.deletedAt) throw notFound("We couldn't find that member.");
  return user;
}

/** The subscription the member has now: the one granting access, else the most recent. */
async function currentRow(ctx: AppContext, userId: number): Promise<SubscriptionRow | null> {
  const rows = await ctx.primary
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id));
  const now = ctx.now();
  return rows.find((row) => hasAccessAt(row, now)) ?? rows[0] ?? null;
}

async function requireLiveRow(ctx: AppContext, userId: number): Promise<SubscriptionRow> {
  const row = await currentRow(ctx, userId);
  if (!row || row.status === "expired" || !hasAccessAt(row, ctx.now())) {
    throw new AppError(409, ["This member has no running subscription. Give them a plan instead."]);
  }
  return row;
}

function audit(actor: Actor, member: Member, action: string, reason: string, label: string) {
  return {
    actorId: actor.id,
    action,
    resource: "subscriptions",
    recordLabel: `${label} · ${member.name}`.slice(0, 200),
    subjectUserId: member.id,
    reason,
  } satisfies Omit<AuditEntry, "changes" | "recordId">;
}

async function planTitle(ctx: AppContext, planId: number) {
  const [plan] = await ctx.db.select({ title: plans.title }).from(plans).where(eq(plans.id, planId)).limit(1);
  return plan?.title ?? "Subscription";
}

async function applyWithAudit(
  ctx: AppContext,
  snapshot: SubscriptionSnapshot,
  entry: Omit<AuditEntry, "changes" | "recordId">,
  extra: SyncOptions = {},
) {
  const result = await syncSubscription(ctx, { snapshot, ...extra, audit: entry });
  if (!result.subscription)
    throw new Error(`billing: an admin action on ${snapshot.providerSubscriptionId} wrote nothing`);
  return result.subscription;
}

/**
 * Gives a member who has no running subscription a plan for `days`, without charge. It is always a
 * local, complimentary subscription (nothing to collect, so no provider is involved), ends at its
 * period end instead of renewing, and has a zero invoice as its receipt.
 */
export async function compSubscription(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: Actor; userId: number } & { plan: string; days: number; reason: string },
) {
  const member = await requireMember(ctx, userId);
  const plan = await getActivePlanByName(ctx, { name: input.plan });
  if (!plan)
    throw new AppError(422, ["Choose one of the active plans."], { plan: ["Choose one of the active plans."] });
  const existing = await currentRow(ctx, userId);
  const now = ctx.now();
  if (existing && existing.status !== "expired" && hasAccessAt(existing, now)) {
    throw new AppError(409, [
      `${member.name} already has ${await planTitle(ctx, existing.planId)} until ${formatDate(existing.currentPeriodEnd)}. Extend it instead.`,
    ]);
  }
  const end = addDays(now, input.days);
  const providerSubscriptionId = `local_comp_${userId}_${now.getTime()}`;
  const columns = {
    userId,
    planId: plan.id,
    status: "active" as const,
    provider: "local" as const,
    providerSubscriptionId,
    providerCustomerId: `local_cus_${userId}`,
    currentPeriodStart: now,
    currentPeriodEnd: end,
    isComplimentary: true,
    providerUpdatedAt: now,
    syncedAt: now,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const subscriptionId = sql`(select ${subscriptions.id} from ${subscriptions} where ${subscriptions.provider} = 'local' and ${subscriptions.providerSubscriptionId} = ${providerSubscriptionId})`;
  await ctx.db.batch([
    ctx.db.insert(subscriptions).values(columns),
    ctx.db.insert(invoices).values({
      subscriptionId,
      userId,
      amountCents: 0,
      currency: plan.currency,
      status: "paid",
      providerInvoiceId: `local_inv_${providerSubscriptionId}`,
      description: `${plan.title} plan, complimentary ${formatDate(now)} – ${formatDate(end)}`,
      periodStart: now,
      periodEnd: end,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    auditInsert(ctx, {
      ...audit(actor, member, "subscription.comp", input.reason, plan.title),
      recordId: subscriptionId,
      changes: diffChanges(null, {
        plan: plan.title,
        status: "active",
        currentPeriodEnd: end,
        isComplimentary: true,
      }),
    }),
  ]);
  const [row] = await ctx.primary
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "local"), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return row!;
}

/** Pushes the running subscription's end (and next charge) back by `days`, free of charge. */
export async function extendSubscription(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: Actor; userId: number } & { days: number; reason: string },
) {
  const member = await requireMember(ctx, userId);
  const row = await requireLiveRow(ctx, userId);
  const entry = audit(actor, member, "subscription.extend", input.reason, await planTitle(ctx, row.planId));
  if (row.provider === "stripe") {
    return applyWithAudit(
      ctx,
      await stripeExtend(ctx, { row, newEnd: addDays(row.currentPeriodEnd, input.days) }),
      entry,
    );
  }
  const end = addDays(row.currentPeriodEnd, input.days);
  const inTrial = row.status === "trialing" && row.trialEndsAt;
  return applyWithAudit(
    ctx,
    snapshotOfLocal(row, ctx.now(), { currentPeriodEnd: end, ...(inTrial ? { trialEndsAt: end } : {}) }),
    entry,
  );
}

/**
 * Cancels for the member: at period end (they keep access until then, as if they had canceled), or now
 * (access ends at once; nothing is refunded unless a refund is made as well).
 */
export async function adminCancelSubscription(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: Actor; userId: number } & { when: "period-end" | "now"; reason: string },
) {
  const member = await requireMember(ctx, userId);
  const row = await requireLiveRow(ctx, userId);
  const title = await planTitle(ctx, row.planId);
  const comment = `Canceled by support: ${input.reason}`.slice(0, 500);
  if (input.when === "period-end") {
    if (row.cancelAtPeriodEnd) throw new AppError(409, ["This subscription already ends at its period end."]);
    const result = await providerFor(row.provider).cancel(ctx, row, { comment });
    if (result.kind !== "snapshot") throw new Error("billing: a provider answered a cancel with a redirect");
    return applyWithAudit(ctx, result.snapshot, audit(actor, member, "subscription.cancel", input.reason, title), {
      cancellation: { reasonId: null, comment },
    });
  }
  const entry = audit(actor, member, "subscription.cancel-now", input.reason, title);
  if (row.provider === "stripe") {
    return applyWithAudit(ctx, await stripeCancelNow(ctx, { row, comment }), entry, {
      cancellation: { reasonId: null, comment },
    });
  }
  const now = ctx.now();
  return applyWithAudit(
    ctx,
    snapshotOfLocal(row, now, {
      status: "expired",
      currentPeriodEnd: now,
      cancelAtPeriodEnd: false,
      canceledAt: now,
      pendingPlanId: null,
      trialEndsAt: row.trialEndsAt && row.trialEndsAt.getTime() > now.getTime() ? now : row.trialEndsAt,
    }),
    entry,
    { cancellation: { reasonId: null, comment } },
  );
}

export async function adminResumeSubscription(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: Actor; userId: number } & { reason: string },
) {
  const member = await requireMember(ctx, userId);
  const row = await requireLiveRow(ctx, userId);
  if (!row.cancelAtPeriodEnd) throw new AppError(409, ["This subscription is not set to end."]);
  const result = await providerFor(row.provider).resume(ctx, row);
  if (result.kind !== "snapshot") throw new Error("billing: a provider answered a resume with a redirect");
  return applyWithAudit(
    ctx,
    result.snapshot,
    audit(actor, member, "subscription.resume", input.reason, await planTitle(ctx, row.planId)),
    { clearCancellation: true },
  );
}

/**
 * Moves the member to another plan at once. Local: the period already paid keeps its dates and the
 * next renewal charges the new price. Stripe: the price is swapped with prorations, as Stripe bills them.
 */
export async function adminSwitchPlan(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: Actor; userId: number } & { plan: string; reason: string },
) {
  const member = await requireMember(ctx, userId);
  const row = await requireLiveRow(ctx, userId);
  const plan = await getActivePlanByName(ctx, { name: input.plan });
  if (!plan)
    throw new AppError(422, ["Choose one of the active plans."], { plan: ["Choose one of the active plans."] });
  if (plan.id === row.planId) throw new AppError(409, [`${member.name} is already on ${plan.title}.`]);
  const entry = audit(actor, member, "subscription.switch-plan", input.reason, plan.title);
  if (row.provider === "stripe") return applyWithAudit(ctx, await stripeSwitchPlanNow(ctx, { row, plan }), entry);
  return applyWithAudit(
    ctx,
    snapshotOfLocal(row, ctx.now(), { planId: plan.id, pendingPlanId: null, unitAmountCents: plan.priceCents }),
    entry,
  );
}

/**
 * Refunds one paid invoice of the member in full: Stripe refunds the payment behind it; the local
 * provider records the refund. The invoice shows it from then on. A refund does not end access:
 * cancel as well when that is what was agreed.
 */
export async function refundInvoice(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: Actor; userId: number } & { invoiceId: number; reason: string },
) {
  const member = await requireMember(ctx, userId);
  const [row] = await ctx.primary
    .select({ invoice: invoices, provider: subscriptions.provider })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.userId, userId)))
    .limit(1);
  if (!row) throw notFound("We couldn't find that payment.");
  const invoice = row.invoice;
  if (invoice.status !== "paid" || invoice.amountCents <= 0) {
    throw new AppError(409, ["Only a paid invoice with an amount can be refunded."]);
  }
  if (invoice.refundedCents > 0) throw new AppError(409, ["This payment has already been refunded."]);
  const refundId =
    row.provider === "stripe"
      ? await refundStripeInvoice(ctx, { invoice, reason: input.reason })
      : `local_re_${invoice.id}_${ctx.now().getTime()}`;
  const now = ctx.now();
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(invoices)
      .set({ refundedCents: invoice.amountCents, refundedAt: now, providerRefundId: refundId, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.refundedCents, 0)))
      .returning(),
    auditInsertWhen(ctx, {
      entry: {
        actorId: actor.id,
        action: "invoice.refund",
        resource: "invoices",
        recordId: invoice.id,
        recordLabel: `${invoice.description} · ${member.name}`.slice(0, 200),
        subjectUserId: member.id,
        reason: input.reason,
        changes: diffChanges(
          { refundedCents: 0, refundedAt: null },
          { refundedCents: invoice.amountCents, refundedAt: now },
        ),
      },
      condition: sql`changes() > 0`,
    }),
  ]);
  if (!updated[0]) throw new AppError(409, ["This payment has already been refunded."]);
  return updated[0];
}
