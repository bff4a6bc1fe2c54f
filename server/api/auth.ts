import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
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
import { accepted, created, defineRoute, implement, jsonBody, ok, refusal, refused } from "./route";
import type { ApiEnv } from "./types";

const messageData = z.object({ message: z.string() });
const tokenData = z.object({ token: z.string() });

export const authApi = new OpenAPIHono<ApiEnv>();

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/login",
    audience: "public",
    summary: "Sign in with email and password; answers a token (also set as a cookie).",
    request: { body: jsonBody(loginSchema) },
    responses: { ...ok(tokenData, "Signed in."), ...refused(401, 403, 429) },
  }),
  async (c) => {
    const session = await login(c.get("app"), {
      ...c.req.valid("json"),
      meta: requestMeta(c.req.raw),
      device: readDeviceCookie(c.req.raw),
    });
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    c.header("Set-Cookie", serializeDeviceCookie(session.deviceCookie, c.req.url), { append: true });
    return c.json({ data: { token: session.token } });
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/register",
    audience: "public",
    summary: "Create an account and sign in.",
    request: { body: jsonBody(registerSchema) },
    responses: { ...created(tokenData, "Signed up and in."), ...refused(409, 429) },
  }),
  async (c) => {
    const session = await register(c.get("app"), { ...c.req.valid("json"), meta: requestMeta(c.req.raw) });
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    c.header("Set-Cookie", serializeDeviceCookie(session.deviceCookie, c.req.url), { append: true });
    return c.json({ data: { token: session.token } }, 201);
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/reset-password",
    audience: "public",
    summary: "Mail a password reset link (the same answer whether or not the email is known).",
    request: { body: jsonBody(resetPasswordSchema) },
    responses: { ...ok(messageData), ...refused(429) },
  }),
  async (c) => {
    await requestPasswordReset(c.get("app"), { email: c.req.valid("json").email, meta: requestMeta(c.req.raw) });
    return c.json({
      data: { message: "If an account exists for this email, we have sent a link to reset its password." },
    });
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/set-new-password",
    audience: "public",
    summary: "Set a new password with a reset link's token; ends every session.",
    request: { body: jsonBody(setNewPasswordSchema) },
    responses: { ...ok(messageData), ...refused(400, 429) },
  }),
  async (c) => {
    await setNewPassword(c.get("app"), c.req.valid("json"));
    return c.json({ data: { message: "Your password has been changed. Please sign in." } });
  },
);

// A one-time sign-in link by email: the same 202 whoever the address belongs to (or nobody), then its
// token, used once, answers a session like a password sign-in.
implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/email-link",
    audience: "public",
    summary:
      "Mail a one-time sign-in link (works once, for 15 minutes, on any device); answers 202 whether or not the email is known.",
    request: { body: jsonBody(signInLinkRequestSchema) },
    responses: { ...accepted(z.object({ sent: z.literal(true) })), ...refused(429) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    await requestSignInLink(c.get("app"), {
      email: input.email,
      meta: requestMeta(c.req.raw),
      redirectTo: input.redirect,
    });
    return c.json({ data: { sent: true } }, 202);
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/email-link/verify",
    audience: "public",
    summary:
      "Sign in with the token from a sign-in link, once; answers a token (also set as a cookie), or 401 for a link that is unknown, expired or used.",
    request: { body: jsonBody(signInLinkTokenSchema) },
    responses: {
      ...ok(tokenData, "Signed in."),
      ...refusal(401, "The link is unknown, expired or used."),
      ...refused(429),
    },
  }),
  async (c) => {
    const session = await signInWithLink(c.get("app"), {
      token: c.req.valid("json").token,
      meta: requestMeta(c.req.raw),
    });
    c.header("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, c.req.url));
    if (session.deviceCookie) {
      c.header("Set-Cookie", serializeDeviceCookie(session.deviceCookie, c.req.url), { append: true });
    }
    return c.json({ data: { token: session.token } });
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/verify-email",
    audience: "public",
    summary: "Confirm an email address with the token from its link.",
    request: { body: jsonBody(verifyEmailSchema) },
    responses: { ...ok(z.object({ email: z.string(), purpose: z.string() })), ...refused(400, 404, 409, 410) },
  }),
  async (c) => {
    const result = await confirmEmail(c.get("app"), { token: c.req.valid("json").token });
    return c.json({ data: { email: result.email, purpose: result.purpose } });
  },
);

implement(
  authApi,
  defineRoute({
    method: "get",
    path: "/email",
    audience: "member",
    summary: "The account's email, whether it is confirmed, and a pending change.",
    responses: {
      ...ok(
        z.object({
          email: z.string(),
          verified: z.boolean(),
          pendingEmail: z.string().nullable(),
          pendingEmailExpired: z.boolean(),
        }),
      ),
      ...refused(404),
    },
  }),
  async (c) => c.json({ data: await getEmailStatus(c.get("app"), { userId: c.get("user")!.id }) }),
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/resend-verification",
    audience: "member",
    summary: "Mail the confirmation link again.",
    responses: { ...ok(messageData), ...refused(400, 404, 409, 429) },
  }),
  async (c) => {
    const { sentTo } = await sendVerificationEmail(c.get("app"), { userId: c.get("user")!.id });
    return c.json({ data: { message: `We have sent a new confirmation link to ${sentTo}.` } });
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/change-email",
    audience: "member",
    summary: "Start changing the email: a link goes to the new address.",
    request: { body: jsonBody(changeEmailSchema) },
    responses: { ...accepted(messageData), ...refused(400, 409, 429) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    await changeEmail(c.get("app"), { userId: c.get("user")!.id, ...input });
    return c.json(
      {
        data: {
          message: `We have sent a confirmation link to ${input.newEmail}. Your email changes once you open it.`,
        },
      },
      202,
    );
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/change-email/resend",
    audience: "member",
    summary: "Mail the pending change's link again.",
    responses: { ...ok(messageData), ...refused(400, 404, 409, 429) },
  }),
  async (c) => {
    const { sentTo } = await resendEmailChange(c.get("app"), { userId: c.get("user")!.id });
    return c.json({ data: { message: `We have sent the confirmation link to ${sentTo} again.` } });
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/change-email/cancel",
    audience: "member",
    summary: "Cancel a pending email change.",
    responses: { ...ok(messageData), ...refused(404) },
  }),
  async (c) => {
    await cancelEmailChange(c.get("app"), { userId: c.get("user")!.id });
    return c.json({ data: { message: "The email change is cancelled." } });
  },
);

implement(
  authApi,
  defineRoute({
    method: "post",
    path: "/logout",
    audience: "public",
    summary: "End this session (nothing to do without one).",
    responses: { ...ok(z.object({ ok: z.literal(true) }), "Signed out.") },
  }),
  async (c) => {
    const user = c.get("user");
    if (user) await logout(c.get("app"), { sessionId: user.sessionId });
    c.header("Set-Cookie", clearTokenCookie(c.req.url));
    return c.json({ data: { ok: true } });
  },
);
