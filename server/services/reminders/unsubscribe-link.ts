import { and, eq, ne } from "drizzle-orm";
import { users } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { constantTimeEqual, hmacSha256Hex } from "../../lib/crypto";

// The signed one-click unsubscribe link every reminder carries, and what it does.

function unsubscribePayload(userId: number) {
  return `reminders-unsubscribe\n${userId}`;
}

/** HMAC over a purpose and the member's id: the link works for that member alone, and forever. */
export function reminderUnsubscribeSignature(ctx: AppContext, { userId }: { userId: number }): Promise<string> {
  return hmacSha256Hex(ctx.config.jwtSecret, unsubscribePayload(userId));
}

export async function reminderUnsubscribeUrl(ctx: AppContext, { userId }: { userId: number }): Promise<string> {
  const url = new URL("/reminders/unsubscribe", ctx.config.appUrl);
  url.searchParams.set("u", String(userId));
  url.searchParams.set("sig", await reminderUnsubscribeSignature(ctx, { userId }));
  return url.toString();
}

export interface ReminderLink {
  userId: number;
  signature: string;
}

/** The link's parameters as given (`u`, `sig`), or null when they cannot be a link of ours. */
export function readReminderLink(params: URLSearchParams): ReminderLink | null {
  const userId = params.get("u") ?? "";
  const signature = params.get("sig") ?? "";
  if (!/^[1-9]\d{0,11}$/.test(userId) || !/^[0-9a-f]{64}$/.test(signature)) return null;
  return { userId: Number(userId), signature };
}

export async function isValidReminderLink(ctx: AppContext, link: ReminderLink | null): Promise<boolean> {
  if (!link) return false;
  const expected = await reminderUnsubscribeSignature(ctx, { userId: link.userId });
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(expected), encoder.encode(link.signature));
}

export type ReminderLinkState = "on" | "off" | "invalid";

/** What the unsubscribe page shows for a link: reminders still on, already off, or a link that is not ours. */
export async function reminderLinkState(ctx: AppContext, link: ReminderLink | null): Promise<ReminderLinkState> {
  if (!link || !(await isValidReminderLink(ctx, link))) return "invalid";
  const [row] = await ctx.db
    .select({ frequency: users.reminderFrequency })
    .from(users)
    .where(eq(users.id, link.userId));
  return row && row.frequency !== "off" ? "on" : "off";
}

/**
 * Turns the member's reminders off (RFC 8058 one-click from the mail client, or the page's button). A
 * tampered link changes nothing and answers "invalid"; a valid one answers "off" however often it is used.
 */
export async function unsubscribeFromReminders(ctx: AppContext, link: ReminderLink | null): Promise<"off" | "invalid"> {
  if (!link || !(await isValidReminderLink(ctx, link))) return "invalid";
  await ctx.db
    .update(users)
    .set({ reminderFrequency: "off", updatedAt: ctx.now() })
    .where(and(eq(users.id, link.userId), ne(users.reminderFrequency, "off")));
  return "off";
}
