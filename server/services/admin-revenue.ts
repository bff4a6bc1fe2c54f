import { and, count, eq, gt, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { invoices, plans, subscriptions, type SubscriptionStatus } from "#drizzle/schema";
import type { AppContext } from "../context";
import { hasAccessAt } from "./billing/entitlement";

/**
 * Revenue figures for /admin/revenue and the dashboard (docs/admin-revenue.md), per calendar month (UTC) and
 * per currency, computed from the rows D1 holds today.
 *
 * D1 keeps each subscription's current state, not its history, so the past is reconstructed. Each
 * non-complimentary subscription is given one paying span [start, end):
 *
 * - start: the trial end for a subscription that had a trial (it pays from then on), otherwise the earlier of
 *   its creation and its current period start;
 * - end: for an expired one, the earlier of its period end and its last write (`updatedAt`, when it was
 *   found expired: Stripe can end one before its period does); for a canceled or past-due one, or one set to
 *   cancel, its period end; for an active one, open while it still has access (`hasAccessAt`), else its period
 *   end; a subscription still `trialing` has not paid yet, so its span is empty.
 *
 * Its value is the price it renews at (`unitAmountCents`, fixed at purchase; the plan's price when unset, as for
 * Stripe) a month, annual plans at a twelfth, on its *current* plan: D1 does not record plan changes, so a switch
 * re-prices the whole history of that subscription, and expansion is reported as 0.
 * `canceledAt` is when the member asked to cancel, not when paying stopped (the paid period runs out first), so
 * churn is dated at the period end instead. Past-due subscriptions count as paying until their period ends,
 * like their access does.
 */

export const REVENUE_DEFAULT_MONTHS = 12;
export const REVENUE_MAX_MONTHS = 36;

/** How the trials that ended in a month turned out. */
export interface TrialOutcomes {
  /** Trials whose end fell in the month (up to now). */
  ended: number;
  /** ... and that started paying at their end. */
  converted: number;
  /** ... and that ended without paying (canceled during the trial, payment never taken). */
  notConverted: number;
  /** ... still `trialing` on the row: the renewal has not been confirmed yet (webhook or cron to come). */
  pending: number;
  /** converted / (converted + notConverted), null when no trial has an outcome. */
  conversionRate: number | null;
}

export interface RevenueMonth {
  /** "2031-03": the UTC calendar month. */
  month: string;
  /** The month of `now`: its figures run to now, its MRR is the MRR now. */
  isCurrent: boolean;
  /** Monthly recurring revenue at the month's end (or now), in cents. */
  mrrCents: number;
  /** Subscriptions counted in `mrrCents`. */
  payingSubscriptions: number;
  /** MRR of the subscriptions that started paying in the month. */
  newCents: number;
  newCount: number;
  /** Always 0: plan changes are not recorded (see the module comment). */
  expansionCents: number;
  /** MRR of the subscriptions that stopped paying in the month. */
  churnCents: number;
  churnCount: number;
  /** MRR at the month's end minus MRR at the previous month's end. */
  netCents: number;
  trials: TrialOutcomes;
  /** Refunds dated in the month (by `refundedAt`), whatever month the invoice was paid in. */
  refunds: { count: number; cents: number };
  /** Paid invoices with an amount, by `paidAt`: money collected, before refunds. */
  collectedCents: number;
  paidInvoices: number;
}

export interface RevenueSeries {
  /** Lower-case ISO code, as stored ("usd"). */
  currency: string;
  /** MRR at the end of the month before the first one shown, the base of the first month's movement. */
  startingMrrCents: number;
  /** Oldest first; the last one is the current month. */
  months: RevenueMonth[];
}

export interface RevenueReport {
  months: number;
  generatedAt: Date;
  /** The first instant of the first month shown. */
  from: Date;
  /** One series per currency with anything to show, the largest MRR first; empty when there is no revenue yet. */
  series: RevenueSeries[];
}

/** A subscription's paying span and value, as reconstructed from its row (see the module comment). */
export interface PayingSpan {
  currency: string;
  /** The plan's monthly price times 12, so annual plans stay whole cents (a twelfth of the price). */
  twelfths: number;
  /** Inclusive start and exclusive end, in ms; empty (start >= end) when it never paid. */
  start: number;
  end: number;
  /** When its trial ended, or null without a trial (or one still running: then it is in the future). */
  trialEndedAt: number | null;
  stillTrialing: boolean;
}

interface SpanRow {
  status: SubscriptionStatus;
  createdAt: Date;
  updatedAt: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The price this subscription renews at, when recorded; else the plan's. */
  unitAmountCents: number | null;
  priceCents: number;
  interval: "month" | "year";
  currency: string;
}

export function payingSpan(row: SpanRow, now: Date): PayingSpan {
  const periodEnd = row.currentPeriodEnd.getTime();
  let end: number;
  if (row.status === "expired") end = Math.min(periodEnd, row.updatedAt.getTime());
  else if (row.status === "canceled" || row.status === "past_due" || row.cancelAtPeriodEnd) end = periodEnd;
  else end = hasAccessAt(row, now) ? Number.POSITIVE_INFINITY : periodEnd;

  const trialEnd = row.trialEndsAt?.getTime() ?? (row.status === "trialing" ? periodEnd : null);
  const stillTrialing = row.status === "trialing";
  const start = trialEnd ?? Math.min(row.createdAt.getTime(), row.currentPeriodStart.getTime());
  const price = row.unitAmountCents ?? row.priceCents;
  return {
    currency: row.currency.toLowerCase(),
    twelfths: row.interval === "year" ? price : price * 12,
    start,
    end: stillTrialing ? start : end,
    // A trial cut short (a Stripe subscription ended at once) ended when the subscription did.
    trialEndedAt: trialEnd === null ? null : Math.min(trialEnd, end),
    stillTrialing,
  };
}

const isPayingAt = (span: PayingSpan, instant: number) => span.start <= instant && instant < span.end;

/** UTC calendar month of a millisecond instant: "2031-03". */
export function monthKey(instant: number): string {
  return new Date(instant).toISOString().slice(0, 7);
}

/** The `count` months ending with the month of `now`, as [start, end) in ms, oldest first. */
export function monthWindows(now: Date, count: number): Array<{ month: string; start: number; end: number }> {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, index) => {
    const start = Date.UTC(year, month - (count - 1) + index, 1);
    return { month: monthKey(start), start, end: Date.UTC(year, month - (count - 1) + index + 1, 1) };
  });
}

const noTrials = (): TrialOutcomes => ({ ended: 0, converted: 0, notConverted: 0, pending: 0, conversionRate: null });

function emptyMonth(month: string, isCurrent: boolean): RevenueMonth {
  return {
    month,
    isCurrent,
    mrrCents: 0,
    payingSubscriptions: 0,
    newCents: 0,
    newCount: 0,
    expansionCents: 0,
    churnCents: 0,
    churnCount: 0,
    netCents: 0,
    trials: noTrials(),
    refunds: { count: 0, cents: 0 },
    collectedCents: 0,
    paidInvoices: 0,
  };
}

/** "2031-03" of a millisecond timestamp column, in SQLite (UTC). */
const monthOf = (column: SQLiteColumn): SQL<string> => sql<string>`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;

/**
 * MRR and its movement, trial conversion, refunds and collected revenue for the last `months` calendar months
 * (the current one to date), per currency. Three reads in one D1 batch: the subscriptions that can matter
 * in the range (every one not expired, and the expired ones whose period reached into it) with their plan,
 * and the paid and refunded invoice totals grouped by month and currency in SQL.
 */
export async function getRevenueReport(ctx: AppContext, options: { months?: number } = {}): Promise<RevenueReport> {
  const requested = options.months ?? REVENUE_DEFAULT_MONTHS;
  const months = Number.isFinite(requested)
    ? Math.min(REVENUE_MAX_MONTHS, Math.max(1, Math.trunc(requested)))
    : REVENUE_DEFAULT_MONTHS;
  const now = ctx.now();
  const nowMs = now.getTime();
  const windows = monthWindows(now, months);
  const from = new Date(windows[0]!.start);
  const untilNow = new Date(nowMs + 1);
  const paidMonth = monthOf(invoices.paidAt);
  const refundMonth = monthOf(invoices.refundedAt);

  const [subscriptionRows, collectedRows, refundRows] = await ctx.db.batch([
    ctx.db
      .select({
        status: subscriptions.status,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
        currentPeriodStart: subscriptions.currentPeriodStart,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        trialEndsAt: subscriptions.trialEndsAt,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        unitAmountCents: subscriptions.unitAmountCents,
        priceCents: plans.priceCents,
        interval: plans.interval,
        currency: plans.currency,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.isComplimentary, false),
          // An expired subscription whose period ended before the range stopped paying before it too.
          or(ne(subscriptions.status, "expired"), gte(subscriptions.currentPeriodEnd, from)),
        ),
      ),
    ctx.db
      .select({
        month: paidMonth,
        currency: invoices.currency,
        cents: sql<number>`coalesce(sum(${invoices.amountCents}), 0)`.mapWith(Number),
        total: count(),
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.status, "paid"),
          gt(invoices.amountCents, 0),
          gte(invoices.paidAt, from),
          lt(invoices.paidAt, untilNow),
        ),
      )
      .groupBy(paidMonth, invoices.currency),
    ctx.db
      .select({
        month: refundMonth,
        currency: invoices.currency,
        cents: sql<number>`coalesce(sum(${invoices.refundedCents}), 0)`.mapWith(Number),
        total: count(),
      })
      .from(invoices)
      .where(and(gt(invoices.refundedCents, 0), gte(invoices.refundedAt, from), lt(invoices.refundedAt, untilNow)))
      .groupBy(refundMonth, invoices.currency),
  ]);

  interface Accumulator {
    startingTwelfths: number;
    months: Array<RevenueMonth & { mrrTwelfths: number; newTwelfths: number; churnTwelfths: number }>;
  }
  const byCurrency = new Map<string, Accumulator>();
  const series = (currency: string): Accumulator => {
    let entry = byCurrency.get(currency);
    if (!entry) {
      entry = {
        startingTwelfths: 0,
        months: windows.map((window, index) => ({
          ...emptyMonth(window.month, index === windows.length - 1),
          mrrTwelfths: 0,
          newTwelfths: 0,
          churnTwelfths: 0,
        })),
      };
      byCurrency.set(currency, entry);
    }
    return entry;
  };
  const monthIndex = new Map(windows.map((window, index) => [window.month, index]));
  // Where each month's figures stop: its end, or now for the current month (an instant is paying at `cut - 1`).
  const cuts = windows.map((window) => Math.min(window.end, nowMs + 1));
  const indexOf = (instant: number) => {
    if (instant < windows[0]!.start || instant > nowMs) return -1;
    const index = monthIndex.get(monthKey(instant));
    return index === undefined ? -1 : index;
  };

  for (const row of subscriptionRows) {
    const span = payingSpan(row, now);
    const paid = span.start < span.end;
    // Paying at some instant from just before the range up to now.
    const paidInRange = paid && span.end >= windows[0]!.start && span.start <= nowMs;
    const trialIndex = span.trialEndedAt === null ? -1 : indexOf(span.trialEndedAt);
    if (!paidInRange && trialIndex < 0) continue;
    const entry = series(span.currency);
    if (paidInRange) {
      if (isPayingAt(span, windows[0]!.start - 1)) entry.startingTwelfths += span.twelfths;
      windows.forEach((_, index) => {
        const month = entry.months[index]!;
        if (isPayingAt(span, cuts[index]! - 1)) {
          month.mrrTwelfths += span.twelfths;
          month.payingSubscriptions += 1;
        }
      });
      const startIndex = indexOf(span.start);
      if (startIndex >= 0) {
        entry.months[startIndex]!.newTwelfths += span.twelfths;
        entry.months[startIndex]!.newCount += 1;
      }
      const endIndex = Number.isFinite(span.end) ? indexOf(span.end) : -1;
      if (endIndex >= 0) {
        entry.months[endIndex]!.churnTwelfths += span.twelfths;
        entry.months[endIndex]!.churnCount += 1;
      }
    }
    if (trialIndex >= 0) {
      const trials = entry.months[trialIndex]!.trials;
      trials.ended += 1;
      if (span.stillTrialing) trials.pending += 1;
      else if (paid) trials.converted += 1;
      else trials.notConverted += 1;
    }
  }

  for (const row of collectedRows) {
    const index = monthIndex.get(row.month);
    if (index === undefined) continue;
    const month = series(row.currency.toLowerCase()).months[index]!;
    month.collectedCents += row.cents;
    month.paidInvoices += row.total;
  }
  for (const row of refundRows) {
    const index = monthIndex.get(row.month);
    if (index === undefined) continue;
    const month = series(row.currency.toLowerCase()).months[index]!;
    month.refunds.count += row.total;
    month.refunds.cents += row.cents;
  }

  const toCents = (twelfths: number) => Math.round(twelfths / 12);
  const result: RevenueSeries[] = [...byCurrency].map(([currency, entry]) => {
    let previous = toCents(entry.startingTwelfths);
    const startingMrrCents = previous;
    return {
      currency,
      startingMrrCents,
      months: entry.months.map(({ mrrTwelfths, newTwelfths, churnTwelfths, ...month }) => {
        const mrrCents = toCents(mrrTwelfths);
        const decided = month.trials.converted + month.trials.notConverted;
        const figures: RevenueMonth = {
          ...month,
          mrrCents,
          newCents: toCents(newTwelfths),
          churnCents: toCents(churnTwelfths),
          netCents: mrrCents - previous,
          trials: { ...month.trials, conversionRate: decided > 0 ? month.trials.converted / decided : null },
        };
        previous = mrrCents;
        return figures;
      }),
    };
  });
  const hasFigures = (entry: RevenueSeries) =>
    entry.startingMrrCents > 0 ||
    entry.months.some(
      (month) =>
        month.mrrCents > 0 ||
        month.newCount > 0 ||
        month.churnCount > 0 ||
        month.trials.ended > 0 ||
        month.refunds.count > 0 ||
        month.paidInvoices > 0,
    );

  return {
    months,
    generatedAt: now,
    from,
    series: result
      .filter(hasFigures)
      .sort((a, b) => b.months.at(-1)!.mrrCents - a.months.at(-1)!.mrrCents || a.currency.localeCompare(b.currency)),
  };
}
