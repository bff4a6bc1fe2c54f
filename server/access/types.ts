import type { Entitlement } from "../services/billing/entitlement";
import type { SubscriptionSummary } from "../services/subscriptions";

// The shapes the access policy (./policy.ts) and the viewer (./viewer.ts) share. They live here, and the two
// modules re-export them, so that neither has to import the other for a type (no import cycle).

/**
 * What a viewer may watch, as `Viewer.access()` and `lessonAccess()` answer it: visitors see every lesson
 * locked, members see premium ones locked until they subscribe. Lists that compute locks take it as `access`.
 */
export interface LessonAccessFacts {
  signedIn: boolean;
  hasSubscription: boolean;
  /** The signed-in member, for their own progress; null for visitors. */
  userId: number | null;
}

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
  access(): Promise<LessonAccessFacts>;
  /** The same for watching a lesson, where admins count as entitled without looking anything up. */
  lessonAccess(): Promise<LessonAccessFacts>;
}

/** A signed-in viewer. */
export type Member<User extends ViewerUser = ViewerUser> = Viewer<User> & {
  readonly user: User;
  readonly signedIn: true;
  readonly userId: number;
};
