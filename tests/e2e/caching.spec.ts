import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./fixtures";

// What a browser may keep: fingerprinted assets for a year, a visitor's page only after asking again,
// a member's page never (back after logout must not show it from the cache).

test("hashed assets are immutable for a year; pages are revalidated, and a member's are never stored", async ({
  page,
  request,
}) => {
  const visitorPage = await request.get("/");
  expect(visitorPage.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  const script = page.locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"]').first();
  const assetPath = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
  expect(assetPath).toMatch(/^\/assets\/.+\.js$/);
  const asset = await request.get(assetPath!);
  expect(asset.ok()).toBe(true);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library/);
  const memberPage = await page.request.get("/video-library");
  expect(memberPage.headers()["cache-control"]).toBe("private, no-store");
  // A page that says what it wants keeps it (the lesson page's own header is the same rule, stated there).
  const feed = await request.get("/blog/rss.xml");
  expect(feed.headers()["cache-control"]).toBe("public, max-age=600");
});
