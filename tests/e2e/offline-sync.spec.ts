import { answerOffline, goOffline, signIn, signUpDirect, syncStatus as status } from "./fixtures";
import { expect, test, waitForHydration, type Page } from "./test";

// Reviews and progress made offline (docs/offline.md "Sync"): kept in the device's outbox, sent when the network
// returns, and counted by the server. The rules (replay order, duplicates, clock skew) are in
// tests/integration/sync.test.ts; this spec checks what only a browser shows: the page works offline and the
// outbox really arrives.

async function openKitchen(page: Page) {
  await page.goto("/flashcards");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "In the Kitchen" }) })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/flashcard\/\d+$/);
  await expect(page.getByTestId("card-front")).toHaveText("قهوة");
  await waitForHydration(page);
}

async function cardsReviewedToday(page: Page) {
  await page.goto("/progress");
  return page.getByTestId("today").textContent();
}

test("three cards reviewed offline reach the server when back online, and /progress counts them", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { name: "Samir", prefix: "offline" });
  await openKitchen(page);

  await goOffline(context, page);
  await answerOffline(page, "3", 1);
  await answerOffline(page, "3", 2);
  await answerOffline(page, "3", 3);
  await expect(status(page)).toHaveAttribute("data-state", "offline");
  await expect(status(page)).toHaveAttribute("data-waiting", "3");
  await expect(status(page)).toContainText("Offline · 3 waiting");

  await context.setOffline(false);
  await expect(status(page)).toHaveAttribute("data-state", "synced");
  await expect(status(page)).toHaveAttribute("data-waiting", "0");
  // Back online, the page shows the server's session again: the three answered cards are learning now.
  await expect(page.getByTestId("offline-review")).toHaveCount(0);
  expect(await cardsReviewedToday(page)).toContain("3 cards reviewed");
});

test("two devices review the same card offline and both answers survive the sync", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await signUpDirect(page, { name: "Huda", prefix: "offline-two" });
  await openKitchen(page);
  const laptop = await browser.newContext({ baseURL });
  const other = await laptop.newPage();
  await signIn(other, account, "/flashcards");
  await waitForHydration(other);
  await openKitchen(other);

  await goOffline(page.context(), page);
  await goOffline(laptop, other);
  // The same first card: Good on this one, Again on the other.
  await answerOffline(page, "3", 1);
  await answerOffline(other, "1", 1);
  await page.context().setOffline(false);
  await expect(status(page)).toHaveAttribute("data-state", "synced");
  await laptop.setOffline(false);
  await expect(status(other)).toHaveAttribute("data-state", "synced");
  await laptop.close();

  // Both answers are stored: two cards reviewed today, and half of them remembered (the Again is a lapse kept).
  expect(await cardsReviewedToday(page)).toContain("2 cards reviewed");
  await expect(page.getByTestId("retention")).toHaveText("50%");
});

test("a lesson's progress and an exercise answered offline arrive when the network returns", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { name: "Karim", prefix: "offline-lesson" });
  await page.goto("/video-library");
  await page
    .getByRole("link", { name: /Greetings in Damascus/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Greetings in Damascus/ })).toBeVisible();
  const video = page.locator("video");
  // The whole (small) file is in the media cache before the network goes.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(3);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);

  await context.setOffline(true);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(6);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(status(page)).toContainText("Offline · 1 waiting");

  // An exercise answered offline waits in the outbox (the device has no expected answer to check it with).
  const gap = page.locator("[data-exercise='sentence-gap']");
  await gap.getByRole("group", { name: "Choices" }).getByRole("button", { name: "منيح" }).click();
  await gap.getByRole("button", { name: "Check" }).click();
  await expect(gap.getByTestId("exercise-waiting")).toContainText("checked when you are back online");
  await expect(status(page)).toContainText("Offline · 2 waiting");

  const sent = page.waitForResponse((response) => /\/api\/sync$/.test(response.url()));
  await context.setOffline(false);
  expect((await sent).ok()).toBe(true);
  await expect(status(page)).toHaveAttribute("data-state", "synced");
  // The server checked it: the verdict shows where the answer was given.
  await expect(gap.getByText("Correct!")).toBeVisible();
  await expect(gap.getByTestId("exercise-waiting")).toHaveCount(0);

  await page.goto("/progress");
  expect(Number(await page.getByTestId("today-watched").getAttribute("data-seconds"))).toBeGreaterThan(3);
  await page.goBack();
  await expect(gap.getByText("Solved", { exact: true })).toBeVisible();
});
