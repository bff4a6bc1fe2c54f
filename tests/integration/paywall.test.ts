import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import * as loginRoute from "../../app/features/accounts/routes/login";
import * as signupRoute from "../../app/features/accounts/routes/signup";
import * as checkoutRoute from "../../app/features/billing/routes/checkout";
import * as successRoute from "../../app/features/billing/routes/checkout-success";
import * as plansRoute from "../../app/features/billing/routes/plans";
import { subscriptions } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { checkoutReturnPath, lessonIdOfPath, redirectAfterSignup, withReturnPath } from "../../server/lib/redirects";
import { getCheckoutReturn, startCheckout } from "../../server/services/billing";
import { createLesson } from "../fixtures/lessons";
import { ensureBillingFixtures, FakeStripe, stripeEnv } from "./billing-helpers";
import { call, createUser, json, member, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// A paywall with context (docs/product-rules.md#a-paywall-with-context, ADR 039): the checkout's return path is
// checked as a sign-in return address is, names the lesson it plays, survives every step to checkout-success,
// and a subscriber's checkout tells their plan without anything "due".

const ORIGIN = "https://ahla.test";
const DAY_MS = 24 * 60 * 60 * 1000;
const ctx = createAppContext(testEnv);

const pages = remixPages({
  plans: { path: "checkout", module: plansRoute },
  checkout: { path: "checkout/:planName", module: checkoutRoute },
  success: { path: "checkout-success/:planName", module: successRoute },
  login: { path: "auth/login", module: loginRoute },
  signup: { path: "auth/signup", module: signupRoute },
});

async function openPage(path: string, token: string | null, form?: Record<string, string>) {
  const executionCtx = createExecutionContext();
  const headers: Record<string, string> = token ? { Cookie: `token=${token}` } : {};
  if (form) {
    Object.assign(headers, { Origin: ORIGIN, Host: new URL(ORIGIN).host });
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const response = await pages.request(
    `${ORIGIN}${path}`,
    { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined },
    testEnv,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, location: response.headers.get("Location"), body };
}

/** The page's text without tags, entities decoded, whitespace folded (what a reader sees, roughly). */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Every link target of the page. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

const enc = encodeURIComponent;
let premium: { id: number; title: string; path: string };
let unpublished: { id: number; path: string };

beforeAll(async () => {
  await ensureBillingFixtures();
  const title = `Wedding Traditions ${crypto.randomUUID().slice(0, 6)}`;
  const { video } = await createLesson(ctx, { title, isFree: false });
  premium = { id: video.id, title, path: `/video/${video.id}/${video.slug}` };
  const hidden = await createLesson(ctx, { isPublished: false });
  unpublished = { id: hidden.video.id, path: `/video/${hidden.video.id}/${hidden.video.slug}` };
});

describe("the return path's rules (server/lib/redirects.ts)", () => {
  it.each([
    "https://evil.example/video/1/x",
    "//evil.example/video/1/x",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    " /video/1/x",
    "/checkout",
    "/checkout/annual?redirect=%2Fvideo%2F1%2Fx",
    "/checkout-success/annual",
    "/auth/logout",
    "/auth/login?redirect=%2Fvideo%2F1%2Fx",
    "",
    null,
    42,
  ])("refuses %j (off-site, or a page that would loop or sign out)", (target) => {
    expect(checkoutReturnPath(target)).toBe("");
  });

  it.each([
    ["/video/12/wedding-traditions-in-jordan", "/video/12/wedding-traditions-in-jordan"],
    ["/course/3/shami-basics/12/wedding?t=40", "/course/3/shami-basics/12/wedding?t=40"],
    ["/flashcard/7", "/flashcard/7"],
    ["/a/../video/12/x", "/video/12/x"],
    ["/checkouts", "/checkouts"],
  ])("keeps the same-origin path %s", (target, kept) => {
    expect(checkoutReturnPath(target)).toBe(kept);
  });

  it.each([
    ["/video/12/wedding-traditions-in-jordan", 12],
    ["/video/12/wedding?t=3#x", 12],
    ["/course/3/shami-basics/12/wedding", 12],
    ["/series/4/family/13/wedding/", 13],
    ["/playlist/9/mine/14/wedding", 14],
    ["/video/12", null],
    ["/course/3/shami-basics", null],
    ["/video/0x1/a", null],
    ["/video-library", null],
    ["/community/1/general/thread/2/hello", null],
  ])("reads the lesson of %s as %j", (path, id) => {
    expect(lessonIdOfPath(path)).toBe(id);
  });

  it("after sign-up: the given rule, with the page the visitor came from riding along", () => {
    // The given rule (docs/product-rules.md#redirects) without a return path.
    expect(redirectAfterSignup({ plan: "monthly", redirect: null })).toBe("/checkout/monthly");
    expect(redirectAfterSignup({ plan: "annual", redirect: "" })).toBe("/checkout/annual");
    expect(redirectAfterSignup({ plan: undefined, redirect: undefined })).toBe("/checkout");
    expect(redirectAfterSignup({ plan: "weekly", redirect: "https://evil.example" })).toBe("/checkout");
    // Sent from a checkout page: back to it, its plan when the form names none, and its return path.
    const fromCheckout = `/checkout/annual?redirect=${enc("/video/12/wedding")}`;
    expect(redirectAfterSignup({ plan: "", redirect: fromCheckout })).toBe(
      `/checkout/annual?redirect=${enc("/video/12/wedding")}`,
    );
    expect(redirectAfterSignup({ plan: "monthly", redirect: fromCheckout })).toBe(
      `/checkout/monthly?redirect=${enc("/video/12/wedding")}`,
    );
    expect(redirectAfterSignup({ plan: "", redirect: `/checkout?redirect=${enc("https://evil.example")}` })).toBe(
      "/checkout",
    );
    // Sent from any other page: the checkout the rule names, then back to that page.
    expect(redirectAfterSignup({ plan: "", redirect: "/video/12/wedding?t=5" })).toBe(
      `/checkout?redirect=${enc("/video/12/wedding?t=5")}`,
    );
    expect(withReturnPath("/checkout", "")).toBe("/checkout");
  });
});

describe("the lesson a checkout names (server/services/billing/checkout-return.ts)", () => {
  it("names a published lesson at any of its addresses", async () => {
    for (const path of [premium.path, `/course/1/any/${premium.id}/any-slug`, `/series/2/x/${premium.id}/y?t=4`]) {
      const found = await getCheckoutReturn(ctx, { redirect: path });
      expect(found?.path).toBe(path);
      expect(found?.lesson).toMatchObject({ id: premium.id, title: premium.title, isFree: false });
    }
  });

  it("keeps an unknown or unpublished lesson's path but names nothing, and drops an unsafe one", async () => {
    expect(await getCheckoutReturn(ctx, { redirect: "/video/999999999/nothing" })).toEqual({
      path: "/video/999999999/nothing",
      lesson: null,
    });
    expect(await getCheckoutReturn(ctx, { redirect: unpublished.path })).toEqual({
      path: unpublished.path,
      lesson: null,
    });
    expect(await getCheckoutReturn(ctx, { redirect: "//evil.example/video/1/x" })).toBeNull();
  });
});

describe("checkout pages with a return path", () => {
  it("a visitor is sent to sign in with the whole address kept, and sign-in leads with sign-up", async () => {
    const path = `/checkout?redirect=${enc(premium.path)}`;
    const visitor = await openPage(path, null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/auth/login?redirect=${enc(path)}`);

    const login = await openPage(visitor.location!, null);
    expect(login.status).toBe(200);
    const text = textOf(login.body);
    expect(text).toContain("Create your account to subscribe");
    expect(text.indexOf("Create your account to subscribe")).toBeLessThan(text.indexOf("Already have an account?"));
    expect(hrefsOf(login.body)).toContain(`/auth/signup?redirect=${enc(path)}`);
    expect(login.body).toMatch(/<h1[^>]*>Create your account to subscribe<\/h1>/);

    // Without a checkout in the return address, the login page stays as it was.
    const plain = textOf((await openPage(`/auth/login?redirect=${enc("/settings")}`, null)).body);
    expect(plain).toContain("Welcome back");
    expect(plain).not.toContain("Create your account to subscribe");
  });

  it("sign-up from checkout keeps the return path through to checkout (the given sign-up rule holds)", async () => {
    const checkoutPath = `/checkout/annual?redirect=${enc(premium.path)}`;
    const page = await openPage(`/auth/signup?redirect=${enc(checkoutPath)}`, null);
    expect(textOf(page.body)).toContain("Create your account to subscribe");
    expect(page.body).toContain(`name="redirect" value="${checkoutPath.replace(/&/g, "&amp;")}"`);

    const email = `paywall-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await openPage("/auth/signup", null, {
      name: "Rana",
      email,
      password: "marhaba-marhaba-1",
      plan: "",
      redirect: checkoutPath,
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(checkoutPath);

    // No return path: the given rule exactly.
    const plain = await openPage("/auth/signup", null, {
      name: "Rana",
      email: `paywall-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: "marhaba-marhaba-1",
      plan: "monthly",
    });
    expect(plain.location).toBe("/checkout/monthly");
  });

  it("a free member: the plans and the plan page name the lesson and carry its path", async () => {
    const free = await member();
    const plans = await openPage(`/checkout?redirect=${enc(premium.path)}`, free.token);
    expect(plans.status).toBe(200);
    expect(textOf(plans.body)).toContain(`Subscribe to watch ${premium.title}`);
    expect(hrefsOf(plans.body)).toEqual(
      expect.arrayContaining([
        `/checkout/annual?redirect=${enc(premium.path)}`,
        `/checkout/monthly?redirect=${enc(premium.path)}`,
      ]),
    );

    const plan = await openPage(`/checkout/annual?redirect=${enc(premium.path)}`, free.token);
    expect(plan.status).toBe(200);
    expect(textOf(plan.body)).toContain(`Subscribe to watch ${premium.title}`);
    expect(textOf(plan.body)).toContain("Due today");
    expect(plan.body).toContain(`name="redirect" value="${premium.path}"`);
    expect(hrefsOf(plan.body)).toContain(`/checkout?redirect=${enc(premium.path)}`);
  });

  it.each([
    ["off-site", "https://evil.example/phish"],
    ["protocol-relative", "//evil.example/phish"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["the sign-out page", "/auth/logout"],
    ["the checkout itself", "/checkout/annual"],
  ])("refuses a return path to %s: a plain checkout, nothing echoed", async (_name, target) => {
    const free = await member();
    for (const path of [`/checkout?redirect=${enc(target)}`, `/checkout/annual?redirect=${enc(target)}`]) {
      const page = await openPage(path, free.token);
      expect(page.status).toBe(200);
      expect(textOf(page.body)).not.toContain("Subscribe to watch");
      // No link and no form field carries it (the form posts back to the page's own address, as every form does).
      expect(hrefsOf(page.body).filter((href) => href.includes("redirect=") || href.includes("evil"))).toEqual([]);
      expect(page.body).not.toMatch(/name="redirect" value="[^"]/);
    }
    // A forged form field is checked again: the payment lands on a plain success page.
    const paid = await openPage("/checkout/annual", free.token, { intent: "pay", redirect: target });
    expect(paid.status).toBe(302);
    expect(paid.location).toBe("/checkout-success/annual");
  });

  it("an unknown or unpublished lesson: a plain checkout that still comes back, never an error", async () => {
    const free = await member();
    for (const target of ["/video/999999999/gone", unpublished.path]) {
      const page = await openPage(`/checkout?redirect=${enc(target)}`, free.token);
      expect(page.status).toBe(200);
      expect(textOf(page.body)).toContain("Choose how you want to learn");
      expect(textOf(page.body)).not.toContain("Subscribe to watch");
      expect(hrefsOf(page.body)).toContain(`/checkout/annual?redirect=${enc(target)}`);
    }
  });

  it("paying with the local provider lands on checkout-success, which leads back to the lesson", async () => {
    const free = await member();
    const paid = await openPage(`/checkout/annual?redirect=${enc(premium.path)}`, free.token, {
      intent: "pay",
      redirect: premium.path,
    });
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(`/checkout-success/annual?redirect=${enc(premium.path)}`);

    const success = await openPage(paid.location!, free.token);
    expect(success.status).toBe(200);
    expect(textOf(success.body)).toContain(`Back to ${premium.title}`);
    expect(success.body).toMatch(new RegExp(`data-testid="checkout-return"[^>]*href="${premium.path}"`));
  });

  it("an unknown plan goes back to the plans with the return path kept", async () => {
    const free = await member();
    const page = await openPage(`/checkout/weekly?redirect=${enc(premium.path)}`, free.token);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/checkout?redirect=${enc(premium.path)}`);
  });
});

describe("the checkout API carries the return path", () => {
  const start = (token: string | null, body: unknown) =>
    call("/api/billing/checkout", { method: "POST", token: token ?? undefined, json: body });

  it("a free member's checkout comes back to the lesson after paying", async () => {
    const free = await member();
    const started = await start(free.token, { plan: "annual", redirect: premium.path });
    expect(started.status).toBe(201);
    const { data } = await json<{ data: { redirectUrl: string } }>(started);
    expect(data.redirectUrl).toBe(`/checkout-success/annual?redirect=${enc(premium.path)}`);
    // Without one, the plain success page, as before.
    const other = await member();
    const plain = await json<{ data: { redirectUrl: string } }>(await start(other.token, { plan: "monthly" }));
    expect(plain.data.redirectUrl).toBe("/checkout-success/monthly");
  });

  it("refuses a return path it cannot use with a field error (422, as any invalid body), starting nothing", async () => {
    const free = await member();
    for (const redirect of ["https://evil.example/", "//evil.example", "/checkout/annual", "/auth/login", 42, ""]) {
      const refused = await start(free.token, { plan: "annual", redirect });
      expect(refused.status, String(redirect)).toBe(422);
      const body = await json<{ errors: string[] }>(refused);
      expect(
        body.errors.some((error) => error.startsWith("redirect:")),
        body.errors.join(" "),
      ).toBe(true);
    }
    const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, free.id));
    expect(rows).toHaveLength(0);
  });

  it("a visitor is refused (401) before the body is read", async () => {
    expect((await start(null, { plan: "annual", redirect: premium.path })).status).toBe(401);
  });
});

describe("a subscriber on the checkout", () => {
  async function subscriber(options: { planName: "monthly" | "annual"; cancel?: boolean }) {
    const fixtures = await ensureBillingFixtures();
    const who = await member();
    const now = Date.now();
    const plan = fixtures[options.planName];
    const [row] = await ctx.db
      .insert(subscriptions)
      .values({
        userId: who.id,
        planId: plan.id,
        status: options.cancel ? "canceled" : "active",
        cancelAtPeriodEnd: Boolean(options.cancel),
        provider: "local",
        providerSubscriptionId: `local_sub_paywall_${crypto.randomUUID()}`,
        currentPeriodStart: new Date(now - DAY_MS),
        currentPeriodEnd: new Date(now + 200 * DAY_MS),
      })
      .returning();
    return { ...who, subscription: row!, end: new Date(now + 200 * DAY_MS) };
  }
  const longDate = (date: Date) =>
    new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(date);

  it("their own plan: the plan, its renewal date, the switch offer, and nothing due", async () => {
    const annual = await subscriber({ planName: "annual" });
    const page = await openPage("/checkout/annual", annual.token);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("Your Annual plan");
    expect(text).toContain("You are subscribed to Annual");
    expect(text).toContain(`Renews on ${longDate(annual.end)}`);
    expect(text).not.toMatch(/due today/i);
    expect(text).not.toMatch(/\bPay\b/);
    expect(hrefsOf(page.body)).toContain("/checkout/monthly");
    expect(text).toContain("See the Monthly plan");
  });

  it("the other plan: a switch from their plan, nothing charged today, and it switches", async () => {
    const annual = await subscriber({ planName: "annual" });
    const page = await openPage("/checkout/monthly", annual.token);
    const text = textOf(page.body);
    expect(text).toContain("Switch to Monthly");
    expect(text).toContain(`At your next renewal, ${longDate(annual.end)}`);
    expect(text).not.toMatch(/due today/i);

    const switched = await openPage("/checkout/monthly", annual.token, {
      intent: "switch",
      subscriptionId: String(annual.subscription.id),
      plan: "monthly",
    });
    expect(switched.status).toBe(302);
    expect(switched.location).toBe("/manage-subscription");
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, annual.subscription.id));
    const fixtures = await ensureBillingFixtures();
    expect(row!.pendingPlanId).toBe(fixtures.monthly.id);
  });

  it("another member's subscription cannot be switched from here (404 as a toast, nothing changes)", async () => {
    const owner = await subscriber({ planName: "annual" });
    const other = await subscriber({ planName: "monthly" });
    const attempt = await openPage("/checkout/monthly", other.token, {
      intent: "switch",
      subscriptionId: String(owner.subscription.id),
      plan: "monthly",
    });
    expect(attempt.status).toBe(302);
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, owner.subscription.id));
    expect(row!.pendingPlanId).toBeNull();
  });

  it("a canceled subscription says when it ends and offers no switch", async () => {
    const canceled = await subscriber({ planName: "annual", cancel: true });
    const page = await openPage("/checkout/monthly", canceled.token);
    const text = textOf(page.body);
    expect(text).toContain(`Your subscription ends on ${longDate(canceled.end)}`);
    expect(text).not.toMatch(/due today/i);
    expect(page.body).not.toContain('value="switch"');
  });

  it("with a return path: the plans page leads back to the lesson instead of selling it again", async () => {
    const annual = await subscriber({ planName: "annual" });
    const page = await openPage(`/checkout?redirect=${enc(premium.path)}`, annual.token);
    const text = textOf(page.body);
    expect(text).not.toContain("Subscribe to watch");
    expect(text).toContain(`Back to ${premium.title}`);
    expect(text).toContain("Switch to Monthly");
  });
});

describe("Stripe Checkout carries the return path", () => {
  let fetchSpy: MockInstance | null = null;
  afterEach(() => fetchSpy?.mockRestore());

  it("in the success and cancel URLs, and in the idempotency key", async () => {
    const stripe = new FakeStripe();
    fetchSpy = stripe.install();
    const user = await createUser();
    const stripeCtx = createAppContext(stripeEnv);
    const outcome = await startCheckout(stripeCtx, {
      viewer: user,
      planName: "annual",
      returnPath: premium.path,
    });
    expect(outcome.redirectTo).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const call = stripe.calls.find((entry) => entry.path === "/v1/checkout/sessions")!;
    expect(call.params.get("success_url")).toBe(
      `https://ahla.test/checkout-success/annual?session_id={CHECKOUT_SESSION_ID}&redirect=${enc(premium.path)}`,
    );
    expect(call.params.get("cancel_url")).toBe(`https://ahla.test/checkout/annual?redirect=${enc(premium.path)}`);
    expect(call.idempotencyKey).toMatch(/-trial-\d+-[0-9a-z]+$/);
  });
});
