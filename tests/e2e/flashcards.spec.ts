import { expect, test, type Page } from "./test";
import { expectAccessible, signUpDirect } from "./fixtures";

async function signUp(page: Page) {
  await signUpDirect(page, { name: "Layla", prefix: "flashcards", password: "shukran-ktir-1" });
}

/**
 * Shows the answer with Space, then rates with a key, until the next card (or the summary) replaces
 * this one. Repeating the key is safe: the card's request id makes a second answer the same answer.
 */
async function answer(page: Page, key: "1" | "2" | "3" | "4") {
  const requestId = await page.locator('input[name="requestId"]').inputValue();
  const sameCard = page.locator(`input[name="requestId"][value="${requestId}"]`);
  const back = page.getByTestId("card-back");
  await expect(async () => {
    if ((await sameCard.count()) === 0) return;
    if (!(await back.isVisible())) await page.keyboard.press("Space");
    await expect(back).toBeVisible({ timeout: 2_000 });
    await page.keyboard.press(key);
    await expect(sameCard).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

function collectionCard(page: Page, title: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
}

async function countIn(scope: ReturnType<Page["locator"]>, name: "due" | "new" | "learned") {
  return Number(await scope.getByTestId(`count-${name}`).locator("dd").textContent());
}

test("a visitor browses a collection and is asked to sign in to review", async ({ page }) => {
  await page.goto("/flashcards");
  await expect(page).toHaveTitle("Ahla - Flashcards");
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  await collectionCard(page, "Everyday Essentials").getByRole("link").click();
  await expect(page).toHaveURL(/\/flashcard\/\d+$/);
  await expect(page).toHaveTitle("Ahla - Everyday Essentials");
  const cards = page.getByTestId("card-list");
  await expect(cards.locator('[lang="ar"]').first()).toHaveAttribute("dir", "rtl");
  await expect(cards.getByText("come on, let's go, OK then")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Good/ })).toHaveCount(0);
  await expectAccessible(page);

  const signIn = page.getByRole("link", { name: "Sign in to review" });
  const href = await signIn.getAttribute("href");
  expect(href).toMatch(/^\/auth\/login\?redirect=%2Fflashcard%2F\d+$/);
  // An old titled link lands on the slugless address (docs/product-rules.md#addresses-and-slugs).
  const id = page.url().split("/").pop();
  await page.goto(`/flashcard/${id}/everyday-essentials`);
  await expect(page).toHaveURL(new RegExp(`/flashcard/${id}$`));
});

test("a new learner reviews a collection by keyboard and mouse and sees the counts change", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);
  await page.goto("/flashcards");
  const kitchen = collectionCard(page, "In the Kitchen");
  expect(await countIn(kitchen, "new")).toBe(10);
  expect(await countIn(kitchen, "learned")).toBe(0);
  await expectAccessible(page);
  await kitchen.getByRole("link").click();
  await expect(page).toHaveURL(/\/flashcard\/\d+$/);

  // Card 1 by keyboard: Space shows the answer, 3 is Good (10 minutes for a new card).
  const front = page.getByTestId("card-front");
  await expect(front).toHaveText("قهوة");
  await expect(front).toHaveAttribute("lang", "ar");
  await expect(page.getByTestId("card-back")).toBeHidden();
  const showAnswer = page.locator("summary", { hasText: "Show answer" });
  await expect(showAnswer).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("card-back")).toContainText("coffee");
  await expect(page.getByRole("button", { name: /^Good: next review in 10 minutes/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Again: next review in 1 minute/ })).toBeVisible();
  await expectAccessible(page);
  await answer(page, "3");
  await expect(front).toHaveText("شاي");

  // Card 2 by mouse: Show answer, then Easy.
  await showAnswer.click();
  await expect(page.getByTestId("card-back")).toContainText("tea");
  await page.getByRole("button", { name: /^Easy/ }).click();
  await expect(front).toHaveText("خبز", { timeout: 15_000 });

  // Card 3: Again (Enter shows the answer), then undo it.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("card-back")).toContainText("bread");
  // The rating buttons show once the page knows the answer is open: only then does "1" rate.
  await expect(page.getByRole("button", { name: /^Again: next review in 1 minute/ })).toBeVisible();
  await page.keyboard.press("1");
  await expect(front).toHaveText("مي");
  await page.getByRole("button", { name: "Undo last answer" }).click();
  await expect(front).toHaveText("خبز");

  // Easy for the rest; the card answered Good comes back at the end (learn-ahead) and gets Easy too.
  for (let guard = 0; guard < 12 && (await front.count()) > 0; guard += 1) await answer(page, "4");
  await expect(page.getByRole("heading", { name: "Session complete" })).toBeVisible();
  const summary = page.getByTestId("session-summary");
  await expect(summary).toBeVisible();
  // 9 cards answered Easy once, the Good card twice (it came back), the undone Again not at all.
  await expect(page.getByText("You reviewed 11 cards from In the Kitchen.", { exact: false })).toBeVisible();
  await expect(summary).toContainText("Again0");
  await expect(summary).toContainText("Good1");
  await expect(summary).toContainText("Easy10");
  await expect(page.getByText(/The next card comes due in/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Back to flashcards" }).click();
  await expect(page).toHaveURL(/\/flashcards$/);
  const after = collectionCard(page, "In the Kitchen");
  expect(await countIn(after, "new")).toBe(0);
  expect(await countIn(after, "learned")).toBe(10);
  expect(await countIn(after, "due")).toBe(0);

  // Reload keeps it: the state is stored per learner.
  await page.reload();
  expect(await countIn(collectionCard(page, "In the Kitchen"), "learned")).toBe(10);
});

test("a learner reviews a saved word", async ({ page }) => {
  test.slow();
  await signUp(page);
  await page.goto("/flashcards");
  await expect(page.getByRole("heading", { name: "My saved words" })).toBeVisible();
  // Save a word the way the player does (the lesson API), then review it here.
  const lessons = await page.request.get("/api/library");
  expect(lessons.ok()).toBe(true);
  const library = (await lessons.json()) as { data: { items?: Array<{ id: number; isFree: boolean }> } };
  const free = (library.data.items ?? []).find((item) => item.isFree);
  expect(free, "a free demo lesson").toBeTruthy();
  const saved = await page.request.post(`/api/lessons/${free!.id}/words`, {
    data: { arabic: "كيفك", transliteration: "kiifak", english: "how are you" },
  });
  expect(saved.status()).toBe(201);

  await page.goto("/flashcards");
  const words = page.getByRole("region", { name: "My saved words" });
  expect(await countIn(words, "new")).toBe(1);
  await words.getByRole("link", { name: /Review saved words/ }).click();
  await expect(page).toHaveURL(/\/flashcards\/my-words$/);
  await expect(page).toHaveTitle("Ahla - Review my saved words");
  await expect(page.getByTestId("card-front")).toHaveText("كيفك");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("card-back")).toContainText("how are you");
  await page.getByRole("button", { name: /^Easy/ }).click();
  await expect(page.getByRole("heading", { name: "Session complete" })).toBeVisible();
  await expect(page.getByText("You reviewed 1 card from your saved words.")).toBeVisible();

  await page.goto("/flashcards");
  const afterWords = page.getByRole("region", { name: "My saved words" });
  expect(await countIn(afterWords, "new")).toBe(0);
  expect(await countIn(afterWords, "learned")).toBe(1);
});
