import type { Locator, Page } from "@playwright/test";
import { DEMO_LESSONS } from "../../seed/demo-content";
import { DEMO_GLOSSES } from "../../seed/glosses";
import { DEMO, expectAccessible, signIn, signUpDirect } from "./fixtures";
import { expect, test } from "./test";

// The word popup (docs/words.md "The popup"): the words at both ends of every line of a demo lesson tapped,
// their meaning in that sentence shown, the popup never over its line; a status set in the popup tints the word.

// Its walks are long and independent of each other: they may run on both workers at once.
test.describe.configure({ mode: "parallel" });

// One lesson on each screen: the phone's walk takes the other lesson, so both lessons' lines meet a popup.
const VIEWPORTS = [
  { name: "desktop", size: { width: 1280, height: 800 }, lesson: "greetings-in-damascus" },
  { name: "phone", size: { width: 390, height: 844 }, lesson: "ordering-coffee-in-beirut" },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openLesson(page: Page, slug: string) {
  const lesson = DEMO_LESSONS.find((candidate) => candidate.slug === slug)!;
  await page.goto("/video-library");
  // The lesson's own address: a "Continue watching" card links to `?t=`, which would start the video there (and
  // the transcript would follow it away from the lines under test).
  const href = await page
    .getByRole("link", { name: new RegExp(lesson.title) })
    .first()
    .getAttribute("href");
  await page.goto(new URL(href!, page.url()).pathname);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(lesson.title) })).toBeVisible();
  return lesson;
}

/** The word at `position` of line `line`, as a button of the transcript. */
const word = (page: Page, line: number, position: number) =>
  page.locator(`[data-cue-index="${line}"] button[data-word-position="${position}"]`);

/** Opens a word's popup (retrying until the player has hydrated) and waits for its answer. */
async function tap(page: Page, button: Locator) {
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    await button.click();
    await expect(dialog.getByTestId("word-gloss")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    const slug = viewport.lesson;
    // The first and the last word of each line, where a popup meets the screen's edges. That every word
    // answers its meaning in its sentence is proven at the server for every word of every demo lesson
    // (tests/integration/word-tokens.test.ts); the browser proves what it shows and where the popup goes.
    test(`the words at both ends of every line of ${slug} say their meaning in the sentence, and their popup leaves the line in view`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await signIn(page, DEMO.learner);
      const lesson = await openLesson(page, slug);
      const glosses = DEMO_GLOSSES[slug]!;
      let tapped = 0;
      for (const [line, words] of glosses.entries()) {
        for (const [position, expected] of words.entries()) {
          if (position !== 0 && position !== words.length - 1) continue;
          const button = word(page, line, position);
          const dialog = await tap(page, button);
          await expect(dialog.getByTestId("word-gloss")).toHaveText(expected.gloss);
          await expect(dialog.getByRole("heading", { name: expected.surface })).toBeVisible();
          // The popup never covers the line it explains: not its English, not any of it; and it is on the
          // screen, with its buttons in reach (read once the popup has settled: it is placed again in the
          // frame after its content or its line changes).
          const where = `${lesson.slug} line ${line} word ${position} (${expected.surface})`;
          await expect(async () => {
            const popup = (await dialog.boundingBox())!;
            const english = (await page
              .locator(`[data-cue-index="${line}"] [data-line-part="english"]`)
              .boundingBox())!;
            const block = (await page.locator(`[data-cue-index="${line}"]`).boundingBox())!;
            expect(intersects(popup, english), `${where}: over the English`).toBe(false);
            expect(intersects(popup, block), `${where}: over the line`).toBe(false);
            expect(popup.y, where).toBeGreaterThanOrEqual(0);
            expect(popup.y + popup.height, where).toBeLessThanOrEqual(viewport.size.height + 1);
          }).toPass({ timeout: 3_000 });
          await expect(dialog.getByRole("button", { name: /^Hear it/ })).toBeInViewport();
          await page.keyboard.press("Escape");
          await expect(dialog).toBeHidden();
          await expect(button).toBeFocused();
          tapped += 1;
        }
      }
      expect(tapped).toBe(glosses.reduce((sum, words) => sum + Math.min(words.length, 2), 0));
    });
  });
}

test("the popup explains the word's pieces and its entry, is accessible, and links to the word's page", async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await openLesson(page, "greetings-in-damascus");
  // بشوفك: b- + شوف + -ak, "I'll see you"
  const line = DEMO_GLOSSES["greetings-in-damascus"]!.findIndex((words) =>
    words.some((entry) => entry.surface === "بشوفك"),
  );
  const position = DEMO_GLOSSES["greetings-in-damascus"]![line]!.findIndex((entry) => entry.surface === "بشوفك");
  const button = word(page, line, position);
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("word-gloss")).toBeVisible();
  await expect(dialog).toBeFocused();
  const built = dialog.getByRole("region", { name: "How the word is built" });
  await expect(built).toContainText("b- (present tense)");
  await expect(built).toContainText("-ak/-ik (you)");
  await expect(dialog.getByRole("list", { name: "Meanings" })).toContainText("to see");
  await expect(dialog.getByRole("heading", { name: "بشوفك" })).toHaveAttribute("lang", "ar");
  await expectAccessible(page);

  await dialog.getByRole("link", { name: /Where else you hear/ }).click();
  await expect(page).toHaveURL(/\/word\/\d+\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { name: "Where you hear it" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Greetings in Damascus at \d+:\d\d/ }).first()).toBeVisible();
  await expectAccessible(page);
});

test("a status set in the popup tints the word, everywhere it occurs, and stays", async ({ page }) => {
  await signUpDirect(page, { prefix: "tint" });
  await openLesson(page, "greetings-in-damascus");
  await page.getByRole("button", { name: "Word status" }).click();
  await expect(page.getByRole("list", { name: "Word colours" })).toBeVisible();
  const first = word(page, 0, 0);
  await expect(first).toHaveAttribute("data-word-status", "new");

  const dialog = await tap(page, first);
  await dialog.getByRole("button", { name: "Known", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Known", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(first).toHaveAttribute("data-word-status", "known");
  await expect(first).not.toHaveClass(/bg-sky-100/);

  const second = word(page, 0, 1);
  await tap(page, second);
  await dialog.getByRole("button", { name: "Learning", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(second).toHaveAttribute("data-word-status", "learning");
  await expect(second).toHaveClass(/decoration-wavy/);
  await expectAccessible(page);

  // Saved on the server, and the tint is remembered with the other player preferences.
  await page.reload();
  await expect(word(page, 0, 0)).toHaveAttribute("data-word-status", "known");
  await expect(word(page, 0, 1)).toHaveAttribute("data-word-status", "learning");

  // "New" resets it.
  await tap(page, word(page, 0, 0));
  await dialog.getByRole("button", { name: "New", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(word(page, 0, 0)).toHaveAttribute("data-word-status", "new");
  await expect(word(page, 0, 0)).toHaveClass(/decoration-dotted/);
});
