import { DEMO_LESSONS } from "../../seed/demo-content";
import { expectAccessible, signUpDirect } from "./fixtures";
import { expect, test } from "./test";

// Cards (docs/cards.md): what only a browser shows. A line saved from the lesson page becomes a sentence card
// that plays its line from the lesson's own media and leads back to that moment; a production card is answered
// by typing; a daily limit ends the day's review, and so does a buried sibling. The rules themselves are in tests/integration/cards.test.ts.

const lesson = DEMO_LESSONS.find((candidate) => candidate.slug === "greetings-in-damascus")!;

test("a line saved from a lesson is reviewed with its sound, by typing, and within the daily limits", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpDirect(page, { name: "Samir", prefix: "cards" });
  await page.goto("/video-library");
  // The card's title link (before hydration "Add to playlist" is a link too, named with the title).
  await page
    .getByRole("heading")
    .getByRole("link", { name: new RegExp(lesson.title) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(lesson.title) })).toBeVisible();

  // Save the second line (retrying until the page has hydrated).
  const saveLine = page.locator('[data-cue-index="1"]').getByTestId("save-line");
  await expect(async () => {
    await saveLine.click();
    await expect(saveLine).toHaveAttribute("aria-label", /saved to My words/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // With no new cards a day, the review is done for today; with some, the sentence's recognition card shows.
  await page.goto("/flashcards/my-words");
  const setNewPerDay = async (value: string) => {
    const summary = page.getByText(/^Daily limits:/);
    if (!(await page.getByLabel("New cards per day").isVisible())) await summary.click();
    await page.getByLabel("New cards per day").fill(value);
    await page.getByRole("button", { name: "Save limits" }).click();
    await expect(page.getByText("Daily limits saved.")).toBeVisible();
  };
  await setNewPerDay("0");
  await expect(page.getByRole("heading", { name: "Done for today" })).toBeVisible();
  await expect(page.getByTestId("done-for-today")).toContainText("2 new");
  await setNewPerDay("20");

  // Its recognition card, marked as a sentence: the Arabic first; shown, it plays the line from the lesson's media.
  const { arabic, english } = lesson.cues[1]!;
  await expect(page.getByTestId("card-front")).toHaveText(arabic);
  await expect(page.getByTestId("sentence-badge")).toHaveText("Sentence");
  await expect(async () => {
    await page.keyboard.press("Space");
    await expect(page.getByTestId("card-back")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("card-back")).toContainText(english);
  const media = page.getByTestId("card-back").getByTestId("line-media");
  const start = Number(await media.getAttribute("data-line-start"));
  expect(start).toBeGreaterThan(0);
  await media.evaluate((element: HTMLVideoElement) => {
    element.currentTime = 0;
  });
  await page.getByRole("button", { name: "Hear the line" }).click();
  await expect
    .poll(() => media.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThanOrEqual(start);
  await media.evaluate((element: HTMLVideoElement) => element.pause());
  await expectAccessible(page);

  // "This moment in the lesson" opens the lesson at the line's time.
  const moment = page.getByTestId("this-moment");
  await expect(moment).toHaveAttribute("href", new RegExp(`\\?t=${Math.floor(start)}$`));
  const momentHref = (await moment.getAttribute("href"))!;

  // Make it a production card instead of a recognition one (nothing of this note is answered yet).
  await page.getByText("Edit this card").click();
  await page.getByLabel("Arabic → meaning").uncheck();
  await page.getByLabel("Meaning → Arabic (typed)").check();
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Card saved.")).toBeVisible();

  // The production card: the meaning, answered by typing the Arabic without its tashkeel.
  await expect(page.locator('[data-card-type="production"]')).toBeVisible();
  await expect(page.getByTestId("card-front")).toHaveText(english);
  await page.getByLabel(/Your answer in Arabic/).fill(arabic.replace(/[\u064B-\u0652]/g, ""));
  await page.getByLabel(/Your answer in Arabic/).press("Enter");
  await expect(page.getByTestId("answer-result")).toHaveText("Correct");
  await expect(page.getByRole("status").filter({ hasText: "Correct." })).toBeAttached();
  await expect(page.getByRole("button", { name: /^Easy/ })).toBeVisible();
  await page.keyboard.press("4");

  // Its listening sibling is buried: it waits for tomorrow.
  await expect(page.getByRole("heading", { name: "Done for today" })).toBeVisible();
  await expect(page.getByTestId("buried-siblings")).toContainText("1 card waits for tomorrow");

  // The way back to the moment: the lesson opens at that time.
  await page.goto(momentHref);
  const player = page.locator("video").first();
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(Math.floor(start));
});
