/**
 * The seed's client-side checks. They decide what to show, never what is allowed: the server
 * enforces the same rules on every admin page, admin API call and protected action.
 */
export const ADMIN_PERMISSION = "admin";

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Permissions listed in a token's middle part, or null when there is none or it cannot be read. */
export function decodeTokenPermissions(token: string | null | undefined): string[] | null {
  if (!token) return null;
  try {
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    const payload = decodeSegment(parts[1]!);
    if (!payload || typeof payload !== "object") return null;
    const permissions = (payload as { permissions?: unknown }).permissions;
    if (!Array.isArray(permissions) || !permissions.every((p) => typeof p === "string")) return null;
    return permissions;
  } catch {
    return null;
  }
}

export function isAdmin(token: string | null | undefined): boolean {
  return decodeTokenPermissions(token)?.includes(ADMIN_PERMISSION) ?? false;
}

export function hasAnyPermission(token: string | null | undefined, codes?: readonly string[] | null): boolean {
  if (!codes || codes.length === 0) return true;
  if (!token) return false;
  const permissions = decodeTokenPermissions(token);
  if (!permissions) return false;
  return codes.some((code) => permissions.includes(code));
}

/** Same rules over a permission list the root loader already decoded (the token itself stays HttpOnly). */
export function listHasAnyPermission(
  permissions: readonly string[] | null | undefined,
  codes?: readonly string[] | null,
) {
  if (!codes || codes.length === 0) return true;
  if (!permissions) return false;
  return codes.some((code) => permissions.includes(code));
}
