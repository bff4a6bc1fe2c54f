import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  adminCancelSchema,
  adminResumeSchema,
  adminSwitchPlanSchema,
  compSchema,
  extendSchema,
  grantByEmailSchema,
  memberCreateSchema,
  memberEditSchema,
  permissionChangeSchema,
  permissionCodeField,
  memberApiDeleteSchema,
  refundSchema,
  userSearchQuerySchema,
} from "#core/schemas/admin-users";
import {
  adminCancelSubscription,
  adminResumeSubscription,
  adminSwitchPlan,
  compSubscription,
  extendSubscription,
  refundInvoice,
} from "../../services/billing/admin-actions";
import { exportMemberData } from "../../services/member-export";
import {
  createMember,
  deleteMember,
  disableUser,
  enableUser,
  endUserSessions,
  getUserDetail,
  grantPermission,
  grantPermissionByEmail,
  listPermissionHolders,
  listUsers,
  revokePermission,
  sendPasswordReset,
  updateMember,
} from "../../services/admin-users";
import { BILLING_REFUSALS } from "../billing";
import {
  accepted,
  created,
  defineRoute,
  idParam,
  implement,
  jsonBody,
  list,
  noContent,
  ok,
  pathParam,
  refused,
} from "../route";
import type { ApiEnv } from "../types";

const member = z.object({ id: idParam() });

/**
 * /api/admin/users: member search, a member's subscription, sessions and permissions, and the actions on
 * them (grant/revoke a permission code, disable/enable, end sessions, send a password reset), member
 * support (create, edit, delete, export) and subscription actions (comp, extend, cancel, resume,
 * switch plan, refund). Every write leaves an audit row (server/services/audit-log.ts).
 * /api/admin/users/permissions lists every code with its holders and grants by email.
 */
export const adminUsersApi = new OpenAPIHono<ApiEnv>();

implement(
  adminUsersApi,
  defineRoute({
    method: "get",
    path: "/",
    audience: "admin",
    summary: "Search members.",
    request: { query: userSearchQuerySchema },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => c.json({ data: await listUsers(c.get("app"), c.req.valid("query")) }),
);

implement(
  adminUsersApi,
  defineRoute({
    method: "get",
    path: "/permissions",
    audience: "admin",
    summary: "Who holds which permission.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listPermissionHolders(c.get("app")) }),
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/permissions",
    audience: "admin",
    summary: "Grant a permission by email.",
    request: { body: jsonBody(grantByEmailSchema) },
    responses: { ...created(z.object({ userId: z.number(), code: z.string() })), ...refused(404, 409) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = await grantPermissionByEmail(c.get("app"), { actor: c.get("user")!, ...input });
    return c.json({ data: { userId: user.id, code: input.code } }, 201);
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "get",
    path: "/{id}",
    audience: "admin",
    summary: "One member: account, subscription, sessions.",
    request: { params: member },
    responses: { ...ok() },
  }),
  async (c) => c.json({ data: await getUserDetail(c.get("app"), { userId: c.req.valid("param").id }) }),
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/permissions",
    audience: "admin",
    summary: "Grant a permission.",
    request: { params: member, body: jsonBody(permissionChangeSchema) },
    responses: { ...created(), ...refused(409) },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await grantPermission(c.get("app"), { actor: c.get("user")!, userId, code: c.req.valid("json").code });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) }, 201);
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "delete",
    path: "/{id}/permissions/{code}",
    audience: "admin",
    summary: "Revoke a permission.",
    // The code is read before the member (a malformed one is a 422 whatever the id).
    request: { params: z.object({ code: pathParam(permissionCodeField), id: idParam() }) },
    responses: { ...ok(), ...refused(409, 422) },
  }),
  async (c) => {
    const { id: userId, code } = c.req.valid("param");
    await revokePermission(c.get("app"), { actor: c.get("user")!, userId, code });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/disable",
    audience: "admin",
    summary: "Disable an account: every session ends.",
    request: { params: member },
    responses: { ...ok(), ...refused(409) },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await disableUser(c.get("app"), { actor: c.get("user")!, userId });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/enable",
    audience: "admin",
    summary: "Enable a disabled account.",
    request: { params: member },
    responses: { ...ok(), ...refused(409) },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await enableUser(c.get("app"), { actor: c.get("user")!, userId });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "delete",
    path: "/{id}/sessions",
    audience: "admin",
    summary: "End every session of a member.",
    request: { params: member },
    responses: { ...ok(z.object({ ended: z.number() })) },
  }),
  async (c) => {
    const { ended } = await endUserSessions(c.get("app"), { actor: c.get("user")!, userId: c.req.valid("param").id });
    return c.json({ data: { ended } });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/password-reset",
    audience: "admin",
    summary: "Mail a member a password reset link.",
    request: { params: member },
    responses: {
      ...accepted(z.object({ sentTo: z.string() }), "The link is on its way to sentTo."),
      ...refused(409, 429),
    },
  }),
  async (c) => {
    const user = await sendPasswordReset(c.get("app"), { actor: c.get("user")!, userId: c.req.valid("param").id });
    return c.json({ data: { sentTo: user.email } }, 202);
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/",
    audience: "admin",
    summary: "Create a member with no password (optionally mailing a seven-day link to choose one).",
    request: { body: jsonBody(memberCreateSchema) },
    responses: { ...created(), ...refused(409) },
  }),
  async (c) => {
    const user = await createMember(c.get("app"), { actor: c.get("user")!, ...c.req.valid("json") });
    return c.json({ data: await getUserDetail(c.get("app"), { userId: user.id }) }, 201);
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "patch",
    path: "/{id}",
    audience: "admin",
    summary: "Edit a member's name, level and email (a new email waits for the member to confirm it).",
    request: { params: member, body: jsonBody(memberEditSchema) },
    responses: { ...ok(z.looseObject({ emailPending: z.unknown() })), ...refused(409) },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    const { emailPending } = await updateMember(c.get("app"), {
      actor: c.get("user")!,
      userId,
      ...c.req.valid("json"),
    });
    return c.json({ data: { ...(await getUserDetail(c.get("app"), { userId })), emailPending } });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "delete",
    path: "/{id}",
    audience: "admin",
    summary: "Delete a member's account as self-deletion does (personal data erased, billing kept).",
    request: { params: member, body: jsonBody(memberApiDeleteSchema) },
    responses: { ...noContent("Deleted."), ...refused(409) },
  }),
  async (c) => {
    await deleteMember(c.get("app"), {
      actor: c.get("user")!,
      userId: c.req.valid("param").id,
      reason: c.req.valid("json").reason,
    });
    return c.body(null, 204);
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "get",
    path: "/{id}/export",
    audience: "admin",
    summary: "A member's data as JSON (a data-access request).",
    request: { params: member },
    responses: { ...ok() },
  }),
  async (c) =>
    c.json({ data: await exportMemberData(c.get("app"), { actor: c.get("user")!, userId: c.req.valid("param").id }) }),
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/subscription/comp",
    audience: "admin",
    summary: "Give a member with no running subscription a plan for some days, without charge.",
    request: { params: member, body: jsonBody(compSchema) },
    responses: { ...created(), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await compSubscription(c.get("app"), { actor: c.get("user")!, userId, ...c.req.valid("json") });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) }, 201);
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/subscription/extend",
    audience: "admin",
    summary: "Push the running subscription's end (and next charge) back by some days.",
    request: { params: member, body: jsonBody(extendSchema) },
    responses: { ...ok(), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await extendSubscription(c.get("app"), { actor: c.get("user")!, userId, ...c.req.valid("json") });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/subscription/cancel",
    audience: "admin",
    summary: "Cancel the running subscription at its period end or now.",
    request: { params: member, body: jsonBody(adminCancelSchema) },
    responses: { ...ok(), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await adminCancelSubscription(c.get("app"), { actor: c.get("user")!, userId, ...c.req.valid("json") });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/subscription/resume",
    audience: "admin",
    summary: "Resume a subscription set to end.",
    request: { params: member, body: jsonBody(adminResumeSchema) },
    responses: { ...ok(), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await adminResumeSubscription(c.get("app"), { actor: c.get("user")!, userId, ...c.req.valid("json") });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/subscription/switch-plan",
    audience: "admin",
    summary: "Move the running subscription to another plan at once.",
    request: { params: member, body: jsonBody(adminSwitchPlanSchema) },
    responses: { ...ok(), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const userId = c.req.valid("param").id;
    await adminSwitchPlan(c.get("app"), { actor: c.get("user")!, userId, ...c.req.valid("json") });
    return c.json({ data: await getUserDetail(c.get("app"), { userId }) });
  },
);

implement(
  adminUsersApi,
  defineRoute({
    method: "post",
    path: "/{id}/refunds",
    audience: "admin",
    summary: "Refund one paid invoice of the member in full.",
    request: { params: member, body: jsonBody(refundSchema) },
    responses: { ...created(z.object({ invoiceId: z.number(), refundedCents: z.number() })), ...BILLING_REFUSALS },
  }),
  async (c) => {
    const invoice = await refundInvoice(c.get("app"), {
      actor: c.get("user")!,
      userId: c.req.valid("param").id,
      ...c.req.valid("json"),
    });
    return c.json({ data: { invoiceId: invoice.id, refundedCents: invoice.refundedCents } }, 201);
  },
);
