import { resolve } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import config from "../../playwright.config";
import { DEMO_LESSONS } from "../../seed/demo-content";
import { openLessonAsNewMember } from "./fixtures";
import { expect, test } from "./test";

// The match figure on real speech (issue 29): Chromium's fake microphone plays a WAV of a lesson line, made by
// scripts/make-demo-media.ts from the same espeak voice as the lesson's video. Shadowing line 2 with line 2's
// own audio must score clearly higher than with line 8's. Each microphone file needs its own browser (the flag
// is per launch), so the test launches two. "Speak along" starts recording as the microphone opens, so the WAV
// (which plays from its start when the capture starts) is what gets recorded, whatever the machine's speed.

const LESSON = DEMO_LESSONS.find((lesson) => lesson.slug === "greetings-in-damascus")!;
const wav = (line: number) => resolve(`seed/media/speaking/${LESSON.slug}-line-${line}.wav`);

async function matchWith(baseURL: string, microphoneFile: string): Promise<number> {
  const launchOptions = config.use?.launchOptions ?? {};
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-audio-capture=${microphoneFile}`,
      ],
    });
    const context = await browser.newContext({ baseURL, permissions: ["microphone"], serviceWorkers: "block" });
    const page = await context.newPage();
    // A member of our own (the lesson is free): nothing another spec left (where the demo learner stopped) moves
    // the lesson under the panel.
    await openLessonAsNewMember(page, LESSON.title, "voice");
    const panelButton = page.locator('[data-cue-index="1"]').getByRole("button", { name: /^Shadow line 2/ });
    await panelButton.click();
    const panel = page.getByRole("dialog", { name: "Shadow line 2" });
    await panel.getByRole("button", { name: "Speak along" }).click();
    // The lesson plays on beside the panel (it does not hold the page) when the learner presses Shadow: the line
    // starts again from its beginning and is recorded to its end.
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect
      .poll(() => page.locator("#player video").evaluate((video: HTMLVideoElement) => !video.paused))
      .toBe(true);
    await panel.getByRole("button", { name: "Shadow", exact: true }).click();
    const figure = panel.getByTestId("match-figure");
    await expect(figure).toHaveText(/^\d{1,3}%$/, { timeout: 60_000 });
    return Number((await figure.textContent())!.replace("%", ""));
  } finally {
    await browser?.close();
  }
}

test("the line's own audio matches clearly better than another line's", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const own = await matchWith(baseURL!, wav(2));
  const other = await matchWith(baseURL!, wav(8));
  console.log(`rhythm and melody match, line 2 shadowed with line 2's audio: ${own}%, with line 8's: ${other}%`);
  expect(own).toBeGreaterThanOrEqual(other + 20);
});
