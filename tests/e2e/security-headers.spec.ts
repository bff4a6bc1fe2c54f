import { expect, test, type Locator, type Page } from "./test";
import { DEMO, signIn } from "./fixtures";

declare global {
  interface Window {
    __reportCspViolation?: (violation: string) => void;
    __sameDocument?: boolean;
    __injectedRan?: boolean;
  }
}

/**
 * Every complaint about the page's policies: `securitypolicyviolation` events (reported through a binding,
 * so they survive navigations) and the console lines Chromium writes for CSP and Permissions-Policy.
 */
async function watchPolicyViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) =>
        window.__reportCspViolation?.(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
        ),
      true,
    );
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

function nonceOf(policy: string) {
  const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src "));
  expect(scriptSrc, "script-src").toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc!)?.[1];
  expect(nonce, "a nonce in script-src").toBeTruthy();
  return nonce!;
}

/**
 * Opens `path` and checks its document: an enforced policy whose nonce is on every script of the served
 * HTML and differs from the nonce of a second request for the same page.
 */
async function visitStrictPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBe(200);
  const headers = response!.headers();
  expect(headers["content-security-policy-report-only"]).toBeUndefined();
  const nonce = nonceOf(headers["content-security-policy"] ?? "");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["permissions-policy"]).toContain("camera=()");

  // Every script the browser would run carries the nonce. JSON-LD (docs/seo.md) is a data block the browser
  // never runs, so the policy does not apply to it.
  const scripts = [...(await response!.text()).matchAll(/<script\b[^>]*>/gi)]
    .map((match) => match[0])
    .filter((script) => !/\btype="application\/ld\+json"/.test(script));
  expect(scripts.length, `${path} has scripts`).toBeGreaterThan(0);
  for (const script of scripts) expect(script, path).toContain(` nonce="${nonce}"`);

  const again = await page.request.get(path);
  expect(nonceOf(again.headers()["content-security-policy"] ?? "")).not.toBe(nonce);

  // Hydration is done once the client chunks are in and the network is quiet.
  await page.waitForLoadState("networkidle");
}

/** Follows `link` and proves the router handled it: a full page load would drop the window marker. */
async function expectClientNavigation(page: Page, link: Locator, url: RegExp) {
  await page.evaluate(() => (window.__sameDocument = true));
  await link.click();
  await expect(page).toHaveURL(url);
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
}

test("public pages enforce a nonce-based CSP, hydrate and raise no violation", async ({ page }) => {
  const violations = await watchPolicyViolations(page);

  await visitStrictPage(page, "/");
  await expectClientNavigation(page, page.getByRole("link", { name: "Browse the lessons" }), /\/video-library$/);

  await visitStrictPage(page, "/video-library");
  await expectClientNavigation(
    page,
    page.getByRole("link", { name: "Sign in", exact: true }).first(),
    /\/auth\/login$/,
  );

  await visitStrictPage(page, "/auth/login");
  await expectClientNavigation(page, page.getByRole("link", { name: /forgot/i }), /\/auth\/forgotpassword$/);

  expect(violations).toEqual([]);
});

test("a subscribed learner's lesson page plays under the CSP with no violation", async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library$/);
  const lessonLink = page.getByRole("article").first().getByRole("heading").getByRole("link");
  const lessonPath = new URL((await lessonLink.getAttribute("href"))!, page.url()).pathname;

  await visitStrictPage(page, lessonPath);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();

  expect(violations).toEqual([]);
});

test("the admin dashboard enforces the CSP, hydrates and raises no violation", async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/video-library$/);

  await visitStrictPage(page, "/admin");
  await expectClientNavigation(
    page,
    page.getByRole("navigation").getByRole("link", { name: "Videos", exact: true }).first(),
    /\/admin\/videos$/,
  );

  expect(violations).toEqual([]);
});

test("the CSP blocks an injected inline script and inline handler, and runs one that carries the nonce", async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  await visitStrictPage(page, "/");

  const outcome = await page.evaluate(async () => {
    window.__injectedRan = false;
    const injected = document.createElement("script");
    injected.textContent = "window.__injectedRan = true;";
    document.body.appendChild(injected);

    const handler = document.createElement("img");
    handler.setAttribute("onerror", "window.__injectedRan = true;");
    // Listeners run in the order they were added: once this one hears the error, the inline handler (added
    // first) has had its turn, or was refused.
    const failed = new Promise((resolve) => handler.addEventListener("error", resolve, { once: true }));
    handler.src = "data:image/png;base64,broken";
    document.body.appendChild(handler);
    await failed;
    const blocked = !window.__injectedRan;

    // The same script with the page's nonce does run: the check above is not a dead harness.
    const trusted = document.createElement("script");
    trusted.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")!.nonce;
    trusted.textContent = "window.__injectedRan = true;";
    document.body.appendChild(trusted);
    return { blocked, trustedRan: window.__injectedRan };
  });

  expect(outcome).toEqual({ blocked: true, trustedRan: true });
  await expect.poll(() => violations.filter((violation) => violation.startsWith("script-src")).length).toBe(2);
});
