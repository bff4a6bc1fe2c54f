import { beforeEach, describe, expect, it } from "vitest";
import { subscriptions, type SubscriptionStatus } from "../../drizzle/schema";
import { assertCanWatch } from "../../server/access/policy";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { getEntitlement } from "../../server/services/billing";
import { RENEWAL_LEEWAY_MS } from "../../server/services/billing/entitlement";
import { DAY_MS, ensureBillingFixtures } from "./billing-helpers";
import { createUser, testEnv } from "./helpers";

let fixtures: Awaited<ReturnType<typeof ensureBillingFixtures>>;
beforeEach(async () => {
  fixtures = await ensureBillingFixtures();
});

const now = new Date("2031-03-10T12:00:00Z");
const ctx = createAppContext(testEnv, { now: () => now });

async function memberWith(rows: Array<{ status: SubscriptionStatus; endsIn: number; plan?: "monthly" | "annual" }>) {
  const user = await createUser();
  for (const row of rows) {
    await ctx.db.insert(subscriptions).values({
      userId: user.id,
      planId: row.plan === "annual" ? fixtures.annual.id : fixtures.monthly.id,
      status: row.status,
      provider: "local",
      providerSubscriptionId: `local_sub_${crypto.randomUUID()}`,
      currentPeriodStart: new Date(now.getTime() - 20 * DAY_MS),
      currentPeriodEnd: new Date(now.getTime() + row.endsIn),
      cancelAtPeriodEnd: row.status === "canceled",
    });
  }
  return user;
}

describe("getEntitlement: one rule for every gate", () => {
  const cases: Array<[SubscriptionStatus, number, boolean]> = [
    ["trialing", DAY_MS, true],
    ["active", DAY_MS, true],
    ["active", -RENEWAL_LEEWAY_MS / 2, true], // renewal under way
    ["active", -RENEWAL_LEEWAY_MS - 1000, false],
    ["trialing", -RENEWAL_LEEWAY_MS - 1000, false],
    ["past_due", DAY_MS, true], // grace until the period end
    ["past_due", -1000, false],
    ["canceled", DAY_MS, true], // access until the period end
    ["canceled", -1000, false],
    ["expired", DAY_MS, false],
  ];
  for (const [status, endsIn, access] of cases) {
    it(`${status} ending ${endsIn >= 0 ? "in" : "ago"} ${Math.abs(endsIn) / 3_600_000} h → ${access ? "access" : "no access"}`, async () => {
      const user = await memberWith([{ status, endsIn }]);
      const entitlement = await getEntitlement(ctx, { userId: user.id });
      expect(entitlement).toMatchObject({ hasAccess: access, status, planName: "monthly" });
      // The catalogue and /api/me read the same answer.
      const viewer = createViewer(ctx, user);
      expect((await viewer.access()).hasSubscription).toBe(access);
      expect((await viewer.subscription())?.hasAccess).toBe(access);
      // And so does the premium lesson's gate (402 without access).
      const watch = async () => assertCanWatch({ isFree: false }, await viewer.lessonAccess());
      if (access) await expect(watch()).resolves.toBeUndefined();
      else await expect(watch()).rejects.toMatchObject({ status: 402 });
    });
  }

  it("gives visitors and members who never subscribed nothing", async () => {
    expect(await getEntitlement(ctx, { userId: null })).toMatchObject({ hasAccess: false, status: null });
    const user = await createUser();
    expect(await getEntitlement(ctx, { userId: user.id })).toMatchObject({
      hasAccess: false,
      status: null,
      planName: null,
    });
    expect(await createViewer(ctx, user).subscription()).toBeNull();
  });

  it("prefers the subscription that grants access over a later-ending expired one", async () => {
    const user = await memberWith([
      { status: "expired", endsIn: 300 * DAY_MS, plan: "annual" },
      { status: "active", endsIn: 10 * DAY_MS },
    ]);
    expect(await getEntitlement(ctx, { userId: user.id })).toMatchObject({
      hasAccess: true,
      status: "active",
      planName: "monthly",
    });
  });
});
