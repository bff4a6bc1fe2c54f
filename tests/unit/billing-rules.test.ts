import { describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { hasAccessAt, RENEWAL_LEEWAY_MS } from "../../server/services/billing/entitlement";
import { addInterval } from "../../server/services/billing/plans";
import { mapStripeStatus, toInvoiceSnapshot } from "../../server/services/billing/providers/stripe";
import { annualSavings } from "../../app/features/billing/components/plan-card";

const now = new Date("2030-06-15T00:00:00Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe("hasAccessAt", () => {
  it("keeps paying states until the period end, canceled exactly until it, expired never", () => {
    expect(hasAccessAt({ status: "active", currentPeriodEnd: at(1) }, now)).toBe(true);
    expect(hasAccessAt({ status: "active", currentPeriodEnd: at(-RENEWAL_LEEWAY_MS + 1) }, now)).toBe(true);
    expect(hasAccessAt({ status: "active", currentPeriodEnd: at(-RENEWAL_LEEWAY_MS) }, now)).toBe(false);
    expect(hasAccessAt({ status: "trialing", currentPeriodEnd: at(1) }, now)).toBe(true);
    expect(hasAccessAt({ status: "past_due", currentPeriodEnd: at(1) }, now)).toBe(true);
    expect(hasAccessAt({ status: "past_due", currentPeriodEnd: at(0) }, now)).toBe(false);
    expect(hasAccessAt({ status: "canceled", currentPeriodEnd: at(1) }, now)).toBe(true);
    expect(hasAccessAt({ status: "canceled", currentPeriodEnd: at(0) }, now)).toBe(false);
    expect(hasAccessAt({ status: "expired", currentPeriodEnd: at(1e9) }, now)).toBe(false);
  });
});

describe("mapStripeStatus", () => {
  const map = (status: Stripe.Subscription.Status, cancelAtPeriodEnd = false, cancelAt: number | null = null) =>
    mapStripeStatus({ status, cancel_at_period_end: cancelAtPeriodEnd, cancel_at: cancelAt });
  it("folds Stripe's statuses into ours", () => {
    expect(map("trialing")).toBe("trialing");
    expect(map("active")).toBe("active");
    expect(map("active", true)).toBe("canceled");
    expect(map("trialing", false, 1_900_000_000)).toBe("canceled");
    expect(map("past_due")).toBe("past_due");
    expect(map("past_due", true)).toBe("past_due");
    for (const ended of ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"] as const) {
      expect(map(ended)).toBe("expired");
    }
  });
});

describe("toInvoiceSnapshot", () => {
  const invoice = (fields: Record<string, unknown>) =>
    ({
      id: "in_1",
      status: "open",
      amount_due: 1200,
      amount_paid: 0,
      attempt_count: 0,
      currency: "usd",
      created: 1_900_000_000,
      period_start: 1_899_000_000,
      period_end: 1_900_000_000,
      hosted_invoice_url: "https://invoice.stripe.com/i/in_1",
      status_transitions: { paid_at: null },
      lines: { data: [{ description: "1 × Monthly", period: { start: 1_900_000_000, end: 1_902_592_000 } }] },
      ...fields,
    }) as unknown as Stripe.Invoice;
  it("reads paid, failed (attempted) and open invoices with the line's period", () => {
    expect(
      toInvoiceSnapshot(
        invoice({ status: "paid", amount_paid: 1200, status_transitions: { paid_at: 1_900_000_100 } }),
        "x",
      ),
    ).toMatchObject({
      status: "paid",
      amountCents: 1200,
      paidAt: new Date(1_900_000_100_000),
      periodStart: new Date(1_900_000_000_000),
      description: "1 × Monthly",
    });
    expect(toInvoiceSnapshot(invoice({ attempt_count: 1 }), "x")?.status).toBe("failed");
    expect(toInvoiceSnapshot(invoice({}), "x")?.status).toBe("open");
    expect(toInvoiceSnapshot(invoice({ status: "uncollectible" }), "x")?.status).toBe("failed");
    expect(toInvoiceSnapshot(invoice({ status: "draft" }), "x")).toBeNull();
  });
});

describe("plan arithmetic", () => {
  it("adds calendar months and years in UTC", () => {
    expect(addInterval(new Date("2030-01-15T10:00:00Z"), "month").toISOString()).toBe("2030-02-15T10:00:00.000Z");
    expect(addInterval(new Date("2030-01-15T10:00:00Z"), "year").toISOString()).toBe("2031-01-15T10:00:00.000Z");
  });
  it("computes the annual saving against twelve monthly payments", () => {
    const monthly = {
      name: "monthly",
      title: "Monthly",
      description: "",
      priceCents: 1200,
      currency: "usd",
      interval: "month" as const,
      trialDays: 7,
      features: [],
      levelTags: [],
    };
    const annual = { ...monthly, name: "annual", title: "Annual", priceCents: 9900, interval: "year" as const };
    expect(annualSavings(annual, [monthly, annual])).toEqual({ savedCents: 4500, percent: 31, perMonthCents: 825 });
    expect(annualSavings(monthly, [monthly, annual])).toBeNull();
  });
});
