import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { users } from "#drizzle/schema";
import type { AppContext } from "../../context";
import type { ReminderQueueMessage } from "../../queue-messages";
import { deliverReminders, type ReminderDeliveryReport } from "./delivery";
import { REMINDER_BATCH_SIZE } from "./queue";
import { chunked, IDS_PER_QUERY, mailable, notSentFor, reminderClock, remindersOn } from "./rules";

// The cron's part: who is due now, fanned out through the REMINDERS queue.

/** Messages per `sendBatch` call (the Queues limit). */
const MESSAGES_PER_SEND = 100;
/** Rows per page of the cron's keyset scan over due members. */
const SCAN_PAGE = 500;

export interface ReminderCronReport {
  /** Members due at this hour. */
  due: number;
  /** Messages of up to REMINDER_BATCH_SIZE members. */
  messages: number;
  /** "queue": sent to the REMINDERS queue; "inline": delivered by the cron itself (no queue bound). */
  mode: "queue" | "inline";
  /** Inline only: what the deliveries did. */
  delivery: ReminderDeliveryReport | null;
}

/**
 * Every member due at `at`, by id. A first query lists the distinct (zone, hour) pairs of the members with
 * reminders on; the pairs whose hour it is now in their zone are grouped by local hour and day, and each
 * group is one keyset-paged query on the reminder index that returns only the members due. A zone nobody
 * uses costs nothing, and no page holds more than SCAN_PAGE ids.
 */
export async function findDueReminderMembers(ctx: AppContext, at: Date): Promise<number[]> {
  const pairs = await ctx.db
    .selectDistinct({ timeZone: users.timeZone, hour: users.reminderHour })
    .from(users)
    .where(and(remindersOn, mailable));
  const groups = new Map<string, { hour: number; day: string; zones: Set<string | null> }>();
  for (const pair of pairs) {
    const clock = reminderClock(at, pair.timeZone);
    if (clock.hour !== pair.hour) continue;
    const key = `${clock.hour}|${clock.day}`;
    const group = groups.get(key) ?? { hour: clock.hour, day: clock.day, zones: new Set<string | null>() };
    group.zones.add(pair.timeZone);
    groups.set(key, group);
  }

  const due: number[] = [];
  for (const group of groups.values()) {
    const named = [...group.zones].filter((zone): zone is string => zone !== null);
    const zoneChunks: Array<{ names: string[]; withNull: boolean }> = chunked(named, IDS_PER_QUERY).map((names) => ({
      names,
      withNull: false,
    }));
    if (group.zones.has(null)) zoneChunks.push({ names: [], withNull: true });
    for (const zones of zoneChunks) {
      const zoneCondition = zones.withNull ? isNull(users.timeZone) : inArray(users.timeZone, zones.names);
      let after = 0;
      for (;;) {
        const page = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              remindersOn,
              eq(users.reminderHour, group.hour),
              zoneCondition,
              notSentFor(group.day),
              mailable,
              gt(users.id, after),
            ),
          )
          .orderBy(asc(users.id))
          .limit(SCAN_PAGE);
        for (const row of page) due.push(row.id);
        if (page.length < SCAN_PAGE) break;
        after = page[page.length - 1]!.id;
      }
    }
  }
  return due.sort((a, b) => a - b);
}

/**
 * The cron's part: find who is due and hand them to the REMINDERS queue, REMINDER_BATCH_SIZE members a
 * message. Without a queue binding (the workerd tests, `npm run dev`'s Vite server if it has none) the
 * same messages are delivered here, one after the other.
 */
export async function runReminderCron(ctx: AppContext, at: Date): Promise<ReminderCronReport> {
  const due = await findDueReminderMembers(ctx, at);
  const messages: ReminderQueueMessage[] = chunked(due, REMINDER_BATCH_SIZE).map((userIds) => ({
    userIds,
    at: at.toISOString(),
  }));
  const queue = ctx.env.REMINDERS;
  if (queue) {
    for (const batch of chunked(messages, MESSAGES_PER_SEND)) {
      await queue.sendBatch(batch.map((body) => ({ body, contentType: "json" as const })));
    }
    return { due: due.length, messages: messages.length, mode: "queue", delivery: null };
  }
  const delivery: ReminderDeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  for (const message of messages) {
    const report = await deliverReminders(ctx, message);
    delivery.sent += report.sent;
    delivery.skipped += report.skipped;
    delivery.failed += report.failed;
  }
  return { due: due.length, messages: messages.length, mode: "inline", delivery };
}
