/**
 * The permission codes the product itself checks, as stored in `user_permissions` and carried in the
 * session token. An admin resource may declare further codes of its own (server/admin/types.ts).
 */
export const ADMIN_PERMISSION = "admin";
export const COMMUNITY_MODERATE_PERMISSION = "community:moderate";

export const PERMISSION_CODES = [ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];
