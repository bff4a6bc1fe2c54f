import { Hono } from "hono";
import { loginSchema, registerSchema, resetPasswordSchema, setNewPasswordSchema } from "../../app/lib/schemas/auth";
import { clearTokenCookie, requestMeta, serializeTokenCookie } from "../lib/cookies";
import { login, logout, register, requestPasswordReset, setNewPassword } from "../services/auth";
import { readJson } from "./helpers";
import type { ApiEnv } from "./types";

export const authApi = new Hono<ApiEnv>()
  .post("/login", async (c) => {
    const input = await readJson(c, loginSchema);
    const session = await login(c.get("app"), input, requestMeta(c.req.raw));
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    return c.json({ data: { token: session.token } });
  })
  .post("/register", async (c) => {
    const input = await readJson(c, registerSchema);
    const session = await register(c.get("app"), input, requestMeta(c.req.raw));
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    return c.json({ data: { token: session.token } }, 201);
  })
  .post("/reset-password", async (c) => {
    const input = await readJson(c, resetPasswordSchema);
    await requestPasswordReset(c.get("app"), input.email);
    return c.json({
      data: { message: "If an account exists for this email, we have sent a link to reset its password." },
    });
  })
  .post("/set-new-password", async (c) => {
    const input = await readJson(c, setNewPasswordSchema);
    await setNewPassword(c.get("app"), input);
    return c.json({ data: { message: "Your password has been changed. Please sign in." } });
  })
  .post("/logout", async (c) => {
    const user = c.get("user");
    if (user) await logout(c.get("app"), user.sessionId);
    c.header("Set-Cookie", clearTokenCookie(c.req.url));
    return c.json({ data: { ok: true } });
  });
