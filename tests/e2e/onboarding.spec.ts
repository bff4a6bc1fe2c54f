import { expect, test, type Page } from "./test";
import { expectAccessible, signUpDirect } from "./fixtures";

// Onboarding by level and "For you" (docs/recommendations.md): a new member (signed up, so past the checkout
// the sign-up rule sends them to) meets the library's first-visit card, answers four questions, the library
// suggests lessons at their level, each saying why, and watching one moves the suggestions on.

test.describe.configure({ timeout: 120_000 });

async function signUp(page: Page, name: string) {
  await signUpDirect(page, { name, prefix: "onboarding", password: "ahlan-w-sahlan-1" });
  await page.goto("/video-library");
  const prompt = page.getByRole("region", { name: "Tell us your level to get suggestions" });
  await prompt.getByRole("link", { name: "Set my level" }).click();
  await expect(page).toHaveURL(/\/onboarding\?next=%2Fvideo-library$/);
}

const forYou = (page: Page) => page.getByRole("region", { name: "For you" });

async function videoTime(page: Page) {
  return page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);
}

test("a new member picks Beginner, family, 10 minutes, sees For you lessons at that level with a reason, and watches one", async ({
  page,
}) => {
  await signUp(page, "Samira");
  await expect(page).toHaveTitle("Ahla - Get started");
  await expect(page.getByRole("heading", { level: 1, name: "Let’s fit Ahla to you" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("radio", { name: /^Beginner\b/ }).check();
  await page.getByRole("radio", { name: /^Family\b/ }).check();
  await page.getByRole("radio", { name: "10 minutes", exact: true }).check();
  await expect(page.getByRole("radio", { name: /^No preference\b/ })).toBeChecked();
  await page.getByRole("button", { name: "Save and show my lessons" }).click();
  // Then back to the library, now with suggestions.
  await expect(page).toHaveURL(/\/video-library$/);
  const section = forYou(page);
  await expect(section).toBeVisible();
  const cards = section.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    await expect(card.getByText("At your level (Beginner)", { exact: true })).toBeVisible();
    await expect(card.getByText("Beginner", { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // Open a suggestion this free member can watch, and watch some of it.
  const open = cards.filter({ hasNotText: "(locked)" }).first();
  const title = (await open.getByRole("heading", { level: 3 }).textContent())!.replace(/\s*\(free lesson\)$/, "");
  await open.getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/video\/\d+\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
  // Progress is kept on the device and sent by the outbox (docs/offline.md "Sync"): pausing sends it.
  const saved = page.waitForResponse(
    (response) => /\/api\/sync$/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  expect((await saved).ok()).toBe(true);

  // Back in the library: a lesson started is not suggested again; its series continues first, saying so.
  await page.goto("/video-library");
  await expect(forYou(page).getByRole("heading", { level: 3, name: title })).toHaveCount(0);
  await expect(forYou(page).getByRole("article").first()).toContainText(/Next in /);
});

test("the three clips suggest a level and say why; the suggestion is selected", async ({ page }) => {
  await signUp(page, "Yusuf");
  const clips = page.getByRole("region", { name: /Not sure\? Check yourself/ });
  await expect(clips).toBeVisible();
  await clips
    .getByRole("group", { name: /How much of this did you follow\? \(Beginner clip\)/ })
    .getByRole("radio", { name: "Most of it" })
    .check();
  await clips
    .getByRole("group", { name: /How much of this did you follow\? \(Intermediate clip\)/ })
    .getByRole("radio", { name: "Some of it" })
    .check();
  await clips.getByRole("button", { name: "Suggest my level" }).click();
  await expect(clips.getByRole("status")).toContainText(
    "We suggest Intermediate. You followed most of the Beginner clip and some of the Intermediate clip",
  );
  await expect(page.getByRole("radio", { name: /^Intermediate\b/ })).toBeChecked();

  // Saving without the other answers is refused at their fields; nothing is lost.
  await page.getByRole("button", { name: "Save and show my lessons" }).click();
  await expect(page.getByText("Choose why you are learning.")).toBeVisible();
  await expect(page.getByText("Choose how many minutes a day.")).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Intermediate\b/ })).toBeChecked();
  await expectAccessible(page);

  // "Skip for now" goes on without saving anything: the library then asks for the level.
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/video-library$/);
  const prompt = page.getByRole("region", { name: "Tell us your level to get suggestions" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("link", { name: "Set my level" }).click();
  await expect(page).toHaveURL(/\/onboarding\?next=%2Fvideo-library$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the onboarding form works as plain HTML, and the answers show on the profile", async ({ page }) => {
    await signUp(page, "Karam");
    await page.getByRole("radio", { name: /^Advanced\b/ }).check();
    await page.getByRole("radio", { name: /^Work\b/ }).check();
    await page.getByRole("radio", { name: "30 minutes", exact: true }).check();
    await page.getByRole("button", { name: "Save and show my lessons" }).click();
    await expect(page).toHaveURL(/\/video-library$/);
    const first = forYou(page).getByRole("article").first();
    await expect(first).toContainText("At your level (Advanced)");

    await page.goto("/profile");
    await expect(page.getByLabel(/level/i)).toHaveValue("advanced");
    await expect(page.getByRole("radio", { name: "Work", exact: true })).toBeChecked();
    await expect(page.getByLabel("Minutes a day")).toHaveValue("30");
  });
});
