import type { Page } from "@playwright/test";
import { DEMO_LESSONS } from "../../seed/demo-content";
import { DEMO, openLessonAsNewMember, signIn } from "./fixtures";
import { expect, serverTest, test, waitForHydration } from "./test";

// The lesson player on a phone and on a desktop (docs/player.md): the pinned video, three caption lines,
// hide-until-tapped, line loops at rising speeds, "Back to now", keyboard hints only beside a mouse, and
// word buttons that are disabled until the scripts arrive. The video is driven by its currentTime, never by
// waiting on real time.

const LESSON = DEMO_LESSONS.find((lesson) => lesson.slug === "greetings-in-damascus")!;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function openLesson(page: Page) {
  // A member of our own (the lesson is free): where the demo learner stopped in another spec would open the
  // lesson at that moment, playing, under the seeks these tests make.
  await openLessonAsNewMember(page, LESSON.title, "phone");
  await waitForHydration(page);
}

const video = (page: Page) => page.locator("#player video");
const line = (page: Page, index: number) => page.locator(`[data-cue-index="${index}"]`);
const captions = (page: Page) => page.getByTestId("video-captions");

/** Puts the (paused) video inside line `index`; the player follows the seek. */
async function seekPausedInto(page: Page, index: number) {
  const cue = LESSON.cues[index]!;
  await video(page).evaluate(
    (element: HTMLVideoElement, seconds) => {
      element.pause();
      element.currentTime = seconds;
    },
    cue.startMs / 1000 + 0.3,
  );
  await expect(line(page, index)).toHaveAttribute("aria-current", "true");
}

/** The page's scroll position once it stays put for a tenth of a second (null while it moves). */
function settledScrollY(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    const before = window.scrollY;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return window.scrollY === before ? before : null;
  });
}

async function openSettings(page: Page) {
  const button = page.getByRole("button", { name: "Player settings" });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  const panel = page.getByRole("group", { name: "Player settings" });
  await expect(panel).toBeVisible();
  return panel;
}

async function captionsToggle(page: Page) {
  const panel = await openSettings(page);
  return panel.getByRole("group", { name: "Captions on the video" });
}

async function threeCaptionLines(page: Page) {
  await seekPausedInto(page, 1);
  const cue = LESSON.cues[1]!;
  const group = await captionsToggle(page);
  for (const name of ["Arabic", "Transliteration", "English"]) {
    const toggle = group.getByRole("button", { name, exact: true });
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  }
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(captions(page).locator("[data-caption]")).toHaveCount(3);
  await expect(captions(page).locator('[data-caption="ar"]')).toHaveText(cue.arabic);
  await expect(captions(page).locator('[data-caption="en"]')).toHaveText(cue.english);
  await expect(captions(page).locator('[data-caption="tr"]')).not.toBeEmpty();

  // Each line switches off on its own.
  for (const [name, part, left] of [
    ["English", "en", 2],
    ["Arabic", "ar", 1],
    ["Transliteration", "tr", 0],
  ] as const) {
    const toggle = (await captionsToggle(page)).getByRole("button", { name, exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(captions(page).locator(`[data-caption="${part}"]`)).toHaveCount(0);
    await expect(page.locator("[data-caption]")).toHaveCount(left);
  }
  await page.getByRole("button", { name: "Close settings" }).click();
}

async function blurEnglishUntilTapped(page: Page) {
  await seekPausedInto(page, 2);
  const panel = await openSettings(page);
  await panel.getByRole("group", { name: "Captions on the video" }).getByRole("button", { name: "English" }).click();
  await panel.getByRole("group", { name: "Hide until tapped" }).getByRole("button", { name: "English" }).click();
  await page.getByRole("button", { name: "Close settings" }).click();

  // In the transcript: the English is a blurred button until tapped, then plain text.
  const english = line(page, 2).locator('[data-line-part="english"]');
  await expect(line(page, 2).getByRole("button", { name: "Show the English" })).toBeVisible();
  await expect(line(page, 2).locator("[data-hidden-line] > span")).toHaveCSS("filter", /blur/);
  await line(page, 2).getByRole("button", { name: "Show the English" }).click();
  await expect(english).toHaveText(LESSON.cues[2]!.english);
  await expect(line(page, 2).getByRole("button", { name: "Show the English" })).toHaveCount(0);
  // …and so on the video, the same line.
  await expect(captions(page).locator('[data-caption="en"]')).toHaveJSProperty("tagName", "P");

  // The next line starts hidden again, on the video and in the transcript.
  await seekPausedInto(page, 3);
  const onVideo = captions(page).getByRole("button", { name: "Show the English" });
  await expect(onVideo).toBeVisible();
  await expect(line(page, 3).getByRole("button", { name: "Show the English" })).toBeVisible();
  // The keyboard reveals it too: the hidden line is a button.
  await onVideo.focus();
  await page.keyboard.press("Enter");
  await expect(captions(page).locator('[data-caption="en"]')).toHaveText(LESSON.cues[3]!.english);
  await expect(line(page, 3).locator('[data-line-part="english"]')).toHaveText(LESSON.cues[3]!.english);
}

/** Jumps the playing video to just before the end of line `index`, where the loop takes it back. */
async function toLineEnd(page: Page, index: number) {
  await video(page).evaluate(
    (element: HTMLVideoElement, seconds) => (element.currentTime = seconds),
    LESSON.cues[index]!.endMs / 1000 - 0.02,
  );
}

const rate = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.playbackRate);

async function loopAtRisingSpeeds(page: Page) {
  const index = 4;
  await line(page, index).scrollIntoViewIfNeeded();
  const loopButton = line(page, index).locator("[data-line-actions]").getByRole("button", { name: "Loop this line" });
  await loopButton.click();
  await expect(loopButton).toHaveAttribute("aria-pressed", "true");
  const status = page.getByTestId("loop-status");
  await expect(status).toHaveText(`Line ${index + 1} · 1/3 · 0.75×`);
  await expect.poll(() => rate(page)).toBe(0.75);
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

  await toLineEnd(page, index);
  await expect(status).toHaveText(`Line ${index + 1} · 2/3 · 1×`);
  await expect.poll(() => rate(page)).toBe(1);

  await toLineEnd(page, index);
  await expect(status).toHaveText(`Line ${index + 1} · 3/3 · 1.25×`);
  await expect.poll(() => rate(page)).toBe(1.25);

  // After the last pass the loop ends, the learner's speed comes back and the video plays on.
  await toLineEnd(page, index);
  await expect(status).toBeHidden();
  await expect(loopButton).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => rate(page)).toBe(1);
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
}

async function loopThreeTimes(page: Page) {
  const panel = await openSettings(page);
  await panel.getByRole("group", { name: "Loop a line" }).getByRole("button", { name: "3 times" }).click();
  await panel.getByRole("group", { name: "After the loop" }).getByRole("button", { name: "Stop" }).click();
  await page.getByRole("button", { name: "Close settings" }).click();
  await seekPausedInto(page, 1);
  // The player's own button loops the current line.
  await page.getByRole("button", { name: "Loop current line" }).click();
  const status = page.getByTestId("loop-status");
  await expect(status).toHaveText("Line 2 · 1/3 · 1×");
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await toLineEnd(page, 1);
  await expect(status).toHaveText("Line 2 · 2/3 · 1×");
  await toLineEnd(page, 1);
  await expect(status).toHaveText("Line 2 · 3/3 · 1×");
  await toLineEnd(page, 1);
  await expect(status).toBeHidden();
  // "Stop": paused at the end of the line.
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
}

test.describe("on a phone (390×844, touch)", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the video stays on screen while the transcript scrolls under it", async ({ page }) => {
    await openLesson(page);
    const last = line(page, LESSON.cues.length - 1);
    // The learner scrolls the last line to the top: its scroll margin keeps it below the pinned video (the margin
    // follows the player's height, which settles as the page's fonts and video arrive: scrolled again until then).
    const player = page.locator("#player");
    await expect(async () => {
      await last.evaluate((element) => element.scrollIntoView({ block: "start" }));
      const pinned = (await player.boundingBox())!;
      expect((await last.boundingBox())!.y).toBeGreaterThanOrEqual(pinned.y + pinned.height - 1);
    }).toPass();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const box = (await video(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect(video(page)).toBeInViewport({ ratio: 1 });
    await expect(last).toBeInViewport();
    // No keyboard hints on a touch screen.
    await expect(page.getByTestId("keyboard-tip")).toBeHidden();
    await expect(page.getByRole("button", { name: "Show shortcuts" })).toBeHidden();
  });

  test("three caption lines over the video, each switched on its own", async ({ page }) => {
    await openLesson(page);
    await threeCaptionLines(page);
  });

  test("hide until tapped keeps the English blurred until the learner asks", async ({ page }) => {
    await openLesson(page);
    await blurEnglishUntilTapped(page);
  });

  test("a line loops at rising speeds, then plays on", async ({ page }) => {
    await openLesson(page);
    await loopAtRisingSpeeds(page);
  });

  test("a line loops three times at the learner's speed, then stops", async ({ page }) => {
    await openLesson(page);
    await loopThreeTimes(page);
  });

  test("Back to now appears after scrolling away and brings the current line back", async ({ page }) => {
    await openLesson(page);
    await line(page, 3)
      .getByRole("button", { name: /^Play line 4 from/ })
      .click();
    await expect(line(page, 3)).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const chip = page.getByRole("button", { name: "Back to now" });
    await expect(chip).toHaveCount(0);
    // The page's smooth scroll to the line has come to rest…
    await expect.poll(() => settledScrollY(page)).not.toBeNull();
    // …and the learner scrolls on, far from the current line.
    await page.mouse.move(200, 700);
    await page.mouse.wheel(0, 2500);
    await expect(chip).toBeVisible();
    await expect(chip).toBeInViewport();
    await chip.click();
    await expect(chip).toHaveCount(0);
    const current = page.locator('[data-cue-index][aria-current="true"]');
    await expect(current).toBeInViewport();
    // …below the pinned video, not under it.
    const player = (await page.locator("#player").boundingBox())!;
    await expect
      .poll(async () => (await current.boundingBox())!.y)
      .toBeGreaterThanOrEqual(player.y + player.height - 1);
  });

  test("the player's controls and the lines' buttons are at least 44 px", async ({ page }) => {
    await openLesson(page);
    const targets = page.locator(
      "#player button:visible, #player select:visible, [data-line-actions] button, [data-cue-index] button[aria-label^='Play line']",
    );
    const sizes = await targets.evaluateAll((elements) =>
      elements.map((element) => {
        const { width, height } = element.getBoundingClientRect();
        return { name: element.getAttribute("aria-label") ?? element.textContent, width, height };
      }),
    );
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.filter((size) => size.width < 44 || size.height < 44)).toEqual([]);
    const words = await line(page, 0)
      .locator("button[data-word-position]")
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(Math.min(...words)).toBeGreaterThanOrEqual(44);
  });

  test("held sideways, the player fills the screen with the captions over the video", async ({ page }) => {
    await openLesson(page);
    await seekPausedInto(page, 1);
    const group = await captionsToggle(page);
    await group.getByRole("button", { name: "Arabic", exact: true }).click();
    await page.getByRole("button", { name: "Close settings" }).click();
    await page.setViewportSize({ width: 844, height: 390 });
    const box = (await page.locator("#player").boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 844, height: 390 });
    const picture = (await video(page).boundingBox())!;
    const caption = (await captions(page).locator('[data-caption="ar"]').boundingBox())!;
    expect(caption.y).toBeGreaterThanOrEqual(picture.y);
    expect(caption.y + caption.height).toBeLessThanOrEqual(picture.y + picture.height);

    // iOS's own full screen shows native text tracks only: the video carries Arabic and English WebVTT tracks,
    // and entering that full screen (Safari's webkitbeginfullscreen) shows the Arabic one; leaving turns it off.
    await expect(video(page).locator('track[kind="captions"][srclang="ar"]')).toHaveAttribute("src", /lang=ar/);
    await expect(video(page).locator('track[srclang="en"]')).toHaveAttribute("src", /lang=en/);
    const modes = () =>
      video(page).evaluate((element: HTMLVideoElement) =>
        Object.fromEntries(Array.from(element.textTracks, (track) => [track.language, track.mode])),
      );
    expect(Object.values(await modes()).every((mode) => mode === "disabled")).toBe(true);
    await video(page).dispatchEvent("webkitbeginfullscreen");
    expect(await modes()).toMatchObject({ ar: "showing", en: "disabled" });
    await video(page).dispatchEvent("webkitendfullscreen");
    expect(Object.values(await modes()).every((mode) => mode === "disabled")).toBe(true);
  });
});

test.describe("on a desktop (1366×900)", () => {
  test.use({ viewport: DESKTOP });

  test("the transcript scrolls beside the video; keyboard hints show", async ({ page }) => {
    await openLesson(page);
    await page.locator('ol[aria-label="Transcript lines"]').evaluate((list) => (list.scrollTop = list.scrollHeight));
    await expect(line(page, LESSON.cues.length - 1)).toBeInViewport();
    await expect(video(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("keyboard-tip")).toBeVisible();
    await expect(page.getByRole("button", { name: "Show shortcuts" })).toBeVisible();
  });

  test("three caption lines over the video, each switched on its own", async ({ page }) => {
    await openLesson(page);
    await threeCaptionLines(page);
  });

  test("hide until tapped keeps the English blurred until the learner asks", async ({ page }) => {
    await openLesson(page);
    await blurEnglishUntilTapped(page);
  });

  test("a line loops at rising speeds, then plays on", async ({ page }) => {
    await openLesson(page);
    await loopAtRisingSpeeds(page);
  });

  test("Back to now brings the current line back into the transcript panel", async ({ page }) => {
    await openLesson(page);
    await line(page, 1)
      .getByRole("button", { name: /^Play line 2 from/ })
      .click();
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const list = page.locator('ol[aria-label="Transcript lines"]');
    await list.hover();
    await page.mouse.wheel(0, 3000);
    const chip = page.getByRole("button", { name: "Back to now" });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page.locator('[data-cue-index][aria-current="true"]')).toBeInViewport();
    await expect(chip).toHaveCount(0);
  });
});

// Before the scripts arrive (ADR 023) the word buttons are there but disabled, so a tap is never silently lost.
serverTest("the transcript's words are disabled until the page hydrates", async ({ page }) => {
  await serverTest.step("sign in", async () => {
    await signIn(page, DEMO.learner);
  });
  // The card's title link (before hydration "Add to playlist" is a link too, to its own page).
  const href = await page
    .getByRole("heading")
    .getByRole("link", { name: new RegExp(LESSON.title) })
    .first()
    .getAttribute("href");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(href!, { waitUntil: "commit" });
  await expect(line(page, 0)).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  const firstWord = line(page, 0).locator("button[data-word-position]").first();
  await expect(firstWord).toBeDisabled();
  await expect(page.getByRole("button", { name: "Loop this line" }).first()).toBeDisabled();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(firstWord).toBeEnabled();
  await firstWord.click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
