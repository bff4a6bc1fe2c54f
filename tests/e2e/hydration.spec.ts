import { expect, serverTest as test } from "./test";
import { DEMO, signIn } from "./fixtures";

// The scripts load after the first paint (ADR 023), so a quick learner or admin may type before the page
// hydrates. What they typed must still be there afterwards: React 18 would put a <textarea> back to its
// server text, app/lib/typed-before-hydration.ts keeps it.

test("text typed before the scripts arrive is still there once the page hydrates", async ({ page }) => {
  await signIn(page, DEMO.admin);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  // An existing post: React resets a textarea to its server text only when there is some. Nothing is saved.
  await page.goto("/admin/blogs/1");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  const textarea = page.getByRole("main").getByLabel(/^Body( \*)?$/);
  await expect(textarea).not.toHaveValue("");
  await textarea.fill("Typed before the scripts arrived");
  const title = page.getByRole("main").getByLabel(/^Title( \*)?$/);
  await title.fill("A title typed early");

  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(textarea).toHaveValue("Typed before the scripts arrived");
  await expect(title).toHaveValue("A title typed early");
});
