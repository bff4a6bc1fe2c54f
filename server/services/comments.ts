import { and, count, desc, eq, isNull, lt } from "drizzle-orm";
import { users, videoComments } from "#drizzle/schema";
import type { Member, Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import { renderPost, toDiscussionAuthor, type DiscussionAuthor } from "./discussion";
import { bumpPageCache } from "./page-cache";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";

export const COMMENTS_PAGE_SIZE = 30;
export const COMMENT_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 10 * 60 * 1000 };

export interface LessonComment {
  id: number;
  body: string;
  html: string;
  mostlyArabic: boolean;
  createdAt: Date;
  editedAt: Date | null;
  author: DiscussionAuthor;
  isOwn: boolean;
  canDelete: boolean;
}

const commentColumns = {
  id: videoComments.id,
  body: videoComments.body,
  createdAt: videoComments.createdAt,
  editedAt: videoComments.editedAt,
  userId: videoComments.userId,
  authorName: users.name,
  authorAvatarKey: users.avatarKey,
};

function toLessonComment(
  row: {
    id: number;
    body: string;
    createdAt: Date;
    editedAt: Date | null;
    userId: number;
    authorName: string;
    authorAvatarKey: string | null;
  },
  viewer: Viewer,
): LessonComment {
  const isOwn = row.userId === viewer.userId;
  return {
    id: row.id,
    body: row.body,
    ...renderPost(row.body),
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    author: toDiscussionAuthor(row.userId, row.authorName, row.authorAvatarKey),
    isOwn,
    canDelete: isOwn || viewer.canModerateComments,
  };
}

const visible = (lessonId: number) => and(eq(videoComments.videoId, lessonId), isNull(videoComments.deletedAt));

/** A lesson's comments, newest first, `before` a comment id for older pages. Deleted ones are left out. */
export async function listComments(
  ctx: AppContext,
  {
    videoId: lessonId,
    viewer,
    before,
    limit = COMMENTS_PAGE_SIZE,
  }: { videoId: number; viewer: Viewer; before?: number; limit?: number },
) {
  const [rows, totals] = await ctx.db.batch([
    ctx.db
      .select(commentColumns)
      .from(videoComments)
      .innerJoin(users, eq(users.id, videoComments.userId))
      .where(and(visible(lessonId), before ? lt(videoComments.id, before) : undefined))
      .orderBy(desc(videoComments.id))
      .limit(limit + 1),
    ctx.db.select({ total: count() }).from(videoComments).where(visible(lessonId)),
  ]);
  return {
    items: rows.slice(0, limit).map((row) => toLessonComment(row, viewer)),
    hasMore: rows.length > limit,
    total: totals[0]?.total ?? 0,
  };
}

async function getVisibleComment(ctx: AppContext, lessonId: number, commentId: number) {
  const [row] = await ctx.db
    .select(commentColumns)
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .where(and(visible(lessonId), eq(videoComments.id, commentId)))
    .limit(1);
  return row ?? null;
}

export async function createComment(
  ctx: AppContext,
  { viewer, videoId: lessonId, body }: { viewer: Member } & { videoId: number; body: string },
): Promise<LessonComment> {
  const hits = await hitRateLimit(ctx, { key: `comment:user:${viewer.userId}`, rule: COMMENT_RATE_LIMIT });
  if (hits > COMMENT_RATE_LIMIT.limit) {
    throw new AppError(429, ["You're commenting very quickly. Please wait a few minutes and try again."]);
  }
  const now = ctx.now();
  const [inserted] = await ctx.db
    .insert(videoComments)
    .values({ videoId: lessonId, userId: viewer.userId, body, createdAt: now, updatedAt: now })
    .returning({ id: videoComments.id });
  // A free lesson's page shows its comments to visitors: their cached copy is purged (server/services/page-cache.ts).
  await bumpPageCache(ctx);
  const row = await getVisibleComment(ctx, lessonId, inserted!.id);
  return toLessonComment(row!, viewer);
}

/**
 * Edits the viewer's own comment. Someone else's comment answers 404, not 403: the JSON client logs a member out on
 * 403 (docs/product-rules.md#errors-and-toasts), and a comment you can't edit is, for you, a comment that isn't
 * there.
 */
export async function updateComment(
  ctx: AppContext,
  {
    viewer,
    videoId: lessonId,
    commentId,
    body,
  }: { viewer: Member } & { videoId: number; commentId: number; body: string },
): Promise<LessonComment> {
  const now = ctx.now();
  const updated = await ctx.db
    .update(videoComments)
    .set({ body, editedAt: now, updatedAt: now })
    .where(and(visible(lessonId), eq(videoComments.id, commentId), eq(videoComments.userId, viewer.userId)))
    .returning({ id: videoComments.id });
  if (updated.length === 0) throw notFound("We couldn't find that comment among yours.");
  await bumpPageCache(ctx);
  const row = await getVisibleComment(ctx, lessonId, commentId);
  return toLessonComment(row!, viewer);
}

/** Soft-deletes a comment: its author's own, or any for an admin. Others get 404 (see updateComment). */
export async function deleteComment(
  ctx: AppContext,
  { viewer, videoId: lessonId, commentId }: { viewer: Member } & { videoId: number; commentId: number },
): Promise<void> {
  const now = ctx.now();
  const deleted = await ctx.db
    .update(videoComments)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        visible(lessonId),
        eq(videoComments.id, commentId),
        viewer.canModerateComments ? undefined : eq(videoComments.userId, viewer.userId),
      ),
    )
    .returning({ id: videoComments.id });
  if (deleted.length === 0) throw notFound("We couldn't find that comment among yours.");
  await bumpPageCache(ctx);
}
