import { expect, test, type Page } from "./test";
import { expectAccessible, signIn, signInWithForm, uniqueEmail, signUpDirect } from "./fixtures";

async function signUp(page: Page, name: string) {
  return signUpDirect(page, { name, prefix: "account", password: "marhaba-marhaba-1" });
}

test("profile: name, level and a birthday picked in the 42-day calendar are saved", async ({ page }) => {
  await signUp(page, "Karim");
  await page.goto("/profile");
  await expect(page).toHaveTitle("Ahla - Profile");
  await page.getByLabel("Name", { exact: true }).fill("Karim Haddad");
  await page.getByLabel(/level/i).selectOption("intermediate");

  await page.getByLabel("Birthday").click();
  const dialog = page.getByRole("dialog", { name: /birthday/i });
  await expect(dialog).toBeVisible();
  // A static six-week grid: 42 day cells whatever the month.
  await expect(dialog.getByRole("gridcell")).toHaveCount(42);
  const years = dialog.getByRole("combobox", { name: /year/i });
  const yearOptions = await years.locator("option").allTextContents();
  const thisYear = new Date().getFullYear();
  expect(yearOptions).toContain(String(thisYear - 100));
  expect(yearOptions).toContain(String(thisYear + 52));
  await years.selectOption(String(thisYear - 30));
  await dialog.getByRole("combobox", { name: /month/i }).selectOption({ index: 4 });
  await dialog.getByRole("button", { name: /15/ }).first().click();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Karim Haddad");
  await expect(page.getByLabel(/level/i)).toHaveValue("intermediate");
  await expect(page.locator('input[name="birthday"]')).toHaveValue(`${thisYear - 30}-05-15`);
});

test("profile: an empty name is refused at the field", async ({ page }) => {
  await signUp(page, "Maya");
  await page.goto("/profile");
  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Name is required.")).toBeVisible();
});

test("settings: change password, then the old one no longer works", async ({ page }) => {
  const account = await signUp(page, "Tarek");
  await page.goto("/settings");
  const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="change-password"]') });
  await form.getByLabel("Current password").fill(account.password);
  await form.getByLabel("New password", { exact: true }).fill("new-password-2026");
  await form.getByLabel("Repeat the new password").fill("new-password-2026");
  await form.getByRole("button").click();
  await expect(page.getByText("Your password is changed. Other devices have been signed out.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await page.context().clearCookies();
  await signInWithForm(page, account);
  await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
  await signInWithForm(page, { email: account.email, password: "new-password-2026" });
  await expect(page).toHaveURL(/\/video-library$/);
});

test("settings: a wrong current password is explained at the field", async ({ page }) => {
  await signUp(page, "Salma");
  await page.goto("/settings");
  const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="change-email"]') });
  await form.getByLabel("New email").fill(uniqueEmail("changed"));
  await form.getByLabel("Current password").fill("wrong-password");
  await form.getByRole("button").click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
});

test("settings: signing out of all devices ends this session too", async ({ page, browser }) => {
  const account = await signUp(page, "Ziad");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, account);
  await expect(otherPage).toHaveURL(/\/video-library$/);

  await page.goto("/settings");
  await page.getByRole("button", { name: /sign out of all devices/i }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);
  await other.close();
});

async function linkFromMailbox(page: Page, to: string, path: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const href = await page
    .getByRole("link", { name: new RegExp(path) })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

test("settings: a new member is 'not verified' until the welcome link is opened, which works once", async ({
  page,
}) => {
  const account = await signUp(page, "Rami");
  await page.goto("/settings");
  await expect(page.getByText("Not verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();

  const link = await linkFromMailbox(page, account.email, "/auth/verify-email");
  await page.goto(link);
  await expect(page).toHaveTitle("Ahla - Confirm your email");
  await expect(page.getByRole("heading", { name: "Your email is confirmed" })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/settings");
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.locator("main").getByRole("alert")).toContainText("no longer works");
});

test("settings: a new email is used only once the link sent to it is opened", async ({ page }) => {
  const account = await signUp(page, "Dana");
  const newEmail = uniqueEmail("moved");
  await page.goto("/settings");
  const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="change-email"]') });
  await form.getByLabel("New email").fill(newEmail);
  await form.getByLabel("Current password").fill(account.password);
  await form.getByRole("button").click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  await expect(page.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("");
  await expect(page.getByText(`You sign in with ${account.email}.`)).toBeVisible();

  await page.goto(await linkFromMailbox(page, newEmail, "/auth/verify-email"));
  await expect(page.getByRole("heading", { name: "Your email is changed" })).toBeVisible();
  await expect(page.locator("main").getByRole("status")).toContainText(newEmail);

  await page.goto("/settings");
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
});
