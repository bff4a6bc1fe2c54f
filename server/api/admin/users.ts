import { Hono } from "hono";
import {
  grantByEmailSchema,
  permissionChangeSchema,
  permissionCodeField,
  userSearchSchema,
} from "#core/schemas/admin-users";
import { notFound, parseWith } from "../../lib/errors";
import {
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
 * them (grant/revoke a permission code, disable/enable, end sessions, send a password reset).
 * /api/admin/users/permissions lists every code with its holders and grants by email.
 */
export const adminUsersApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const search = parseWith(userSearchSchema, c.req.query());
    return c.json({ data: await listUsers(c.get("app"), search) });
  })
  .get("/permissions", async (c) => c.json({ data: await listPermissionHolders(c.get("app")) }))
  .post("/permissions", async (c) => {
    const input = await readJson(c, grantByEmailSchema);
    const user = await grantPermissionByEmail(c.get("app"), input);
    return c.json({ data: { userId: user.id, code: input.code } }, 201);
  })
  .get(`/:id${ID}`, async (c) => c.json({ data: await getUserDetail(c.get("app"), idParam(c.req.param("id"))) }))
  .post(`/:id${ID}/permissions`, async (c) => {
    const { code } = await readJson(c, permissionChangeSchema);
    const userId = idParam(c.req.param("id"));
    await grantPermission(c.get("app"), { userId, code });
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
    await enableUser(c.get("app"), userId);
    return c.json({ data: await getUserDetail(c.get("app"), userId) });
  })
  .delete(`/:id${ID}/sessions`, async (c) => {
    const { ended } = await endUserSessions(c.get("app"), idParam(c.req.param("id")));
    return c.json({ data: { ended } });
  })
  .post(`/:id${ID}/password-reset`, async (c) => {
    const user = await sendPasswordReset(c.get("app"), idParam(c.req.param("id")));
    return c.json({ data: { sentTo: user.email } }, 202);
  });
