import { Hono } from "hono";
import {
  changeEmailSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  verifyEmailSchema,
} from "#core/schemas/auth";
import { signInLinkRequestSchema, signInLinkTokenSchema } from "#core/schemas/sign-in-link";
import { clearTokenCookie, requestMeta, serializeTokenCookie } from "../lib/cookies";
import { readDeviceCookie, serializeDeviceCookie } from "../lib/device-cookie";
import { changeEmail, login, logout, register, requestPasswordReset, setNewPassword } from "../services/auth";
import {
  cancelEmailChange,
  confirmEmail,
  getEmailStatus,
  resendEmailChange,
  sendVerificationEmail,
} from "../services/email-verification";
import { requestSignInLink, signInWithLink } from "../services/sign-in-link";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

export const authApi = new Hono<ApiEnv>()
  .post("/login", async (c) => {
    const input = await readJson(c, loginSchema);
    const session = await login(c.get("app"), input, requestMeta(c.req.raw), { device: readDeviceCookie(c.req.raw) });
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    c.header("Set-Cookie", serializeDeviceCookie(session.deviceCookie, c.req.url), { append: true });
    return c.json({ data: { token: session.token } });
  })
  .post("/register", async (c) => {
    const input = await readJson(c, registerSchema);
    const session = await register(c.get("app"), input, requestMeta(c.req.raw));
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    c.header("Set-Cookie", serializeDeviceCookie(session.deviceCookie, c.req.url), { append: true });
    return c.json({ data: { token: session.token } }, 201);
  })
  .post("/reset-password", async (c) => {
    const input = await readJson(c, resetPasswordSchema);
    await requestPasswordReset(c.get("app"), input.email, requestMeta(c.req.raw));
    return c.json({
      data: { message: "If an account exists for this email, we have sent a link to reset its password." },
    });
  })
  .post("/set-new-password", async (c) => {
    const input = await readJson(c, setNewPasswordSchema);
    await setNewPassword(c.get("app"), input);
    return c.json({ data: { message: "Your password has been changed. Please sign in." } });
  })
  // A one-time sign-in link by email: the same 202 whoever the address belongs to (or nobody), then its
  // token, used once, answers a session like a password sign-in.
  .post("/email-link", async (c) => {
    const input = await readJson(c, signInLinkRequestSchema);
    await requestSignInLink(c.get("app"), input.email, requestMeta(c.req.raw), { redirectTo: input.redirect });
    return c.json({ data: { sent: true } }, 202);
  })
  .post("/email-link/verify", async (c) => {
    const input = await readJson(c, signInLinkTokenSchema);
    const session = await signInWithLink(c.get("app"), input.token, requestMeta(c.req.raw));
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    if (session.deviceCookie) {
      c.header("Set-Cookie", serializeDeviceCookie(session.deviceCookie, c.req.url), { append: true });
    }
    return c.json({ data: { token: session.token } });
  })
  .post("/verify-email", async (c) => {
    const input = await readJson(c, verifyEmailSchema);
    const result = await confirmEmail(c.get("app"), input.token);
    return c.json({ data: { email: result.email, purpose: result.purpose } });
  })
  .get("/email", requireUser, async (c) => {
    return c.json({ data: await getEmailStatus(c.get("app"), c.get("user")!.id) });
  })
  .post("/resend-verification", requireUser, async (c) => {
    const { sentTo } = await sendVerificationEmail(c.get("app"), c.get("user")!.id);
    return c.json({ data: { message: `We have sent a new confirmation link to ${sentTo}.` } });
  })
  .post("/change-email", requireUser, async (c) => {
    const input = await readJson(c, changeEmailSchema);
    await changeEmail(c.get("app"), c.get("user")!, input);
    return c.json(
      {
        data: {
          message: `We have sent a confirmation link to ${input.newEmail}. Your email changes once you open it.`,
        },
      },
      202,
    );
  })
  .post("/change-email/resend", requireUser, async (c) => {
    const { sentTo } = await resendEmailChange(c.get("app"), c.get("user")!.id);
    return c.json({ data: { message: `We have sent the confirmation link to ${sentTo} again.` } });
  })
  .post("/change-email/cancel", requireUser, async (c) => {
    await cancelEmailChange(c.get("app"), c.get("user")!.id);
    return c.json({ data: { message: "The email change is cancelled." } });
  })
  .post("/logout", async (c) => {
    const user = c.get("user");
    if (user) await logout(c.get("app"), user.sessionId);
    c.header("Set-Cookie", clearTokenCookie(c.req.url));
    return c.json({ data: { ok: true } });
  });
