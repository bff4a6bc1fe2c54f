import { and, eq, gt, inArray, isNull, lte, ne, or } from "drizzle-orm";
import { plans, subscriptions } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { sendBillingEmail } from "./emails";
import { getPlanById } from "./plans";
import { providerFor } from "./providers";
import { syncSubscription } from "./sync";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Stripe rows the cron re-reads even without a reason (a lost webhook is found within a day). */
export const STALE_AFTER_MS = DAY_MS;
/** Stripe rows this close to their period end are re-read hourly. */
export const NEAR_RENEWAL_MS = DAY_MS;
/** Renewal reminders: a week before a yearly renewal, three days before a monthly one or a trial's end. */
export const REMINDER_LEAD_MS = { year: 7 * DAY_MS, month: 3 * DAY_MS, trial: 3 * DAY_MS } as const;

export interface ReconcileReport {
  checked: number;
  changed: number;
  remindersSent: number;
  errors: Array<{ subscriptionId: number; provider: string; message: string }>;
}

export interface ReconcileOptions {
  /** Where provider failures go besides the report (the scheduled handler passes Sentry). */
  onError?: (error: unknown, context: { subscriptionId: number; provider: string }) => void;
}

/**
 * The cron's billing pass. It asks the provider about every subscription that has reached its period
 * end (renew or expire), every Stripe one near renewal or not confirmed for a day, applies each answer
 * through `syncSubscription`, then sends renewal reminders. Idempotent: right after a run, nothing is
 * due and a second run writes nothing. A provider failure leaves that row as it was and is reported.
 */
export async function reconcileSubscriptions(
  ctx: AppContext,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = ctx.now();
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        ne(subscriptions.status, "expired"),
        or(
          lte(subscriptions.currentPeriodEnd, now),
          and(
            eq(subscriptions.provider, "stripe"),
            or(
              isNull(subscriptions.syncedAt),
              lte(subscriptions.syncedAt, at(-STALE_AFTER_MS)),
              and(lte(subscriptions.currentPeriodEnd, at(NEAR_RENEWAL_MS)), lte(subscriptions.syncedAt, at(-HOUR_MS))),
            ),
          ),
        ),
      ),
    );

  const report: ReconcileReport = { checked: 0, changed: 0, remindersSent: 0, errors: [] };
  for (const row of due) {
    report.checked += 1;
    try {
      const snapshot = await providerFor(row.provider).fetchSubscription(ctx, row);
      const result = await syncSubscription(ctx, { snapshot, markSynced: true });
      if (result.outcome === "updated" || result.outcome === "created") report.changed += 1;
    } catch (error) {
      const context = { subscriptionId: row.id, provider: row.provider };
      report.errors.push({ ...context, message: error instanceof Error ? error.message : String(error) });
      console.error(`billing: could not reconcile subscription ${row.id} with ${row.provider}`, error);
      options.onError?.(error, context);
    }
  }
  report.remindersSent = await sendRenewalReminders(ctx);
  return report;
}

/** One reminder per period, recorded before sending so two overlapping runs cannot both send it. */
export async function sendRenewalReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const horizon = new Date(now.getTime() + Math.max(...Object.values(REMINDER_LEAD_MS)));
  const candidates = await ctx.db
    .select({ subscription: subscriptions, interval: plans.interval })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        inArray(subscriptions.status, ["active", "trialing"]),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, horizon),
      ),
    );
  let sent = 0;
  for (const { subscription: row, interval } of candidates) {
    const trial = row.status === "trialing";
    const lead = trial ? REMINDER_LEAD_MS.trial : REMINDER_LEAD_MS[interval];
    if (row.currentPeriodEnd.getTime() - now.getTime() > lead) continue;
    if (row.renewalReminderSentFor?.getTime() === row.currentPeriodEnd.getTime()) continue;
    // The plan before the claim: nothing that can fail stands between claiming the reminder and sending it.
    const plan = await getPlanById(ctx, { id: row.pendingPlanId ?? row.planId });
    if (!plan) continue;
    const [claimed] = await ctx.db
      .update(subscriptions)
      .set({ renewalReminderSentFor: row.currentPeriodEnd, version: row.version + 1, updatedAt: now })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.version, row.version)))
      .returning({ id: subscriptions.id });
    if (!claimed) continue;
    const reminder = { kind: "renewal-reminder", plan, renewsAt: row.currentPeriodEnd, trial } as const;
    if (!(await sendBillingEmail(ctx, { userId: row.userId, email: reminder }))) {
      // Not sent: give the claim back (unless another writer has moved the row on since), so the next run
      // sends it; kept, it marked a reminder nobody received as sent (tests/integration/faults.test.ts).
      await ctx.db
        .update(subscriptions)
        .set({ renewalReminderSentFor: row.renewalReminderSentFor, version: row.version + 2, updatedAt: now })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.version, row.version + 1)));
      continue;
    }
    sent += 1;
  }
  return sent;
}
