import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { expectAccessible as axeCheck, signUpDirect } from "./fixtures";

// Long walks through several pages; the dev server compiles on first visit.
test.describe.configure({ timeout: 120_000 });

// Every test signs up its own learner: lists, words, quiz runs and deck progress are theirs alone.
async function signUp(page: Page) {
  await signUpDirect(page, { name: "Lina", prefix: "vocab", password: "marhaba-marhaba-1" });
}

/** axe once any toast has gone: a toast caught mid-animation reads as low contrast. */
async function expectAccessible(page: Page) {
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 12_000 });
  await axeCheck(page);
}

const quizCard = (page: Page) =>
  page.getByRole("region", { name: /what does this mean|which word means this|listen/i });

/**
 * Answers the current question right, knowing the words (Arabic → meaning). A listening question
 * (only words saved from a lesson have audio) is answered with `audioWord`.
 */
async function answerRight(
  page: Page,
  words: Record<string, string>,
  options: { keyboard?: boolean; audioWord?: string },
) {
  const card = quizCard(page);
  await expect(card).toBeVisible();
  const prompts = card.locator("p");
  const prompt = (await prompts.count()) > 0 ? (await prompts.first().innerText()).trim() : "";
  const byMeaning = Object.entries(words).find(([, english]) => english === prompt)?.[0];
  const answer = words[prompt] ?? byMeaning ?? options.audioWord;
  if (!answer) throw new Error(`No answer known for “${prompt}”`);
  const option = card.locator("button[data-option]").filter({ has: page.getByText(answer, { exact: true }) });
  if (options.keyboard) {
    const number = await option.getAttribute("data-option");
    await page.keyboard.press(number!);
  } else {
    await option.click();
  }
}

test("visitors are sent to sign in from every vocabulary page", async ({ page }) => {
  for (const path of [
    "/vocabulary-list",
    "/vocabulary-list/1/my-words",
    "/vocabulary-list/1/my-words/play",
    "/global-vocabulary-theme/1/home-family",
    "/global-vocabulary-deck/1/family-members/vocabularies",
    "/global-vocabulary-deck/1/family-members/play",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/auth/login\\?redirect=${encodeURIComponent(path)}`));
  }
});

test("a word saved in the player is in My words; play the list, reload mid-quiz, see the score", async ({ page }) => {
  await signUp(page);
  await page.goto("/video-library");
  await page
    .getByRole("link", { name: /Greetings in Damascus/ })
    .first()
    .click();
  // The word opens its popover once the player has hydrated: retry the click until it does.
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    await page.getByRole("button", { name: "مرحبا", exact: true }).first().click();
    await expect(dialog.getByRole("button", { name: "Save to my words" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Save to my words" }).click();
  await expect(page.getByText("Saved to My words").first()).toBeVisible();

  await page.goto("/vocabulary-list");
  await expect(page).toHaveTitle("Ahla - Vocabulary lists");
  const myWords = page.getByRole("article", { name: "My words" });
  await expect(myWords).toContainText("1 word");
  await expectAccessible(page);
  await myWords.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/vocabulary-list\/\d+\/my-words$/);
  const saved = page.getByRole("listitem").filter({ hasText: "مرحبا" });
  await expect(saved.getByRole("link", { name: /Greetings in Damascus at \d+:\d\d/ })).toHaveAttribute(
    "href",
    /^\/video\/\d+\/greetings-in-damascus\?t=\d+$/,
  );
  await expectAccessible(page);

  // A second word, typed by hand, so the quiz has two questions.
  await page.getByLabel("Arabic").fill("شكرا");
  await page.getByLabel("Meaning").fill("thank you");
  await page.getByRole("button", { name: "Add word" }).click();
  await expect(page.getByText("Added “شكرا”.")).toBeVisible();

  await page.getByRole("link", { name: "Play quiz" }).click();
  await expect(page).toHaveURL(/\/play\?seed=\d+&words=/);
  await expect(page.getByText("Question 1 of 2")).toBeVisible();
  await expectAccessible(page);
  const words = { مرحبا: "hello", شكرا: "thank you" };
  await answerRight(page, words, { audioWord: "مرحبا" });
  await expect(page.getByText("Question 2 of 2")).toBeVisible();
  await expect(page.getByText("Score: 1 / 1")).toBeVisible();

  // A reload keeps the run: same question, same score.
  await page.reload();
  await expect(page.getByText("Question 2 of 2")).toBeVisible();
  await expect(page.getByText("Score: 1 / 1")).toBeVisible();
  await answerRight(page, words, { keyboard: true, audioWord: "مرحبا" });

  await expect(page.getByRole("heading", { name: "Your score" })).toBeVisible();
  await expect(page.getByTestId("quiz-score")).toHaveText("2 / 2");
  await expect(page.getByText("100%")).toBeVisible();
  await expectAccessible(page);
});

test("create a list, add a word by hand, move it, export CSV", async ({ page }) => {
  await signUp(page);
  await page.goto("/vocabulary-list");
  await page.getByLabel("List name").fill("Kitchen");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page).toHaveURL(/\/vocabulary-list\/\d+\/kitchen$/);
  await page.goto("/vocabulary-list");
  await page.getByLabel("List name").fill("Market");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page).toHaveURL(/\/vocabulary-list\/\d+\/market$/);
  await expect(page).toHaveTitle("Ahla - Market");

  // Empty Arabic is refused at the field.
  await page.getByLabel("Meaning").fill("tomatoes");
  await page.getByRole("button", { name: "Add word" }).click();
  await expect(page.getByText("Write the word in Arabic.")).toBeVisible();

  await page.getByLabel("Arabic").fill("بندورة");
  await page.getByLabel("Transliteration").fill("banadoura");
  await page.getByLabel("Meaning").fill('tomatoes, "ripe"');
  await page.getByRole("button", { name: "Add word" }).click();
  await expect(page.getByText("Added “بندورة”.")).toBeVisible();

  // The same word again gets a clear message at the field.
  await page.getByLabel("Arabic").fill("بَندورة");
  await page.getByRole("button", { name: "Add word" }).click();
  await expect(page.getByText("“بَندورة” is already in Market.")).toBeVisible();

  // Search within the list.
  await page.getByLabel("Search this list").fill("tomat");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: /1 match for “tomat”/ })).toBeVisible();

  const row = page.getByRole("listitem").filter({ hasText: "بندورة" });
  await row.getByLabel("Move بندورة to").selectOption({ label: "Kitchen" });
  await row.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Moved “بندورة” to Kitchen.")).toBeVisible();
  await expect(page.getByText("This list is empty")).toBeVisible();

  await page.getByRole("link", { name: "Vocabulary", exact: true }).first().click();
  await page.getByRole("article", { name: "Kitchen" }).getByRole("link", { name: "Open" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "بندورة" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("kitchen.csv");
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('بندورة,banadoura,"tomatoes, ""ripe""",,');
});

test("theme → deck → words → play the deck → progress on the theme page", async ({ page }) => {
  await signUp(page);
  await page.goto("/vocabulary-list");
  await page.getByRole("link", { name: "Home & Family" }).click();
  await expect(page).toHaveURL(/\/global-vocabulary-theme\/\d+\/home-family$/);
  await expect(page.getByRole("heading", { name: "Essentials" })).toBeVisible();
  await expectAccessible(page);
  const deckCard = page.getByRole("article", { name: "Family Members" });
  await expect(deckCard.getByTestId(/deck-progress-/)).toContainText("Plays0");

  await deckCard.getByRole("link", { name: "Words of Family Members" }).click();
  await expect(page).toHaveURL(/\/global-vocabulary-deck\/\d+\/family-members\/vocabularies$/);
  await expect(page.getByText("My mother makes the best mujaddara.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Search this deck").fill("sister");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: /1 match for “sister”/ })).toBeVisible();
  await page.getByRole("button", { name: "Save to My words: أخت" }).click();
  await expect(page.getByText("Saved “أخت” to your list.")).toBeVisible();

  await page.getByRole("link", { name: "Play this deck" }).click();
  await expect(page).toHaveURL(/\/play\?seed=\d+/);
  const total = Number((await page.getByText(/^Question 1 of \d+$/).innerText()).match(/of (\d+)/)![1]);
  for (let question = 1; question <= total; question += 1) {
    await expect(page.getByText(`Question ${question} of ${total}`)).toBeVisible();
    await page.keyboard.press("1");
  }
  await expect(page.getByRole("heading", { name: "Your score" })).toBeVisible();
  await expect(page.getByTestId("deck-progress")).toContainText("1 play");

  await page.getByRole("link", { name: "Back to the theme" }).click();
  const progress = page.getByRole("article", { name: "Family Members" }).getByTestId(/deck-progress-/);
  await expect(progress).toContainText("Plays1");
  await expect(progress).toContainText(/Best score\d+%/);
});
