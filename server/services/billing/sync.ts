import { and, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { invoices, subscriptions, users } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { auditInsert, auditInsertWhen, diffChanges, LAST_INSERT_ID, type AuditEntry } from "../audit-log";
import { sendBillingEmail, type BillingEmail } from "./emails";
import { getPlanById } from "./plans";
import type { InvoiceSnapshot, SubscriptionRow, SubscriptionSnapshot } from "./types";

const HOUR_MS = 60 * 60 * 1000;
/** How often an unchanged row may record that the provider confirmed it (keeps a repeated cron run write-free). */
export const SYNC_MARK_INTERVAL_MS = HOUR_MS;
const MAX_ATTEMPTS = 4;

export interface SyncOptions {
  /** The owner when the provider does not label its subscription (Stripe checkout's client_reference_id). */
  userId?: number;
  /** A cancellation the member asked for: stored with the state change in the same write. */
  cancellation?: { reasonId: number | null; comment: string | null };
  /** The member resumed: forget the reason they gave. */
  clearCancellation?: boolean;
  /** The cron confirmed the row with the provider: note it, at most once an hour. */
  markSynced?: boolean;
  /**
   * An administrator's action: its audit row is written in the same batch as the subscription's
   * change (and only if the change lands), with the changed columns as before → after.
   */
  audit?: Omit<AuditEntry, "changes" | "recordId">;
}

export type SyncOutcome = "created" | "updated" | "unchanged" | "stale" | "unowned" | "unknown-plan";

export interface SyncResult {
  outcome: SyncOutcome;
  subscription: SubscriptionRow | null;
  /** Whether anything was written (rows or emails). */
  wrote: boolean;
}

const sameTime = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** The columns a snapshot decides, as they would be after applying it to `existing` (or to nothing). */
function desiredColumns(snapshot: SubscriptionSnapshot, existing: SubscriptionRow | null, options: SyncOptions) {
  const columns = {
    providerCustomerId: snapshot.providerCustomerId ?? existing?.providerCustomerId ?? null,
    // 0: the provider's price matches none of our plans (a new row is then refused, never stored).
    planId: snapshot.planId ?? existing?.planId ?? 0,
    status: snapshot.status,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    trialEndsAt: snapshot.trialEndsAt,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    canceledAt: snapshot.canceledAt,
    // A provider that cannot tell the card (no default payment method on the subscription) keeps the last one known.
    paymentMethodSummary: snapshot.paymentMethodSummary ?? existing?.paymentMethodSummary ?? null,
    pendingPlanId: snapshot.pendingPlanId,
    unitAmountCents:
      snapshot.unitAmountCents === undefined ? (existing?.unitAmountCents ?? null) : snapshot.unitAmountCents,
    cancelReasonId: existing?.cancelReasonId ?? null,
    cancelComment: existing?.cancelComment ?? null,
  };
  if (options.cancellation) {
    columns.cancelReasonId = options.cancellation.reasonId;
    columns.cancelComment = options.cancellation.comment;
  }
  if (options.clearCancellation) {
    columns.cancelReasonId = null;
    columns.cancelComment = null;
  }
  return columns;
}

type Columns = ReturnType<typeof desiredColumns>;

function changedColumns(existing: SubscriptionRow, desired: Columns): Partial<Columns> {
  const changes: Partial<Columns> = {};
  for (const key of Object.keys(desired) as Array<keyof Columns>) {
    const next = desired[key];
    const current = existing[key];
    const equal =
      next instanceof Date || current instanceof Date
        ? sameTime(next as Date | null, current as Date | null)
        : next === current;
    if (!equal) (changes as Record<string, unknown>)[key] = next;
  }
  return changes;
}

type StoredInvoice = Pick<
  typeof invoices.$inferSelect,
  "providerInvoiceId" | "status" | "amountCents" | "paidAt" | "receiptUrl"
>;

/** The row and the snapshot's invoices as stored, in one round trip. */
async function readStored(ctx: AppContext, snapshot: SubscriptionSnapshot) {
  const rowQuery = ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, snapshot.provider),
        eq(subscriptions.providerSubscriptionId, snapshot.providerSubscriptionId),
      ),
    )
    .limit(1);
  const invoiceIds = snapshot.invoices.map((invoice) => invoice.providerInvoiceId);
  if (invoiceIds.length === 0) return { existing: (await rowQuery)[0] ?? null, storedInvoices: [] as StoredInvoice[] };
  const [rows, storedInvoices] = await ctx.db.batch([
    rowQuery,
    ctx.db
      .select({
        providerInvoiceId: invoices.providerInvoiceId,
        status: invoices.status,
        amountCents: invoices.amountCents,
        paidAt: invoices.paidAt,
        receiptUrl: invoices.receiptUrl,
      })
      .from(invoices)
      .where(inArray(invoices.providerInvoiceId, invoiceIds)),
  ]);
  return { existing: rows[0] ?? null, storedInvoices };
}

/** An observation older than the one already applied must not win (Stripe: a slow fetch landing late). */
function isStale(snapshot: SubscriptionSnapshot, row: SubscriptionRow) {
  if (snapshot.provider === "local") return false;
  return Boolean(row.providerUpdatedAt && snapshot.observedAt.getTime() < row.providerUpdatedAt.getTime());
}

/**
 * Applies the provider's view of one subscription to D1: the only function that changes subscription
 * state. It writes only what differs, never lets an older observation overwrite a newer one, and
 * compare-and-swaps on `version`, so duplicate or out-of-order calls cannot regress the row and each
 * transition's email goes out once.
 */
export async function syncSubscription(
  ctx: AppContext,
  { snapshot, ...options }: { snapshot: SubscriptionSnapshot } & SyncOptions,
): Promise<SyncResult> {
  const now = ctx.now();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { existing, storedInvoices } = await readStored(ctx, snapshot);
    const invoiceWrites = pendingInvoiceWrites(snapshot.invoices, storedInvoices);

    if (!existing) {
      const userId = snapshot.userId ?? options.userId ?? null;
      if (userId === null || !(await userExists(ctx, userId)))
        return { outcome: "unowned", subscription: null, wrote: false };
      const desired = desiredColumns(snapshot, null, options);
      if (!desired.planId) return { outcome: "unknown-plan", subscription: null, wrote: false };
      const insert = ctx.db
        .insert(subscriptions)
        .values({
          ...desired,
          planId: desired.planId,
          userId,
          provider: snapshot.provider,
          providerSubscriptionId: snapshot.providerSubscriptionId,
          providerUpdatedAt: snapshot.observedAt,
          syncedAt: now,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      const [created] = options.audit
        ? (
            await ctx.db.batch([
              insert,
              auditInsertWhen(ctx, {
                entry: { ...options.audit, recordId: LAST_INSERT_ID, changes: diffChanges(null, desired) },
                condition: sql`changes() > 0`,
              }),
            ])
          )[0]
        : await insert;
      if (!created) continue; // created concurrently: apply the snapshot to that row instead
      await applyInvoices(ctx, created, invoiceWrites, storedInvoices);
      await sendEffects(ctx, null, created, [], snapshot);
      return { outcome: "created", subscription: created, wrote: true };
    }

    if (isStale(snapshot, existing)) return { outcome: "stale", subscription: existing, wrote: false };
    const changes = changedColumns(existing, desiredColumns(snapshot, existing, options));

    if (Object.keys(changes).length === 0) {
      // The provider already had it this way (a webhook came first): the administrator's action is still logged.
      if (options.audit) await auditInsert(ctx, { ...options.audit, recordId: existing.id, changes: {} });
      const newlyPaid = await applyInvoices(ctx, existing, invoiceWrites, storedInvoices);
      await sendEffects(ctx, existing, existing, newlyPaid, snapshot);
      let wrote = invoiceWrites.length > 0;
      if (
        options.markSynced &&
        (!existing.syncedAt || now.getTime() - existing.syncedAt.getTime() >= SYNC_MARK_INTERVAL_MS)
      ) {
        await ctx.db
          .update(subscriptions)
          .set({ syncedAt: now, updatedAt: now })
          .where(and(eq(subscriptions.id, existing.id), eq(subscriptions.version, existing.version)));
        wrote = true;
      }
      return { outcome: "unchanged", subscription: existing, wrote };
    }

    const update = ctx.db
      .update(subscriptions)
      .set({
        ...changes,
        providerUpdatedAt: snapshot.observedAt,
        syncedAt: now,
        version: existing.version + 1,
        updatedAt: now,
      })
      .where(
        and(
          eq(subscriptions.id, existing.id),
          eq(subscriptions.version, existing.version),
          snapshot.provider === "local"
            ? undefined
            : or(isNull(subscriptions.providerUpdatedAt), lte(subscriptions.providerUpdatedAt, snapshot.observedAt)),
        ),
      )
      .returning();
    const [updated] = options.audit
      ? (
          await ctx.db.batch([
            update,
            auditInsertWhen(ctx, {
              entry: {
                ...options.audit,
                recordId: existing.id,
                changes: diffChanges(existing as Record<string, unknown>, changes),
              },
              condition: sql`changes() > 0`,
            }),
          ])
        )[0]
      : await update;
    if (!updated) continue; // another writer got there first: look again
    const newlyPaid = await applyInvoices(ctx, updated, invoiceWrites, storedInvoices);
    await sendEffects(ctx, existing, updated, newlyPaid, snapshot);
    return { outcome: "updated", subscription: updated, wrote: true };
  }
  throw new Error(`billing: gave up syncing ${snapshot.provider} subscription ${snapshot.providerSubscriptionId}`);
}

async function userExists(ctx: AppContext, userId: number) {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

const TERMINAL_INVOICE_STATUSES = ["paid", "void"] as const;

/** The invoices of a snapshot that would change something: new ones, or a non-final status moving on. */
function pendingInvoiceWrites(snapshots: InvoiceSnapshot[], stored: StoredInvoice[]): InvoiceSnapshot[] {
  const byId = new Map(stored.map((row) => [row.providerInvoiceId, row]));
  return snapshots.filter((invoice) => {
    const row = byId.get(invoice.providerInvoiceId);
    if (!row) return true;
    if ((TERMINAL_INVOICE_STATUSES as readonly string[]).includes(row.status)) return false;
    return (
      row.status !== invoice.status ||
      row.amountCents !== invoice.amountCents ||
      !sameTime(row.paidAt, invoice.paidAt) ||
      row.receiptUrl !== invoice.receiptUrl
    );
  });
}

/** Upserts invoices keyed by the provider's id, in one batch; answers the ones this call turned into "paid". */
async function applyInvoices(
  ctx: AppContext,
  subscription: SubscriptionRow,
  writes: InvoiceSnapshot[],
  stored: StoredInvoice[],
): Promise<InvoiceSnapshot[]> {
  if (writes.length === 0) return [];
  const now = ctx.now();
  const statusBefore = new Map(stored.map((row) => [row.providerInvoiceId, row.status]));
  const statements = writes.map((invoice) =>
    ctx.db
      .insert(invoices)
      .values({
        subscriptionId: subscription.id,
        userId: subscription.userId,
        providerInvoiceId: invoice.providerInvoiceId,
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        status: invoice.status,
        description: invoice.description,
        receiptUrl: invoice.receiptUrl,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        paidAt: invoice.paidAt,
        createdAt: invoice.createdAt,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: invoices.providerInvoiceId,
        set: {
          status: invoice.status,
          amountCents: invoice.amountCents,
          paidAt: invoice.paidAt,
          receiptUrl: invoice.receiptUrl,
          updatedAt: now,
        },
        // Paid and void are final: a late, older view of the invoice cannot reopen it.
        setWhere: notInArray(invoices.status, [...TERMINAL_INVOICE_STATUSES]),
      })
      .returning({ status: invoices.status }),
  );
  const results = await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return writes.filter(
    (invoice, index) =>
      results[index]?.[0]?.status === "paid" && statusBefore.get(invoice.providerInvoiceId) !== "paid",
  );
}

/** Emails that follow a transition, sent after the write that made it (so once per transition). */
async function sendEffects(
  ctx: AppContext,
  before: SubscriptionRow | null,
  after: SubscriptionRow,
  newlyPaid: InvoiceSnapshot[],
  snapshot: SubscriptionSnapshot,
) {
  const wantsWelcome = !before && (after.status === "trialing" || after.status === "active");
  const wantsFailed = Boolean(before && after.status === "past_due" && before.status !== "past_due");
  const wantsCanceled = Boolean(
    before && after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd && after.status !== "expired",
  );
  const receipts = newlyPaid.filter((invoice) => invoice.amountCents > 0);
  if (!wantsWelcome && !wantsFailed && !wantsCanceled && (!before || receipts.length === 0)) return;
  const plan = await getPlanById(ctx, { id: after.planId });
  if (!plan) return;
  const emails: BillingEmail[] = [];
  if (wantsWelcome) {
    emails.push({
      kind: "welcome",
      plan,
      trialEndsAt: after.status === "trialing" ? after.trialEndsAt : null,
      periodEnd: after.currentPeriodEnd,
      // The first payment's receipt is part of the welcome.
      invoice: snapshot.invoices.find((invoice) => invoice.status === "paid" && invoice.amountCents > 0) ?? null,
    });
  }
  if (before) {
    for (const invoice of receipts) emails.push({ kind: "receipt", plan, invoice, periodEnd: after.currentPeriodEnd });
  }
  if (wantsFailed) emails.push({ kind: "payment-failed", plan, accessUntil: after.currentPeriodEnd });
  if (wantsCanceled) emails.push({ kind: "canceled", plan, accessUntil: after.currentPeriodEnd });
  for (const email of emails) await sendBillingEmail(ctx, { userId: after.userId, email });
}
