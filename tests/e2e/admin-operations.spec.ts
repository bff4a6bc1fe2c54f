import { DEMO, expectAccessible, expectSignedLessonVideo, signIn, signUpDirect } from "./fixtures";
import { expect, serverURL, test, type Browser, type Page } from "./test";

// Running the business from the admin: a member's subscription changed by support, seen by the member
// at once, and every step in the audit log; a plan's new price on /checkout.

async function signUpMember(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, name } = await signUpDirect(page, {
    name: `Samir Ops ${Date.now()}`,
    prefix: "admin-ops",
    password: "yalla-support-1",
  });
  return { context, page, email, name };
}

async function premiumLessonHref(page: Page) {
  await page.goto("/video-library");
  const card = page.getByRole("article").filter({ hasNotText: "(free lesson)" }).first();
  return (await card.getByRole("heading").getByRole("link").getAttribute("href"))!;
}

async function fillReason(page: Page, reason: string) {
  await page.getByLabel(/^Reason/).fill(reason);
}

test("support comps a month, extends it, cancels it now and refunds a payment; the member sees each; the audit log has them all", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await signUpMember(browser);
  const premium = await premiumLessonHref(member.page);
  await member.page.goto(premium);
  // Locked for a free member (ADR 038): its page, its plans, no video.
  await expect(member.page.getByTestId("start-checkout")).toBeVisible();
  await expect(member.page.locator("video")).toHaveCount(0);

  // The admin finds the member.
  await signIn(page, DEMO.admin, "/admin/users");
  await page.getByLabel("Name or email").fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: member.name }).click();
  await expect(page.getByText("Free account: no subscription yet.")).toBeVisible();

  // Comp a month: premium plays at once.
  await page.getByRole("link", { name: "Give a plan free" }).click();
  await page.getByLabel("Plan", { exact: true }).selectOption("monthly");
  await page.getByLabel("Days", { exact: true }).fill("30");
  await fillReason(page, "Sorry for the broken captions last week");
  await page.getByRole("button", { name: "Give access" }).click();
  await expect(page.getByText(/Complimentary access until/)).toBeVisible();
  await expect(page.getByText("Complimentary", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await member.page.goto(premium);
  await expect(member.page).toHaveURL(premium);
  await expectSignedLessonVideo(member.page);

  // A reason is required.
  await page.getByRole("link", { name: "Extend" }).click();
  await page.getByLabel("Days to add").fill("14");
  await page.getByRole("button", { name: "Extend" }).click();
  await expect(page.getByText("Say why (it is kept in the audit log).")).toBeVisible();
  await fillReason(page, "Goodwill after the outage");
  await page.getByRole("button", { name: "Extend" }).click();
  await expect(page.getByText(/Extended to/)).toBeVisible();

  // Cancel now: the lesson is locked for the member again.
  await page.getByRole("link", { name: "Cancel subscription" }).click();
  await page.getByLabel(/^Now/).check();
  await fillReason(page, "Member asked to stop");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText("Canceled: access has ended.")).toBeVisible();
  await member.page.goto(premium);
  await expect(member.page.getByTestId("start-checkout")).toBeVisible();
  await expect(member.page.locator("video")).toHaveCount(0);

  // The member pays themselves; support refunds that payment (local provider).
  await member.page.goto("/checkout/monthly");
  await member.page.getByRole("button", { name: /^Pay/ }).click();
  await expect(member.page).toHaveURL(/\/checkout-success\/monthly$/);
  await page.reload();
  const payments = page.getByRole("region", { name: /Payments and invoices/ });
  await payments.getByRole("link", { name: /^Refund \$12/ }).click();
  await fillReason(page, "Charged by mistake");
  await page.getByRole("button", { name: /^Refund \$12/ }).click();
  await expect(page.getByText("Refunded $12.")).toBeVisible();
  await expect(payments.getByText(/Refunded \$12 on/)).toBeVisible();

  // The member's history in the audit log: each step, who did it, the reason, and before → after.
  await page.getByRole("link", { name: "History of this member" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log\?subject=\d+/);
  const log = page.getByRole("table");
  for (const label of ["Comped subscription", "Extended subscription", "Canceled now", "Refunded payment"]) {
    await expect(log.getByText(label, { exact: true })).toBeVisible();
  }
  for (const reason of [
    "Sorry for the broken captions last week",
    "Goodwill after the outage",
    "Member asked to stop",
    "Charged by mistake",
  ]) {
    await expect(log.getByText(reason, { exact: true })).toBeVisible();
  }
  const canceled = log.getByRole("row").filter({ hasText: "Canceled now" });
  await expect(canceled).toContainText("status");
  await expect(canceled).toContainText("active");
  await expect(canceled).toContainText("expired");
  await expectAccessible(page);
  await member.context.close();
});

test("a new price set on a plan's admin page shows on /checkout", async ({ page, browser, request }) => {
  const login = await request.post("/api/auth/login", { data: DEMO.admin });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const admin = { Authorization: `Bearer ${token}`, Origin: serverURL() };
  const code = `e2e-${Date.now()}`;
  const created = await request.post("/api/admin/plans", {
    headers: admin,
    data: { name: code, title: "Weekend Plan", priceCents: 700, interval: "month", position: 900 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;

  const member = await signUpMember(browser);
  await member.page.goto("/checkout");
  const card = member.page.getByRole("region", { name: "Weekend Plan" });
  await expect(card).toContainText("$7");

  await signIn(page, DEMO.admin, `/admin/plans/${id}`);
  await expect(page.getByText("A new price applies to new subscriptions only")).toBeVisible();
  await page.getByLabel("Price in cents").fill("950");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  await member.page.reload();
  await expect(card).toContainText("$9.50");

  // Archived again, so no other test sees it.
  expect((await request.patch(`/api/admin/plans/${id}`, { headers: admin, data: { isActive: false } })).status()).toBe(
    200,
  );
  await member.page.reload();
  await expect(member.page.getByText("Weekend Plan")).toHaveCount(0);
  await member.context.close();
});
