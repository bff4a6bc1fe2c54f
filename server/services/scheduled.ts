import { and, lt, sql } from "drizzle-orm";
import { Toucan } from "toucan-js";
import {
  apiIdempotencyKeys,
  mailOutbox,
  oauthStates,
  passwordResetTokens,
  rateLimits,
  signInLinks,
  webhookEvents,
} from "#drizzle/schema";
import { createAppContext, type AppContext } from "../context";
import type { Env } from "../env";
import { IDEMPOTENCY_WINDOW_MS, OUTBOX_RETENTION_DAYS } from "../lib/config";
import { reconcileSubscriptions, type ReconcileReport } from "./billing";
import { repairCatalogueCounters, type CounterRepairReport } from "./catalog/counters";
import { runReminderCron, type ReminderCronReport } from "./reminders/cron";
import { handleReminderQueue } from "./reminders/queue";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe retries a webhook for three days; ids older than this can no longer come back. */
const WEBHOOK_EVENT_RETENTION_MS = 30 * DAY_MS;

export interface ScheduledReport {
  /** The catalogue counters' check (server/services/catalog/counters.ts); null when it failed (reported). */
  counters: CounterRepairReport | null;
  billing: ReconcileReport;
  reminders: ReminderCronReport;
}

/** Sentry for code that runs without a request (the cron); null without a DSN. */
function createBackgroundReporter(ctx: AppContext) {
  if (!ctx.config.sentryDsn) return null;
  const pending: Promise<unknown>[] = [];
  const toucan = new Toucan({
    dsn: ctx.config.sentryDsn,
    release: ctx.config.release,
    environment: ctx.config.environment,
    context: { waitUntil: (promise: Promise<unknown>) => pending.push(promise) },
  });
  return { toucan, flush: () => Promise.allSettled(pending) };
}

/**
 * Periodic jobs, run by the Worker's cron with the time it fired (`now`, injectable for tests and
 * /dev/cron). Each job is idempotent: a second run at the same time finds nothing left to do.
 * Reminder emails (docs/reminders.md) go last: the members due at this hour are handed to the REMINDERS
 * queue, or, where no queue is bound, delivered here one message after the other.
 */
export async function runScheduledJobs(env: Env, now: Date): Promise<ScheduledReport> {
  // No request, so no D1 session: `db` and `primary` are both the binding, which always asks the primary.
  const ctx = createAppContext(env, { now: () => now });
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await ctx.db.batch([
    ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    ctx.db.delete(passwordResetTokens).where(and(lt(passwordResetTokens.expiresAt, dayAgo))),
    // Sign-in links last 15 minutes: a day after that, used or not, a row only says someone asked.
    ctx.db.delete(signInLinks).where(lt(signInLinks.expiresAt, dayAgo)),
    // Every window and delay is a day long at most, so a counter untouched for a day counts nothing.
    ctx.db
      .delete(rateLimits)
      .where(lt(sql`coalesce(${rateLimits.lastAttemptAt}, ${rateLimits.windowStartedAt})`, dayAgo.getTime())),
    ctx.db
      .delete(webhookEvents)
      .where(lt(webhookEvents.receivedAt, new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_MS))),
    // Outbox copies hold reset and sign-in links: kept only a few days (and only in outbox mode).
    ctx.db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY_MS))),
    // Idempotency keys answer retries for a day (server/api/idempotency.ts).
    ctx.db
      .delete(apiIdempotencyKeys)
      .where(lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS))),
  ]);
  const reporter = createBackgroundReporter(ctx);
  let counters: CounterRepairReport | null = null;
  try {
    counters = await repairCatalogueCounters(ctx);
    if (counters.fixed.length > 0) {
      reporter?.toucan.setExtras({ fixed: counters.fixed });
      reporter?.toucan.captureMessage(`catalogue counters: fixed ${counters.fixed.length} that drifted`, "warning");
    }
  } catch (error) {
    // Stale counters only mislabel a few figures until the next run: the jobs below still run.
    reporter?.toucan.captureException(error);
  }
  const billing = await reconcileSubscriptions(ctx, {
    onError: (error, context) => {
      reporter?.toucan.setExtras(context);
      reporter?.toucan.captureException(error);
    },
  });
  let reminders: ReminderCronReport;
  try {
    reminders = await runReminderCron(ctx, now);
  } catch (error) {
    // The jobs above are done. Reported, and thrown so the failed run shows in the dashboard; members
    // already queued still get their mail, and a rerun at the same hour queues only those not yet sent.
    reporter?.toucan.captureException(error);
    await reporter?.flush();
    throw error;
  }
  await reporter?.flush();
  return { counters, billing, reminders };
}

/**
 * The Worker's `queue` handler: the reminder messages the cron sent (docs/reminders.md). A message that
 * fails is retried by the queue and reported like the cron's own errors.
 */
export async function runReminderQueue(env: Env, batch: Pick<MessageBatch<unknown>, "messages">): Promise<void> {
  const reporter = createBackgroundReporter(createAppContext(env));
  await handleReminderQueue(env, batch, {
    onError: (error, context) => {
      reporter?.toucan.setExtras(context);
      reporter?.toucan.captureException(error);
    },
  });
  await reporter?.flush();
}
