import { expect, test } from "./test";

// The server's HTML is the first screen: the browser paints it before it asks for any script, then the
// scripts arrive and hydrate the page (app/lib/deferred-scripts.server.ts).

test("a page paints before its scripts are requested, then hydrates", async ({ page }) => {
  await page.goto("/");
  // The inline loader puts the module preloads and the module script back once the first paint is out.
  await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached();
  await expect(page.locator('script[type="text/x-deferred-module"], link[rel="x-deferred-modulepreload"]')).toHaveCount(
    0,
  );

  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const script of timing.scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(timing.firstPaint!);

  // Hydrated: a link is followed in the same document, without a full load.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("link", { name: "Browse the lessons" }).click();
  await expect(page).toHaveURL(/\/video-library$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
