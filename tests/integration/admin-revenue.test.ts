import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { invoices, plans, subscriptions, users, type SubscriptionStatus } from "../../drizzle/schema";
import { loader } from "../../app/features/admin/routes/revenue";
import { parseRevenueSearch } from "../../app/features/admin/components/revenue/range";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import type { LoadContext } from "../../server/load-context";
import { getRevenueReport, monthWindows, type RevenueSeries } from "../../server/services/admin-revenue";
import { createSession } from "../../server/services/auth";
import { createUser, testEnv } from "./helpers";

// @remix-run/cloudflare is CommonJS and does not load in workerd under Vitest; it only re-exports the runtime's
// `redirect`, which the page's sign-in checks throw, so the test takes that from @remix-run/server-runtime itself.
vi.mock("@remix-run/cloudflare", async () => {
  const { redirect } = await import("@remix-run/server-runtime");
  return { redirect };
});

// A clock far from every other file's data: the report reads the months April, May and June (to date) of 2041.
const NOW = new Date("2041-06-15T12:00:00Z");
const ctx = createAppContext(testEnv, { now: () => NOW });
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A currency code no other test uses, so each scenario reads only its own rows whatever else is stored. */
function uniqueCurrency(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const pick = () => letters[Math.floor(Math.random() * letters.length)]!;
  return `q${pick()}${pick()}`;
}

async function plan(currency: string, priceCents: number, interval: "month" | "year") {
  const [row] = await ctx.db
    .insert(plans)
    .values({
      name: `revenue-${crypto.randomUUID().slice(0, 12)}`,
      title: interval === "year" ? "Annual" : "Monthly",
      priceCents,
      currency,
      interval,
    })
    .returning();
  return row!;
}

interface SubscriptionInput {
  planId: number;
  status: SubscriptionStatus;
  created: string;
  periodEnd: string;
  trialEnds?: string;
  canceled?: string;
  /** The row's last write (for an expired one, when it was found expired); the creation day by default. */
  updated?: string;
  complimentary?: boolean;
  /** The price it renews at, when it differs from the plan's today. */
  unitAmountCents?: number;
}

async function subscription(input: SubscriptionInput) {
  const [member] = await ctx.db
    .insert(users)
    .values({ email: `revenue-${crypto.randomUUID()}@example.com`, name: "Revenue member" })
    .returning({ id: users.id });
  const createdAt = at(input.created);
  const [row] = await ctx.db
    .insert(subscriptions)
    .values({
      userId: member!.id,
      planId: input.planId,
      status: input.status,
      provider: "local",
      providerSubscriptionId: `revenue_${crypto.randomUUID()}`,
      currentPeriodStart: createdAt,
      currentPeriodEnd: at(input.periodEnd),
      trialEndsAt: input.trialEnds ? at(input.trialEnds) : null,
      canceledAt: input.canceled ? at(input.canceled) : null,
      cancelAtPeriodEnd: input.status === "canceled",
      isComplimentary: input.complimentary ?? false,
      unitAmountCents: input.unitAmountCents ?? null,
      createdAt,
      updatedAt: input.updated ? new Date(input.updated) : createdAt,
    })
    .returning();
  return row!;
}

const seriesOf = (report: { series: RevenueSeries[] }, currency: string) =>
  report.series.find((entry) => entry.currency === currency);

/** The figures of one month, by key. */
const monthOf = (series: RevenueSeries | undefined, month: string) => {
  const found = series?.months.find((entry) => entry.month === month);
  if (!found) throw new Error(`no ${month} in the series`);
  return found;
};

describe("revenue months", () => {
  it("are whole UTC calendar months ending with the current one, across a year boundary too", () => {
    expect(monthWindows(NOW, 3).map((window) => window.month)).toEqual(["2041-04", "2041-05", "2041-06"]);
    const january = monthWindows(new Date("2041-02-10T08:00:00Z"), 3);
    expect(january.map((window) => window.month)).toEqual(["2040-12", "2041-01", "2041-02"]);
    expect(new Date(january[0]!.start).toISOString()).toBe("2040-12-01T00:00:00.000Z");
    expect(new Date(january[2]!.end).toISOString()).toBe("2041-03-01T00:00:00.000Z");
  });

  it("?months= takes 3 to 24 whole months and falls back to 12", () => {
    const months = (query: string) => parseRevenueSearch(new URLSearchParams(query)).months;
    expect(months("months=6")).toBe(6);
    expect(months("months=24")).toBe(24);
    expect(months("")).toBe(12);
    for (const bad of ["months=2", "months=25", "months=6.5", "months=abc", "months=", "months=-3"]) {
      expect(months(bad), bad).toBe(12);
    }
  });
});

describe("getRevenueReport", () => {
  it("counts active, past-due and not-yet-ended canceled plans at their monthly equivalent; never trials, expired or complimentary ones", async () => {
    const currency = uniqueCurrency();
    const monthly = await plan(currency, 1200, "month");
    const annual = await plan(currency, 12000, "year");
    const cheapAnnual = await plan(currency, 9900, "year");
    const paying: SubscriptionInput[] = [
      { planId: monthly.id, status: "active", created: "2041-02-10", periodEnd: "2041-07-10" },
      { planId: annual.id, status: "active", created: "2041-01-05", periodEnd: "2042-01-05" },
      { planId: monthly.id, status: "past_due", created: "2041-03-01", periodEnd: "2041-06-20" },
      {
        planId: monthly.id,
        status: "canceled",
        created: "2041-02-01",
        periodEnd: "2041-06-25",
        canceled: "2041-06-01",
      },
      {
        planId: cheapAnnual.id,
        status: "canceled",
        created: "2040-08-01",
        periodEnd: "2041-08-01",
        canceled: "2041-05-01",
      },
      // Bought when the monthly plan cost $9: it renews at the price it was bought at.
      {
        planId: monthly.id,
        status: "active",
        created: "2041-02-15",
        periodEnd: "2041-07-15",
        unitAmountCents: 900,
      },
    ];
    const notPaying: SubscriptionInput[] = [
      {
        planId: monthly.id,
        status: "trialing",
        created: "2041-06-10",
        periodEnd: "2041-06-17",
        trialEnds: "2041-06-17",
      },
      { planId: monthly.id, status: "expired", created: "2041-01-01", periodEnd: "2041-03-01", updated: "2041-03-01" },
      { planId: annual.id, status: "active", created: "2041-02-01", periodEnd: "2042-02-01", complimentary: true },
    ];
    for (const input of [...paying, ...notPaying]) await subscription(input);

    const report = await getRevenueReport(ctx, { months: 3 });
    expect(report.months).toBe(3);
    expect(report.from.toISOString()).toBe("2041-04-01T00:00:00.000Z");
    const series = seriesOf(report, currency);
    // $12 + $120/12 + $12 + $12 + $99/12 + $9 = 12 + 10 + 12 + 12 + 8.25 + 9.
    const expected = 1200 + 1000 + 1200 + 1200 + 825 + 900;
    expect(series?.startingMrrCents).toBe(expected);
    expect(series?.months.map((month) => month.month)).toEqual(["2041-04", "2041-05", "2041-06"]);
    for (const month of series!.months) {
      expect(month.mrrCents, month.month).toBe(expected);
      expect(month.payingSubscriptions, month.month).toBe(6);
      // Nobody started or stopped paying: a month with nothing moving is all zeros.
      expect(month, month.month).toMatchObject({
        newCents: 0,
        newCount: 0,
        expansionCents: 0,
        churnCents: 0,
        churnCount: 0,
        netCents: 0,
        refunds: { count: 0, cents: 0 },
        collectedCents: 0,
        paidInvoices: 0,
      });
    }
    expect(series!.months.at(-1)!.isCurrent).toBe(true);
    expect(series!.months[0]!.isCurrent).toBe(false);

    // Once the canceled and past-due periods run out (July), they are churn, and MRR drops to what renews.
    const july = await getRevenueReport(createAppContext(testEnv, { now: () => new Date("2041-07-31T12:00:00Z") }), {
      months: 3,
    });
    const after = monthOf(seriesOf(july, currency), "2041-06");
    expect(after.mrrCents).toBe(1200 + 1000 + 825 + 900);
    expect(after).toMatchObject({ churnCents: 1200 + 1200, churnCount: 2, netCents: -2400 });
    // The monthly plans whose periods ended on 10 and 15 July and were not renewed a day later stopped paying
    // then; the canceled annual plan pays until 1 August.
    expect(monthOf(seriesOf(july, currency), "2041-07")).toMatchObject({
      mrrCents: 1000 + 825,
      newCents: 0,
      churnCents: 1200 + 900,
      churnCount: 2,
      netCents: -2100,
    });
  });

  it("dates new and churned MRR by when paying started and stopped, trial ends included, and counts trial conversion", async () => {
    const currency = uniqueCurrency();
    const monthly = await plan(currency, 1000, "month");
    const annual = await plan(currency, 24000, "year");
    const rows: SubscriptionInput[] = [
      // Paying before the range; stops in May (period end after a cancellation) and June (ended early).
      {
        planId: monthly.id,
        status: "expired",
        created: "2041-01-15",
        periodEnd: "2041-05-15",
        canceled: "2041-04-20",
        updated: "2041-05-15T01:00:00Z",
      },
      {
        planId: monthly.id,
        status: "expired",
        created: "2041-02-01",
        periodEnd: "2041-07-01",
        updated: "2041-06-05T00:00:00Z",
      },
      // New in April, and one that started and stopped within April.
      { planId: monthly.id, status: "active", created: "2041-04-10", periodEnd: "2041-07-10" },
      {
        planId: monthly.id,
        status: "expired",
        created: "2041-04-03",
        periodEnd: "2041-04-25",
        updated: "2041-04-25T00:00:00Z",
      },
      // New in June, annual: $240 a year is $20 a month.
      { planId: annual.id, status: "active", created: "2041-06-02", periodEnd: "2042-06-02" },
      // A trial converted at its end in April, another in May: new MRR on the trial end.
      {
        planId: monthly.id,
        status: "active",
        created: "2041-04-20",
        trialEnds: "2041-04-27",
        periodEnd: "2041-06-27",
      },
      {
        planId: monthly.id,
        status: "active",
        created: "2041-04-28",
        trialEnds: "2041-05-05",
        periodEnd: "2041-07-05",
      },
      // A trial canceled during the trial, ended in May without paying.
      {
        planId: monthly.id,
        status: "expired",
        created: "2041-05-01",
        trialEnds: "2041-05-08",
        periodEnd: "2041-05-08",
        canceled: "2041-05-03",
        updated: "2041-05-08T01:00:00Z",
      },
      // A trial canceled but still running: no outcome yet.
      {
        planId: monthly.id,
        status: "canceled",
        created: "2041-06-12",
        trialEnds: "2041-06-19",
        periodEnd: "2041-06-19",
        canceled: "2041-06-13",
      },
      // A trial that ended a week ago whose renewal is not confirmed yet: pending, and not MRR.
      {
        planId: monthly.id,
        status: "trialing",
        created: "2041-06-01",
        trialEnds: "2041-06-08",
        periodEnd: "2041-06-08",
      },
    ];
    for (const input of rows) await subscription(input);

    const series = seriesOf(await getRevenueReport(ctx, { months: 3 }), currency);
    expect(series?.startingMrrCents).toBe(2000);

    expect(monthOf(series, "2041-04")).toMatchObject({
      mrrCents: 4000,
      payingSubscriptions: 4,
      newCents: 3000,
      newCount: 3,
      churnCents: 1000,
      churnCount: 1,
      netCents: 2000,
      trials: { ended: 1, converted: 1, notConverted: 0, pending: 0, conversionRate: 1 },
    });
    expect(monthOf(series, "2041-05")).toMatchObject({
      mrrCents: 4000,
      newCents: 1000,
      newCount: 1,
      churnCents: 1000,
      churnCount: 1,
      netCents: 0,
      trials: { ended: 2, converted: 1, notConverted: 1, pending: 0, conversionRate: 0.5 },
    });
    expect(monthOf(series, "2041-06")).toMatchObject({
      mrrCents: 5000,
      newCents: 2000,
      newCount: 1,
      churnCents: 1000,
      churnCount: 1,
      netCents: 1000,
      trials: { ended: 1, converted: 0, notConverted: 0, pending: 1, conversionRate: null },
    });
    // Net movement is new minus churn (expansion is not tracked).
    for (const month of series!.months) expect(month.netCents).toBe(month.newCents - month.churnCents);
  });

  it("sums paid invoices by payment month and refunds by refund month", async () => {
    const currency = uniqueCurrency();
    const monthly = await plan(currency, 1200, "month");
    // Ended before the range: its invoices count, it adds no MRR.
    const owner = await subscription({
      planId: monthly.id,
      status: "expired",
      created: "2041-01-01",
      periodEnd: "2041-02-01",
      updated: "2041-02-01T00:00:00Z",
    });
    const invoice = (values: {
      amountCents: number;
      status: "paid" | "open" | "failed" | "void";
      paidAt?: string;
      refundedCents?: number;
      refundedAt?: string;
    }) => ({
      subscriptionId: owner.id,
      userId: owner.userId,
      currency,
      amountCents: values.amountCents,
      status: values.status,
      paidAt: values.paidAt ? new Date(values.paidAt) : null,
      refundedCents: values.refundedCents ?? 0,
      refundedAt: values.refundedAt ? new Date(values.refundedAt) : null,
      createdAt: new Date(values.paidAt ?? "2041-06-02T00:00:00Z"),
    });
    const rows = [
      invoice({
        amountCents: 1200,
        status: "paid",
        paidAt: "2041-04-03T10:00:00Z",
        refundedCents: 1200,
        refundedAt: "2041-05-02T10:00:00Z",
      }),
      invoice({
        amountCents: 1200,
        status: "paid",
        paidAt: "2041-05-03T10:00:00Z",
        refundedCents: 500,
        refundedAt: "2041-05-20T10:00:00Z",
      }),
      invoice({ amountCents: 9900, status: "paid", paidAt: "2041-06-01T00:00:00Z" }),
      // Not collected: a failed payment, a $0 trial invoice, one paid after now.
      invoice({ amountCents: 1200, status: "failed" }),
      invoice({ amountCents: 0, status: "paid", paidAt: "2041-06-03T00:00:00Z" }),
      invoice({ amountCents: 1200, status: "paid", paidAt: "2041-06-20T00:00:00Z" }),
      // Paid before the range, refunded in it: a June refund, no collected revenue in the range.
      invoice({
        amountCents: 1200,
        status: "paid",
        paidAt: "2041-02-01T00:00:00Z",
        refundedCents: 1200,
        refundedAt: "2041-06-10T00:00:00Z",
      }),
    ];
    for (const row of rows) await ctx.db.insert(invoices).values(row);

    const series = seriesOf(await getRevenueReport(ctx, { months: 3 }), currency);
    expect(monthOf(series, "2041-04")).toMatchObject({
      collectedCents: 1200,
      paidInvoices: 1,
      refunds: { count: 0, cents: 0 },
      mrrCents: 0,
      trials: { ended: 0, converted: 0, notConverted: 0, pending: 0, conversionRate: null },
    });
    expect(monthOf(series, "2041-05")).toMatchObject({
      collectedCents: 1200,
      paidInvoices: 1,
      refunds: { count: 2, cents: 1700 },
    });
    expect(monthOf(series, "2041-06")).toMatchObject({
      collectedCents: 9900,
      paidInvoices: 1,
      refunds: { count: 1, cents: 1200 },
    });
  });

  it("has no series for a range with no revenue at all, and zeros in the months of one that has some", async () => {
    const empty = await getRevenueReport(createAppContext(testEnv, { now: () => new Date("2049-01-15T00:00:00Z") }), {
      months: 12,
    });
    expect(empty.months).toBe(12);
    expect(empty.from.toISOString()).toBe("2048-02-01T00:00:00.000Z");
    expect(empty.series).toEqual([]);

    // One payment in May 2041: the other months of the range are zeros, not missing.
    const currency = uniqueCurrency();
    const monthly = await plan(currency, 1500, "month");
    const owner = await subscription({
      planId: monthly.id,
      status: "expired",
      created: "2040-01-01",
      periodEnd: "2040-02-01",
      updated: "2040-02-01T00:00:00Z",
    });
    await ctx.db.insert(invoices).values({
      subscriptionId: owner.id,
      userId: owner.userId,
      currency,
      amountCents: 1500,
      status: "paid",
      paidAt: new Date("2041-05-10T00:00:00Z"),
    });
    const series = seriesOf(await getRevenueReport(ctx, { months: 3 }), currency);
    const zeros = {
      mrrCents: 0,
      payingSubscriptions: 0,
      newCents: 0,
      newCount: 0,
      expansionCents: 0,
      churnCents: 0,
      churnCount: 0,
      netCents: 0,
      trials: { ended: 0, converted: 0, notConverted: 0, pending: 0, conversionRate: null },
      refunds: { count: 0, cents: 0 },
      collectedCents: 0,
      paidInvoices: 0,
    };
    expect(monthOf(series, "2041-04")).toEqual({ month: "2041-04", isCurrent: false, ...zeros });
    expect(monthOf(series, "2041-06")).toEqual({ month: "2041-06", isCurrent: true, ...zeros });
    expect(monthOf(series, "2041-05")).toMatchObject({ collectedCents: 1500, paidInvoices: 1 });
  });

  it("clamps the number of months and defaults to 12", async () => {
    expect((await getRevenueReport(ctx, {})).months).toBe(12);
    expect((await getRevenueReport(ctx, { months: 0 })).months).toBe(1);
    expect((await getRevenueReport(ctx, { months: 500 })).months).toBe(36);
  });
});

describe("the /admin/revenue page", () => {
  // The page's own loader behind the Worker, as Remix runs it: a thrown redirect is the answer.
  const pages = createApp({
    remix: async (request, context: LoadContext) => {
      try {
        return Response.json(await loader({ request, context, params: {} }));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
  });
  const open = (path: string, headers: Record<string, string> = {}) =>
    pages.request(`https://ahla.test${path}`, { headers }, testEnv, createExecutionContext());
  const signedIn = async (permissions: string[] = []) => {
    const user = await createUser({ permissions });
    const { token } = await createSession(createAppContext(testEnv), { userId: user.id });
    return { Cookie: `token=${token}` };
  };

  it("answers an admin with the report for the range asked, 12 months for a bad range", async () => {
    const admin = await signedIn([ADMIN_PERMISSION]);
    const six = await open("/admin/revenue?months=6", admin);
    expect(six.status).toBe(200);
    const body = (await six.json()) as { search: { months: number }; report: { months: number; series: unknown[] } };
    expect(body.search.months).toBe(6);
    expect(body.report.months).toBe(6);
    expect(Array.isArray(body.report.series)).toBe(true);

    const fallback = (await (await open("/admin/revenue?months=1000", admin)).json()) as typeof body;
    expect(fallback.search.months).toBe(12);
    expect(fallback.report.months).toBe(12);
  });

  it("sends a visitor to sign in and back", async () => {
    const response = await open("/admin/revenue?months=6");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/auth/login?redirect=${encodeURIComponent("/admin/revenue?months=6")}`,
    );
  });

  it("turns a member who is not an admin away: signed out from our own pages, asked from elsewhere", async () => {
    const learner = await signedIn();
    const own = await open("/admin/revenue", { ...learner, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe(`/auth/login?redirect=${encodeURIComponent("/admin/revenue")}`);
    expect(own.headers.get("Set-Cookie")).toMatch(/^token=;.*Max-Age=0/);

    // That sign-in is over: the same cookie is a visitor's now.
    const again = await open("/admin/revenue", learner);
    expect(again.headers.get("Location")).toBe(`/auth/login?redirect=${encodeURIComponent("/admin/revenue")}`);

    const linked = await open("/admin/revenue", await signedIn());
    expect(linked.status).toBe(302);
    expect(linked.headers.get("Location")).toBe(
      `/auth/logout?reason=admin&redirect=${encodeURIComponent("/admin/revenue")}`,
    );
  });
});
