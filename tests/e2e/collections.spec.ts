import { expect, test } from "./test";
import { DEMO, signIn } from "./fixtures";

test("courses list → course page with ordered lessons and a Start button; visitors see locks", async ({ page }) => {
  await page.goto("/courses");
  await expect(page).toHaveTitle(/^Ahla - /);
  await page
    .getByRole("link")
    .filter({ hasText: /./ })
    .locator("xpath=ancestor-or-self::a[contains(@href,'/course/')]")
    .first()
    .click();
  await expect(page).toHaveURL(/\/course\/\d+\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const lessons = page.getByRole("list").filter({ has: page.getByRole("link", { name: /\(locked\)/ }) });
  await expect(lessons.first()).toBeVisible();
});

test("a learner creates a playlist, adds a lesson from a course and reorders", async ({ page }) => {
  await signIn(page, DEMO.learner, "/playlists");
  await expect(page).toHaveURL(/\/playlists$/);
  const title = `Coffee words ${Date.now()}`;
  await page
    .getByLabel(/playlist name|name|title/i)
    .first()
    .fill(title);
  await page.getByRole("button", { name: "Create playlist" }).click();
  await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();

  await page.goto("/series");
  await page.locator("a[href^='/series/']").first().click();
  await expect(page).toHaveURL(/\/series\/\d+\/[a-z0-9-]+$/);
  for (const index of [0, 1]) {
    await page
      .getByRole("button", { name: /^Add to playlist: / })
      .nth(index)
      .click();
    await page.getByRole("checkbox", { name: new RegExp(title) }).check();
    await page.keyboard.press("Escape");
  }

  await page.goto("/playlists");
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(/\/playlist\/\d+\/coffee-words/);
  const down = page.getByRole("button", { name: /^Move down: / });
  const up = page.getByRole("button", { name: /^Move up: / });
  await expect(down).toHaveCount(2);
  const first = (await down.first().getAttribute("aria-label"))!.replace("Move down: ", "");
  const second = (await up.nth(1).getAttribute("aria-label"))!.replace("Move up: ", "");
  expect(first).not.toBe(second);
  // The page reorders at once (optimistically); reload only once the move is stored.
  const stored = page.waitForResponse((response) => response.request().method() === "POST" && response.ok());
  await down.first().click();
  await expect(down.first()).toHaveAccessibleName(`Move down: ${second}`);
  await stored;
  await page.reload();
  await expect(down.first()).toHaveAccessibleName(`Move down: ${second}`);
  await expect(up.nth(1)).toHaveAccessibleName(`Move up: ${first}`);
});

test("playlist pages need a login; others' private playlists are not found", async ({ page }) => {
  await page.goto("/playlist/1/anything");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fplaylist%2F1%2Fanything$/);
});

test("a learner adds the lesson they are watching to a new playlist from the player", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await page.goto("/video-library");
  await page
    .getByRole("link", { name: /Telling the Time/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Telling the Time/ })).toBeVisible();
  await page
    .getByRole("button", { name: /^Add to playlist/ })
    .first()
    .click();
  const name = `From the player ${Date.now()}`;
  await page.getByRole("textbox", { name: /new playlist|playlist name|name/i }).fill(name);
  await page
    .getByRole("button", { name: /create/i })
    .last()
    .click();
  await expect(page.getByRole("status").filter({ hasText: `Created “${name}” with this lesson in it.` })).toBeVisible();
  await page.goto("/playlists");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page.getByText("Telling the Time").first()).toBeVisible();
});
