import type { AppContext } from "../context";
import { getEntitlement, NO_ENTITLEMENT, type Entitlement } from "../services/billing/entitlement";
import { toSubscriptionSummary } from "../services/subscriptions";
import {
  canModerateComments,
  canModerateCommunity,
  canSeeDrafts,
  canWatchAnyLesson,
  hasAnyPermission,
  hasPermission,
  isAdmin,
  VISITOR_ACCESS,
} from "./policy";
import type { Member, Viewer, LessonAccessFacts, ViewerUser } from "./types";

// The Viewer's shape is in ./types.ts, shared with the policy without an import cycle; this module builds one.
export type { Member, Viewer, ViewerUser } from "./types";

export function isMember<User extends ViewerUser>(viewer: Viewer<User>): viewer is Member<User> {
  return viewer.user !== null;
}

/** `entitlement`: the member's entitlement when the caller already started looking it up (see load-context). */
export interface ViewerOptions {
  entitlement?: Promise<Entitlement>;
}

export function createViewer<User extends ViewerUser>(
  ctx: AppContext,
  user: User,
  options?: ViewerOptions,
): Member<User>;
export function createViewer<User extends ViewerUser>(
  ctx: AppContext,
  user: User | null,
  options?: ViewerOptions,
): Viewer<User>;
export function createViewer<User extends ViewerUser>(
  ctx: AppContext,
  user: User | null,
  options: ViewerOptions = {},
): Viewer<User> {
  let entitlement: Promise<Entitlement> | undefined = user ? options.entitlement : undefined;
  let access: Promise<LessonAccessFacts> | undefined;
  const viewer: Viewer<User> = {
    user,
    signedIn: user !== null,
    userId: user?.id ?? null,
    permissions: user?.permissions ?? [],
    isAdmin: isAdmin(user),
    canModerateCommunity: canModerateCommunity(user),
    canModerateComments: canModerateComments(user),
    canSeeDrafts: canSeeDrafts(user),
    can: (code) => hasPermission(user, code),
    canAny: (codes) => hasAnyPermission(user, codes),
    entitlement: () =>
      (entitlement ??= user ? getEntitlement(ctx, { userId: user.id }) : Promise.resolve(NO_ENTITLEMENT)),
    subscription: async () => toSubscriptionSummary(await viewer.entitlement()),
    hasSubscription: async () => (await viewer.entitlement()).hasAccess,
    access: () =>
      (access ??= user
        ? viewer.hasSubscription().then((hasSubscription) => ({ signedIn: true, hasSubscription, userId: user.id }))
        : Promise.resolve(VISITOR_ACCESS)),
    lessonAccess: () =>
      user && canWatchAnyLesson(user)
        ? Promise.resolve({ signedIn: true, hasSubscription: true, userId: user.id })
        : viewer.access(),
  };
  return viewer;
}
