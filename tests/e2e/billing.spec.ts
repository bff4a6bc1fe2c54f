import { expect, test, type Page } from "./test";
import { expectSignedLessonVideo, uniqueEmail } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;

async function premiumLessonHref(page: Page) {
  await page.goto("/video-library");
  const card = page.getByRole("article").filter({ hasNotText: "(free lesson)" }).first();
  return card.getByRole("heading").getByRole("link").getAttribute("href");
}

test("sign up for annual → pay → premium plays → cancel with a reason → access until period end → cron expires it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/auth/signup?plan=annual");
  await page.getByLabel("Your name").fill("Dalia");
  await page.getByLabel("Email").fill(uniqueEmail("billing"));
  await page.getByLabel("Password", { exact: true }).fill("yalla-nshtarik-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/checkout\/annual$/);
  await expect(page.getByText("$99", { exact: false }).first()).toBeVisible();

  // Before paying, a premium lesson shows its locked page with the way to the checkout (ADR 038), no video.
  const premium = (await premiumLessonHref(page))!;
  await page.goto(premium);
  await expect(page.getByTestId("start-checkout")).toHaveAttribute(
    "href",
    `/checkout?redirect=${encodeURIComponent(new URL(page.url()).pathname)}`,
  );
  await expect(page.locator("video")).toHaveCount(0);

  await page.goto("/checkout/annual");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/checkout-success\/annual$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Recognised as subscribed at once: the premium lesson opens.
  await page.goto(premium);
  await expect(page).toHaveURL(new RegExp(premium.replace(/[?]/g, "\\?")));
  await expectSignedLessonVideo(page);

  // Cancel with a reason; it cancels at the period end.
  await page.goto("/manage-subscription");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const reasons = page.getByRole("radiogroup", { name: "Why are you leaving?" });
  await reasons.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();

  // Still plays until the period ends.
  await page.goto(premium);
  await expectSignedLessonVideo(page);

  // The cron runs after the period end (clock injected): the subscription expires.
  const afterPeriod = new Date(Date.now() + 400 * DAY).toISOString();
  const cron = await page.request.post(`/dev/cron?now=${encodeURIComponent(afterPeriod)}`);
  expect(cron.ok()).toBe(true);
  // Running it twice changes nothing more.
  expect((await page.request.post(`/dev/cron?now=${encodeURIComponent(afterPeriod)}`)).ok()).toBe(true);

  await page.goto(premium);
  await expect(page.getByTestId("start-checkout")).toBeVisible(); // locked again (ADR 038)
  await expect(page.locator("video")).toHaveCount(0);
  const me = await (await page.request.get("/api/me")).json();
  expect(me.data.subscription).toMatchObject({ status: "expired", hasAccess: false });
});

test("an unknown plan goes back to the plan choice with a message", async ({ page }) => {
  await page.goto("/auth/signup");
  await page.getByLabel("Your name").fill("Nadim");
  await page.getByLabel("Email").fill(uniqueEmail("billing"));
  await page.getByLabel("Password", { exact: true }).fill("yalla-nshtarik-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.goto("/checkout/weekly");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByRole("button", { name: "Choose Annual" }).or(page.getByRole("link", { name: "Choose Annual" })),
  ).toBeVisible();
});
