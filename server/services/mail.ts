import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../drizzle/schema";
import type { AppContext } from "../context";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
}

/**
 * One entry point for every email. Locally (and in tests) messages land in the D1 outbox; with
 * MAIL_PROVIDER=resend they are sent through Resend's HTTP API and a copy of the attempt is kept.
 */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<void> {
  const provider = ctx.config.mailProvider;
  let status: "sent" | "failed" = "sent";
  let error: string | null = null;
  if (provider === "resend") {
    if (!ctx.config.resendApiKey) throw new Error("RESEND_API_KEY is required when MAIL_PROVIDER=resend");
    const response = await fetch("https://api.resend.com/emails", {
      method: "POST",
      headers: { Authorization: `Bearer ${ctx.config.resendApiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: ctx.config.mailFrom,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
    });
    if (!response.ok) {
      status = "failed";
      error = `Resend answered ${response.status}`;
    }
  }
  await ctx.db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    template: message.template,
    provider,
    status,
    error,
    createdAt: ctx.now(),
  });
}

export async function listOutbox(ctx: AppContext, options: { to?: string; limit?: number } = {}) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit ?? 50);
}
