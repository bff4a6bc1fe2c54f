import { eq } from "drizzle-orm";
import { videos } from "#drizzle/schema";
import { assertCanWatch, requireSignedIn, SIGN_IN_TO_WATCH_MESSAGE } from "../access/guards";
import { canSeeLesson } from "../access/policy";
import type { Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";

// Below the lesson page (./lessons.ts) and everything that hangs off a lesson (exercises, the assistant,
// the player's API), so none of them imports another to ask whether the viewer may watch.

/**
 * For a lesson's own endpoints (progress, words, comments, captions, exercises, the assistant): the
 * lesson, if this viewer may watch it. 401 for visitors, 404 for unknown lessons and drafts (unless the
 * viewer may see drafts), 402 for a premium lesson without a subscription.
 */
export async function requireLessonAccess(ctx: AppContext, { videoId, viewer }: { videoId: number; viewer: Viewer }) {
  requireSignedIn(viewer, SIGN_IN_TO_WATCH_MESSAGE);
  const [rows, access] = await Promise.all([
    ctx.db
      .select({
        id: videos.id,
        durationSeconds: videos.durationSeconds,
        isFree: videos.isFree,
        isPublished: videos.isPublished,
      })
      .from(videos)
      .where(eq(videos.id, videoId))
      .limit(1),
    viewer.lessonAccess(),
  ]);
  const lesson = rows[0];
  if (!lesson || !canSeeLesson(viewer, lesson)) throw notFound("We couldn't find that lesson.");
  assertCanWatch(lesson, access);
  return lesson;
}
