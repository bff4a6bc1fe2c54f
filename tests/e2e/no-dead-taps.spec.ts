import type { Page } from "@playwright/test";
import { ADMIN_SAMPLES, type SampleDependency } from "../fixtures/admin-samples";
import { DEMO, signIn } from "./fixtures";
import { expect, serverTest, test } from "./test";

// Every control does what it says from the first paint (docs/architecture.md#no-dead-taps): with JavaScript
// off, and with a tap that lands before the scripts, which load after the first paint (ADR 023), arrive.

/** A 1×1 PNG: the thumbnail upload sniffs the file's magic number. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const accountSummary = (page: Page) =>
  page
    .getByRole("banner")
    .locator("summary")
    .filter({ hasText: /Account menu for/ });

/**
 * Goes to a page whose scripts are held: not waiting for `load`, which a slow machine may reach only after the
 * loader's 3 s fallback has asked for the (held) scripts.
 */
const HELD = { waitUntil: "domcontentloaded" } as const;

/** Holds the app's scripts back until `release()`: the page stays as the server painted it. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The first stored row of an admin resource, read through the admin API with the page's session. */
async function firstRow(page: Page, slug: string): Promise<SampleDependency> {
  const response = await page.request.get(`/api/admin/${slug}`);
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { items: Array<{ id: number | string; title: string }> } };
  return { id: String(data.items[0]!.id), title: data.items[0]!.title };
}

/** A lesson of our own (so uploading a thumbnail changes no seeded lesson), in a seeded topic with a seeded teacher. */
async function newLesson(page: Page) {
  const deps = [await firstRow(page, "categories"), await firstRow(page, "teacher")];
  const suffix = `nodead-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const response = await page.request.post("/api/admin/videos", { data: ADMIN_SAMPLES.videos!.create(deps, suffix) });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number; title: string } }).data;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the account menu opens and logs out", async ({ page }) => {
    await signIn(page, DEMO.free, "/settings");
    await expect(page.getByRole("button", { name: "Log out" })).toBeHidden();
    await accountSummary(page).click();
    await expect(page.getByRole("link", { name: "Profile", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsettings$/);
    // The session is over: a member page sends to sign in.
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);
  });

  test("the phone menu opens", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link").first()).toBeVisible();
  });

  test("Add to playlist leads to a page of forms that adds, creates and removes", async ({ page }) => {
    await signIn(page, DEMO.learner, "/video-library");
    const trigger = page.getByRole("link", { name: /^Add to playlist: / }).first();
    const title = ((await trigger.getAttribute("aria-label")) ?? "").replace("Add to playlist: ", "");
    await trigger.click();
    await expect(page).toHaveURL(/\/playlists\/add\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    const name = `No-JS picks ${Date.now().toString(36)}`;
    await page.getByLabel("Playlist name").fill(name);
    await page.getByRole("button", { name: "Create playlist" }).click();
    const row = page.getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("this lesson is in it");

    await row.getByRole("button", { name: `Remove from ${name}` }).click();
    await expect(row).not.toContainText("this lesson is in it");
    await row.getByRole("button", { name: `Add to ${name}` }).click();
    await expect(row).toContainText("1 lesson · this lesson is in it");
  });

  test("the admin's thumbnail upload takes a file and the form posts it", async ({ page }) => {
    await signIn(page, DEMO.admin, "/admin");
    const lesson = await newLesson(page);
    await page.goto(`/admin/videos/${lesson.id}/lesson?tab=media`);
    const form = page.locator("form").filter({ has: page.getByLabel("Upload a thumbnail") });
    await page
      .getByLabel("Upload a thumbnail")
      .setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("img", { name: `Thumbnail of ${lesson.title}` })).toBeVisible();
  });
});

// Playwright's own `test`: its page.goto does not wait for hydration, which these hold back on purpose.
serverTest.describe("a tap before the scripts arrive", () => {
  serverTest("opens the account menu, which stays open once the page hydrates", async ({ page }) => {
    await signIn(page, DEMO.learner, "/video-library");
    const release = await holdScripts(page);
    await page.goto("/progress", HELD);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await accountSummary(page).click();
    const settings = page.getByRole("link", { name: "Settings", exact: true });
    await expect(settings).toBeVisible();

    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(settings).toBeVisible();
    // And it is the scripted menu now: Escape closes it.
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
  });

  serverTest("opens the phone menu, which stays open once the page hydrates", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto("/", HELD);
    await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    const firstLink = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
    await expect(firstLink).toBeVisible();
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(firstLink).toBeVisible();
  });

  serverTest("Add to playlist is a link until then, and the tap goes to its page", async ({ page }) => {
    await signIn(page, DEMO.learner, "/video-library");
    const release = await holdScripts(page);
    await page.goto("/video-library", HELD);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await page
      .getByRole("link", { name: /^Add to playlist: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/playlists\/add\/\d+$/);
    release();
    await expect(page.getByRole("heading", { name: "Your playlists" })).toBeVisible();
  });

  serverTest("the admin's first Upload click is not lost", async ({ page }) => {
    await signIn(page, DEMO.admin, "/admin");
    const lesson = await newLesson(page);
    const release = await holdScripts(page);
    await page.goto(`/admin/videos/${lesson.id}/lesson?tab=media`, HELD);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    const form = page.locator("form").filter({ has: page.getByLabel("Upload a thumbnail") });
    await page
      .getByLabel("Upload a thumbnail")
      .setInputFiles({ name: "early.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    release();
    await expect(page.getByRole("img", { name: `Thumbnail of ${lesson.title}` })).toBeVisible();
  });
});
