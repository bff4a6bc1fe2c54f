import { blogsResource } from "./resources/blogs";
import { blogCommentsResource } from "./resources/blog-comments";
import { suggestedBlogsResource } from "./resources/suggested-blogs";
import { flashcollectionsResource } from "./resources/flashcollections";
import { flashcardsResource } from "./resources/flashcards";
import { listeningActivitiesGroupsResource } from "./resources/listening-activities-groups";
import { listeningActivitiesResource } from "./resources/listening-activities";
import { listeningQuestionsResource } from "./resources/listening-questions";
import { globalVocabularyThemeResource } from "./resources/global-vocabulary-theme";
import { globalVocabularyDeckCategoryResource } from "./resources/global-vocabulary-deck-category";
import { globalVocabularyDeckResource } from "./resources/global-vocabulary-deck";
import { globalVocabularySingleVocabularyResource } from "./resources/global-vocabulary-single-vocabulary";
import { communityGroupsResource } from "./resources/community-groups";
import { communityThreadsResource } from "./resources/community-threads";
import { communityMessagesResource } from "./resources/community-messages";
import { subscriptionCancelReasonsResource } from "./resources/subscription-cancel-reasons";
import { categoriesResource } from "./resources/categories";
import { collectionResource, seriesResource, studyTrackResource } from "./resources/collections";
import { countriesResource } from "./resources/countries";
import {
  studyTrackTeacherResource,
  studyTrackVideoResource,
  videosCategoriesResource,
  videosTeachersResource,
} from "./resources/join-tables";
import {
  videoSentenceGapResource,
  videoSentenceOrderResource,
  videosCommentsResource,
  videoVocabularyResource,
} from "./resources/lesson-content";
import { teacherResource } from "./resources/teacher";
import { videoAttachmentsResource } from "./resources/video-attachments";
import { videosResource } from "./resources/videos";
import { ADMIN_PERMISSION } from "../access/permissions";
import { hasPermission, type PermissionHolder } from "../access/policy";
import { AppError, forbidden } from "../lib/errors";
import type { AdminAction, AdminResource } from "./types";

/**
 * Every resource behind the generic admin pages and /api/admin/<slug>. To add one: declare it in
 * server/admin/resources/<slug>.ts (docs/admin-resources.md), add it here, add a sample to
 * tests/fixtures/admin-samples.ts.
 */
export const ADMIN_RESOURCES: readonly AdminResource[] = [
  // Content
  videosResource,
  videoAttachmentsResource,
  videosCategoriesResource,
  videosTeachersResource,
  categoriesResource,
  teacherResource,
  countriesResource,
  seriesResource,
  studyTrackResource,
  studyTrackVideoResource,
  studyTrackTeacherResource,
  collectionResource,
  blogsResource,
  suggestedBlogsResource,
  // Learning
  videoVocabularyResource,
  videoSentenceOrderResource,
  videoSentenceGapResource,
  flashcollectionsResource,
  flashcardsResource,
  listeningActivitiesGroupsResource,
  listeningActivitiesResource,
  listeningQuestionsResource,
  globalVocabularyThemeResource,
  globalVocabularyDeckCategoryResource,
  globalVocabularyDeckResource,
  globalVocabularySingleVocabularyResource,
  // Community
  communityGroupsResource,
  communityThreadsResource,
  communityMessagesResource,
  videosCommentsResource,
  blogCommentsResource,
  // Users & billing
  subscriptionCancelReasonsResource,
];

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
 * The check every admin action passes, made inside the admin service (server/admin/service.ts) like a
 * CMS collection's `access`, so the pages and /api/admin cannot disagree: the member must hold the
 * action's own permission code, and the resource must allow the action at all.
 */
export function authorizeAdminAction(user: PermissionHolder, resource: AdminResource, action: AdminAction): void {
  if (!hasPermission(user, permissionFor(resource, action))) throw forbidden();
  if ((action === "create" || action === "update" || action === "delete") && !canDo(resource, action)) {
    throw new AppError(403, [`${resource.label} cannot be changed that way.`]);
  }
}
