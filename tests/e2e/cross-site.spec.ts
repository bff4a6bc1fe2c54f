import { expect, serverURL, test, type Page } from "./test";
import { DEMO, expectAccessible, signIn } from "./fixtures";

/**
 * Another site, played by Chromium itself: pages at evil.test are answered by Playwright, so the
 * browser sends the real Origin and Sec-Fetch-Site headers a foreign page would make it send.
 */
const EVIL = "http://evil.test";

async function visitEvilPage(page: Page, html: string) {
  await page.route(`${EVIL}/**`, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(`${EVIL}/`);
}

async function isSignedIn(page: Page) {
  const response = await page.request.get(`${serverURL()}/api/me`);
  return response.status() === 200;
}

test.describe("another site cannot act for a signed-in member", () => {
  test("a forged form post to sign out or to sign in answers 403 and the session survives", async ({ page }) => {
    await signIn(page, DEMO.learner);
    await expect(page).toHaveURL(/\/video-library$/);

    for (const [action, fields] of [
      ["/auth/logout", `<input name="redirect" value="/">`],
      [
        "/auth/login",
        `<input name="email" value="${DEMO.free.email}"><input name="password" value="${DEMO.free.password}">`,
      ],
    ] as const) {
      await visitEvilPage(
        page,
        `<form id="f" method="post" action="${serverURL()}${action}">${fields}</form><script>document.getElementById("f").submit()</script>`,
      );
      await page.waitForURL(`${serverURL()}${action}`);
      await expect(page.locator("body")).toHaveText("Requests from other sites cannot change anything here.");
    }
    expect(await isSignedIn(page)).toBe(true);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("a foreign page cannot post to the JSON API with a form either", async ({ page }) => {
    await signIn(page, DEMO.learner);
    await expect(page).toHaveURL(/\/video-library$/);
    await visitEvilPage(
      page,
      `<form id="f" method="post" enctype="text/plain" action="${serverURL()}/api/auth/logout"><input name='{"a":"' value='"}'></form><script>document.getElementById("f").submit()</script>`,
    );
    await page.waitForURL(`${serverURL()}/api/auth/logout`);
    await expect(page.locator("body")).toContainText("Requests from other sites cannot change anything here.");
    expect(await isSignedIn(page)).toBe(true);
  });

  test("a cross-site GET of the logout page or of /admin never ends a session", async ({ page }) => {
    await signIn(page, DEMO.free);
    await expect(page).toHaveURL(/\/video-library$/);
    // Images and a link followed from the other site.
    await visitEvilPage(
      page,
      `<img src="${serverURL()}/auth/logout" alt=""><img src="${serverURL()}/admin" alt=""><a id="go" href="${serverURL()}/admin/videos">free prizes</a>`,
    );
    await page.waitForLoadState("networkidle");
    expect(await isSignedIn(page)).toBe(true);
    await page.click("#go");
    await expect(page).toHaveURL(/\/auth\/logout\?reason=admin&redirect=%2Fadmin%2Fvideos$/);
    await expect(page.getByRole("heading", { name: "Administrators only" })).toBeVisible();
    expect(await isSignedIn(page)).toBe(true);
    await expectAccessible(page);
    // The member decides: signing out from here goes on to sign in, remembering the admin page.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Fvideos$/);
    expect(await isSignedIn(page)).toBe(false);
  });

  test("opening /auth/logout asks first; signing out is the button's POST", async ({ page }) => {
    await signIn(page, DEMO.free, "/settings");
    await expect(page).toHaveURL(/\/settings$/);
    await page.goto("/auth/logout?redirect=%2Fsettings");
    await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
    expect(await isSignedIn(page)).toBe(true);
    await page.getByRole("link", { name: "Stay signed in" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.goto("/auth/logout?redirect=%2Fsettings");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsettings$/);
    expect(await isSignedIn(page)).toBe(false);
  });

  test("a return address that normalises to another host stays on Ahla", async ({ page }) => {
    for (const sneaky of ["/.//evil.test/", "/a/..//evil.test/", "/%2e//evil.test/", "/\\evil.test/"]) {
      await page.context().clearCookies();
      await page.goto(`/auth/login?redirect=${encodeURIComponent(sneaky)}`);
      await page.getByLabel("Email").fill(DEMO.free.email);
      await page.getByLabel("Password", { exact: true }).fill(DEMO.free.password);
      await page.getByRole("button", { name: /sign in/i }).click();
      // The fallback, on Ahla's own host: never the other site.
      await expect(page).toHaveURL(`${serverURL()}/video-library`);
    }
  });
});
