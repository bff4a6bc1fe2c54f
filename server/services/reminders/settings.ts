import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema";
import { isValidTimeZone } from "#core/local-day";
import type { AppContext } from "../../context";
import { REMINDER_FREQUENCIES, type ReminderFrequency } from "./rules";

// A member's reminder settings: how often, at which local hour, and the zone that hour is in.

export const reminderSettingsSchema = z.object({
  frequency: z.enum(REMINDER_FREQUENCIES, { error: "Choose how often: off, daily or weekly." }),
  hour: z.coerce
    .number({ error: "Choose an hour of the day." })
    .int("Choose an hour of the day.")
    .min(0, "Choose an hour of the day.")
    .max(23, "Choose an hour of the day."),
  /**
   * The browser's zone, sent only while the member has none stored. One this runtime does not know is left
   * out (reminders then keep using UTC) rather than refusing the member's choice over a hidden field.
   */
  timeZone: z.string().trim().max(64).optional().catch(undefined),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

export interface ReminderSettings {
  frequency: ReminderFrequency;
  hour: number;
  /** The stored zone, or null when none is stored yet (reminders then use UTC). */
  timeZone: string | null;
  emailVerified: boolean;
}

export async function getReminderSettings(ctx: AppContext, { userId }: { userId: number }): Promise<ReminderSettings> {
  const [row] = await ctx.db
    .select({
      frequency: users.reminderFrequency,
      hour: users.reminderHour,
      timeZone: users.timeZone,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { frequency: "off", hour: 18, timeZone: null, emailVerified: false };
  return {
    frequency: row.frequency,
    hour: row.hour,
    timeZone: row.timeZone && isValidTimeZone(row.timeZone) ? row.timeZone : null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/**
 * Saves how often and at which local hour. A zone from the browser is stored only while the member has
 * none we can use (none, or one the runtime does not know): a zone they already have, detected earlier or
 * chosen on their profile, is never overwritten from here.
 */
export async function saveReminderSettings(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & ReminderSettingsInput,
): Promise<ReminderSettings> {
  const detected = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : null;
  const stored = detected ? (await getReminderSettings(ctx, { userId })).timeZone : null;
  await ctx.db
    .update(users)
    .set({
      reminderFrequency: input.frequency,
      reminderHour: input.hour,
      ...(detected && stored === null ? { timeZone: detected } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, userId));
  return getReminderSettings(ctx, { userId });
}
