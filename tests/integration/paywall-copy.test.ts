import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as profileRoute from "../../app/features/accounts/routes/profile";
import * as dashboardRoute from "../../app/features/admin/routes/dashboard";
import * as revenueRoute from "../../app/features/admin/routes/revenue";
import * as onboardingRoute from "../../app/features/onboarding/routes/onboarding";
import { selfCheckInvitation } from "../../core/schemas/onboarding";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { videos } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createLesson } from "../fixtures/lessons";
import { ensureBillingFixtures } from "./billing-helpers";
import { member, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The copy of issue 27 that concerns billing and the dashboard, in a database of its own (vitest.config.ts): the
// dashboard's counts are exact here, so "1 signups" would show.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const pages = remixPages({
  dashboard: { path: "admin", module: dashboardRoute },
  revenue: { path: "admin/revenue", module: revenueRoute },
  profile: { path: "profile", module: profileRoute },
  onboarding: { path: "onboarding", module: onboardingRoute },
});

async function openPage(path: string, token: string) {
  const executionCtx = createExecutionContext();
  const response = await pages.request(
    `${ORIGIN}${path}`,
    { headers: { Cookie: `token=${token}` } },
    testEnv,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return {
    status: response.status,
    body,
    text: body
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  };
}

beforeAll(async () => {
  await ensureBillingFixtures();
});

describe("the admin dashboard counts in words that agree with the number", () => {
  it("one signup is “1 signup”, never “1 signups”, wherever the dashboard counts", async () => {
    const admin = await member({ permissions: [ADMIN_PERMISSION] });
    const page = await openPage("/admin", admin.token);
    expect(page.status).toBe(200);
    // The admin is the only member: one signup in the last 30 days, nothing else.
    expect(page.text).toContain("1 signup and 0 cancellations since");
    expect(page.body).toMatch(/: 1 signup, 0 cancellations<\/title>/);
    expect(page.body).toContain("with 1 signup.");
    expect(page.text).toContain("in 0 vocabulary decks");
    expect(page.text).not.toMatch(/\b1 (signups|cancellations|vocabulary decks|community threads)\b/);
  });

  it("the revenue period picker keeps its width beside the description", async () => {
    const admin = await member({ permissions: [ADMIN_PERMISSION] });
    const page = await openPage("/admin/revenue", admin.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form[^>]*aria-label="Choose the period"[^>]*class="[^"]*\bshrink-0\b/);
    expect(page.body).toMatch(/<select[^>]*id="revenue-months"[^>]*class="[^"]*\bmin-w-44\b/);
    expect(page.text).toContain("Last 24 months");
  });
});

describe("the self-check's clip count is the same on the onboarding page and the profile", () => {
  it("says the number of clips the member really gets", async () => {
    // One lesson per level; the advanced one is premium, so a free member gets two clips and a subscriber three.
    for (const [level, isFree] of [
      ["beginner", true],
      ["intermediate", true],
      ["advanced", false],
    ] as const) {
      const { video } = await createLesson(ctx, { isFree, durationSeconds: 60 });
      await ctx.db.update(videos).set({ level }).where(eq(videos.id, video.id));
    }
    for (const [who, expected] of [
      [await member(), "Check yourself with two short clips"],
      [await member({ subscribed: true }), "Check yourself with three short clips"],
    ] as const) {
      const onboarding = await openPage("/onboarding", who.token);
      const profile = await openPage("/profile", who.token);
      expect(onboarding.text).toContain(`Not sure? ${expected}`);
      expect(profile.text).toContain(expected);
    }
  });

  it("words the count, and has nothing to offer without a clip", () => {
    expect(selfCheckInvitation(1)).toBe("Check yourself with a short clip");
    expect(selfCheckInvitation(2)).toBe("Check yourself with two short clips");
    expect(selfCheckInvitation(3)).toBe("Check yourself with three short clips");
    expect(selfCheckInvitation(0)).toBeNull();
  });
});
