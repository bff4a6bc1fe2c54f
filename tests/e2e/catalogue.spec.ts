import { expect, test, type Page } from "./test";
import { DEMO, expectAccessible, expectSignedLessonVideo, openLessonCard, signIn } from "./fixtures";

async function openLesson(page: Page, title: string) {
  await page.goto("/video-library");
  await openLessonCard(page, title);
}

async function videoTime(page: Page) {
  return page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);
}

test("visitor → locks, free lesson opens; free member → free lesson plays, premium shows the checkout", async ({
  page,
}) => {
  await page.goto("/video-library");
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.filter({ hasText: "(locked)" }).count()).toBe(await cards.count());

  // A visitor opens a free lesson (ADR 038); signing in from it comes back to it.
  await page
    .getByRole("link", { name: /Greetings in Damascus/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/video\/\d+\/greetings-in-damascus/);
  await page.getByTestId("guest-banner").getByRole("link", { name: "Sign up free" }).click();
  await page
    .getByRole("dialog", { name: /Sign up free/ })
    .getByRole("link", { name: "Log in" })
    .click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fvideo%2F/);
  await page.getByLabel("Email").fill(DEMO.free.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.free.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/video\/\d+\/greetings-in-damascus/);
  await expect(page).toHaveTitle("Ahla - Greetings in Damascus");

  // The free lesson really plays from R2 through a signed URL.
  const video = page.locator("video");
  await expectSignedLessonVideo(page, video);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect(page.getByRole("list", { name: "Transcript lines" }).getByRole("listitem").first()).toBeVisible();

  // A premium lesson shows the free member its locked page, whose one way on is the checkout (ADR 038).
  await page.goto("/video-library");
  const premium = page
    .getByRole("article")
    .filter({ hasText: "(locked)" })
    .first()
    .getByRole("heading")
    .getByRole("link");
  await premium.click();
  await expect(page.locator("video")).toHaveCount(0);
  await page.getByTestId("start-checkout").click();
  await expect(page).toHaveURL(/\/checkout\?redirect=/);
});

test("subscribed learner: search a transliterated word, land on its line, save a word, resume later", async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library$/);

  // "bshoofak" is how a learner might spell بشوفك; the stored romanisation is "bshuufak".
  await page.getByRole("searchbox").fill("bshoofak");
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/q=bshoofak/);
  const hit = page
    .getByRole("article")
    .filter({ hasText: /see you later/i })
    .getByRole("link", { name: /Greetings in Damascus \(play from \d+:\d\d\)/ });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/video\/\d+\/greetings-in-damascus\?t=\d+/);
  await expect(page.getByRole("listitem", { name: /^Line 8 at .*see you later/i })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // Click an Arabic word, read its meaning, save it.
  await page.getByRole("button", { name: "مرحبا", exact: true }).first().click();
  const popover = page.getByRole("dialog");
  await expect(popover.getByText("hello", { exact: true })).toBeVisible();
  await popover.getByRole("button", { name: "Save to my words" }).click();
  await expect(page.getByText(/Saved to My words|Already in My words/).first()).toBeVisible();

  // Watch a little of another lesson, leave, come back: it offers to resume there.
  await openLesson(page, "Ordering Coffee in Beirut");
  const lessonUrl = page.url();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(6);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page.goto("/video-library");
  await page.goto(lessonUrl);
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect.poll(() => videoTime(page)).toBeGreaterThan(5);
});

test("lesson URLs: stale slug → 301 to the canonical one, unknown id → 404", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await openLesson(page, "Greetings in Damascus");
  const canonical = new URL(page.url()).pathname;
  const id = canonical.split("/")[2];
  const stale = await page.request.get(`/video/${id}/old-title`, { maxRedirects: 0 });
  expect(stale.status()).toBe(301);
  expect(stale.headers()["location"]).toBe(canonical);
  const unknown = await page.goto("/video/999999/nothing");
  expect(unknown?.status()).toBe(404);
});

test("the lesson page is accessible", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await openLesson(page, "Greetings in Damascus");
  await expectAccessible(page);
});

test("the keyboard help opens with ? and closes with Escape; the assistant's panel loads when opened", async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await openLesson(page, "Greetings in Damascus");
  // Both load on demand: nothing of them is in the page until asked for.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.locator("body").press("?");
  const help = page.getByRole("dialog");
  await expect(help).toBeVisible();
  await expect(help.getByText("Loop the current line on or off")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  // It opens again (the dialog closes natively before the page hears of it, so retry a too-early key).
  await expect(async () => {
    await page.locator("body").press("?");
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  const assistant = page.getByRole("button", { name: /Ask about this lesson/ });
  await assistant.click();
  await expect(assistant).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/The lesson assistant is off|Your question/).first()).toBeVisible();
  await assistant.click();
  await expect(assistant).toHaveAttribute("aria-expanded", "false");
});
