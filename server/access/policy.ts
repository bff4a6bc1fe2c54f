import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "./permissions";

// The product's access rules as pure functions of who is asking (and, for lessons, of their subscription).
// No server-only imports: the browser bundle may import this module.

/** Whoever a rule is asked about: a session user, a viewer, or nobody. */
export type PermissionHolder = { readonly permissions?: readonly string[] | null } | null | undefined;

export function hasPermission(holder: PermissionHolder, code: string): boolean {
  return Boolean(holder?.permissions?.includes(code));
}

/** True when nothing is required (no list, or an empty one), else when the holder has any of the codes. */
export function hasAnyPermission(holder: PermissionHolder, codes?: readonly string[] | null): boolean {
  if (!codes || codes.length === 0) return true;
  return codes.some((code) => hasPermission(holder, code));
}

export function isAdmin(holder: PermissionHolder): boolean {
  return hasPermission(holder, ADMIN_PERMISSION);
}

/** Pin, lock, move and delete any thread or message, and post in locked threads. */
export function canModerateCommunity(holder: PermissionHolder): boolean {
  return hasPermission(holder, ADMIN_PERMISSION) || hasPermission(holder, COMMUNITY_MODERATE_PERMISSION);
}

/** Delete anyone's comment on a lesson or a blog post. */
export function canModerateComments(holder: PermissionHolder): boolean {
  return isAdmin(holder);
}

/** See unpublished lessons, courses, series and blog posts. */
export function canSeeDrafts(holder: PermissionHolder): boolean {
  return isAdmin(holder);
}

/** Admins watch every lesson, premium ones included, without a subscription of their own. */
export function canWatchAnyLesson(holder: PermissionHolder): boolean {
  return isAdmin(holder);
}

/** A lesson is there to find when it is published, or for those who may see drafts. */
export function canSeeLesson(holder: PermissionHolder, lesson: { isPublished: boolean }): boolean {
  return lesson.isPublished || canSeeDrafts(holder);
}

/** What a viewer may watch: visitors see every lesson locked, members see premium ones locked until they subscribe. */
export interface ViewerAccess {
  signedIn: boolean;
  hasSubscription: boolean;
  /** The signed-in member, for their own progress; null for visitors. */
  userId: number | null;
}

export const VISITOR_ACCESS: ViewerAccess = { signedIn: false, hasSubscription: false, userId: null };

/**
 * Who is signed in, before their subscription is known: enough to start reading their progress while the
 * subscription is looked up; the locks are then set from the full access.
 */
export function memberWithoutAccess(user: { id: number } | null): ViewerAccess {
  return user ? { signedIn: true, hasSubscription: false, userId: user.id } : VISITOR_ACCESS;
}

export function isLessonLocked(
  lesson: { isFree: boolean },
  access: Pick<ViewerAccess, "signedIn" | "hasSubscription">,
) {
  if (!access.signedIn) return true;
  return !lesson.isFree && !access.hasSubscription;
}
