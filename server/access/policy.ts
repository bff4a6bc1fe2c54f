import { FREE_COLLECTION_SESSION_MS, FREE_TIER_MESSAGES, type FreeTierGate } from "#core/free-tier";
import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "#core/permissions";
import type { AppContext } from "../context";
import { AppError, forbidden, notFound, unauthorized } from "../lib/errors";
import { findLessonGate } from "../services/lesson-content";
import type { Member, Viewer, LessonAccessFacts, ViewerUser } from "./types";

// LessonAccessFacts is declared in ./types.ts with the Viewer's shape (no import cycle with ./viewer.ts).
export type { LessonAccessFacts } from "./types";

// The one access policy (docs/security.md, ADR 018). Three parts, top to bottom:
// - the rules: pure functions of who is asking (and, for lessons, of their subscription);
// - the guards: the same answers as the API's errors (401, 402, 403, 404), for services and handlers;
// - lesson access: the one rule that needs the lesson's own row (published, free), below the lesson page,
//   its exercises, the assistant and the player's API, so none of them imports another to ask.
// The free tier's rules (study tools) sit with the lesson rules and guards: pure functions of an access and
// the facts they need, which server/services/free-tier.ts reads (docs/product-rules.md#free-and-paid).
// Services receive a Viewer (./viewer.ts), built once per request, which answers through these rules.

// ---------------------------------------------------------------------------------------------------
// Rules

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

export const VISITOR_ACCESS: LessonAccessFacts = { signedIn: false, hasSubscription: false, userId: null };

/**
 * Who is signed in, before their subscription is known: enough to start reading their progress while the
 * subscription is looked up; the locks are then set from the full access.
 */
export function memberWithoutAccess(user: { id: number } | null): LessonAccessFacts {
  return user ? { signedIn: true, hasSubscription: false, userId: user.id } : VISITOR_ACCESS;
}

/**
 * A free lesson's page, video, transcript and word meanings are open to visitors (ADR 038); saving anything
 * still needs a member. The library's lock (`isLessonLocked`) stays on every card a visitor sees.
 */
export function canOpenLesson(lesson: { isFree: boolean }, access: LessonAccessFacts): boolean {
  if (!access.signedIn) return lesson.isFree;
  return !isLessonLocked(lesson, access);
}

export function isLessonLocked(
  lesson: { isFree: boolean },
  access: Pick<LessonAccessFacts, "signedIn" | "hasSubscription">,
) {
  if (!access.signedIn) return true;
  return !lesson.isFree && !access.hasSubscription;
}

// The free tier (docs/product-rules.md#free-and-paid, ADR 029). Each rule takes the access a lesson takes
// (`Viewer.lessonAccess()`: admins count as entitled, so they are never gated) and the facts it needs.

/** Who a study-tool rule asks about: signed in, and entitled (a subscription, or an admin). */
export type StudyAccess = Pick<LessonAccessFacts, "signedIn" | "hasSubscription">;

/** A listening activity: the first published one of its group (by the group's order) is free. */
export function canOpenListeningActivity(access: StudyAccess, activity: { isFirstOfGroup: boolean }): boolean {
  if (!access.signedIn) return false;
  return access.hasSubscription || activity.isFirstOfGroup;
}

/**
 * Starting a run of a global vocabulary deck's quiz: free while the member has no recorded play of the deck
 * (`deck_progress.plays`), so their first session is free and the next one needs a subscription.
 */
export function canStartDeckSession(access: StudyAccess, deck: { plays: number }): boolean {
  if (!access.signedIn) return false;
  return access.hasSubscription || deck.plays === 0;
}

/**
 * Going on with a run already in the URL (answering, reading its score, sending it again): as starting one,
 * and also the run that was recorded (the free session itself, which a double submit counts once).
 */
export function canContinueDeckSession(
  access: StudyAccess,
  deck: { plays: number },
  run: { recorded: boolean },
): boolean {
  return canStartDeckSession(access, deck) || (access.signedIn && run.recorded);
}

/**
 * Reviewing a curated flashcard collection: free before the member's first rating of one of its cards and
 * for `FREE_COLLECTION_SESSION_MS` after it (their one session); then with a subscription.
 */
export function canStudyCollection(
  access: StudyAccess,
  collection: { firstReviewAt: Date | null },
  now: Date,
): boolean {
  if (!access.signedIn) return false;
  if (access.hasSubscription || collection.firstReviewAt === null) return true;
  return now.getTime() < freeCollectionSessionEnd(collection.firstReviewAt).getTime();
}

/** When a free member's session with a collection ends, given their first rating in it. */
export function freeCollectionSessionEnd(firstReviewAt: Date): Date {
  return new Date(firstReviewAt.getTime() + FREE_COLLECTION_SESSION_MS);
}

/** "Review all due" (every collection's due cards in one session) is the subscription's. */
export function canReviewAllDue(access: StudyAccess): boolean {
  return access.signedIn && access.hasSubscription;
}

/**
 * Exporting a curated collection or a global deck (to Anki, as CSV) is the subscription's: a package reviewed
 * elsewhere is every session of it (ADR 037). A member's own words are theirs and always export.
 */
export function canExportCurated(access: StudyAccess): boolean {
  return access.signedIn && access.hasSubscription;
}

// ---------------------------------------------------------------------------------------------------
// Guards

export const SIGN_IN_TO_WATCH_MESSAGE = "Please sign in to watch this lesson.";
export const SUBSCRIPTION_REQUIRED_MESSAGE = "This lesson is part of the full library. Choose a plan to watch it.";

export function requireSignedIn<User extends ViewerUser>(viewer: Viewer<User>, message?: string): Member<User> {
  if (viewer.user === null) throw unauthorized(message);
  return viewer as Member<User>;
}

export function requirePermission<User extends ViewerUser>(viewer: Viewer<User>, code: string): Member<User> {
  const member = requireSignedIn(viewer);
  if (!member.can(code)) throw forbidden();
  return member;
}

/** Throws 401 for visitors and 402 for members without access to a premium lesson. */
export function assertCanWatch(lesson: { isFree: boolean }, access: LessonAccessFacts): void {
  if (!access.signedIn) throw unauthorized(SIGN_IN_TO_WATCH_MESSAGE);
  if (isLessonLocked(lesson, access)) throw new AppError(402, [SUBSCRIPTION_REQUIRED_MESSAGE]);
}

/** The free tier's guards: 401 for visitors (with the tool's own sign-in message), else 402 with the gate's message. */
function requireStudy(allowed: boolean, access: StudyAccess, gate: FreeTierGate, signIn?: string) {
  if (!access.signedIn) throw unauthorized(signIn);
  if (!allowed) throw new AppError(402, [FREE_TIER_MESSAGES[gate]]);
}

export const SIGN_IN_TO_LISTEN_MESSAGE = "Please sign in to do listening activities.";

export function assertCanOpenListeningActivity(access: StudyAccess, activity: { isFirstOfGroup: boolean }): void {
  requireStudy(canOpenListeningActivity(access, activity), access, "listening", SIGN_IN_TO_LISTEN_MESSAGE);
}

export function assertCanStartDeckSession(access: StudyAccess, deck: { plays: number }): void {
  requireStudy(canStartDeckSession(access, deck), access, "deck");
}

export function assertCanContinueDeckSession(
  access: StudyAccess,
  deck: { plays: number },
  run: { recorded: boolean },
): void {
  requireStudy(canContinueDeckSession(access, deck, run), access, "deck");
}

export function assertCanStudyCollection(
  access: StudyAccess,
  collection: { firstReviewAt: Date | null },
  now: Date,
): void {
  requireStudy(canStudyCollection(access, collection, now), access, "collection");
}

export function assertCanReviewAllDue(access: StudyAccess): void {
  requireStudy(canReviewAllDue(access), access, "allDue");
}

export function assertCanExportCurated(access: StudyAccess): void {
  requireStudy(canExportCurated(access), access, "export");
}

/** As `assertCanWatch`, but a visitor may open a free lesson (`canOpenLesson`): its page and its reading endpoints. */
export function assertCanOpen(lesson: { isFree: boolean }, access: LessonAccessFacts): void {
  if (canOpenLesson(lesson, access)) return;
  assertCanWatch(lesson, access);
}

// ---------------------------------------------------------------------------------------------------
// Lesson access

/**
 * For a lesson's own endpoints (progress, words, comments, captions, exercises, the assistant): the
 * lesson, if this viewer may watch it. 401 for visitors, 404 for unknown lessons and drafts (unless the
 * viewer may see drafts), 402 for a premium lesson without a subscription.
 */
export async function requireLessonAccess(
  ctx: AppContext,
  { videoId: lessonId, viewer }: { videoId: number; viewer: Viewer },
) {
  requireSignedIn(viewer, SIGN_IN_TO_WATCH_MESSAGE);
  const [lesson, access] = await Promise.all([findLessonGate(ctx, { lessonId }), viewer.lessonAccess()]);
  if (!lesson || !canSeeLesson(viewer, lesson)) throw notFound("We couldn't find that lesson.");
  assertCanWatch(lesson, access);
  return lesson;
}

/**
 * For the reading endpoints a free lesson's page uses (a word's meaning, the captions): the lesson, if this
 * viewer may open it. A visitor passes on a free lesson (`canOpenLesson`) and gets 401 on a premium one;
 * otherwise as `requireLessonAccess` (402). An unknown or draft lesson is 404 for everyone, as on its page (the
 * same answer for both, so a draft's id tells nothing).
 */
export async function requireLessonOpen(
  ctx: AppContext,
  { videoId: lessonId, viewer }: { videoId: number; viewer: Viewer },
) {
  const [lesson, access] = await Promise.all([findLessonGate(ctx, { lessonId }), viewer.lessonAccess()]);
  if (!lesson || !canSeeLesson(viewer, lesson)) throw notFound("We couldn't find that lesson.");
  assertCanOpen(lesson, access);
  return lesson;
}
