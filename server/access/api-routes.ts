import { ADMIN_PERMISSION } from "#core/permissions";
import { forbidden } from "../lib/errors";
import { requirePermission, requireSignedIn } from "./policy";
import type { Viewer } from "./viewer";

/**
 * Who may call a route of the JSON API (mounted at /api). Each route declares its audience where it is
 * defined, with its paths, schemas and responses (`defineRoute` in server/api/route.ts), and the one guard
 * that registers the route enforces it before anything else of the route runs (`guardAudience` below);
 * the OpenAPI document shows it as `x-audience`. tests/integration/api-access-matrix.test.ts reads the
 * declarations of every route the Hono app registers (a registered route without one fails it) and calls
 * each as every kind of caller to prove the guard answers what the declaration says.
 *
 * - `public`: anyone, signed in or not (a bad token is treated as no token).
 * - `member`: a signed-in member with an open session and an enabled account; anyone else gets 401.
 *   Which objects they may touch (their own, published ones) and whether a lesson needs a subscription
 *   are decided per object by the services and the policy (server/access/policy.ts).
 * - `moderator`: a member who may moderate the community (its own permission, or the administrator's); 401
 *   without a session, 403 for any other member.
 * - `admin`: a member with the administrator's permission (or, on a generic resource, the resource's own
 *   permission code for the action); 401 without a session, 403 for any other member.
 * - `provider`: a call from the payment provider, authenticated by its signature, never by a session.
 */
export type ApiAudience = "public" | "member" | "moderator" | "admin" | "provider";

export const MODERATORS_ONLY_MESSAGE = "Only community moderators can do that.";

/**
 * The session side of an audience: throws 401 or 403 unless the viewer may call a route declared for
 * `audience`. `permission` gives the code an admin route needs when it is not the administrator's; it is asked
 * only once the viewer is known to be signed in (a generic resource's code needs the resource, which may not
 * exist: 404 after 401). A provider's signature is checked by the route's own `verify` (server/api/route.ts).
 */
export function guardAudience(viewer: Viewer, audience: ApiAudience, permission?: () => string): void {
  switch (audience) {
    case "public":
    case "provider":
      return;
    case "member":
      requireSignedIn(viewer);
      return;
    case "moderator":
      if (!requireSignedIn(viewer).canModerateCommunity) throw forbidden(MODERATORS_ONLY_MESSAGE);
      return;
    case "admin":
      requirePermission(requireSignedIn(viewer), permission?.() ?? ADMIN_PERMISSION);
      return;
  }
}
