import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

export const DEMO = {
  admin: { email: "admin@ahla.dev", password: "ahla-admin-2026" },
  learner: { email: "learner@ahla.dev", password: "ahla-learner-2026" },
  free: { email: "free@ahla.dev", password: "ahla-free-2026" },
};

export async function signIn(page: Page, account: { email: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : "/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: /sign in/i }).click();
}

/** axe finds nothing serious or critical. */
export async function expectAccessible(page: Page) {
  // A toast fading in is half transparent, and axe would judge its contrast mid-fade: let toasts settle.
  await page
    .waitForFunction(
      () => [...document.querySelectorAll("[data-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * A new member of our own, signed up through the API in the page's browser context (its cookies are the
 * page's), for specs that are not about the sign-up form itself (auth.spec.ts and billing.spec.ts drive it).
 */
export async function signUpDirect(
  page: Page,
  { name = "Test Member", prefix = "e2e", password = "marhaba-marhaba-1" } = {},
) {
  const email = uniqueEmail(prefix);
  const response = await page.request.post("/api/auth/register", { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password, name };
}
