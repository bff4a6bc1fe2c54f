import { DEMO, expectAccessible, expectSignedLessonVideo, signIn } from "./fixtures";
import { expect, test, type APIRequestContext, type Page } from "./test";

// A paywall with context (docs/product-rules.md#a-paywall-with-context, ADR 039): what only a browser shows, end to
// end on the built app. The rules (open redirects, unknown lessons, the subscriber's wording) are in
// tests/integration/paywall.test.ts.

const LESSON_TITLE = "Wedding Traditions in Jordan";

/** The seeded premium lesson's address, from the public library API. */
async function premiumLessonPath(page: Page) {
  const response = await page.request.get(`/api/library?q=${encodeURIComponent(LESSON_TITLE)}`);
  expect(response.ok()).toBe(true);
  const items = (
    (await response.json()) as { data: { items: Array<{ id: number; slug: string; title: string; isFree: boolean }> } }
  ).data.items;
  const lesson = items.find((item) => item.title === LESSON_TITLE);
  expect(lesson, "the seeded premium lesson").toBeTruthy();
  expect(lesson!.isFree).toBe(false);
  return `/video/${lesson!.id}/${lesson!.slug}`;
}

/**
 * Puts the seeded free member back as they were (no access), so later files meet the account they expect: the
 * admin ends the subscription now, through `request` (a cookie jar of its own, not the page's).
 */
async function endSubscriptionOf(request: APIRequestContext, email: string) {
  const login = await request.post("/api/auth/login", { data: DEMO.admin });
  expect(login.ok()).toBe(true);
  const users = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const found = ((await users.json()) as { data: { users: Array<{ id: number; email: string }> } }).data.users.find(
    (user) => user.email === email,
  );
  expect(found).toBeTruthy();
  const ended = await request.post(`/api/admin/users/${found!.id}/subscription/cancel`, {
    data: { when: "now", reason: "e2e: paywall.spec.ts restores the free demo account" },
  });
  expect(ended.status(), await ended.text()).toBe(200);
}

test("a free member goes from a premium lesson's checkout link through payment and back to the lesson, now playable", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.free);
  const lessonPath = await premiumLessonPath(page);

  // The premium lesson's own page is locked for them (ADR 038); its one way to start is the checkout, which
  // names the lesson.
  await page.goto(lessonPath);
  await expect(page.locator("video")).toHaveCount(0);
  await page.getByTestId("start-checkout").click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/checkout" && url.searchParams.get("redirect") === lessonPath,
  );
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Subscribe to watch ${LESSON_TITLE}`);
  await expectAccessible(page);

  try {
    await page.getByRole("link", { name: "Choose Annual" }).click();
    await expect(page).toHaveURL(/\/checkout\/annual\?redirect=%2Fvideo%2F/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Subscribe to watch ${LESSON_TITLE}`);
    await page.getByRole("button", { name: /^Pay/ }).click();

    await expect(page).toHaveURL(/\/checkout-success\/annual\?redirect=/);
    const back = page.getByRole("link", { name: `Back to ${LESSON_TITLE}` }).first();
    await expect(back).toBeVisible();
    await back.click();

    await expect(page).toHaveURL(new RegExp(`${lessonPath}$`));
    await expectSignedLessonVideo(page);
  } finally {
    await endSubscriptionOf(request, DEMO.free.email);
  }
});

test("a subscriber on /checkout/annual reads their plan and renewal, and nothing due", async ({ page }) => {
  // The seeded learner pays monthly: annual is the other plan, offered as a switch.
  await signIn(page, DEMO.learner, "/checkout/annual");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Switch to Annual");
  await expect(page.getByTestId("subscribed-summary")).toContainText("You are subscribed to Monthly");
  await expect(page.getByTestId("subscribed-summary")).toContainText(/Renews on \d{1,2} \w+ \d{4}/);
  await expect(page.getByRole("button", { name: "Switch to Annual" })).toBeVisible();
  await expect(page.getByText(/due today/i)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);

  // Their own plan: no payment form either, and the other plan offered.
  await page.goto("/checkout/monthly");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Monthly plan");
  await expect(page.getByText(/due today/i)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See the Annual plan" })).toBeVisible();
  await expectAccessible(page);
});
