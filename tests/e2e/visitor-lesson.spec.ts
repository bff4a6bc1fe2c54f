import type { Page } from "@playwright/test";
import { expectSignedLessonVideo, uniqueEmail } from "./fixtures";
import { expect, test } from "./test";

// ADR 038: a visitor plays a free lesson, reads a word's meaning, is asked to sign up when saving it, signs up
// (this spec is about signing up, so it uses the form) and comes back to the same lesson at the same moment;
// a premium lesson shows a visitor its page and plans, and no video.

async function openFromLibrary(page: Page, title: string) {
  await page.goto("/video-library");
  await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const word = (page: Page, line: number, position: number) =>
  page.locator(`[data-cue-index="${line}"] button[data-word-position="${position}"]`);

async function tapWord(page: Page) {
  const popup = page.getByRole("dialog").filter({ has: page.getByTestId("word-gloss") });
  await expect(async () => {
    await word(page, 0, 0).click();
    await expect(popup.getByTestId("word-gloss")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return popup;
}

test("a visitor plays a free lesson, signs up to save a word and comes back to the same moment", async ({ page }) => {
  test.setTimeout(120_000);
  await openFromLibrary(page, "Greetings in Damascus");
  const lessonPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("guest-banner")).toBeVisible();
  await expectSignedLessonVideo(page);

  // The word colours are a member's own: the toggle asks them to sign up rather than doing nothing.
  await page.getByRole("button", { name: "Word status" }).click();
  const colours = page.getByRole("dialog", { name: /Sign up free to see which words you know/ });
  await expect(colours).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(colours).toBeHidden();

  // Somewhere in the lesson (as if they had watched to here), then a word's meaning.
  await page.locator("video").evaluate((video: HTMLVideoElement) => {
    video.currentTime = 5;
  });
  const popup = await tapWord(page);
  await expect(popup.getByTestId("word-gloss")).not.toBeEmpty();

  // Saving asks them to sign up, with the way back to this moment.
  await popup.getByRole("button", { name: "Save to my words" }).click();
  const prompt = page.getByRole("dialog", { name: /Sign up free to save this word/ });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("come back to this lesson at 0:05");
  const back = `${lessonPath}?t=5`;
  await expect(prompt.getByRole("link", { name: "Sign up free" })).toHaveAttribute(
    "href",
    `/auth/signup?redirect=${encodeURIComponent(back)}`,
  );
  await prompt.getByRole("link", { name: "Sign up free" }).click();

  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("Your name").fill("Visiting Vera");
  await page.getByLabel("Email").fill(uniqueEmail("visitor"));
  await page.getByLabel("Password", { exact: true }).fill("marhaba-marhaba-1");
  await page.getByRole("button", { name: "Create account" }).click();

  // Signing up goes to the plans (docs/product-rules.md#redirects), which lead back to the lesson.
  await expect(page).toHaveURL(/\/checkout\?redirect=/);
  await page.getByTestId("back-to-lesson").click();
  await expect(page).toHaveURL(back);
  await expect(page.getByTestId("guest-banner")).toHaveCount(0);
  await expect
    .poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThanOrEqual(5);

  // Now the word saves.
  await page.locator("video").evaluate((video: HTMLVideoElement) => video.pause());
  const again = await tapWord(page);
  await again.getByRole("button", { name: "Save to my words" }).click();
  await expect(again.getByText("Saved in My words")).toBeVisible();
});

test("a visitor on a premium lesson sees its page and the plans, and no video", async ({ page }) => {
  await openFromLibrary(page, "Wedding Traditions in Jordan");
  const lessonPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("locked-poster")).toBeVisible();
  await expect(page.getByTestId("preview-lines").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("lesson-plans")).toContainText("Monthly");
  await expect(page.getByTestId("lesson-plans")).toContainText("Annual");
  await expect(page.getByTestId("start-checkout")).toHaveAttribute(
    "href",
    `/checkout?redirect=${encodeURIComponent(lessonPath)}`,
  );
  await expect(page.locator("video")).toHaveCount(0);
  expect(await page.content()).not.toContain("/media/videos/");
});
