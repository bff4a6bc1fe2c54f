import { AppError, forbidden, unauthorized } from "../lib/errors";
import { isLessonLocked, type ViewerAccess } from "./policy";
import { isMember, type Member, type Viewer, type ViewerUser } from "./viewer";

// The policy's answers as guards that throw the API's errors (401, 402, 403).

export const SIGN_IN_TO_WATCH_MESSAGE = "Please sign in to watch this lesson.";
export const SUBSCRIPTION_REQUIRED_MESSAGE = "This lesson is part of the full library. Choose a plan to watch it.";

export function requireSignedIn<User extends ViewerUser>(viewer: Viewer<User>, message?: string): Member<User> {
  if (!isMember(viewer)) throw unauthorized(message);
  return viewer;
}

export function requirePermission<User extends ViewerUser>(viewer: Viewer<User>, code: string): Member<User> {
  const member = requireSignedIn(viewer);
  if (!member.can(code)) throw forbidden();
  return member;
}

/** Throws 401 for visitors and 402 for members without access to a premium lesson. */
export function assertCanWatch(lesson: { isFree: boolean }, access: ViewerAccess): void {
  if (!access.signedIn) throw unauthorized(SIGN_IN_TO_WATCH_MESSAGE);
  if (isLessonLocked(lesson, access)) throw new AppError(402, [SUBSCRIPTION_REQUIRED_MESSAGE]);
}
