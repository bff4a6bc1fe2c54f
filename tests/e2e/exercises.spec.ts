import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "./test";
import { DEMO, signIn } from "./fixtures";

// Demo lessons (seed/demo-content.ts): "Introducing Your Family" is premium, its order
// line is "بنجتمع عند ستّي كل يوم جمعة." and its gap takes ستّي (variant "sitti"); "Ordering Coffee in
// Beirut" orders "صباح النور. بدّي فنجان قَهوة، لو سمحت.".
const FAMILY_ORDER = ["بنجتمع", "عند", "ستّي", "كل", "يوم", "جمعة"];
const COFFEE_ORDER = ["صباح", "النور", "بدّي", "فنجان", "قَهوة", "لو", "سمحت"];

async function openLesson(page: Page, slug: string) {
  await page.goto("/video-library");
  const href = await page.locator(`a[href^='/video/'][href$='/${slug}']`).first().getAttribute("href");
  await page.goto(href!);
  await expect(page).toHaveURL(new RegExp(`/video/\\d+/${slug}$`));
  // The word chips are enabled once the page is interactive.
  await expect(page.locator("[data-order-bank]").first()).toBeEnabled();
}

const orderExercise = (page: Page) => page.locator("[data-exercise='sentence-order']");
const gapExercise = (page: Page) => page.locator("[data-exercise='sentence-gap']");
const bankWord = (exercise: Locator, word: string) =>
  exercise.getByRole("group", { name: "Words to use" }).getByRole("button", { name: new RegExp(`^${word}\\s*,`) });
const answerWord = (exercise: Locator, word: string) =>
  exercise.getByRole("group", { name: "Your sentence" }).getByRole("button", { name: new RegExp(`^${word}\\s*,`) });

test("a subscribed learner orders a line by tapping, fills a gap with a variant, and sees both solved after a reload", async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library/);
  await openLesson(page, "introducing-your-family");
  const exercises = page.locator("#exercises");
  await expect(exercises.getByRole("heading", { name: "Practise this lesson" })).toBeVisible();

  const order = orderExercise(page);
  await expect(order.getByText("Tap the words below in the order you hear them.")).toBeVisible();
  // A wrong first tap goes back with another tap.
  await bankWord(order, "جمعة").click();
  await expect(answerWord(order, "جمعة")).toBeVisible();
  await answerWord(order, "جمعة").click();
  await expect(answerWord(order, "جمعة")).toHaveCount(0);
  for (const word of FAMILY_ORDER) await bankWord(order, word).click();
  await expect(order.getByRole("group", { name: "Your sentence" }).getByRole("button")).toHaveCount(6);
  await order.getByRole("button", { name: "Check" }).click();
  await expect(order.getByText("Correct!")).toBeVisible();
  await expect(exercises.getByRole("status")).toContainText("Correct!");

  // "Hear it" seeks the lesson video to the line.
  await order.getByRole("button", { name: "Hear it" }).click();
  await expect
    .poll(() => page.locator("#player video").evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThan(23);

  const gap = gapExercise(page);
  await expect(gap.getByRole("group", { name: "Choices" }).getByRole("button")).toHaveCount(4);
  await gap.getByLabel("Or type the missing word").fill("sitti");
  await gap.getByRole("button", { name: "Check" }).click();
  await expect(gap.getByText("Correct!")).toBeVisible();
  await expect(gap.locator("p[lang='ar']").first()).toContainText("ستّي");

  const axe = await new AxeBuilder({ page }).include("#exercises").analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => v.id)).toEqual([]);

  await page.reload();
  await expect(order.getByText("Solved", { exact: true })).toBeVisible();
  await expect(gap.getByText("Solved", { exact: true })).toBeVisible();
  await expect(exercises.getByText("2 of 2 solved")).toBeVisible();
  await expect(order.getByText("You solved this:")).toBeVisible();
  await expect(order.getByText("بنجتمع عند ستّي كل يوم جمعة.")).toBeVisible();
});

test("a learner orders a line with the keyboard alone and hears about a wrong gap answer", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library/);
  await openLesson(page, "ordering-coffee-in-beirut");
  const order = orderExercise(page);
  await order.getByRole("group", { name: "Words to use" }).getByRole("button").first().focus();

  const bankTexts = () =>
    order.locator("[data-order-bank]").evaluateAll((chips) => ({
      words: chips.map((chip) => chip.querySelector("[lang='ar']")?.textContent ?? ""),
      focused: chips.findIndex((chip) => chip === document.activeElement),
    }));
  for (const word of COFFEE_ORDER) {
    // Tab (or Shift+Tab) through the words left in the bank until the next one in the line has focus.
    for (let step = 0; step < COFFEE_ORDER.length; step += 1) {
      const { words, focused } = await bankTexts();
      const target = words.indexOf(word);
      if (focused === target) break;
      await page.keyboard.press(target > focused ? "Tab" : "Shift+Tab");
    }
    await expect(bankWord(order, word)).toBeFocused();
    await page.keyboard.press(word === COFFEE_ORDER[3] ? "Space" : "Enter");
  }
  // With the bank empty, focus is on Check.
  await expect(order.getByRole("button", { name: "Check" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(order.getByText("Correct!")).toBeVisible();
  await expect(order.getByRole("button", { name: "Hear it" })).toBeFocused();
  await expect(page.locator("#exercises").getByRole("status")).toContainText("Correct!");

  const gap = gapExercise(page);
  await gap.getByRole("button", { name: "وين" }).click();
  await expect(gap.getByRole("button", { name: "وين" })).toHaveAttribute("aria-pressed", "true");
  await gap.getByRole("button", { name: "Check" }).click();
  await expect(gap.getByText("Not quite. The missing word is")).toContainText("قدّيش");
  await gap.getByRole("button", { name: "Try again" }).click();
  await expect(gap.getByLabel("Or type the missing word")).toBeFocused();
  await page.keyboard.type("2addesh");
  await page.keyboard.press("Enter");
  await expect(gap.getByText("Correct!")).toBeVisible();
});

test("words can also be dragged into the sentence and dropped before another word", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library/);
  await openLesson(page, "greetings-in-damascus");
  const order = orderExercise(page);
  const sentence = order.getByRole("group", { name: "Your sentence" });
  const line = ["أنا", "من", "الشام", "بس", "ساكن", "بحلب", "هلّق"];
  // Dropped on the row, a word goes to the end; dropped on a word, before it.
  // The row fills from the right (RTL): its left edge is empty space.
  const end = { targetPosition: { x: 4, y: 4 } };
  await bankWord(order, "من").dragTo(sentence, end);
  await bankWord(order, "أنا").dragTo(answerWord(order, "من"));
  await expect(sentence.locator("button [lang='ar']")).toHaveText(["أنا", "من"]);
  for (const word of line.slice(2)) await bankWord(order, word).dragTo(sentence, end);
  await expect(sentence.locator("button [lang='ar']")).toHaveText(line);
  await order.getByRole("button", { name: "Check" }).click();
  await expect(order.getByText("Correct!")).toBeVisible();
});
