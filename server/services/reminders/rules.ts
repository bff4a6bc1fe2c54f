import { and, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { addDays, effectiveTimeZone, localDay } from "#core/local-day";

// Opt-in reminder emails (docs/reminders.md). The hourly cron finds the members whose chosen local hour it
// is and who have not had today's mail, and fans them out through the REMINDERS queue, up to 100 members a
// message; the consumer builds each member's digest, claims the day with a conditional update (only the
// winner sends) and sends one mail with one-click unsubscribe headers. Without a queue binding the cron
// delivers the same messages itself, one after the other.
//
// This file: the one rule of who is due when, which the cron's query and the consumer's check share.

export const REMINDER_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/**
 * Ids or zone names bound in one query: D1 takes at most 100 bound parameters per statement, and each
 * query binds a few values of its own besides the list.
 */
export const IDS_PER_QUERY = 50;
/** Weekly reminders: at least this many days between two. */
const WEEKLY_SPACING_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// The member's clock
// ---------------------------------------------------------------------------------------------

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) `at` falls on in `timeZone` (a missing or unknown zone is UTC). */
export function localHour(at: Date, timeZone: string | null | undefined): number {
  const zone = effectiveTimeZone(timeZone);
  let formatter = hourFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", hourCycle: "h23" });
    hourFormatters.set(zone, formatter);
  }
  const hour = Number(formatter.formatToParts(at).find((part) => part.type === "hour")?.value ?? "0");
  return hour === 24 ? 0 : hour;
}

/** The member's local day and hour at `at`, in the zone their reminders use. */
export function reminderClock(at: Date, timeZone: string | null | undefined) {
  const zone = effectiveTimeZone(timeZone);
  return { zone, day: localDay(at, zone), hour: localHour(at, zone) };
}

interface ReminderSchedule {
  reminderFrequency: ReminderFrequency;
  reminderHour: number;
  reminderLastSentOn: string | null;
  timeZone: string | null;
}

/**
 * The one rule of who gets a reminder at `at` (the cron's query and the consumer's check say the same):
 * reminders on, their chosen hour now in their zone, none sent today (their day), and for weekly ones at
 * least seven days since the last. Answers their local day, or null.
 */
export function reminderDueDay(member: ReminderSchedule, at: Date): string | null {
  if (member.reminderFrequency === "off") return null;
  const clock = reminderClock(at, member.timeZone);
  if (clock.hour !== member.reminderHour) return null;
  const last = member.reminderLastSentOn;
  if (last === clock.day) return null;
  if (member.reminderFrequency === "weekly" && last !== null && last > addDays(clock.day, -WEEKLY_SPACING_DAYS)) {
    return null;
  }
  return clock.day;
}

/** SQL of the last condition above for members whose local day is `day`. */
export function notSentFor(day: string): SQL {
  return or(
    isNull(users.reminderLastSentOn),
    and(eq(users.reminderFrequency, "daily"), ne(users.reminderLastSentOn, day)),
    and(eq(users.reminderFrequency, "weekly"), lte(users.reminderLastSentOn, addDays(day, -WEEKLY_SPACING_DAYS))),
  )!;
}

/** Members who can be mailed at all: not deleted or disabled, and their address confirmed. */
export const mailable = and(isNull(users.deletedAt), isNull(users.disabledAt), isNotNull(users.emailVerifiedAt))!;
export const remindersOn = inArray(users.reminderFrequency, ["daily", "weekly"]);

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
