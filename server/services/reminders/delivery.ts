import { and, eq, inArray, sql } from "drizzle-orm";
import { users } from "#drizzle/schema";
import type { AppContext } from "../../context";
import type { ReminderQueueMessage } from "../../queue-messages";
import { sendMail } from "../mail";
import { buildDigests, type DueMember, type ReminderDigest } from "./digest";
import { reminderSubject, reminderText } from "./mail-text";
import { chunked, IDS_PER_QUERY, mailable, notSentFor, reminderDueDay } from "./rules";
import { reminderUnsubscribeUrl } from "./unsubscribe-link";

// Delivering one queue message: each member still due, their digest, the day's claim, the mail.

export interface ReminderDeliveryReport {
  sent: number;
  /** Not due any more, nothing useful to say, or another run had already claimed the day. */
  skipped: number;
  /** The provider refused: the claim was released, so a retry sends it. */
  failed: number;
}

/** Delivers one message: every member in it who is still due gets their digest, at most once a day. */
export async function deliverReminders(
  ctx: AppContext,
  message: ReminderQueueMessage,
): Promise<ReminderDeliveryReport> {
  const at = new Date(message.at);
  const report: ReminderDeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  const ids = [...new Set(message.userIds)];
  const members: DueMember[] = [];
  for (const chunk of chunked(ids, IDS_PER_QUERY)) {
    const rows = await ctx.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        level: users.level,
        timeZone: users.timeZone,
        reminderFrequency: users.reminderFrequency,
        reminderHour: users.reminderHour,
        reminderLastSentOn: users.reminderLastSentOn,
        dailyGoalKind: users.dailyGoalKind,
        dailyGoalMinutes: users.dailyGoalMinutes,
        dailyGoalCards: users.dailyGoalCards,
      })
      .from(users)
      .where(and(inArray(users.id, chunk), mailable));
    for (const row of rows) {
      // Still due: the member may have changed their hour or turned reminders off since the cron ran.
      const day = reminderDueDay(row, at);
      if (day === null || row.reminderFrequency === "off") continue;
      members.push({
        id: row.id,
        email: row.email,
        name: row.name,
        level: row.level,
        frequency: row.reminderFrequency,
        hour: row.reminderHour,
        lastSentOn: row.reminderLastSentOn,
        day,
        goal: {
          kind: row.dailyGoalKind,
          target: row.dailyGoalKind === "minutes" ? row.dailyGoalMinutes : row.dailyGoalCards,
        },
      });
    }
  }
  report.skipped += ids.length - members.length;

  const digests = await buildDigests(ctx, members, at);
  for (const member of members) {
    const digest = digests.get(member.id)!;
    if (!hasNews(digest)) {
      report.skipped += 1;
      continue;
    }
    if (!(await claimDay(ctx, member))) {
      report.skipped += 1;
      continue;
    }
    const sent = await sendReminderMail(ctx, member, digest);
    if (sent) {
      report.sent += 1;
    } else {
      await releaseDay(ctx, member);
      report.failed += 1;
    }
  }
  return report;
}

function hasNews(digest: ReminderDigest): boolean {
  return digest.flashcardsDue > 0 || digest.wordsDue > 0 || digest.streakAtRisk !== null || digest.lessons.length > 0;
}

/**
 * The day's claim: sets `reminder_last_sent_on` to the member's day only if no run has set it yet (and
 * their settings are still the ones this run judged). Exactly one of two concurrent runs changes the row,
 * so only one sends, whatever the cron retries or the queue redelivers.
 */
async function claimDay(ctx: AppContext, member: DueMember): Promise<boolean> {
  const claimed = await ctx.db
    .update(users)
    // `updated_at` stays: sending a reminder is not a change to the member's account.
    .set({ reminderLastSentOn: member.day, updatedAt: sql`${users.updatedAt}` })
    .where(
      and(
        eq(users.id, member.id),
        eq(users.reminderFrequency, member.frequency),
        eq(users.reminderHour, member.hour),
        notSentFor(member.day),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Gives the day back after the provider refused, so the queue's retry can send it. */
async function releaseDay(ctx: AppContext, member: DueMember): Promise<void> {
  await ctx.db
    .update(users)
    .set({ reminderLastSentOn: member.lastSentOn, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, member.id), eq(users.reminderLastSentOn, member.day)));
}

async function sendReminderMail(ctx: AppContext, member: DueMember, digest: ReminderDigest): Promise<boolean> {
  const unsubscribe = await reminderUnsubscribeUrl(ctx, { userId: member.id });
  return sendMail(ctx, {
    to: member.email,
    template: "reminder",
    subject: reminderSubject(digest),
    text: reminderText(ctx, { member, digest, unsubscribeUrl: unsubscribe }),
    // RFC 2369 and RFC 8058: the mail client's own "Unsubscribe" button POSTs to this link, one click.
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}
