import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import * as resetPasswordRoute from "../../app/features/accounts/routes/reset-password";
import * as settingsRoute from "../../app/features/accounts/routes/settings";
import { createUser, linkFromOutbox, loginToken, outboxFor, postJson, testApp, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports (as in sign-in-link.test.ts).
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// A completed reset, a password change and an email change that takes effect void every password-reset link
// and every sign-in link still in the member's mail (docs/security.md, "Sign-in links"; server/services/mailed-links.ts).

const ORIGIN = "https://ahla.test";
const INVALID_RESET = "This reset link is invalid or has expired. Ask for a new one.";
/** Each request from its own address, so per-source limits only count where a test means them to. */
const freshIp = () => `198.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const app = testApp();
const pages = remixPages({
  reset: { path: "auth/resetpassword", module: resetPasswordRoute },
  settings: { path: "settings", module: settingsRoute },
});

/** Asks for a password reset and answers the link's token (each request makes a new link). */
async function resetLink(email: string) {
  const before = (await outboxFor(email)).filter((mail) => mail.template === "password-reset").length;
  const asked = await postJson(app, `${ORIGIN}/api/auth/reset-password`, { email }, { "CF-Connecting-IP": freshIp() });
  expect(asked.status).toBe(200);
  const mails = (await outboxFor(email)).filter((mail) => mail.template === "password-reset");
  expect(mails).toHaveLength(before + 1);
  return (await linkFromOutbox(email, "/auth/resetpassword", "password-reset")).searchParams.get("token")!;
}

/** Asks for a sign-in link and answers its token. */
async function signInLink(email: string) {
  const asked = await postJson(app, `${ORIGIN}/api/auth/email-link`, { email }, { "CF-Connecting-IP": freshIp() });
  expect(asked.status).toBe(202);
  return (await linkFromOutbox(email, "/auth/email-link", "sign-in-link")).searchParams.get("token")!;
}

function completeReset(email: string, token: string, newPassword = `new-password-${crypto.randomUUID()}`) {
  return postJson(app, `${ORIGIN}/api/auth/set-new-password`, { email, newPassword, resetPasswordToken: token });
}

function useSignInLink(token: string) {
  return postJson(app, `${ORIGIN}/api/auth/email-link/verify`, { token }, { "CF-Connecting-IP": freshIp() });
}

async function expectResetRefused(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ errors: [INVALID_RESET] });
}

async function page(path: string, options: { form?: Record<string, string>; cookie?: string } = {}) {
  const executionCtx = createExecutionContext();
  const headers: Record<string, string> = { Host: "ahla.test", "CF-Connecting-IP": freshIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  const init: RequestInit = { headers };
  if (options.form) {
    init.method = "POST";
    init.body = new URLSearchParams(options.form).toString();
    Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  }
  const response = await pages.request(`${ORIGIN}${path}`, init, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, headers: response.headers, body };
}

describe("a completed password reset", () => {
  it("voids the member's other reset link: of two links, the second is refused after the first is used", async () => {
    const user = await createUser();
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect(first).not.toBe(second);

    expect((await completeReset(user.email, first, "the-first-new-password")).status).toBe(200);
    await expectResetRefused(await completeReset(user.email, second, "the-attackers-password"));
    // The password set with the first link is the one that works.
    expect(
      (await postJson(app, `${ORIGIN}/api/auth/login`, { email: user.email, password: "the-first-new-password" }))
        .status,
    ).toBe(200);
  });

  it("voids the sign-in links still in the mail", async () => {
    const user = await createUser();
    const link = await signInLink(user.email);
    const reset = await resetLink(user.email);
    expect((await completeReset(user.email, reset)).status).toBe(200);
    const refused = await useSignInLink(link);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(/This sign-in link does not work/);
  });

  it("shows the refusal on the reset page, at the link, never as an error page", async () => {
    const user = await createUser();
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    const form = (token: string, password: string) => ({
      resetPasswordToken: token,
      email: user.email,
      newPassword: password,
      confirmPassword: password,
    });
    // The form posts back to the link's own address (its token and email in the query), as in the browser.
    const at = (token: string) => `/auth/resetpassword?${new URLSearchParams({ token, email: user.email }).toString()}`;
    const done = await page(at(first), { form: form(first, "page-new-password-1") });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/auth/login");

    const refused = await page(at(second), { form: form(second, "page-new-password-2") });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(INVALID_RESET);
  });
});

describe("a password change in Settings", () => {
  it("voids every reset link and sign-in link in the mail", async () => {
    const user = await createUser();
    const resets = [await resetLink(user.email), await resetLink(user.email)];
    const link = await signInLink(user.email);
    const session = await loginToken(app, user.email, user.password);

    const changed = await page("/settings", {
      cookie: `token=${session}`,
      form: {
        intent: "change-password",
        currentPassword: user.password,
        newPassword: "changed-in-settings-1",
        confirmPassword: "changed-in-settings-1",
      },
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/settings");

    for (const token of resets) await expectResetRefused(await completeReset(user.email, token));
    expect((await useSignInLink(link)).status).toBe(401);
    // The new password stands: no old link changed it back.
    expect(
      (await postJson(app, `${ORIGIN}/api/auth/login`, { email: user.email, password: "changed-in-settings-1" }))
        .status,
    ).toBe(200);
  });

  it("leaves the links alone when the current password was wrong (nothing changed)", async () => {
    const user = await createUser();
    const reset = await resetLink(user.email);
    const session = await loginToken(app, user.email, user.password);
    const refused = await page("/settings", {
      cookie: `token=${session}`,
      form: {
        intent: "change-password",
        currentPassword: "not-my-password",
        newPassword: "changed-in-settings-2",
        confirmPassword: "changed-in-settings-2",
      },
    });
    expect(refused.status).toBe(400);
    expect((await completeReset(user.email, reset)).status).toBe(200);
  });
});

describe("an email change", () => {
  async function askToMove(user: Awaited<ReturnType<typeof createUser>>) {
    const session = await loginToken(app, user.email, user.password);
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const asked = await postJson(
      app,
      `${ORIGIN}/api/auth/change-email`,
      { newEmail, password: user.password },
      { Authorization: session },
    );
    expect(asked.status).toBe(202);
    const confirm = (await linkFromOutbox(newEmail, "/auth/verify-email", "email-change-confirm")).searchParams.get(
      "token",
    )!;
    return { newEmail, confirm: () => postJson(app, `${ORIGIN}/api/auth/verify-email`, { token: confirm }) };
  }

  it("voids every reset link and sign-in link once the new address is confirmed, whichever email they are sent with", async () => {
    const user = await createUser({ verified: true });
    const resets = [await resetLink(user.email), await resetLink(user.email)];
    const link = await signInLink(user.email);
    const move = await askToMove(user);
    const confirmed = await move.confirm();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ data: { email: move.newEmail, purpose: "change" } });

    // The links went to the old address: neither it nor the account's new address makes them work.
    for (const token of resets) {
      await expectResetRefused(await completeReset(move.newEmail, token));
      await expectResetRefused(await completeReset(user.email, token));
    }
    expect((await useSignInLink(link)).status).toBe(401);
    expect(
      (await postJson(app, `${ORIGIN}/api/auth/login`, { email: move.newEmail, password: user.password })).status,
    ).toBe(200);
  });

  it("leaves the links working while the change only waits for its confirmation", async () => {
    const user = await createUser({ verified: true });
    const reset = await resetLink(user.email);
    const link = await signInLink(user.email);
    await askToMove(user);
    expect((await useSignInLink(link)).status).toBe(200);
    expect((await completeReset(user.email, reset)).status).toBe(200);
  });

  it("leaves the links working when a confirmation is refused (the change was cancelled)", async () => {
    const user = await createUser({ verified: true });
    const move = await askToMove(user);
    const reset = await resetLink(user.email);
    const session = await loginToken(app, user.email, user.password);
    expect((await postJson(app, `${ORIGIN}/api/auth/change-email/cancel`, {}, { Authorization: session })).status).toBe(
      200,
    );
    expect((await move.confirm()).status).toBe(400);
    expect((await completeReset(user.email, reset)).status).toBe(200);
  });
});
