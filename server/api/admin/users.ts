import { Hono } from "hono";
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
import { notFound, parseWith } from "../../lib/errors";
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
import { readJson, requireAdmin } from "../helpers";
import type { ApiEnv } from "../types";

const ID = "{[0-9]{1,12}}";

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/**
 * /api/admin/users: member search, a member's subscription, sessions and permissions, and the actions on
 * them (grant/revoke a permission code, disable/enable, end sessions, send a password reset), member
 * support (create, edit, delete, export) and subscription actions (comp, extend, cancel, resume,
 * switch plan, refund). Every write leaves an audit row (server/services/audit-log.ts).
 * /api/admin/users/permissions lists every code with its holders and grants by email.
 */
export const adminUsersApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const search = parseWith(userSearchQuerySchema, c.req.query());
    return c.json({ data: await listUsers(c.get("app"), search) });
  })
  .get("/permissions", async (c) => c.json({ data: await listPermissionHolders(c.get("app")) }))
  .post("/permissions", async (c) => {
    const input = await readJson(c, grantByEmailSchema);
    const user = await grantPermissionByEmail(c.get("app"), c.get("user")!, input);
    return c.json({ data: { userId: user.id, code: input.code } }, 201);
  })
  .get(`/:id${ID}`, async (c) => c.json({ data: await getUserDetail(c.get("app"), idParam(c.req.param("id"))) }))
  .post(`/:id${ID}/permissions`, async (c) => {
    const { code } = await readJson(c, permissionChangeSchema);
    const userId = idParam(c.req.param("id"));
    await grantPermission(c.get("app"), c.get("user")!, { userId, code });
    return c.json({ data: await getUserDetail(c.get("app"), userId) }, 201);
  })
  .delete(`/:id${ID}/permissions/:code`, async (c) => {
    const code = parseWith(permissionCodeField, c.req.param("code"));
    const userId = idParam(c.req.param("id"));
    await revokePermission(c.get("app"), c.get("user")!, { userId, code });
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .post(`/:id${ID}/disable`, async (c) => {
    const userId = idParam(c.req.param("id"));
    await disableUser(c.get("app"), c.get("user")!, userId);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .post(`/:id${ID}/enable`, async (c) => {
    const userId = idParam(c.req.param("id"));
    await enableUser(c.get("app"), c.get("user")!, userId);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .delete(`/:id${ID}/sessions`, async (c) => {
    const { ended } = await endUserSessions(c.get("app"), c.get("user")!, idParam(c.req.param("id")));
    return c.json({ data: { ended } });
  })
  .post(`/:id${ID}/password-reset`, async (c) => {
    const user = await sendPasswordReset(c.get("app"), c.get("user")!, idParam(c.req.param("id")));
    return c.json({ data: { sentTo: user.email } }, 202);
  })
  .post("/", async (c) => {
    const input = await readJson(c, memberCreateSchema);
    const user = await createMember(c.get("app"), c.get("user")!, input);
    return c.json({ data: await getUserDetail(c.get("app"), user.id) }, 201);
  })
  .patch(`/:id${ID}`, async (c) => {
    const input = await readJson(c, memberEditSchema);
    const userId = idParam(c.req.param("id"));
    const { emailPending } = await updateMember(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: { ...(await getUserDetail(c.get("app"), userId)), emailPending } });
  })
  .delete(`/:id${ID}`, async (c) => {
    const { reason } = await readJson(c, memberApiDeleteSchema);
    await deleteMember(c.get("app"), c.get("user")!, idParam(c.req.param("id")), reason);
    return c.body(null, 204);
  })
  .get(`/:id${ID}/export`, async (c) =>
    c.json({ data: await exportMemberData(c.get("app"), c.get("user")!, idParam(c.req.param("id"))) }),
  )
  .post(`/:id${ID}/subscription/comp`, async (c) => {
    const input = await readJson(c, compSchema);
    const userId = idParam(c.req.param("id"));
    await compSubscription(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: await getUserDetail(c.get("app"), userId) }, 201);
  })
  .post(`/:id${ID}/subscription/extend`, async (c) => {
    const input = await readJson(c, extendSchema);
    const userId = idParam(c.req.param("id"));
    await extendSubscription(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .post(`/:id${ID}/subscription/cancel`, async (c) => {
    const input = await readJson(c, adminCancelSchema);
    const userId = idParam(c.req.param("id"));
    await adminCancelSubscription(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .post(`/:id${ID}/subscription/resume`, async (c) => {
    const input = await readJson(c, adminResumeSchema);
    const userId = idParam(c.req.param("id"));
    await adminResumeSubscription(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .post(`/:id${ID}/subscription/switch-plan`, async (c) => {
    const input = await readJson(c, adminSwitchPlanSchema);
    const userId = idParam(c.req.param("id"));
    await adminSwitchPlan(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .post(`/:id${ID}/refunds`, async (c) => {
    const input = await readJson(c, refundSchema);
    const userId = idParam(c.req.param("id"));
    const invoice = await refundInvoice(c.get("app"), c.get("user")!, userId, input);
    return c.json({ data: { invoiceId: invoice.id, refundedCents: invoice.refundedCents } }, 201);
  });
