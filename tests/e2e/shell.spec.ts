import { expect, test } from "./test";
import { DEMO, expectAccessible, signIn } from "./fixtures";

test("the landing page shows plans and lessons from D1, titled 'Ahla - …'", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/^Ahla - /);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("$12", { exact: false }).first()).toBeVisible();
  await expect(page.getByText("$99", { exact: false }).first()).toBeVisible();
  await expect(page.locator('[lang="ar"]').first()).toHaveAttribute("dir", "rtl");
  await expectAccessible(page);
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /couldn.t find/i })).toBeVisible();
  const auth404 = await page.goto("/auth/404");
  expect(auth404?.status()).toBe(404);
});

test("visitors see a lock on every lesson of the library", async ({ page }) => {
  await page.goto("/video-library");
  const cards = page.getByRole("article");
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(12);
  await expect(cards.filter({ hasText: "(locked)" })).toHaveCount(count);
  await expectAccessible(page);
});

test("a subscribed learner sees no locks; a free member sees locks only on premium lessons", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library$/);
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "(locked)" })).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, DEMO.free);
  await expect(page).toHaveURL(/\/video-library$/);
  await expect(page.getByRole("article").first()).toBeVisible();
  const total = await page.getByRole("article").count();
  const locked = await page.getByRole("article").filter({ hasText: "(locked)" }).count();
  expect(locked).toBeGreaterThan(0);
  expect(locked).toBeLessThan(total);
});

for (const path of ["/faq", "/about", "/terms-of-use", "/privacy-policy"]) {
  test(`${path} renders real content`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Ahla - \S/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await page.locator("main").innerText()).length).toBeGreaterThan(400);
  });
}
