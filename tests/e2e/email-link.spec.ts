import { expectAccessible, uniqueEmail, signUpDirect } from "./fixtures";
import { expect, test, waitForHydration, type Page } from "./test";

// Signing in with a one-time link by email (docs/security.md, "Sign-in links"): asked for on the login page,
// opened in another browser (nothing ties it to the one that asked), used once.

const SENT = "If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.";

async function signUp(page: Page) {
  const { email } = await signUpDirect(page, { name: "Layla", prefix: "email-link", password: "marhaba-marhaba-1" });
  return email;
}

/** The path and query of the newest sign-in link mailed to `to`, read from the local outbox. */
async function linkFromMailbox(page: Page, to: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const href = await page
    .getByRole("link", { name: /\/auth\/email-link\?token=/ })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

test("a link asked for on the login page signs in once, in another browser", async ({ page, browser }) => {
  const email = await signUp(page);
  await page.goto("/auth/logout");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The login page: the same Email field, and a second button beside "Sign in".
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expectAccessible(page);
  const link = await linkFromMailbox(page, email);

  // Two other browsers open it: opening does not sign in, so both are offered the button.
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  try {
    const onPhone = await phone.newPage();
    const onLaptop = await laptop.newPage();
    for (const other of [onPhone, onLaptop]) {
      await other.goto(link);
      await waitForHydration(other);
      await expect(other.getByRole("heading", { name: "Sign in with your email link" })).toBeVisible();
      await expect(other.getByText(email)).toBeVisible();
    }
    await expectAccessible(onPhone);

    await onPhone.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(onPhone).toHaveURL(/\/video-library$/);
    await onPhone.goto("/settings");
    await expect(onPhone).toHaveURL(/\/settings$/);

    // The second use fails with a clear message and the way back to ask for a new link.
    await onLaptop.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(onLaptop.getByRole("alert")).toContainText("was already used");
    await expect(onLaptop.getByRole("heading", { name: "This sign-in link does not work" })).toBeVisible();
    await onLaptop.getByRole("link", { name: "Back to sign in" }).click();
    await expect(onLaptop).toHaveURL(/\/auth\/login$/);
    await onLaptop.goto("/settings");
    await expect(onLaptop).toHaveURL(/\/auth\/login\?redirect=%2Fsettings$/);

    // Opened again later, it says so at once.
    await onLaptop.goto(link);
    await expect(onLaptop.getByRole("heading", { name: "This sign-in link does not work" })).toBeVisible();
    await expect(onLaptop.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  } finally {
    await phone.close();
    await laptop.close();
  }

  // The browser that asked was never signed in by it.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsettings$/);
});

test("an unknown address gets the same answer", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
});

test("a bad address is explained at the field, and no password is asked for", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Password is required.")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link is asked for and used with plain forms, returning to the page the member was going to", async ({
    page,
  }) => {
    const email = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/auth/login?redirect=%2Fsettings");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByText(SENT)).toBeVisible();
    const link = await linkFromMailbox(page, email);
    expect(link).toContain("redirect=%2Fsettings");

    await page.goto(link);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});
