import { expect, test, type Page } from "./test";
import { DEMO, expectAccessible, signIn } from "./fixtures";

// Demo activity "At the Bakery" (seed/demo-content.ts): two choices and a dictation whose
// answer is بدّي ربطة خبز.
async function openBakery(page: Page) {
  await page.goto("/listening-activity");
  await expect(page).toHaveTitle("Ahla - Listening activities");
  await page.getByRole("link", { name: /^At the Bakery/ }).click();
  await expect(page).toHaveURL(/\/listening-activity\/\d+\/at-the-bakery$/);
  await expect(page).toHaveTitle("Ahla - At the Bakery");
}

test("a learner completes a listening activity, sees the score, the review and the transcript, and the best score on the list", async ({
  page,
}) => {
  await signIn(page, DEMO.learner, "/listening-activity");
  await expect(page).toHaveURL(/\/listening-activity$/);
  await openBakery(page);

  const clip = page.locator("audio");
  await expect(clip).toHaveAttribute("src", /^\/media\/audio\/[^?]+\?exp=\d+&sig=[0-9a-f]{64}$/);
  await page.getByRole("button", { name: "Slower (0.75×)" }).click();
  await expect(page.getByRole("button", { name: "Slower (0.75×)" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => clip.evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(0.75);
  await expect(page.getByText("Transcript", { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("radio", { name: "Three za'tar manakish" }).check();
  await page.getByRole("radio", { name: "Five minutes" }).check();
  // Typed without tashkeel (the answer is written بدّي).
  await page.getByLabel(/Type what the customer asks for first/).fill("بدي ربطة خبز");
  await page.getByRole("button", { name: "Check my answers" }).click();

  await expect(page).toHaveURL(/\?attempt=\d+/);
  await expect(page.getByRole("heading", { name: /Your score: 3\/3/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Your score/ })).toBeFocused();
  const review = page.getByRole("listitem").filter({ hasText: "Type what the customer asks for first" });
  await expect(review).toContainText("(correct)");
  await expect(review).toContainText("بدي ربطة خبز");
  await expect(review).toContainText("بدّي ربطة خبز");
  await expect(page.getByRole("heading", { name: "Transcript" })).toBeVisible();
  await expect(page.getByText(/صباح الخير، بدّي ربطة خبز/)).toBeVisible();
  await expectAccessible(page);

  // A reload shows the same attempt, not a second one.
  await page.reload();
  await expect(page.getByRole("heading", { name: /Your score: 3\/3/ })).toBeVisible();

  await page.getByRole("link", { name: "All listening activities" }).click();
  await expect(page).toHaveURL(/\/listening-activity$/);
  const card = page.getByRole("article").filter({ hasText: "At the Bakery" });
  await expect(card.getByTestId("best-score")).toHaveText(/Best 3\/3/);

  // Retrying starts a fresh form.
  await openBakery(page);
  await expect(page.getByRole("button", { name: "Check my answers" })).toBeVisible();
  await expect(page.getByText("Best 3/3")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the answers post as a plain form and the result page shows the review", async ({ page }) => {
    await signIn(page, DEMO.learner, "/listening-activity");
    await expect(page).toHaveURL(/\/listening-activity$/);
    await openBakery(page);
    await page.getByRole("radio", { name: "Two minutes" }).check();
    await page.getByLabel(/Type what the customer asks for first/).fill("baddi rabtet khubz");
    await page.getByRole("button", { name: "Check my answers" }).click();
    await expect(page).toHaveURL(/\?attempt=\d+#result$/);
    await expect(page.getByRole("heading", { name: /Your score: 1\/3/ })).toBeVisible();
    const missed = page.getByRole("listitem").filter({ hasText: "How long will the manakish take?" });
    await expect(missed).toContainText("(incorrect)");
    await expect(missed).toContainText("Five minutes");
    await expect(
      page.getByRole("listitem").filter({ hasText: "What does the customer order besides bread?" }),
    ).toContainText("(no answer)");
  });
});

test("listening pages: visitors see the list and are sent to sign in; stale slugs redirect; unknown ids are not found", async ({
  page,
}) => {
  await page.goto("/listening-activity");
  await expect(page.getByRole("heading", { name: "Sign in to start listening" })).toBeVisible();
  const link = page.getByRole("link", { name: /^At the Bakery/ });
  await expect(link).toHaveAttribute("href", /^\/auth\/login\?redirect=/);
  const href = decodeURIComponent((await link.getAttribute("href"))!.split("redirect=")[1]!);

  await signIn(page, DEMO.free, "/listening-activity");
  await expect(page).toHaveURL(/\/listening-activity$/);
  const id = /\/listening-activity\/(\d+)\//.exec(href)![1];
  const stale = await page.goto(`/listening-activity/${id}/old-title`);
  expect(stale?.request().redirectedFrom()?.url()).toContain("/old-title");
  await expect(page).toHaveURL(new RegExp(`/listening-activity/${id}/at-the-bakery$`));
  const missing = await page.goto("/listening-activity/999999/nothing");
  expect(missing?.status()).toBe(404);
});
