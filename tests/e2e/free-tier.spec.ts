import { FREE_ACCOUNT_INCLUDES, FREE_TIER_MESSAGES, SUBSCRIPTION_ADDS } from "../../core/free-tier";
import { DEMO, expectAccessible, signIn, signUpDirect } from "./fixtures";
import { expect, test, type Page } from "./test";

// The free tier (docs/product-rules.md#free-and-paid): a new free member meets each gate and is sent to
// /checkout with a message saying what the subscription adds; the plan cards compare the two.

test.describe.configure({ timeout: 120_000 });

async function signUp(page: Page) {
  await signUpDirect(page, { name: "Rana", prefix: "free-tier", password: "marhaba-marhaba-1" });
}

/** Sent to the plans with the gate's message as a toast. */
/** On the checkout with the gate's message, and the page the member was stopped at as the way back after paying. */
async function expectCheckoutWith(page: Page, message: string, from: RegExp) {
  await expect(page).toHaveURL(
    (url) => url.pathname === "/checkout" && from.test(url.searchParams.get("redirect") ?? ""),
  );
  await expect(page.locator("[data-toast]").filter({ hasText: message })).toBeVisible();
}

const activityCard = (page: Page, title: string) => page.getByRole("article").filter({ hasText: title });

test("a free member meets each gate with a clear message", async ({ page }) => {
  await signUp(page);
  await page.goto("/checkout");

  // The plan cards compare the free account with a subscription.
  const comparison = page.getByRole("region", { name: "Free account or subscription" });
  await expect(comparison).toBeVisible();
  for (const line of [...FREE_ACCOUNT_INCLUDES, ...SUBSCRIPTION_ADDS]) {
    await expect(comparison.getByText(line, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // Listening: the first activity of the group is free, the second says so and sends to /checkout.
  await page.goto("/listening-activity");
  await expect(page.getByText(FREE_TIER_MESSAGES.listening)).toBeVisible();
  await expect(activityCard(page, "At the Bakery").getByText("Free", { exact: true })).toBeVisible();
  await expect(activityCard(page, "At the Bakery").getByTestId("activity-lock")).toHaveCount(0);
  await expect(activityCard(page, "Calling a Friend").getByTestId("activity-lock")).toHaveText("Subscribe to open");
  await expectAccessible(page);
  await page.getByRole("link", { name: /^Calling a Friend/ }).click();
  await expectCheckoutWith(page, FREE_TIER_MESSAGES.listening, /^\/listening-activity\/\d+\/calling-a-friend$/);
  await expectAccessible(page);

  await page.goto("/listening-activity");
  await page.getByRole("link", { name: /^At the Bakery/ }).click();
  await expect(page).toHaveURL(/\/listening-activity\/\d+\/at-the-bakery$/);
  await expect(page.getByRole("button", { name: "Check my answers" })).toBeVisible();

  // A deck: the first session plays; playing it again sends to /checkout.
  await page.goto("/vocabulary-list");
  await page.getByRole("link", { name: "Home & Family" }).click();
  await expect(page).toHaveURL(/\/global-vocabulary-theme\/\d+\/home-family$/);
  const deckCard = page.getByRole("article", { name: "Family Members" });
  await expect(deckCard.getByTestId(/deck-session-/)).toHaveText("Free: one session");
  await deckCard.getByRole("link", { name: "Play Family Members" }).click();
  await expect(page).toHaveURL(/\/play\?seed=\d+/);
  const total = Number((await page.getByText(/^Question 1 of \d+$/).innerText()).match(/of (\d+)/)![1]);
  for (let question = 1; question <= total; question += 1) {
    await expect(page.getByText(`Question ${question} of ${total}`)).toBeVisible();
    await page.keyboard.press("1");
  }
  await expect(page.getByRole("heading", { name: "Your score" })).toBeVisible();
  await expect(page.getByTestId("deck-free-session")).toContainText("That was your free session of this deck.");
  // A reload of the score keeps it: the recorded run is the free session itself.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your score" })).toBeVisible();
  await page.getByRole("link", { name: "Play again", exact: true }).click();
  await expectCheckoutWith(page, FREE_TIER_MESSAGES.deck, /\/play(\?|$)/);

  await page.goto("/vocabulary-list");
  await page.getByRole("link", { name: "Home & Family" }).click();
  const played = page.getByRole("article", { name: "Family Members" });
  await expect(played.getByTestId(/deck-session-/)).toHaveText("Free session used");
  await expect(played.getByTestId(/deck-progress-/)).toContainText("Plays1");
  await expect(played.getByRole("link", { name: "Subscribe to play again: Family Members" })).toHaveAttribute(
    "href",
    new RegExp(`^/checkout\\?redirect=${encodeURIComponent(new URL(page.url()).pathname)}$`),
  );
  await expectAccessible(page);

  // A collection: its page says what the free session is before it starts.
  await page.goto("/flashcards");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "In the Kitchen" }) })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/flashcard\/\d+$/);
  await expect(page.getByTestId("collection-free-session")).toContainText("Free: one session.");
  await expectAccessible(page);

  // "Review all due" is the subscription's.
  await page.goto("/flashcards/review");
  await expectCheckoutWith(page, FREE_TIER_MESSAGES.allDue, /^\/flashcards\/review$/);
});

test("a subscriber meets no lock", async ({ page }) => {
  await signIn(page, DEMO.learner, "/listening-activity");
  await expect(page).toHaveURL(/\/listening-activity$/);
  await expect(page.getByTestId("activity-lock")).toHaveCount(0);
  await expect(page.getByText(FREE_TIER_MESSAGES.listening)).toHaveCount(0);
  await page.getByRole("link", { name: /^Calling a Friend/ }).click();
  await expect(page).toHaveURL(/\/listening-activity\/\d+\/calling-a-friend$/);
  await expect(page.getByRole("button", { name: "Check my answers" })).toBeVisible();
});
