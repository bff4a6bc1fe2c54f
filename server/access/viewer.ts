import type { AppContext } from "../context";
import { getEntitlement, NO_ENTITLEMENT, type Entitlement } from "../services/billing/entitlement";
import { toSubscriptionSummary, type SubscriptionSummary } from "../services/subscriptions";
import {
  canModerateComments,
  canModerateCommunity,
  canSeeDrafts,
  canWatchAnyLesson,
  hasAnyPermission,
  hasPermission,
  isAdmin,
  VISITOR_ACCESS,
  type ViewerAccess,
} from "./policy";

/** What the policy needs to know of a signed-in user (a SessionUser has more); no list means no permissions. */
export interface ViewerUser {
  id: number;
  permissions?: readonly string[];
}

/**
 * Who is asking, and every access question about them, answered by server/access/policy.ts. Built once
 * per request (the Remix load context's `getViewer`, the API's `viewer` variable) and passed to services.
 * The permission answers are plain values; the subscription is looked up at most once, when first asked.
 */
export interface Viewer<User extends ViewerUser = ViewerUser> {
  readonly user: User | null;
  readonly signedIn: boolean;
  readonly userId: number | null;
  readonly permissions: readonly string[];
  readonly isAdmin: boolean;
  readonly canModerateCommunity: boolean;
  readonly canModerateComments: boolean;
  readonly canSeeDrafts: boolean;
  can(code: string): boolean;
  /** True when `codes` is missing or empty, else when the viewer holds any of them. */
  canAny(codes?: readonly string[] | null): boolean;
  /** Billing's entitlement as of the first ask in this request (none for visitors). */
  entitlement(): Promise<Entitlement>;
  subscription(): Promise<SubscriptionSummary | null>;
  hasSubscription(): Promise<boolean>;
  /** The catalogue's locks: signed in, and subscribed or not. */
  access(): Promise<ViewerAccess>;
  /** The same for watching a lesson, where admins count as entitled without looking anything up. */
  lessonAccess(): Promise<ViewerAccess>;
}

/** A signed-in viewer. */
export type Member<User extends ViewerUser = ViewerUser> = Viewer<User> & {
  readonly user: User;
  readonly signedIn: true;
  readonly userId: number;
};

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
  let access: Promise<ViewerAccess> | undefined;
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
