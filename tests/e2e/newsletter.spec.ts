import { expect, test, type Page } from "./test";
import { expectAccessible, expectSignedLessonVideo, uniqueEmail } from "./fixtures";

const LANDING_FORM = "Get a new Shami phrase in your inbox";

async function openMail(page: Page, email: string, subject: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("article").filter({ has: page.getByRole("heading", { name: subject }) });
  await expect(mail).toHaveCount(1);
  return mail;
}

test("sign up on the landing page, confirm from the outbox, then unsubscribe with one click", async ({ page }) => {
  const email = uniqueEmail("newsletter");
  await page.goto("/");
  const form = page.getByRole("region", { name: LANDING_FORM });
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("First name (optional)").fill("Yara");

  // Consent is required and explained at the checkbox.
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Tick the box to agree to receive the newsletter.")).toBeVisible();
  await form.getByRole("checkbox", { name: /email me the Ahla newsletter/ }).check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toContainText("we've sent you an email");

  const confirmation = await openMail(page, email, /Confirm your subscription/);
  await confirmation.getByRole("link", { name: /\/newsletter\/confirm\?token=/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page).toHaveTitle("Ahla - Confirm your subscription");
  await expectAccessible(page);

  // The link is single use.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "This confirmation link doesn't work" })).toBeVisible();

  // Every email carries the unsubscribe link; one click is enough.
  const welcome = await openMail(page, email, /You're subscribed/);
  await welcome.getByRole("link", { name: /\/newsletter\/unsubscribe\?/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "That was a mistake, keep me subscribed" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're back on the list" })).toBeVisible();
});

test("a duplicate signup gets the same answer and a tampered link is refused", async ({ page }) => {
  const email = uniqueEmail("newsletter-dup");
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.goto("/blog");
    const form = page.getByRole("region", { name: LANDING_FORM });
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("checkbox", { name: /email me the Ahla newsletter/ }).check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toContainText("we've sent you an email");
  }
  await page.goto("/newsletter/confirm?token=not-a-real-token-at-all-really");
  await expect(page.getByRole("heading", { level: 1, name: "This confirmation link doesn't work" })).toBeVisible();
  await page.goto("/newsletter/unsubscribe?id=1&sig=deadbeef");
  await expect(page.getByRole("heading", { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the signup form posts to the newsletter page, with errors at the fields", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("region", { name: LANDING_FORM });
    await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("newsletter-nojs"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByText("Tick the box to agree to receive the newsletter.")).toBeVisible();
    await page.getByRole("checkbox", { name: /email me the Ahla newsletter/ }).check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText("we've sent you an email");
  });
});

test("the landing page passes axe and its free sample lesson plays", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Ahla - Learn Levantine Arabic from real video");
  const sample = page.getByRole("region", { name: "Press play: a free lesson, right here" });
  const video = sample.locator("video");
  await expectSignedLessonVideo(page, video);
  await expect(sample.getByRole("list", { name: "Transcript lines" }).getByRole("listitem").first()).toBeVisible();
  await expect(sample.locator('[lang="ar"][dir="rtl"]').first()).toBeVisible();
  await expectAccessible(page);

  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);

  // Clicking a transcript line jumps to it and highlights it.
  const third = sample.getByRole("list", { name: "Transcript lines" }).getByRole("button").nth(2);
  await third.click();
  await expect(third).toHaveAttribute("aria-current", "true");

  await expect(page.getByRole("region", { name: "Native speakers from four countries" })).toBeVisible();
  // The seed's testimonials are unpublished samples: no invented learners on the public site.
  await expect(page.getByRole("region", { name: "What learners tell us" })).toHaveCount(0);
});
