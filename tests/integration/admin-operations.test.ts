import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { adminAuditLog, invoices, subscriptions, users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { getEntitlement, syncSubscription } from "../../server/services/billing";
import { fetchStripeSubscription } from "../../server/services/billing/providers/stripe";
import {
  authHeaders,
  DAY_MS,
  ensureBillingFixtures,
  FakeStripe,
  PRICE_ANNUAL,
  PRICE_MONTHLY,
  stripeEnv,
} from "./billing-helpers";
import { faultyD1 } from "./fault-env";
import { createUser, loginToken, outboxFor, testApp, testEnv } from "./helpers";

// Running the business from /api/admin/users/:id (the member page calls the same services): member
// support and subscription actions, with the local provider and with Stripe answered at its HTTP
// boundary, each leaving one audit row written in the same D1 batch as its change.

const app = testApp();
const ctx = createAppContext(testEnv);
let fixtures: Awaited<ReturnType<typeof ensureBillingFixtures>>;

beforeEach(async () => {
  fixtures = await ensureBillingFixtures();
});

// Not the shared `member`: a member page's calls go to /api/admin/users, on the env each test chooses.
async function signedIn(permissions: string[] = [], env: Env = testEnv) {
  const user = await createUser({ permissions });
  const token = await loginToken(app, user.email, user.password);
  const call = (method: string, path: string, body?: unknown, callEnv: Env = env) =>
    app.request(
      `/api/admin/users${path}`,
      {
        method,
        headers: authHeaders(token),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      callEnv,
    );
  return { user, token, call };
}

async function auditRows(subjectUserId: number) {
  return ctx.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.subjectUserId, subjectUserId))
    .orderBy(adminAuditLog.id);
}

async function latestSubscription(userId: number) {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row!;
}

describe("subscription actions with the local provider", () => {
  it("comps a month, extends it, cancels it at once, and each step is in the audit log with before → after", async () => {
    const admin = await signedIn(["admin"]);
    const member = await createUser();
    expect((await getEntitlement(ctx, { userId: member.id })).hasAccess).toBe(false);

    const comp = await admin.call("POST", `/${member.id}/subscription/comp`, {
      plan: "monthly",
      days: 30,
      reason: "Apology for the outage",
    });
    expect(comp.status).toBe(201);
    const given = await latestSubscription(member.id);
    expect(given).toMatchObject({ provider: "local", status: "active", isComplimentary: true });
    expect(given.currentPeriodEnd.getTime() - given.currentPeriodStart.getTime()).toBe(30 * DAY_MS);
    expect((await getEntitlement(ctx, { userId: member.id })).hasAccess).toBe(true);
    const [receipt] = await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, given.id));
    expect(receipt).toMatchObject({ amountCents: 0, status: "paid" });

    // A second comp while this one runs is refused: extend it instead.
    const again = await admin.call("POST", `/${member.id}/subscription/comp`, {
      plan: "monthly",
      days: 5,
      reason: "Twice",
    });
    expect(again.status).toBe(409);

    const extend = await admin.call("POST", `/${member.id}/subscription/extend`, { days: 14, reason: "Goodwill" });
    expect(extend.status).toBe(200);
    const extended = await latestSubscription(member.id);
    expect(extended.currentPeriodEnd.getTime()).toBe(given.currentPeriodEnd.getTime() + 14 * DAY_MS);

    const cancel = await admin.call("POST", `/${member.id}/subscription/cancel`, { when: "now", reason: "Asked to" });
    expect(cancel.status).toBe(200);
    expect(await latestSubscription(member.id)).toMatchObject({ status: "expired" });
    expect((await getEntitlement(ctx, { userId: member.id })).hasAccess).toBe(false);

    const rows = await auditRows(member.id);
    expect(rows.map((row) => [row.action, row.actorId, row.reason])).toEqual([
      ["subscription.comp", admin.user.id, "Apology for the outage"],
      ["subscription.extend", admin.user.id, "Goodwill"],
      ["subscription.cancel-now", admin.user.id, "Asked to"],
    ]);
    expect(rows.every((row) => row.recordId === String(given.id))).toBe(true);
    expect(rows[1]!.changes.currentPeriodEnd).toEqual({
      before: given.currentPeriodEnd.toISOString(),
      after: extended.currentPeriodEnd.toISOString(),
    });
    expect(rows[2]!.changes.status).toEqual({ before: "active", after: "expired" });
  });

  it("cancels at period end, resumes, switches plan and refunds a paid invoice", async () => {
    const admin = await signedIn(["admin"]);
    const member = await createUser();
    const memberToken = await loginToken(app, member.email, member.password);
    // The member pays for the monthly plan with the local test card (their first subscription has a trial:
    // use the annual plan after a first one so a payment exists).
    await ctx.db.insert(subscriptions).values({
      userId: member.id,
      planId: fixtures.monthly.id,
      status: "expired",
      provider: "local",
      providerSubscriptionId: `local_old_${member.id}`,
      currentPeriodStart: new Date(Date.now() - 60 * DAY_MS),
      currentPeriodEnd: new Date(Date.now() - 30 * DAY_MS),
    });
    const pay = await app.request(
      "/api/billing/checkout",
      { method: "POST", headers: authHeaders(memberToken), body: JSON.stringify({ plan: "monthly" }) },
      testEnv,
    );
    expect(pay.status).toBe(201);
    const paid = await latestSubscription(member.id);
    expect(paid.status).toBe("active");

    expect(
      (await admin.call("POST", `/${member.id}/subscription/cancel`, { when: "period-end", reason: "Moving" })).status,
    ).toBe(200);
    expect(await latestSubscription(member.id)).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true });
    expect((await getEntitlement(ctx, { userId: member.id })).hasAccess).toBe(true);
    expect((await outboxFor(member.email)).map((mail) => mail.template)).toContain("subscription-canceled");

    expect((await admin.call("POST", `/${member.id}/subscription/resume`, { reason: "Changed mind" })).status).toBe(
      200,
    );
    expect(await latestSubscription(member.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });

    const same = await admin.call("POST", `/${member.id}/subscription/switch-plan`, { plan: "monthly", reason: "x y" });
    expect(same.status).toBe(409);
    const switched = await admin.call("POST", `/${member.id}/subscription/switch-plan`, {
      plan: "annual",
      reason: "Upgrade",
    });
    expect(switched.status).toBe(200);
    expect(await latestSubscription(member.id)).toMatchObject({ planId: fixtures.annual.id, pendingPlanId: null });

    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, member.id), eq(invoices.status, "paid")));
    expect(invoice!.amountCents).toBe(fixtures.monthly.priceCents);
    const refund = await admin.call("POST", `/${member.id}/refunds`, { invoiceId: invoice!.id, reason: "Duplicate" });
    expect(refund.status).toBe(201);
    const [refunded] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(refunded).toMatchObject({ refundedCents: fixtures.monthly.priceCents });
    expect(refunded!.refundedAt).toBeInstanceOf(Date);
    // Twice is refused, and so is another member's invoice.
    expect(
      (await admin.call("POST", `/${member.id}/refunds`, { invoiceId: invoice!.id, reason: "Again" })).status,
    ).toBe(409);
    const other = await createUser();
    expect((await admin.call("POST", `/${other.id}/refunds`, { invoiceId: invoice!.id, reason: "Wrong" })).status).toBe(
      404,
    );

    const actions = (await auditRows(member.id)).map((row) => row.action);
    expect(actions).toEqual([
      "subscription.cancel",
      "subscription.resume",
      "subscription.switch-plan",
      "invoice.refund",
    ]);
  });

  it("asks for a reason and valid numbers, with field errors and nothing written", async () => {
    const admin = await signedIn(["admin"]);
    const member = await createUser();
    const bad = [
      { plan: "monthly", days: 30 },
      { plan: "monthly", days: 0, reason: "Because" },
      { plan: "monthly", days: 9999, reason: "Because" },
      { plan: "no-such-plan", days: 3, reason: "Because" },
      { plan: "monthly", days: "many", reason: "Because" },
    ];
    for (const body of bad) {
      const response = await admin.call("POST", `/${member.id}/subscription/comp`, body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(((await response.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
    }
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toEqual([]);
    expect(await auditRows(member.id)).toEqual([]);
    // Nothing running: extend, cancel, resume and switch are refused.
    for (const [path, body] of [
      ["extend", { days: 3, reason: "Because" }],
      ["cancel", { when: "now", reason: "Because" }],
      ["resume", { reason: "Because" }],
      ["switch-plan", { plan: "annual", reason: "Because" }],
    ] as const) {
      expect((await admin.call("POST", `/${member.id}/subscription/${path}`, body)).status, path).toBe(409);
    }
  });

  it("keeps every action from a visitor and from a member without the admin permission", async () => {
    const moderator = await signedIn(["community.moderate"]);
    const member = await createUser();
    const actions: Array<[string, string, unknown]> = [
      ["POST", `/${member.id}/subscription/comp`, { plan: "monthly", days: 30, reason: "Sneaky" }],
      ["POST", `/${member.id}/subscription/extend`, { days: 30, reason: "Sneaky" }],
      ["POST", `/${member.id}/subscription/cancel`, { when: "now", reason: "Sneaky" }],
      ["POST", `/${member.id}/subscription/resume`, { reason: "Sneaky" }],
      ["POST", `/${member.id}/subscription/switch-plan`, { plan: "annual", reason: "Sneaky" }],
      ["POST", `/${member.id}/refunds`, { invoiceId: 1, reason: "Sneaky" }],
      ["PATCH", `/${member.id}`, { name: "Renamed", email: member.email }],
      ["DELETE", `/${member.id}`, { reason: "Sneaky" }],
      ["GET", `/${member.id}/export`, undefined],
      ["POST", ``, { name: "New", email: "new-sneaky@example.com", sendInvite: false }],
    ];
    for (const [method, path, body] of actions) {
      const asMember = await moderator.call(method, path, body);
      expect(asMember.status, `${method} ${path}`).toBe(403);
      const asVisitor = await app.request(
        `/api/admin/users${path}`,
        {
          method,
          headers: { "Content-Type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        testEnv,
      );
      expect(asVisitor.status, `${method} ${path}`).toBe(401);
    }
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toEqual([]);
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(unchanged!.name).toBe(member.name);
    expect(await auditRows(member.id)).toEqual([]);
  });

  it("writes the audit row in the same batch: when it fails, the change is not made either", async () => {
    const admin = await signedIn(["admin"]);
    const member = await createUser();
    expect(
      (await admin.call("POST", `/${member.id}/subscription/comp`, { plan: "monthly", days: 10, reason: "Start" }))
        .status,
    ).toBe(201);
    const before = await latestSubscription(member.id);

    const fault = faultyD1({ match: /^insert into "admin_audit_log"/i });
    const extend = await admin.call(
      "POST",
      `/${member.id}/subscription/extend`,
      { days: 5, reason: "x y z" },
      fault.env,
    );
    expect(extend.status).toBe(500);
    expect(fault.failed().length).toBeGreaterThan(0);
    expect(await latestSubscription(member.id)).toEqual(before);

    const rename = await admin.call("PATCH", `/${member.id}`, { name: "Never saved", email: member.email }, fault.env);
    expect(rename.status).toBe(500);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.name).toBe(member.name);

    const other = await createUser();
    const comp = await admin.call(
      "POST",
      `/${other.id}/subscription/comp`,
      { plan: "monthly", days: 10, reason: "Start" },
      fault.env,
    );
    expect(comp.status).toBe(500);
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, other.id))).toEqual([]);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.userId, other.id))).toEqual([]);
    expect((await auditRows(member.id)).map((entry) => entry.action)).toEqual(["subscription.comp"]);
  });
});

describe("member support", () => {
  it("creates a member with a set-password email, edits them (email pending until confirmed), exports and deletes", async () => {
    const admin = await signedIn(["admin"]);
    const email = `created-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await admin.call("POST", "", { name: "Rana", email, level: "beginner", sendInvite: true });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; email: string } };
    expect(data.email).toBe(email);
    const invite = (await outboxFor(email)).at(-1)!;
    expect(invite.template).toBe("account-invite");
    expect(invite.text).toContain("/auth/resetpassword?token=");
    const duplicate = await admin.call("POST", "", { name: "Rana 2", email, sendInvite: false });
    expect(duplicate.status).toBe(409);

    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const edit = await admin.call("PATCH", `/${data.id}`, { name: "Rana H.", email: newEmail, level: "intermediate" });
    expect(edit.status).toBe(200);
    const [edited] = await ctx.db.select().from(users).where(eq(users.id, data.id));
    expect(edited).toMatchObject({ name: "Rana H.", level: "intermediate", email, pendingEmail: newEmail });
    expect((await outboxFor(newEmail)).map((mail) => mail.template)).toEqual(["email-change-confirm"]);

    const exported = await admin.call("GET", `/${data.id}/export`);
    expect(exported.status).toBe(200);
    const dump = (await exported.json()) as { data: { account: Record<string, unknown> } };
    expect(dump.data.account).toMatchObject({ id: data.id, name: "Rana H.", email });
    expect(JSON.stringify(dump)).not.toMatch(/passwordHash|password_hash|tokenHash/);

    const self = await admin.call("DELETE", `/${admin.user.id}`, { reason: "Trying" });
    expect(self.status).toBe(409);
    const removed = await admin.call("DELETE", `/${data.id}`, { reason: "Asked by email" });
    expect(removed.status).toBe(204);
    const [gone] = await ctx.db.select().from(users).where(eq(users.id, data.id));
    expect(gone).toMatchObject({ name: "Deleted member", passwordHash: null });
    expect(gone!.deletedAt).toBeInstanceOf(Date);

    const rows = await auditRows(data.id);
    expect(rows.map((row) => row.action)).toEqual([
      "user.create",
      "user.update",
      "user.email-change-requested",
      "user.export",
      "user.delete",
    ]);
    // Erased with the account: no name or address left in the rows about them.
    expect(JSON.stringify(rows)).not.toContain("Rana");
    expect(JSON.stringify(rows)).not.toContain(newEmail);
  });
});

describe("subscription actions with Stripe", () => {
  let stripe: FakeStripe;
  let fetchSpy: MockInstance;
  beforeEach(() => {
    stripe = new FakeStripe();
    fetchSpy = stripe.install();
  });
  afterEach(() => fetchSpy.mockRestore());

  /** A member paying monthly at Stripe, with the paid invoice, as the webhook would have stored it. */
  async function stripeSubscriber() {
    const member = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const id = stripe.nextId("sub");
    const invoiceId = stripe.nextId("in");
    stripe.invoices.set(invoiceId, {
      id: invoiceId,
      subscription: id,
      status: "paid",
      amount: 1200,
      attemptCount: 1,
      created: now,
      periodStart: now,
      periodEnd: now + 30 * 86400,
      paidAt: now,
    });
    stripe.subscriptions.set(id, {
      id,
      customer: stripe.nextId("cus"),
      userId: member.id,
      price: PRICE_MONTHLY,
      status: "active",
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      trialEnd: null,
      periodStart: now,
      periodEnd: now + 30 * 86400,
      latestInvoice: invoiceId,
    });
    const stripeCtx = createAppContext(stripeEnv);
    await syncSubscription(stripeCtx, { snapshot: await fetchStripeSubscription(stripeCtx, { subscriptionId: id }) });
    return { member, providerId: id, invoiceId };
  }

  it("extends with a trial to the new date, switches price, refunds the payment and cancels now, all at Stripe", async () => {
    const admin = await signedIn(["admin"], stripeEnv);
    const { member, providerId, invoiceId } = await stripeSubscriber();
    const row = await latestSubscription(member.id);
    expect(row).toMatchObject({ provider: "stripe", status: "active" });

    const extend = await admin.call("POST", `/${member.id}/subscription/extend`, { days: 10, reason: "Outage" });
    expect(extend.status).toBe(200);
    const extendCall = stripe.calls.find((call) => call.params.has("trial_end"))!;
    expect(extendCall.path).toBe(`/v1/subscriptions/${providerId}`);
    expect(Number(extendCall.params.get("trial_end")) * 1000).toBe(row.currentPeriodEnd.getTime() + 10 * DAY_MS);
    expect(extendCall.params.get("proration_behavior")).toBe("none");
    expect(extendCall.idempotencyKey).toMatch(/^ahla-extend-/);
    expect((await latestSubscription(member.id)).currentPeriodEnd.getTime()).toBe(
      row.currentPeriodEnd.getTime() + 10 * DAY_MS,
    );

    const switched = await admin.call("POST", `/${member.id}/subscription/switch-plan`, {
      plan: "annual",
      reason: "Upgrade",
    });
    expect(switched.status).toBe(200);
    const switchCall = stripe.calls.find((call) => call.params.has("items[0][price]"))!;
    expect(switchCall.params.get("items[0][price]")).toBe(PRICE_ANNUAL);
    expect(switchCall.params.get("items[0][id]")).toBe(`si_${providerId}`);
    expect(switchCall.params.get("proration_behavior")).toBe("create_prorations");
    expect(await latestSubscription(member.id)).toMatchObject({ planId: fixtures.annual.id });

    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.providerInvoiceId, invoiceId));
    const refund = await admin.call("POST", `/${member.id}/refunds`, {
      invoiceId: invoice!.id,
      reason: "Charged twice",
    });
    expect(refund.status).toBe(201);
    const retrieve = stripe.calls.find((call) => call.path === `/v1/invoices/${invoiceId}`)!;
    expect(
      [...retrieve.params.entries()].filter(([key]) => key.startsWith("expand")).map(([, value]) => value),
    ).toContain("payments");
    const refundCall = stripe.calls.find((call) => call.path === "/v1/refunds")!;
    expect(refundCall.params.get("payment_intent")).toBe(`pi_${invoiceId}`);
    expect(refundCall.params.get("amount")).toBe("1200");
    expect(refundCall.idempotencyKey).toBe(`ahla-refund-${invoice!.id}`);
    const [refunded] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(refunded).toMatchObject({ refundedCents: 1200, providerRefundId: [...stripe.refunds.keys()][0] });

    const cancel = await admin.call("POST", `/${member.id}/subscription/cancel`, { when: "now", reason: "Fraud" });
    expect(cancel.status).toBe(200);
    expect(
      stripe.calls.some((call) => call.method === "DELETE" && call.path === `/v1/subscriptions/${providerId}`),
    ).toBe(true);
    expect(await latestSubscription(member.id)).toMatchObject({ status: "expired" });
    expect((await getEntitlement(createAppContext(stripeEnv), { userId: member.id })).hasAccess).toBe(false);

    expect((await auditRows(member.id)).map((entry) => entry.action)).toEqual([
      "subscription.extend",
      "subscription.switch-plan",
      "invoice.refund",
      "subscription.cancel-now",
    ]);
  });

  it("leaves D1 and the log untouched when Stripe refuses, and tells the admin", async () => {
    const admin = await signedIn(["admin"], stripeEnv);
    const { member } = await stripeSubscriber();
    const before = await latestSubscription(member.id);
    stripe.failWith = 500;
    const extend = await admin.call("POST", `/${member.id}/subscription/extend`, { days: 10, reason: "Outage" });
    expect(extend.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(await extend.json())).not.toMatch(/Stripe's end|sk_test/);
    expect(await latestSubscription(member.id)).toEqual(before);
    expect(await auditRows(member.id)).toEqual([]);
  });
});

describe("the audit log covers the admin's other writes", () => {
  it("logs registry creates, updates and deletes with before → after, and the lesson workspace's transcript saves", async () => {
    const admin = await signedIn(["admin"]);
    const api = (method: string, path: string, body?: unknown) =>
      app.request(
        `/api${path}`,
        { method, headers: authHeaders(admin.token), ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
        testEnv,
      );
    const created = await api("POST", "/admin/faqs", {
      question: "Is there a free trial?",
      answer: "Seven days on every plan.",
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    expect((await api("PATCH", `/admin/faqs/${id}`, { answer: "Seven days, on your first plan." })).status).toBe(200);
    expect((await api("DELETE", `/admin/faqs/${id}`)).status).toBe(200);
    const faqRows = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.resource, "faqs"), eq(adminAuditLog.recordId, String(id))))
      .orderBy(adminAuditLog.id);
    expect(faqRows.map((row) => [row.action, row.actorId])).toEqual([
      ["create", admin.user.id],
      ["update", admin.user.id],
      ["delete", admin.user.id],
    ]);
    expect(faqRows[0]!.changes.question).toEqual({ after: "Is there a free trial?" });
    expect(faqRows[1]!.changes).toEqual({
      answer: { before: "Seven days on every plan.", after: "Seven days, on your first plan." },
    });
    expect(faqRows[2]!.recordLabel).toBe("Is there a free trial?");

    const { createLesson } = await import("../fixtures/lessons");
    const { video } = await createLesson(ctx, { cues: [] });
    const saved = await api("PUT", `/admin/lessons/${video.id}/cues`, {
      cues: [{ startMs: 0, endMs: 1500, arabic: "مرحبا", transliteration: "marhaba", english: "hello" }],
    });
    expect(saved.status).toBe(200);
    const [transcript] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.resource, "videos"), eq(adminAuditLog.recordId, String(video.id))));
    expect(transcript).toMatchObject({ action: "lesson.transcript-save", actorId: admin.user.id });
    expect(transcript!.changes.lines).toEqual({ before: 0, after: 1 });
  });
});
