import { describe, expect, it } from "vitest";
import { plans, subscriptionCancelReasons, subscriptions, users } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import {
  buildDailyActivity,
  getAdminDashboard,
  monthlyEquivalentCents,
  windowStart,
} from "../../server/services/admin-dashboard";
import { testEnv } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
// A clock far from the other files' data, so the 30-day window holds only what this test writes.
const NOW = new Date("2031-03-15T12:00:00Z");
const ctx = createAppContext(testEnv, { now: () => NOW });

describe("dashboard helpers", () => {
  it("counts an annual price at a twelfth a month", () => {
    expect(monthlyEquivalentCents(1200, "month")).toBe(1200);
    expect(monthlyEquivalentCents(12000, "year")).toBe(1000);
  });

  it("buckets 30 whole UTC days ending today, zeros included", () => {
    const start = windowStart(NOW);
    expect(start.toISOString()).toBe("2031-02-14T00:00:00.000Z");
    const activity = buildDailyActivity(
      start,
      [{ day: 29, total: 2 }],
      [
        { day: 0, total: 1 },
        { day: 40, total: 9 },
      ],
    );
    expect(activity).toHaveLength(30);
    expect(activity[29]).toEqual({ day: "2031-03-15", signups: 2, cancellations: 0 });
    expect(activity[0]).toEqual({ day: "2031-02-14", signups: 0, cancellations: 1 });
    expect(activity.reduce((sum, day) => sum + day.cancellations, 0)).toBe(1);
  });
});

describe("getAdminDashboard", () => {
  it("reports members, subscriptions, MRR, 30 days of activity and top cancel reasons from known data", async () => {
    const before = await getAdminDashboard(ctx);
    const tag = crypto.randomUUID().slice(0, 8);
    const [monthly, annual] = await ctx.db
      .insert(plans)
      .values([
        { name: `dash-monthly-${tag}`, title: "Monthly", priceCents: 1200, interval: "month" },
        { name: `dash-annual-${tag}`, title: "Annual", priceCents: 12000, interval: "year" },
      ])
      .returning();
    const [expensive, noTime] = await ctx.db
      .insert(subscriptionCancelReasons)
      .values([{ label: `Too expensive ${tag}` }, { label: `No time ${tag}` }])
      .returning();
    const joined = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY);
    const members = await ctx.db
      .insert(users)
      .values(
        [0, 0, 0, 10, 10, 40, 2, 2, 2].map((daysAgo, index) => ({
          email: `dash-${tag}-${index}@example.com`,
          name: `Dash ${index}`,
          createdAt: joined(daysAgo),
          updatedAt: joined(daysAgo),
        })),
      )
      .returning({ id: users.id });
    const period = { currentPeriodStart: joined(3), currentPeriodEnd: new Date(NOW.getTime() + 20 * DAY) };
    const subscription = (
      index: number,
      planId: number,
      status: "active" | "trialing" | "past_due" | "canceled",
      cancel?: { reasonId: number | null; daysAgo: number },
    ) => ({
      userId: members[index]!.id,
      planId,
      status,
      provider: "local" as const,
      ...period,
      canceledAt: cancel ? joined(cancel.daysAgo) : null,
      cancelReasonId: cancel?.reasonId ?? null,
    });
    const rows = [
      subscription(0, monthly!.id, "active"),
      subscription(1, monthly!.id, "active"),
      subscription(2, annual!.id, "active"),
      subscription(3, monthly!.id, "trialing"),
      subscription(4, monthly!.id, "past_due"),
      subscription(5, monthly!.id, "canceled", { reasonId: expensive!.id, daysAgo: 5 }),
      subscription(6, annual!.id, "canceled", { reasonId: expensive!.id, daysAgo: 5 }),
      subscription(7, monthly!.id, "canceled", { reasonId: noTime!.id, daysAgo: 1 }),
      // Canceled before the window: not counted.
      subscription(8, monthly!.id, "canceled", { reasonId: noTime!.id, daysAgo: 45 }),
    ];
    // One statement per row: D1 allows 100 bound parameters a statement.
    for (const row of rows) await ctx.db.insert(subscriptions).values(row);

    const after = await getAdminDashboard(ctx);
    expect(after.members - before.members).toBe(9);
    expect(after.signupsLast30Days - before.signupsLast30Days).toBe(8);
    expect(after.subscriptions.active - before.subscriptions.active).toBe(3);
    expect(after.subscriptions.trialing - before.subscriptions.trialing).toBe(1);
    expect(after.subscriptions.past_due - before.subscriptions.past_due).toBe(1);
    expect(after.subscriptions.canceled - before.subscriptions.canceled).toBe(4);

    expect(after.activity).toHaveLength(30);
    expect(after.activity.at(-1)!.day).toBe("2031-03-15");
    const delta = (index: number) => ({
      signups: after.activity[index]!.signups - before.activity[index]!.signups,
      cancellations: after.activity[index]!.cancellations - before.activity[index]!.cancellations,
    });
    expect(delta(29)).toEqual({ signups: 3, cancellations: 0 });
    expect(delta(19)).toEqual({ signups: 2, cancellations: 0 });
    expect(delta(27)).toEqual({ signups: 3, cancellations: 0 });
    expect(delta(24)).toEqual({ signups: 0, cancellations: 2 });
    expect(delta(28)).toEqual({ signups: 0, cancellations: 1 });
    expect(after.cancellationsLast30Days - before.cancellationsLast30Days).toBe(3);

    expect(after.topCancelReasons[0]).toEqual({ label: `Too expensive ${tag}`, total: 2 });
    expect(after.topCancelReasons).toContainEqual({ label: `No time ${tag}`, total: 1 });
    expect(after.recentSignups[0]!.name).toMatch(/^Dash [012]$/);
  });
});
