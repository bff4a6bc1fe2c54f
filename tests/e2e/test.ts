import { test as playwrightTest, type Page } from "@playwright/test";
import { baseURLs } from "../../playwright.config";

// Every spec imports `test` and `expect` from here. Pages load their scripts after the first paint
// (ADR 023), so `page.goto` here also waits until the page is live (<html data-hydrated>, set by the root
// layout), as a person would before using a form's enhanced behaviour. A spec that must act before that
// (tests/e2e/hydration.spec.ts) imports Playwright's own `test`.
export * from "@playwright/test";

/** Waits until the page has hydrated; a document without our scripts (a feed, a file) needs no wait. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" ||
      !document.querySelector('script[type="module"], script[type="text/x-deferred-module"]'),
  );
}

/** This worker's own server (playwright.config.ts): each worker has one, with a database of its own. */
export function serverURL(): string {
  return baseURLs[playwrightTest.info().parallelIndex % baseURLs.length]!;
}

/**
 * Playwright's test with `baseURL` (so `page`, `request` and relative URLs) pointing at this worker's server,
 * without the wait for hydration below: for the specs that act before the scripts arrive.
 */
export const serverTest = playwrightTest.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, provide) => provide(serverURL()),
  request: async ({ playwright, baseURL }, provide) => {
    const request = await playwright.request.newContext({ baseURL });
    await provide(request);
    await request.dispose();
  },
});

export const test = serverTest.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
      // A spec that turns JavaScript off tests the plain-HTML page: nothing will hydrate.
      if (html && javaScriptEnabled !== false && options?.waitUntil !== "commit") await waitForHydration(page);
      return response;
    };
    await provide(page);
  },
});
