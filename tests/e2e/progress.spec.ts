import { localDay } from "../../core/local-day";
import { expectAccessible, signUpDirect } from "./fixtures";
import { expect, test, type Page } from "./test";

// /progress (docs/progress.md): a new learner's time zone is detected on the first visit, a lesson watched
// shows up as today's minutes, the streak and the chart's today bar, and two flashcards answered change
// the review forecast. Every view passes axe and fits a 375 px screen.

const ZONE = "Asia/Beirut";
test.use({ timezoneId: ZONE });

async function signUp(page: Page) {
  await signUpDirect(page, { name: "Rania", prefix: "progress", password: "shukran-ktir-1" });
}

/** Shows a flashcard's answer, then rates it Good (3), until the next card replaces it. */
async function answerGood(page: Page) {
  const requestId = await page.locator('input[name="requestId"]').inputValue();
  const sameCard = page.locator(`input[name="requestId"][value="${requestId}"]`);
  const back = page.getByTestId("card-back");
  await expect(async () => {
    if ((await sameCard.count()) === 0) return;
    if (!(await back.isVisible())) await page.keyboard.press("Space");
    await expect(back).toBeVisible({ timeout: 2_000 });
    await page.keyboard.press("3");
    await expect(sameCard).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

async function fitsPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("watch a lesson, see today on /progress, review two cards and the forecast changes", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);

  // First visit: an empty page, and the browser's time zone stored for the days to come.
  await page.goto("/progress");
  await expect(page).toHaveTitle("Ahla - Your progress");
  await expect(page.getByRole("heading", { level: 1, name: "Your progress" })).toBeVisible();
  await expect(page.getByText("Watch a lesson to start your chart")).toBeVisible();
  await expect(page.getByTestId("forecast")).toContainText("Nothing scheduled yet.");
  await expect(page.getByTestId("time-zone")).toHaveText(ZONE);
  await page.reload();
  await expect(page.getByText("until we know yours")).toHaveCount(0);
  await expect(page.getByLabel("Time zone")).toHaveValue(ZONE);
  await expectAccessible(page);
  await fitsPhoneWidth(page);

  // The account menu links here.
  await page.goto("/video-library");
  // The account menu is a <details> (docs/architecture.md#no-dead-taps): its summary opens it.
  await page
    .getByRole("banner")
    .locator("summary")
    .filter({ hasText: /Account menu for/ })
    .click();
  await expect(page.getByRole("link", { name: "Progress", exact: true })).toHaveAttribute("href", "/progress");
  await expect(page.getByRole("link", { name: "See your progress" })).toHaveAttribute("href", "/progress");
  await page.keyboard.press("Escape");

  // Watch the free lesson for a few seconds; pausing sends the progress.
  await page
    .getByRole("link", { name: /Greetings in Damascus/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Greetings in Damascus/ })).toBeVisible();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect
    .poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(6);
  // Progress is kept on the device and sent by the outbox (docs/offline.md "Sync"): pausing sends it.
  const saved = page.waitForResponse(
    (response) => /\/api\/sync$/.test(response.url()) && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  expect((await saved).ok()).toBe(true);

  // Today's minutes, the streak (no goal set: any study counts) and the chart's bar for today.
  const today = localDay(new Date(), ZONE);
  await page.goto("/progress");
  const watched = page.getByTestId("today-watched");
  await expect(watched).toBeVisible();
  expect(Number(await watched.getAttribute("data-seconds"))).toBeGreaterThan(0);
  await expect(watched).toHaveText(/^\d+ (s|min)$/);
  await expect(page.getByTestId("streak-current")).toHaveText("1");
  const chart = page.getByTestId("watching-chart");
  await expect(chart.getByRole("img", { name: /^Bar chart of minutes watched each day/ })).toBeVisible();
  await expect(chart.locator(`[data-bar="${today}"] rect`)).toHaveCount(2);
  await chart.getByText("Show the numbers").click();
  await expect(page.getByTestId("watching-table").locator(`tr[data-row="${today}"]`)).toContainText("Today");
  await expect(page.getByTestId("forecast")).toContainText("Nothing scheduled yet.");
  await expectAccessible(page);

  // Two flashcards answered Good (the ten-minute step): the forecast has them.
  await page.goto("/flashcards");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "In the Kitchen" }) })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/flashcard\/\d+$/);
  await answerGood(page);
  await answerGood(page);

  await page.goto("/progress");
  const forecast = page.getByTestId("forecast");
  await expect(forecast).toContainText("2 reviews in all");
  await forecast.getByText("Show the numbers").click();
  const rows = page.getByTestId("forecast-table").locator("tbody tr");
  await expect(rows).toHaveCount(30);
  const dues = (await page.getByTestId("forecast-table").locator("tbody tr td").allTextContents()).map(Number);
  expect(dues.reduce((sum, due) => sum + due, 0)).toBe(2);
  await expect(page.getByTestId("cards-by-state")).toContainText("Learning2");
  await expect(page.getByTestId("retention")).toHaveText("100%");
  await expectAccessible(page);
  await fitsPhoneWidth(page);
});

test("the daily goal is the learner's choice: cards reviewed, and the page says so", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/progress");
  await expect(page.getByTestId("time-zone")).toHaveText(ZONE);
  await page.getByRole("radio", { name: "Review cards" }).check();
  await page.getByRole("spinbutton", { name: "Cards a day" }).fill("12");
  await page.getByRole("button", { name: "Save goal" }).click();
  await expect(page.getByText("Your daily goal is saved.")).toBeVisible();
  await expect(page.getByTestId("today")).toContainText("of your 12 cards goal");
  await expect(page.getByTestId("streak")).toContainText("Meet today's goal to start one.");
  await expect(page.getByRole("radio", { name: "Review cards" })).toBeChecked();
  await expectAccessible(page);

  // A goal out of range is refused at its field.
  await page.getByRole("spinbutton", { name: "Cards a day" }).fill("5000");
  await page.getByRole("button", { name: "Save goal" }).click();
  await expect(page.getByText("Choose at most 1000.")).toBeVisible();
});
