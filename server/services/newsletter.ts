import { and, eq, isNull } from "drizzle-orm";
import { mailingList } from "#drizzle/schema";
import type { NewsletterSignupInput } from "#core/schemas/newsletter";
import { onPrimary, type AppContext } from "../context";
import { constantTimeEqual, hmacSha256Hex, randomToken, sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { sendMail } from "./mail";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";

// The mailing list (docs/product-rules.md#mailing-list): explicit consent, double opt-in, one-click unsubscribe.

export const NEWSLETTER_IP_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Confirmation emails per address and hour: past it the answer is the same, but nothing is sent. */
const CONFIRMATION_EMAIL_LIMIT: RateLimitRule = { limit: 3, windowMs: 60 * 60 * 1000 };
export const CONFIRM_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The one answer to every accepted signup: it never tells whether the address was already on the list. */
export const SUBSCRIBE_MESSAGE =
  "Almost done: we've sent you an email. Open the link inside to confirm your subscription.";

const TOO_MANY_SIGNUPS = "Too many signups from your network. Please try again in an hour.";

export type ConfirmResult = { status: "confirmed"; email: string } | { status: "invalid" };
export type UnsubscribeResult = { status: "unsubscribed" | "resubscribed"; email: string } | { status: "invalid" };

function unsubscribeMessage(id: number, email: string) {
  return `newsletter-unsubscribe\n${id}\n${email}`;
}

/** HMAC over the row id and address, so a link works for that one subscriber, forever, without storing it. */
export async function unsubscribeSignature(
  ctx: AppContext,
  { id, email }: { id: number; email: string },
): Promise<string> {
  return hmacSha256Hex(ctx.config.jwtSecret, unsubscribeMessage(id, email));
}

export async function unsubscribeUrl(ctx: AppContext, { id, email }: { id: number; email: string }): Promise<string> {
  const url = new URL("/newsletter/unsubscribe", ctx.config.appUrl);
  url.searchParams.set("id", String(id));
  url.searchParams.set("sig", await unsubscribeSignature(ctx, { id, email }));
  return url.toString();
}

async function sendConfirmation(
  ctx: AppContext,
  row: { id: number; email: string; name: string | null },
  token: string,
) {
  const confirm = new URL("/newsletter/confirm", ctx.config.appUrl);
  confirm.searchParams.set("token", token);
  const unsubscribe = await unsubscribeUrl(ctx, { id: row.id, email: row.email });
  const appName = ctx.config.appName;
  const greeting = row.name ? `Ahlan ${row.name},` : "Ahlan,";
  await sendMail(ctx, {
    to: row.email,
    template: "newsletter-confirm",
    subject: `Confirm your subscription to the ${appName} newsletter`,
    text: [
      greeting,
      "",
      `Someone (we hope you) asked to receive the ${appName} newsletter at this address: new lessons, dialect tips and blog posts, about twice a month.`,
      "",
      "Confirm your subscription here (the link works for 7 days):",
      confirm.toString(),
      "",
      "If it wasn't you, ignore this email: you won't hear from us again.",
      "",
      `Unsubscribe: ${unsubscribe}`,
    ].join("\n"),
  });
}

async function issueConfirmation(ctx: AppContext, row: { id: number; email: string; name: string | null }) {
  const hits = await hitRateLimit(ctx, { key: `newsletter:email:${row.email}`, rule: CONFIRMATION_EMAIL_LIMIT });
  if (hits > CONFIRMATION_EMAIL_LIMIT.limit) return;
  const token = randomToken(32);
  const now = ctx.now();
  await ctx.db
    .update(mailingList)
    .set({ confirmTokenHash: await sha256Hex(token), updatedAt: now })
    .where(eq(mailingList.id, row.id));
  await sendConfirmation(ctx, row, token);
}

/**
 * Adds an address to the list pending confirmation and emails the confirmation link. New, pending,
 * confirmed and unsubscribed addresses all get the same answer; pending ones get a fresh link,
 * unsubscribed ones start over (new consent, new confirmation), confirmed ones get nothing.
 */
export async function subscribeToNewsletter(
  ctx: AppContext,
  { meta = {}, ...input }: { meta?: { ipAddress?: string | null } } & NewsletterSignupInput,
): Promise<{ message: string }> {
  const ipHits = await hitRateLimit(ctx, {
    key: `newsletter:ip:${meta.ipAddress ?? "unknown"}`,
    rule: NEWSLETTER_IP_RATE_LIMIT,
  });
  if (ipHits > NEWSLETTER_IP_RATE_LIMIT.limit) throw new AppError(429, [TOO_MANY_SIGNUPS]);

  const email = input.email.trim().toLowerCase();
  const now = ctx.now();
  const [existing] = await ctx.db.select().from(mailingList).where(eq(mailingList.email, email)).limit(1);

  if (!existing) {
    const [created] = await ctx.db
      .insert(mailingList)
      .values({
        email,
        name: input.name ?? null,
        source: input.source,
        consentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      // Two simultaneous signups for one address: the second becomes a no-op instead of a 500.
      .onConflictDoNothing({ target: mailingList.email })
      .returning({ id: mailingList.id, email: mailingList.email, name: mailingList.name });
    if (created) await issueConfirmation(ctx, created);
    return { message: SUBSCRIBE_MESSAGE };
  }

  if (existing.unsubscribedAt) {
    await ctx.db
      .update(mailingList)
      .set({
        name: input.name ?? existing.name,
        source: input.source,
        consentAt: now,
        confirmedAt: null,
        unsubscribedAt: null,
        updatedAt: now,
      })
      .where(eq(mailingList.id, existing.id));
    await issueConfirmation(ctx, { id: existing.id, email, name: input.name ?? existing.name });
  } else if (!existing.confirmedAt) {
    await issueConfirmation(ctx, { id: existing.id, email, name: input.name ?? existing.name });
  }
  return { message: SUBSCRIBE_MESSAGE };
}

/** Confirms the subscription behind a link's token (single use, 7 days). */
export async function confirmNewsletterSubscription(
  requestCtx: AppContext,
  { token }: { token: string },
): Promise<ConfirmResult> {
  // The emailed link is a GET, and it writes: on the primary (server/lib/d1-session.ts).
  const ctx = onPrimary(requestCtx);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: "invalid" };
  const tokenHash = await sha256Hex(token);
  const [row] = await ctx.db
    .select()
    .from(mailingList)
    .where(and(eq(mailingList.confirmTokenHash, tokenHash), isNull(mailingList.unsubscribedAt)))
    .limit(1);
  if (!row) return { status: "invalid" };
  const now = ctx.now();
  if (row.updatedAt.getTime() + CONFIRM_TOKEN_LIFETIME_MS < now.getTime()) return { status: "invalid" };
  const claimed = await ctx.db
    .update(mailingList)
    .set({ confirmedAt: now, confirmTokenHash: null, updatedAt: now })
    .where(and(eq(mailingList.id, row.id), eq(mailingList.confirmTokenHash, tokenHash)))
    .returning({ id: mailingList.id });
  if (claimed.length === 0) return { status: "invalid" };
  await sendMail(ctx, {
    to: row.email,
    template: "newsletter-welcome",
    subject: `You're subscribed to the ${ctx.config.appName} newsletter`,
    text: [
      row.name ? `Ahlan wa sahlan, ${row.name}!` : "Ahlan wa sahlan!",
      "",
      `Your subscription is confirmed. About twice a month we'll send you new lessons, dialect tips and the latest posts from the ${ctx.config.appName} blog.`,
      "",
      `Read the blog: ${new URL("/blog", ctx.config.appUrl).toString()}`,
      "",
      `Unsubscribe with one click: ${await unsubscribeUrl(ctx, { id: row.id, email: row.email })}`,
    ].join("\n"),
  });
  return { status: "confirmed", email: row.email };
}

async function findBySignature(ctx: AppContext, id: number, signature: string) {
  if (!Number.isSafeInteger(id) || id < 1 || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const [row] = await ctx.db.select().from(mailingList).where(eq(mailingList.id, id)).limit(1);
  if (!row) return null;
  const expected = await unsubscribeSignature(ctx, { id: row.id, email: row.email });
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(expected), encoder.encode(signature)) ? row : null;
}

/** Whether an unsubscribe link is genuine (for pages that only show its state). */
export async function isValidUnsubscribeLink(ctx: AppContext, link: { id: number; signature: string }) {
  return (await findBySignature(ctx, link.id, link.signature)) !== null;
}

/** One click from any newsletter email. Idempotent: a second click answers "unsubscribed" again. */
export async function unsubscribeFromNewsletter(
  requestCtx: AppContext,
  { id, signature }: { id: number; signature: string },
): Promise<UnsubscribeResult> {
  // The emailed link is a GET, and it writes: on the primary (server/lib/d1-session.ts).
  const ctx = onPrimary(requestCtx);
  const row = await findBySignature(ctx, id, signature);
  if (!row) return { status: "invalid" };
  if (!row.unsubscribedAt) {
    const now = ctx.now();
    await ctx.db
      .update(mailingList)
      .set({ unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(eq(mailingList.id, row.id));
  }
  return { status: "unsubscribed", email: row.email };
}

/**
 * "That was a mistake": undoes an unsubscribe from the same signed link. The link proves the person reads
 * that inbox, so a previously confirmed address is confirmed again without a new email.
 */
export async function undoNewsletterUnsubscribe(
  ctx: AppContext,
  { id, signature }: { id: number; signature: string },
): Promise<UnsubscribeResult> {
  const row = await findBySignature(ctx, id, signature);
  if (!row) return { status: "invalid" };
  const now = ctx.now();
  await ctx.db
    .update(mailingList)
    .set({ unsubscribedAt: null, consentAt: now, confirmedAt: row.confirmedAt ?? now, updatedAt: now })
    .where(eq(mailingList.id, row.id));
  return { status: "resubscribed", email: row.email };
}
