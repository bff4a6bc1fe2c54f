import { expectAccessible, signUpDirect } from "./fixtures";
import { expect, test, type Page } from "./test";

// What the learner knows (docs/words.md "What the learner knows"): a new member sees "% known" on a library card
// and on the lesson page, saves a word (learning), finishes the lesson and marks the other words as known, sees the
// figure change there and on the card, and undoes it. Then the same forms without JavaScript.

const LESSON = "Making Weekend Plans";

const card = (page: Page) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: new RegExp(`^${LESSON}`) }) });
const figure = (scope: ReturnType<Page["locator"]> | Page) => scope.locator("[data-known-words]").first();

/** The lesson's address and length, from its library card; then the player's own save of its last second. */
async function finishLesson(page: Page) {
  await page.goto("/video-library");
  const href = await card(page)
    .getByRole("link", { name: new RegExp(`^${LESSON}`) })
    .getAttribute("href");
  const id = Number(/^\/video\/(\d+)\//.exec(href!)![1]);
  const lesson = await page.request.get(`/api/lessons/${id}`);
  expect(lesson.status()).toBe(200);
  const duration = ((await lesson.json()) as { data: { lesson: { durationSeconds: number } } }).data.lesson
    .durationSeconds;
  const saved = await page.request.put(`/api/lessons/${id}/progress`, {
    data: { positionSeconds: duration, durationSeconds: duration },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return href!;
}

test("a member sees “% known”, marks the rest of a finished lesson as known, and undoes it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { name: "Samir", prefix: "known" });

  // A new member knows none of the words yet.
  await page.goto("/video-library");
  await expect(figure(card(page))).toContainText("0 % of words known");
  const href = await card(page)
    .getByRole("link", { name: new RegExp(`^${LESSON}`) })
    .getAttribute("href");

  // On the lesson page: the figure in the header; a word saved from the lesson is "learning".
  await page.goto(href!);
  const header = page.locator("main header").first();
  await expect(figure(header)).toContainText("0 % of words known");
  const words = page.getByRole("region", { name: "Words in this lesson" });
  await expect(words).toBeVisible();
  await page
    .getByRole("region", { name: "Vocabulary" })
    .getByRole("button", { name: /^Save .+ to my words$/ })
    .first()
    .click();
  await expect(page.getByText("In My words").first()).toBeVisible();
  // Not finished yet: nothing to mark.
  await expect(words.getByRole("button", { name: /as known$/ })).toHaveCount(0);

  // Finished: "Mark the other N words as known" (the saved word is learning, so not "all").
  await finishLesson(page);
  await page.goto(href!);
  await expect(words.getByRole("definition").nth(1)).toHaveText("1"); // learning
  const mark = words.getByRole("button", { name: /^Mark the other \d+ words as known$/ });
  await expect(mark).toBeVisible();
  const others = Number(/(\d+)/.exec((await mark.textContent()) ?? "")![1]);
  await expect(words.getByRole("definition").nth(2)).toHaveText(String(others)); // new
  await expectAccessible(page);
  await mark.click();

  // Every other word is known now: the figure is known ÷ counted, rounded down.
  const percent = Math.floor((others / (others + 1)) * 100);
  await expect(figure(header)).toContainText(`${percent} % of words known`);
  await expect(words.getByRole("status")).toHaveText(`You marked ${others} words of this lesson as known.`);
  await expect(words.getByRole("definition").nth(0)).toHaveText(String(others)); // known
  await expect(words.getByRole("button", { name: /as known$/ })).toHaveCount(0);
  // The library card says so too.
  await page.goto("/video-library");
  await expect(figure(card(page))).toContainText(`${percent} % of words known`);
  // …and /progress counts them.
  await page.goto("/progress");
  const known = page.getByTestId("known-words");
  await expect(known.getByRole("definition").first()).toHaveText(String(others));

  // Undo: exactly as before.
  await page.goto(href!);
  await words.getByRole("button", { name: "Undo" }).click();
  await expect(figure(header)).toContainText("0 % of words known");
  await expect(words.getByRole("status")).toHaveCount(0);
  await expect(words.getByRole("button", { name: `Mark the other ${others} words as known` })).toBeVisible();
  await page.goto("/video-library");
  await expect(figure(card(page))).toContainText("0 % of words known");
});

test("a status set in the word popup changes the lesson's figures at once", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { name: "Hala", prefix: "known-popup" });
  await page.goto("/video-library");
  const href = await card(page)
    .getByRole("link", { name: new RegExp(`^${LESSON}`) })
    .getAttribute("href");
  await page.goto(href!);
  const header = page.locator("main header").first();
  const words = page.getByRole("region", { name: "Words in this lesson" });
  const count = (index: number) => words.getByRole("definition").nth(index);
  await expect(count(0)).toHaveText("0"); // known
  const counted = Number(await count(2).textContent()); // new: every word, for a new member
  expect(counted).toBeGreaterThan(1);

  // شو, the first word of the first line: the popup sets it known, and the panel and the header follow without
  // a reload of the page.
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    await page.locator('[data-cue-index="0"] button[data-word-position="0"]').click();
    await expect(dialog.getByTestId("word-gloss")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Known", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Known", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(count(0)).toHaveText("1");
  await expect(count(2)).toHaveText(String(counted - 1));
  await expect(figure(header)).toContainText(`${Math.floor(100 / counted)} % of words known`);
  await dialog.getByRole("button", { name: "Learning", exact: true }).click();
  await expect(count(0)).toHaveText("0");
  await expect(count(1)).toHaveText("1");
  await expect(figure(header)).toContainText("0 % of words known");
  await dialog.getByRole("button", { name: "New", exact: true }).click();
  await expect(count(1)).toHaveText("0");
  await expect(count(2)).toHaveText(String(counted));
  // The popup stayed open through it all.
  await expect(dialog.getByTestId("word-gloss")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the offer and its undo are plain forms", async ({ page }) => {
    await signUpDirect(page, { name: "Rasha", prefix: "known-nojs" });
    const href = await finishLesson(page);
    await page.goto(href);
    const words = page.getByRole("region", { name: "Words in this lesson" });
    const mark = words.getByRole("button", { name: /^Mark all \d+ words as known$/ });
    const all = Number(/(\d+)/.exec((await mark.textContent()) ?? "")![1]);
    await mark.click();
    await expect(page).toHaveURL(new RegExp(`${href}(#known-words)?$`));
    await expect(figure(page.locator("main header"))).toContainText("100 % of words known");
    await expect(words.getByRole("status")).toHaveText(`You marked ${all} words of this lesson as known.`);
    await words.getByRole("button", { name: "Undo" }).click();
    await expect(figure(page.locator("main header"))).toContainText("0 % of words known");
  });
});
