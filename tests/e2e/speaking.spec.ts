import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import { DEMO_LESSONS } from "../../seed/demo-content";
import { DEMO, expectAccessible, openLessonCard, signIn } from "./fixtures";
import { expect, test } from "./test";

// Shadowing a line (docs/speaking.md) with Chromium's fake microphone (a steady beep stands in for a voice):
// the panel plays the line, records, plays the attempt back from a blob, draws both curves with a match
// figure, keeps the attempt on the device (/speaking lists and deletes it) and counts the practice on
// /progress. A refused microphone says so.

const LESSON = DEMO_LESSONS.find((lesson) => lesson.slug === "greetings-in-damascus")!;

// Only this spec's browser gets a fake microphone (the config's launch options, plus two flags).
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

async function openLesson(page: Page) {
  await signIn(page, DEMO.learner);
  await openLessonCard(page, LESSON.title);
}

async function openShadow(page: Page) {
  await page
    .locator('[data-cue-index="0"]')
    .getByRole("button", { name: /^Shadow line 1/ })
    .click();
  const panel = page.getByRole("dialog", { name: "Shadow line 1" });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe("with the microphone allowed", () => {
  test.use({ permissions: ["microphone"] });

  test("a learner shadows a line, hears and sees the attempt, finds it on the device and deletes it", async ({
    page,
  }) => {
    await openLesson(page);
    const panel = await openShadow(page);
    await expect(panel.getByText(LESSON.cues[0]!.english)).toBeVisible();
    await panel.getByRole("button", { name: "Shadow", exact: true }).click();

    // The line plays, then it is the learner's turn: they speak and say when they are done.
    const done = panel.getByRole("button", { name: "Done speaking" });
    await expect(done).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500); // a second and a half of the fake microphone's beeps
    await done.click();

    const attempt = panel.getByTestId("attempt-audio");
    await expect(attempt).toHaveAttribute("src", /^blob:/, { timeout: 30_000 });
    await expect(panel.getByTestId("match-figure")).toHaveText(/^\d{1,3}%$/, { timeout: 30_000 });
    await expect(panel.getByText(/timing and intonation/)).toBeVisible();
    const chart = panel.getByTestId("contour-chart");
    await expect(chart).toBeVisible({ timeout: 30_000 });
    for (const curve of ["native-loudness", "native-pitch", "attempt-loudness", "attempt-pitch"])
      await expect(chart.locator(`[data-curve="${curve}"]`)).toHaveAttribute("d", /^M/);
    await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /The line: .*Your attempt: /);
    // Back to back: the line, then the attempt; then the rising loop is offered.
    await expect(panel.getByRole("button", { name: /^Loop: line 0\.75×/ })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    await page.goto("/speaking");
    const recording = page.getByRole("listitem", { name: `Line 1 of ${LESSON.title}` });
    await expect(recording).toHaveCount(1);
    await expect(recording.locator("audio")).toHaveAttribute("src", /^blob:/);
    await recording.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deleted your recording" })).toContainText(
      "Deleted your recording of line 1",
    );
    await expect(recording).toHaveCount(0);

    await page.goto("/progress");
    await expect(page.getByTestId("speaking-practice")).toContainText(/\d+ s in all/);
    // Some seconds, not none ("10 s in all" contains "0 s in all": the figure is matched whole).
    await expect(page.getByTestId("speaking-practice")).not.toContainText(/\b0 s in all/);
  });
});

test("a refused microphone shows what to do", async ({ page }) => {
  // The browser's answer when the learner (or a policy) says no.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await openLesson(page);
  const panel = await openShadow(page);
  await panel.getByRole("button", { name: "Shadow", exact: true }).click();
  await expect(panel.getByRole("alert")).toContainText("Microphone access was refused");
  await expect(panel.getByRole("button", { name: "Shadow", exact: true })).toBeEnabled();
});
