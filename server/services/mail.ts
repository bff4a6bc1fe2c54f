import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "#drizzle/schema";
import type { AppContext } from "../context";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  /**
   * Extra headers of the message, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058), sent with
   * it by the provider. The outbox has no column for them yet, so a local copy keeps the body alone.
   */
  headers?: Readonly<Record<string, string>>;
}

/** A header name as RFC 5322 allows it (printable ASCII, no colon). */
const HEADER_NAME = /^[!-9;-~]+$/;
/** Headers the provider sets itself from the message's own fields: never taken from `headers`. */
const RESERVED_HEADERS = new Set(["from", "to", "cc", "bcc", "subject", "reply-to", "content-type", "date"]);

/**
 * The message's extra headers, checked: a line break in a value would let it write headers of its own
 * (header injection), so one is refused, as are malformed names and the headers the provider owns.
 */
export function checkedHeaders(headers: MailMessage["headers"]): Record<string, string> | undefined {
  if (!headers) return undefined;
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) throw new Error(`mail: "${name}" is not a header name`);
    if (RESERVED_HEADERS.has(name.toLowerCase()))
      throw new Error(`mail: the ${name} header is set by the message itself`);
    if (/[\r\n\0]/.test(value)) throw new Error(`mail: the ${name} header has a line break`);
    checked[name] = value;
  }
  return Object.keys(checked).length > 0 ? checked : undefined;
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
  const headers = checkedHeaders(message.headers);
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
          // Resend's `headers`: custom headers of the message, as given (omitted when there are none).
          headers,
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
    headers: headers ?? null,
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
