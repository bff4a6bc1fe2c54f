import { test as base, type Page } from "@playwright/test";

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

export const test = base.extend({
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
