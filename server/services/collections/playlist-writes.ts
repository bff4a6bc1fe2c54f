import { and, asc, count, eq, sql } from "drizzle-orm";
import { playlists, playlistVideos, videos } from "#drizzle/schema";
import { PLAYLIST_LESSONS_MAX, PLAYLISTS_PER_LEARNER_MAX, type CreatePlaylistInput } from "#core/schemas/playlists";
import { slugify } from "#core/slug";
import type { AppContext } from "../../context";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { publishedVideo } from "./collection-lessons";
import { visiblePlaylists } from "./playlist-reads";

// Writes: the learner's own playlists only. Curated playlists are edited in the admin.

/** What a write answers: enough for the UI to update a menu or a heading. */
export interface PlaylistRef {
  id: number;
  title: string;
  slug: string;
  lessonCount: number;
}

const NOT_FOUND = "We couldn't find that playlist.";

/** 404 for playlists the learner may not see (never reveal them), 403 for curated ones. */
async function requireOwnPlaylist(ctx: AppContext, userId: number, playlistId: number) {
  const [row] = await ctx.db
    .select({ id: playlists.id, title: playlists.title, slug: playlists.slug, ownerId: playlists.ownerId })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), visiblePlaylists({ userId })));
  if (!row) throw notFound(NOT_FOUND);
  if (row.ownerId !== userId) throw forbidden("Curated playlists can't be changed.");
  return row;
}

function ownedBy(userId: number, playlistId: number) {
  return and(eq(playlists.id, playlistId), eq(playlists.ownerId, userId));
}

/** `playlist_id` of rows whose playlist belongs to the user: ownership in every write's where. */
function inOwnedPlaylist(userId: number, playlistId: number) {
  return sql`${playlistVideos.playlistId} in (select ${playlists.id} from ${playlists} where ${ownedBy(userId, playlistId)})`;
}

function touchPlaylist(ctx: AppContext, userId: number, playlistId: number) {
  return ctx.db.update(playlists).set({ updatedAt: ctx.now() }).where(ownedBy(userId, playlistId));
}

/**
 * Renumbers a playlist's lessons 0, 1, 2… in their current order (ties broken by lesson id). Query
 * builders rather than `db.run(sql)`, because drizzle cannot batch raw statements that have parameters.
 */
function compactPositions(ctx: AppContext, userId: number, playlistId: number) {
  const ranked = sql`(select video_id, row_number() over (order by position, video_id) - 1 as new_position from playlist_videos where playlist_id = ${playlistId}) as ranked`;
  return ctx.db
    .update(playlistVideos)
    .set({ position: sql`ranked.new_position` })
    .from(ranked)
    .where(
      and(
        eq(playlistVideos.playlistId, playlistId),
        sql`${playlistVideos.lessonId} = ranked.video_id`,
        sql`${playlistVideos.position} <> ranked.new_position`,
        inOwnedPlaylist(userId, playlistId),
      ),
    );
}

async function requirePublishedVideo(ctx: AppContext, lessonId: number) {
  const [row] = await ctx.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, lessonId), publishedVideo));
  if (!row) {
    const message = "We couldn't find that lesson.";
    throw new AppError(422, [`videoId: ${message}`], { videoId: [message] });
  }
}

async function countLessons(ctx: AppContext, playlistId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(playlistVideos)
    .where(eq(playlistVideos.playlistId, playlistId));
  return row?.total ?? 0;
}

export async function createPlaylist(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & CreatePlaylistInput,
): Promise<PlaylistRef> {
  const [existing] = await ctx.db.select({ total: count() }).from(playlists).where(eq(playlists.ownerId, userId));
  if ((existing?.total ?? 0) >= PLAYLISTS_PER_LEARNER_MAX) {
    const message = `You can keep up to ${PLAYLISTS_PER_LEARNER_MAX} playlists. Delete one to make room.`;
    throw new AppError(422, [message], { title: [message] });
  }
  if (input.videoId !== undefined) await requirePublishedVideo(ctx, input.videoId);
  const now = ctx.now();
  const insertPlaylist = ctx.db
    .insert(playlists)
    .values({
      title: input.title,
      slug: slugify(input.title),
      ownerId: userId,
      isPublished: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: playlists.id, title: playlists.title, slug: playlists.slug });
  if (input.videoId === undefined) {
    const [created] = await insertPlaylist;
    return { ...created!, lessonCount: 0 };
  }
  // One batch: the new playlist is the learner's newest, so the lesson goes into max(id).
  const [[created]] = await ctx.db.batch([
    insertPlaylist,
    ctx.db.insert(playlistVideos).select(
      ctx.db
        .select({
          playlistId: sql<number>`max(${playlists.id})`.as("playlist_id"),
          lessonId: sql<number>`${input.videoId}`.as("video_id"),
          position: sql<number>`0`.as("position"),
        })
        .from(playlists)
        .where(eq(playlists.ownerId, userId)),
    ),
  ]);
  return { ...created!, lessonCount: 1 };
}

export async function renamePlaylist(
  ctx: AppContext,
  { userId, playlistId, title }: { userId: number } & { playlistId: number; title: string },
): Promise<PlaylistRef> {
  await requireOwnPlaylist(ctx, userId, playlistId);
  const [updated] = await ctx.db
    .update(playlists)
    .set({ title, slug: slugify(title), updatedAt: ctx.now() })
    .where(ownedBy(userId, playlistId))
    .returning({ id: playlists.id, title: playlists.title, slug: playlists.slug });
  if (!updated) throw notFound(NOT_FOUND);
  return { ...updated, lessonCount: await countLessons(ctx, playlistId) };
}

export async function deletePlaylist(
  ctx: AppContext,
  { userId, playlistId }: { userId: number } & { playlistId: number },
): Promise<void> {
  await requireOwnPlaylist(ctx, userId, playlistId);
  await ctx.db.batch([
    ctx.db.delete(playlistVideos).where(inOwnedPlaylist(userId, playlistId)),
    ctx.db.delete(playlists).where(ownedBy(userId, playlistId)),
  ]);
}

/** Adds a lesson at the end; adding one that is already there changes nothing (`added: false`). */
export async function addVideoToPlaylist(
  ctx: AppContext,
  { userId, playlistId, lessonId }: { userId: number } & { playlistId: number; lessonId: number },
): Promise<{ added: boolean; playlist: PlaylistRef }> {
  const playlist = await requireOwnPlaylist(ctx, userId, playlistId);
  await requirePublishedVideo(ctx, lessonId);
  if ((await countLessons(ctx, playlistId)) >= PLAYLIST_LESSONS_MAX) {
    const [present] = await ctx.db
      .select({ lessonId: playlistVideos.lessonId })
      .from(playlistVideos)
      .where(and(eq(playlistVideos.playlistId, playlistId), eq(playlistVideos.lessonId, lessonId)));
    if (!present) {
      const message = `A playlist holds at most ${PLAYLIST_LESSONS_MAX} lessons.`;
      throw new AppError(422, [message], { videoId: [message] });
    }
  }
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(playlistVideos)
      .select(
        ctx.db
          .select({
            playlistId: playlists.id,
            lessonId: sql<number>`${lessonId}`.as("video_id"),
            position:
              sql<number>`(select coalesce(max(position) + 1, 0) from playlist_videos where playlist_id = ${playlistId})`.as(
                "position",
              ),
          })
          .from(playlists)
          .where(ownedBy(userId, playlistId)),
      )
      .onConflictDoNothing()
      .returning({ lessonId: playlistVideos.lessonId }),
    touchPlaylist(ctx, userId, playlistId),
  ]);
  return {
    added: inserted.length > 0,
    playlist: {
      id: playlist.id,
      title: playlist.title,
      slug: playlist.slug || slugify(playlist.title),
      lessonCount: await countLessons(ctx, playlistId),
    },
  };
}

/** Removes a lesson and closes the gap, so positions stay 0…n-1. */
export async function removeVideoFromPlaylist(
  ctx: AppContext,
  { userId, playlistId, lessonId }: { userId: number } & { playlistId: number; lessonId: number },
): Promise<PlaylistRef> {
  const playlist = await requireOwnPlaylist(ctx, userId, playlistId);
  const [removed] = await ctx.db.batch([
    ctx.db
      .delete(playlistVideos)
      .where(
        and(
          eq(playlistVideos.playlistId, playlistId),
          eq(playlistVideos.lessonId, lessonId),
          inOwnedPlaylist(userId, playlistId),
        ),
      )
      .returning({ lessonId: playlistVideos.lessonId }),
    compactPositions(ctx, userId, playlistId),
    touchPlaylist(ctx, userId, playlistId),
  ]);
  if (removed.length === 0) throw notFound("That lesson isn't in this playlist.");
  return {
    id: playlist.id,
    title: playlist.title,
    slug: playlist.slug || slugify(playlist.title),
    lessonCount: await countLessons(ctx, playlistId),
  };
}

/** The stored order: published lessons (what the learner sees) first, then any unpublished since. */
async function currentOrder(ctx: AppContext, playlistId: number) {
  const rows = await ctx.db
    .select({ lessonId: playlistVideos.lessonId, isPublished: videos.isPublished })
    .from(playlistVideos)
    .innerJoin(videos, eq(videos.id, playlistVideos.lessonId))
    .where(eq(playlistVideos.playlistId, playlistId))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.lessonId));
  return {
    visible: rows.filter((row) => row.isPublished).map((row) => row.lessonId),
    hidden: rows.filter((row) => !row.isPublished).map((row) => row.lessonId),
  };
}

/**
 * Puts the playlist's lessons in the given order. `lessonIds` must be exactly the lessons the learner
 * sees in it (each once); lessons unpublished since they were added keep their place at the end.
 */
export async function reorderPlaylist(
  ctx: AppContext,
  { userId, playlistId, lessonIds }: { userId: number } & { playlistId: number; lessonIds: number[] },
): Promise<{ id: number; videoIds: number[] }> {
  await requireOwnPlaylist(ctx, userId, playlistId);
  const { visible, hidden } = await currentOrder(ctx, playlistId);
  const wanted = new Set(lessonIds);
  if (
    wanted.size !== lessonIds.length ||
    visible.length !== lessonIds.length ||
    visible.some((id) => !wanted.has(id))
  ) {
    const message = "The new order must list every lesson in the playlist exactly once.";
    throw new AppError(422, [`videoIds: ${message}`], { videoIds: [message] });
  }
  const order = JSON.stringify([...lessonIds, ...hidden]);
  // json_each keeps the statement at three bound values however long the playlist (D1 allows 100).
  await ctx.db.batch([
    ctx.db
      .update(playlistVideos)
      .set({
        position: sql`(select cast(ordered.key as integer) from json_each(${order}) as ordered where ordered.value = ${playlistVideos.lessonId})`,
      })
      .where(
        and(
          eq(playlistVideos.playlistId, playlistId),
          sql`${playlistVideos.lessonId} in (select value from json_each(${order}))`,
          inOwnedPlaylist(userId, playlistId),
        ),
      ),
    compactPositions(ctx, userId, playlistId),
    touchPlaylist(ctx, userId, playlistId),
  ]);
  return { id: playlistId, videoIds: lessonIds };
}

/** One step up or down: the buttons that work without JavaScript. At either end it changes nothing. */
export async function movePlaylistVideo(
  ctx: AppContext,
  {
    userId,
    playlistId,
    lessonId,
    direction,
  }: { userId: number } & { playlistId: number; lessonId: number; direction: "up" | "down" },
): Promise<{ moved: boolean }> {
  await requireOwnPlaylist(ctx, userId, playlistId);
  const { visible } = await currentOrder(ctx, playlistId);
  const from = visible.indexOf(lessonId);
  if (from === -1) throw notFound("That lesson isn't in this playlist.");
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= visible.length) return { moved: false };
  const next = [...visible];
  [next[from], next[to]] = [next[to]!, next[from]!];
  await reorderPlaylist(ctx, { userId, playlistId, lessonIds: next });
  return { moved: true };
}
