import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailingList } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import {
  confirmNewsletterSubscription,
  NEWSLETTER_IP_RATE_LIMIT,
  SUBSCRIBE_MESSAGE,
  undoNewsletterUnsubscribe,
  unsubscribeFromNewsletter,
} from "../../server/services/newsletter";
import { outboxFor, postJson, testApp, testEnv } from "./helpers";

const app = testApp();
const ctx = createAppContext(testEnv);
const DAY = 24 * 60 * 60 * 1000;

let sequence = 0;
function uniqueAddress() {
  sequence += 1;
  return `reader${sequence}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}
/** A distinct client address per call, so the per-IP limit only bites in its own test. */
const freshIp = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 6)}`;

function subscribe(body: unknown, ip = freshIp()) {
  return postJson(app, "https://ahla.test/api/newsletter", body, { "CF-Connecting-IP": ip });
}

async function rowFor(email: string) {
  const [row] = await ctx.db.select().from(mailingList).where(eq(mailingList.email, email));
  return row;
}

async function mails(email: string, template: string) {
  return (await outboxFor(email)).filter((mail) => mail.template === template).sort((a, b) => a.id - b.id);
}

function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https://ahla\\.test${path.replace(/\//g, "\\/")}\\?[^\\s]+`).exec(text);
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
  return new URL(match![0]);
}

function unsubscribeLink(text: string) {
  const url = linkIn(text, "/newsletter/unsubscribe");
  return { id: Number(url.searchParams.get("id")), signature: url.searchParams.get("sig") ?? "" };
}

describe("POST /api/newsletter validation", () => {
  it("requires explicit consent (422 with the consent error)", async () => {
    for (const consent of [undefined, false, "false", "yes", null]) {
      const response = await subscribe({ email: uniqueAddress(), consent });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { errors: string[] };
      expect(body.errors).toEqual(["consent: Tick the box to agree to receive the newsletter."]);
    }
  });

  it("rejects bad emails and overlong names at the field, malformed bodies with 400, and stores nothing", async () => {
    const bad = await subscribe({ email: "not-an-email", consent: true });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: string[] }).errors[0]).toMatch(/^email: /);
    const longName = await subscribe({ email: uniqueAddress(), name: "x".repeat(81), consent: true });
    expect(longName.status).toBe(422);
    expect((await subscribe("{not json")).status).toBe(400);
    expect((await subscribe([1, 2])).status).toBe(400);
    expect(await rowFor("not-an-email")).toBeUndefined();
  });
});

describe("double opt-in", () => {
  it("subscribe → confirmation email → confirm → confirmed, with consent and a hashed token stored", async () => {
    const email = uniqueAddress();
    const response = await subscribe({ email: email.toUpperCase(), name: "Layla", consent: true, source: "blog" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { message: SUBSCRIBE_MESSAGE } });

    const pending = await rowFor(email);
    expect(pending).toMatchObject({ name: "Layla", source: "blog", confirmedAt: null, unsubscribedAt: null });
    expect(pending!.consentAt).toBeInstanceOf(Date);

    const [mail] = await mails(email, "newsletter-confirm");
    expect(mail!.subject).toBe("Confirm your subscription to the Ahla newsletter");
    const token = linkIn(mail!.text, "/newsletter/confirm").searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(pending!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending!.confirmTokenHash).not.toContain(token);
    // Every email carries an unsubscribe link.
    expect(unsubscribeLink(mail!.text).id).toBe(pending!.id);

    expect(await confirmNewsletterSubscription(ctx, { token })).toEqual({ status: "confirmed", email });
    const confirmed = await rowFor(email);
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    expect(confirmed!.confirmTokenHash).toBeNull();
    const [welcome] = await mails(email, "newsletter-welcome");
    expect(unsubscribeLink(welcome!.text).id).toBe(pending!.id);

    // Single use.
    expect(await confirmNewsletterSubscription(ctx, { token })).toEqual({ status: "invalid" });
  });

  it("rejects unknown, malformed and expired tokens", async () => {
    expect(await confirmNewsletterSubscription(ctx, { token: "" })).toEqual({ status: "invalid" });
    expect(await confirmNewsletterSubscription(ctx, { token: "<script>" })).toEqual({ status: "invalid" });
    expect(await confirmNewsletterSubscription(ctx, { token: "A".repeat(43) })).toEqual({ status: "invalid" });

    const email = uniqueAddress();
    await subscribe({ email, consent: true });
    const [mail] = await mails(email, "newsletter-confirm");
    const token = linkIn(mail!.text, "/newsletter/confirm").searchParams.get("token")!;
    const eightDaysLater = createAppContext(testEnv, { now: () => new Date(Date.now() + 8 * DAY) });
    expect(await confirmNewsletterSubscription(eightDaysLater, { token })).toEqual({ status: "invalid" });
    expect((await rowFor(email))!.confirmedAt).toBeNull();
  });

  it("answers duplicates the same way: pending gets a fresh link, confirmed gets nothing", async () => {
    const email = uniqueAddress();
    const first = await subscribe({ email, consent: true });
    const again = await subscribe({ email, consent: true });
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());

    const sent = await mails(email, "newsletter-confirm");
    expect(sent).toHaveLength(2);
    const [oldToken, newToken] = sent.map((mail) =>
      linkIn(mail.text, "/newsletter/confirm").searchParams.get("token")!,
    );
    expect(await confirmNewsletterSubscription(ctx, { token: oldToken! })).toEqual({ status: "invalid" });
    expect((await confirmNewsletterSubscription(ctx, { token: newToken! })).status).toBe("confirmed");

    const afterConfirm = await subscribe({ email, consent: true });
    expect(afterConfirm.status).toBe(202);
    expect(await afterConfirm.json()).toEqual({ data: { message: SUBSCRIBE_MESSAGE } });
    expect(await mails(email, "newsletter-confirm")).toHaveLength(2);
    expect(await ctx.db.select().from(mailingList).where(eq(mailingList.email, email))).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  it("works from the emailed link, refuses tampered links, and allows re-subscribing", async () => {
    const email = uniqueAddress();
    await subscribe({ email, consent: true });
    const [mail] = await mails(email, "newsletter-confirm");
    await confirmNewsletterSubscription(ctx, {
      token: linkIn(mail!.text, "/newsletter/confirm").searchParams.get("token")!,
    });
    const link = unsubscribeLink(mail!.text);

    const tampered = { id: link.id, signature: link.signature.replace(/^./, (c) => (c === "a" ? "b" : "a")) };
    expect(await unsubscribeFromNewsletter(ctx, tampered)).toEqual({ status: "invalid" });
    expect(await unsubscribeFromNewsletter(ctx, { id: link.id + 1000, signature: link.signature })).toEqual({
      status: "invalid",
    });
    expect(await unsubscribeFromNewsletter(ctx, { id: link.id, signature: "nope" })).toEqual({ status: "invalid" });
    expect((await rowFor(email))!.unsubscribedAt).toBeNull();

    expect(await unsubscribeFromNewsletter(ctx, link)).toEqual({ status: "unsubscribed", email });
    expect((await rowFor(email))!.unsubscribedAt).toBeInstanceOf(Date);
    // A second click changes nothing and says the same.
    expect(await unsubscribeFromNewsletter(ctx, link)).toEqual({ status: "unsubscribed", email });

    // Re-subscribing starts a new double opt-in.
    expect((await subscribe({ email, consent: true })).status).toBe(202);
    const again = await rowFor(email);
    expect(again).toMatchObject({ unsubscribedAt: null, confirmedAt: null });
    const confirmations = await mails(email, "newsletter-confirm");
    expect(confirmations).toHaveLength(2);
    const token = linkIn(confirmations[1]!.text, "/newsletter/confirm").searchParams.get("token")!;
    expect((await confirmNewsletterSubscription(ctx, { token })).status).toBe("confirmed");
  });

  it("can be undone from the same link", async () => {
    const email = uniqueAddress();
    await subscribe({ email, consent: true });
    const [mail] = await mails(email, "newsletter-confirm");
    const link = unsubscribeLink(mail!.text);
    await unsubscribeFromNewsletter(ctx, link);
    expect(await undoNewsletterUnsubscribe(ctx, link)).toEqual({ status: "resubscribed", email });
    const row = await rowFor(email);
    expect(row!.unsubscribedAt).toBeNull();
    expect(row!.confirmedAt).toBeInstanceOf(Date);
  });
});

describe("rate limit", () => {
  it("limits signups per IP with 429", async () => {
    const ip = freshIp();
    for (let index = 0; index < NEWSLETTER_IP_RATE_LIMIT.limit; index++) {
      expect((await subscribe({ email: uniqueAddress(), consent: true }, ip)).status).toBe(202);
    }
    const blocked = await subscribe({ email: uniqueAddress(), consent: true }, ip);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { errors: string[] }).errors[0]).toMatch(/try again in an hour/);
    // Another network is unaffected.
    expect((await subscribe({ email: uniqueAddress(), consent: true })).status).toBe(202);
  });
});
