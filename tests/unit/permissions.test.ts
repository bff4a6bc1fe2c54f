import { describe, expect, it } from "vitest";
import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "../../core/permissions";
import {
  canModerateComments,
  canModerateCommunity,
  canSeeDrafts,
  canSeeLesson,
  canWatchAnyLesson,
  hasAnyPermission,
  hasPermission,
  isAdmin,
  isLessonLocked,
  memberWithoutAccess,
  VISITOR_ACCESS,
} from "../../server/access/policy";

const holding = (...permissions: string[]) => ({ permissions });
const visitor = null;
const member = holding();
const moderator = holding(COMMUNITY_MODERATE_PERMISSION);
const admin = holding(ADMIN_PERMISSION);

describe("isAdmin (docs/product-rules.md#sign-in-and-permissions)", () => {
  it("is true only when the permissions contain the admin code", () => {
    expect(isAdmin(holding("admin"))).toBe(true);
    expect(isAdmin(holding("community:moderate"))).toBe(false);
  });
  it("is false without a user, for a user without a permissions list, and for an empty one", () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin({})).toBe(false);
    expect(isAdmin({ permissions: null })).toBe(false);
    expect(isAdmin(holding())).toBe(false);
  });
  it("matches the code exactly, never a prefix or another case", () => {
    expect(isAdmin(holding("admin:read"))).toBe(false);
    expect(isAdmin(holding("Admin"))).toBe(false);
  });
});

describe("hasAnyPermission (docs/product-rules.md#sign-in-and-permissions)", () => {
  it("allows when the required list is missing or empty, even without a user", () => {
    expect(hasAnyPermission(null, undefined)).toBe(true);
    expect(hasAnyPermission(null, null)).toBe(true);
    expect(hasAnyPermission(null, [])).toBe(true);
  });
  it("denies without a user and for a user without a permissions list", () => {
    expect(hasAnyPermission(null, ["admin"])).toBe(false);
    expect(hasAnyPermission({}, ["admin"])).toBe(false);
  });
  it("allows when any of the codes match, denies otherwise", () => {
    const user = holding("community:moderate");
    expect(hasAnyPermission(user, ["admin", "community:moderate"])).toBe(true);
    expect(hasAnyPermission(user, ["admin"])).toBe(false);
  });
});

describe("hasPermission", () => {
  it("needs that very code: admin is not a master key for another code", () => {
    expect(hasPermission(holding("categories:delete"), "categories:delete")).toBe(true);
    expect(hasPermission(admin, "categories:delete")).toBe(false);
    expect(hasPermission(null, "admin")).toBe(false);
  });
});

describe("who moderates, sees drafts and watches everything", () => {
  it("lets admins and community moderators moderate the community, nobody else", () => {
    expect([visitor, member, moderator, admin].map(canModerateCommunity)).toEqual([false, false, true, true]);
  });
  it("keeps comment moderation, drafts and every lesson to admins", () => {
    for (const rule of [canModerateComments, canSeeDrafts, canWatchAnyLesson]) {
      expect([visitor, member, moderator, admin].map(rule)).toEqual([false, false, false, true]);
    }
  });
  it("shows a draft lesson only to those who may see drafts", () => {
    expect(canSeeLesson(member, { isPublished: true })).toBe(true);
    expect(canSeeLesson(visitor, { isPublished: true })).toBe(true);
    expect(canSeeLesson(member, { isPublished: false })).toBe(false);
    expect(canSeeLesson(admin, { isPublished: false })).toBe(true);
  });
});

describe("isLessonLocked", () => {
  const free = { isFree: true };
  const premium = { isFree: false };
  it("locks every lesson, free ones too, for visitors", () => {
    expect(isLessonLocked(free, VISITOR_ACCESS)).toBe(true);
    expect(isLessonLocked(premium, VISITOR_ACCESS)).toBe(true);
  });
  it("locks premium lessons for members until they subscribe", () => {
    const unsubscribed = memberWithoutAccess({ id: 7 });
    expect(unsubscribed).toEqual({ signedIn: true, hasSubscription: false, userId: 7 });
    expect(isLessonLocked(free, unsubscribed)).toBe(false);
    expect(isLessonLocked(premium, unsubscribed)).toBe(true);
    expect(isLessonLocked(premium, { ...unsubscribed, hasSubscription: true })).toBe(false);
  });
  it("treats nobody signed in as a visitor", () => {
    expect(memberWithoutAccess(null)).toBe(VISITOR_ACCESS);
  });
});
