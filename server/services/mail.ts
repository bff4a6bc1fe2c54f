import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "#drizzle/schema";
import type { AppContext } from "../context";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
}

const MAIL_TIMEOUT_MS = 10_000;

/**
 * One entry point for every email. Locally (and in tests) messages land in the D1 outbox, which is the
 * mailbox itself and is purged after OUTBOX_RETENTION_DAYS. With MAIL_PROVIDER=resend they are sent
 * through Resend's HTTP API and no copy is kept: a reset or sign-in link must not stay readable in the
 * database once it has left. Answers whether the provider took the message: a provider failure is logged and
 * answered false, never thrown (a D1 failure storing an outbox copy still throws).
 */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<boolean> {
  const provider = ctx.config.mailProvider;
  if (provider === "resend") {
    if (!ctx.config.resendApiKey) throw new Error("RESEND_API_KEY is required when MAIL_PROVIDER=resend");
    let response: Response;
    try {
      response = await fetch("https://api.resend.com/emails", {
        method: "POST",
        headers: { Authorization: `Bearer ${ctx.config.resendApiKey}`, "Content-Type": "application/json" },
        // A provider that hangs must not hold the member's request: past this, it counts as unreachable.
        signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
        body: JSON.stringify({
          from: ctx.config.mailFrom,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
        }),
      });
    } catch (error) {
      // Unreachable (network error, timeout): the same as an error answer, logged and reported to the caller,
      // never thrown. Thrown, it answered 500 after the change that sent the mail was stored (a registration
      // whose account exists, a reset token) and only for accounts that exist (tests/integration/faults.test.ts).
      console.error(`mail: Resend could not be reached for a ${message.template} mail`, String(error));
      return false;
    }
    // The address and template are enough to follow up a failure; the body (links) is not logged.
    if (!response.ok) console.error(`mail: Resend answered ${response.status} for a ${message.template} mail`);
    return response.ok;
  }
  await ctx.db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    template: message.template,
    provider,
    status: "sent",
    error: null,
    createdAt: ctx.now(),
  });
  return true;
}

export async function listOutbox(ctx: AppContext, options: { to?: string; limit?: number } = {}) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit ?? 50);
}
