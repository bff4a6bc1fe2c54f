import { ADMIN_RESOURCES } from "./pages";
import { ADMIN_PERMISSION } from "#core/permissions";
import { hasPermission, type PermissionHolder } from "../access/policy";
import { AppError, forbidden } from "../lib/errors";
import type { AdminAction, AdminResource } from "./types";

/**
 * The resources behind the generic admin pages and /api/admin/<slug>. To add one: declare it in
 * server/admin/resources/<slug>.ts (docs/admin-resources.md), place it in the sidebar in server/admin/pages.ts,
 * add a sample to tests/fixtures/admin-samples.ts.
 */
export { ADMIN_RESOURCES };

const BY_SLUG = new Map(ADMIN_RESOURCES.map((resource) => [resource.slug, resource]));

export function getAdminResource(slug: string): AdminResource | undefined {
  return BY_SLUG.get(slug);
}

export function adminResourceSlugs(): string[] {
  return ADMIN_RESOURCES.map((resource) => resource.slug);
}

/** The permission code an action on a resource needs: its own, else the administrator's. */
export function permissionFor(resource: AdminResource, action: AdminAction): string {
  return resource.permissions?.[action] ?? ADMIN_PERMISSION;
}

export function canDo(resource: AdminResource, action: "create" | "update" | "delete"): boolean {
  return resource.actions?.[action] !== false;
}

/**
 * The check every admin action passes, made inside the admin service (server/services/admin-resources/) like a
 * CMS collection's `access`, so the pages and /api/admin cannot disagree: the member must hold the
 * action's own permission code, and the resource must allow the action at all.
 */
export function authorizeAdminAction(user: PermissionHolder, resource: AdminResource, action: AdminAction): void {
  if (!hasPermission(user, permissionFor(resource, action))) throw forbidden();
  if ((action === "create" || action === "update" || action === "delete") && !canDo(resource, action)) {
    throw new AppError(403, [`${resource.label} cannot be changed that way.`]);
  }
}
