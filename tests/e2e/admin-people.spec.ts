import { expect, test, type Browser } from "./test";
import { DEMO, expectAccessible, signIn, signUpDirect } from "./fixtures";

/** A member of our own (never a demo account), signed up in a separate browser context and left signed in. */
async function signUpMember(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, name } = await signUpDirect(page, {
    name: `Nour Test ${Date.now()}`,
    prefix: "admin-people",
    password: "shukran-ktir-1",
  });
  return { context, page, email, name };
}

test("an admin finds the free demo user and reads their page", async ({ page }) => {
  await signIn(page, DEMO.admin, "/admin/users");
  await expect(page).toHaveTitle("Ahla - Admin: Users");
  await page.getByLabel("Name or email").fill("free@ahla");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Showing 1–1 of 1 members")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Farid Free" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Farid Free");
  await expect(page.getByText("Free account: no subscription yet.")).toBeVisible();
  await expectAccessible(page);
});

test("an admin grants a permission, sends a reset and disables then re-enables a member", async ({ page, browser }) => {
  const member = await signUpMember(browser);
  await signIn(page, DEMO.admin, `/admin/users?q=${encodeURIComponent(member.email)}`);
  await page.getByRole("link", { name: member.name }).click();
  await expect(page.getByRole("heading", { name: /Active sessions \(1\)/ })).toBeVisible();

  await page.getByLabel("Grant a permission").selectOption("community:moderate");
  await page.getByRole("button", { name: "Grant" }).click();
  await expect(page.getByText("Granted “community:moderate”.")).toBeVisible();
  await page.getByRole("link", { name: "Remove community:moderate" }).click();
  await page.getByRole("button", { name: "Remove permission" }).click();
  await expect(page.getByText("No permissions: an ordinary member.")).toBeVisible();

  await page.getByRole("button", { name: "Send password reset email" }).click();
  await expect(page.getByText(`A password reset link is on its way to ${member.email}.`)).toBeVisible();

  await page.getByRole("link", { name: "Disable account" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("signed out of their 1 session");
  await page.getByRole("button", { name: "Disable and sign out" }).click();
  await expect(page.getByText(`${member.name} is disabled and signed out everywhere.`)).toBeVisible();
  await expect(page.getByText("Not signed in anywhere.")).toBeVisible();

  // The member's open session is over.
  await member.page.goto("/profile");
  await expect(member.page).toHaveURL(/\/auth\/login/);

  await page.getByRole("button", { name: "Re-enable account" }).click();
  await expect(page.getByText(`${member.name} can sign in again.`)).toBeVisible();
  await member.context.close();
});

test("the permissions page lists codes with holders and grants by email with field errors", async ({ page }) => {
  await signIn(page, DEMO.admin, "/admin/users-permissions");
  await expect(page.getByRole("heading", { name: "admin", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Amal Admin" })).toBeVisible();
  await page.getByLabel("Member's email").fill("nobody-at-all@example.com");
  await page.getByLabel("Permission", { exact: true }).selectOption("community:moderate");
  await page.getByRole("button", { name: "Grant" }).click();
  await expect(page.getByText("No member has this email.")).toBeVisible();
  await expectAccessible(page);
});

test("the dashboard shows revenue, activity with a data table and content counts", async ({ page }) => {
  await signIn(page, DEMO.admin, "/admin");
  await expect(page.getByText("MRR")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Signups and cancellations, last 30 days" })).toBeVisible();
  await page.getByText("Show the numbers").click();
  await expect(page.getByRole("table", { name: "Signups and cancellations per day" }).getByRole("row")).toHaveCount(31);
  await expectAccessible(page);
});

test("the mailing list filters and exports a CSV with a BOM", async ({ page }) => {
  await signIn(page, DEMO.admin, "/admin/mailing-list");
  await expect(page.getByRole("heading", { name: "Mailing list", level: 1 })).toBeVisible();
  await page.getByLabel("Status").selectOption("confirmed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=confirmed/);
  const response = await page.request.get("/admin/mailing-list.csv");
  expect(response.headers()["content-type"]).toContain("text/csv");
  const body = await response.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(body.toString("utf8")).toContain("email,name,status");
  await expectAccessible(page);
});
