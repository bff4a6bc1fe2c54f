import { expect, test } from "./test";
import { DEMO, expectAccessible, signInWithForm, uniqueEmail } from "./fixtures";

test.describe("sign in and guards (docs/product-rules.md#redirects)", () => {
  test("a login-required page sends a visitor to login and back after signing in", async ({ page }) => {
    await page.goto("/profile?tab=x");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile%3Ftab%3Dx$/);
    await expect(page).toHaveTitle("Ahla - Sign in");
    await page.getByLabel("Email").fill(DEMO.learner.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.learner.password);
    await page.getByRole("button", { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/profile\?tab=x$/);
  });

  test("without a return address, login lands on the video library", async ({ page }) => {
    await signInWithForm(page, DEMO.free);
    await expect(page).toHaveURL(/\/video-library$/);
    await expect(page).toHaveTitle(/^Ahla - /);
  });

  test("a return address to another site is ignored", async ({ page }) => {
    await signInWithForm(page, DEMO.free, "https://evil.example/phish");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/video-library$/);
  });

  test("a wrong password is shown at the field", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(DEMO.free.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: /sign in/i }).click();
    await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test("the login page is accessible", async ({ page }) => {
    await page.goto("/auth/login");
    await expectAccessible(page);
  });

  test("logging out goes to login with the current page as return address", async ({ page }) => {
    await signInWithForm(page, DEMO.free, "/settings");
    await expect(page).toHaveURL(/\/settings$/);
    // The account menu is a <details> (docs/architecture.md#no-dead-taps): its summary opens it.
    await page
      .getByRole("banner")
      .locator("summary")
      .filter({ hasText: /Account menu for/ })
      .click();
    await page.getByRole("button", { name: /log out/i }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsettings$/);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test("entering /admin as a non-admin logs the member out", async ({ page }) => {
    await signInWithForm(page, DEMO.free);
    await expect(page).toHaveURL(/\/video-library$/);
    await page.goto("/admin/videos");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Fvideos$/);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);
  });

  test("an admin reaches the admin dashboard", async ({ page }) => {
    await signInWithForm(page, DEMO.admin, "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Videos", exact: true })).toBeVisible();
  });
});

test.describe("sign up (docs/product-rules.md#redirects)", () => {
  // The product's rule, exactly: monthly → /checkout/monthly, annual → /checkout/annual, no plan or any other
  // plan → /checkout. The short onboarding comes after checkout, never in between.
  for (const [plan, destination] of [
    ["monthly", /\/checkout\/monthly$/],
    ["annual", /\/checkout\/annual$/],
    [null, /\/checkout$/],
    ["weekly", /\/checkout$/],
  ] as const) {
    test(`signing up with ${plan ? `?plan=${plan}` : "no plan"} goes straight to ${destination.source.replace(/\\|\$/g, "")}`, async ({
      page,
    }) => {
      await page.goto(plan ? `/auth/signup?plan=${plan}` : "/auth/signup");
      await page.getByLabel("Your name").fill("Rania");
      await page.getByLabel("Email").fill(uniqueEmail("signup"));
      await page.getByLabel("Password", { exact: true }).fill("shukran-ktir-1");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(destination);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("a taken email and a short password are explained at the fields", async ({ page }) => {
    await page.goto("/auth/signup");
    await page.getByLabel("Your name").fill("Omar");
    await page.getByLabel("Email").fill(DEMO.free.email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("long-enough-pass");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText(/already exists/)).toBeVisible();
  });
});

test.describe("password reset through the dev outbox", () => {
  test("a member resets the password from the emailed link, once", async ({ page }) => {
    const email = uniqueEmail("reset");
    await page.goto("/auth/signup");
    await page.getByLabel("Your name").fill("Huda");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("first-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.context().clearCookies();

    await page.goto("/auth/forgotpassword");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: /send|reset/i }).click();
    await expect(page.getByText(/if an account exists/i)).toBeVisible();

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = await page
      .getByRole("link", { name: /\/auth\/resetpassword/ })
      .first()
      .getAttribute("href");
    expect(link).toBeTruthy();
    const resetPath = new URL(link!).pathname + new URL(link!).search;

    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("second-password-2");
    await page.getByLabel(/confirm|repeat/i).fill("second-password-2");
    await page.getByRole("button", { name: /change|save|set|reset/i }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByText("Your password has been changed. Please sign in.")).toBeVisible();

    await signInWithForm(page, { email, password: "second-password-2" });
    await expect(page).toHaveURL(/\/video-library$/);

    await page.context().clearCookies();
    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("third-password-3");
    await page.getByLabel(/confirm|repeat/i).fill("third-password-3");
    await page.getByRole("button", { name: /change|save|set|reset/i }).click();
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form still signs in and still shows field errors", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: /sign in/i }).click();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await page.getByLabel("Email").fill(DEMO.learner.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.learner.password);
    await page.getByRole("button", { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/video-library$/);
  });
});
