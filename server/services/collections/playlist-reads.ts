import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { playlists, playlistVideos, videoProgress, videos } from "#drizzle/schema";
import { slugify } from "#core/slug";
import { isLessonLocked, type LessonAccessFacts } from "../../access/policy";
import type { Viewer } from "../../access/viewer";
import type { AppContext } from "../../context";
import {
  coverUrl,
  lessonColumns,
  progressJoin,
  publishedVideo,
  toLessons,
  type CollectionLesson,
  type LessonRef,
} from "./collection-lessons";
import { pickNextLesson, summarizeProgress, type CollectionProgress } from "./progress";

// Playlists as a viewer reads them: curated ones (ownerId null, the admin's "collection") and each learner's own.

export interface PlaylistSummary {
  id: number;
  title: string;
  slug: string;
  description: string;
  /** True for the viewer's own playlist; false for a curated one. */
  isOwn: boolean;
  lessonCount: number;
  totalSeconds: number;
  coverUrl: string | null;
  progress: CollectionProgress | null;
  updatedAt: Date;
  /** Only when asked about a lesson (`containingVideoId`): whether it is already in this playlist. */
  containsVideo?: boolean;
}

export interface PlaylistDetail extends PlaylistSummary {
  lessons: CollectionLesson[];
  nextLesson: LessonRef | null;
}

/** Curated playlists that are published, and the viewer's own. */
export function visiblePlaylists(access: Pick<LessonAccessFacts, "userId">): SQL | undefined {
  const curated = and(isNull(playlists.ownerId), eq(playlists.isPublished, true));
  return access.userId === null ? curated : or(curated, eq(playlists.ownerId, access.userId));
}

const playlistColumns = {
  id: playlists.id,
  title: playlists.title,
  slug: playlists.slug,
  description: playlists.description,
  ownerId: playlists.ownerId,
  updatedAt: playlists.updatedAt,
};

async function loadPlaylistSummaries(
  ctx: AppContext,
  access: LessonAccessFacts,
  options: { playlistId?: number } = {},
): Promise<PlaylistSummary[]> {
  const visible = and(
    visiblePlaylists(access),
    options.playlistId === undefined ? undefined : eq(playlists.id, options.playlistId),
  );
  const [rows, stats, firsts] = await ctx.db.batch([
    ctx.db
      .select(playlistColumns)
      .from(playlists)
      .where(visible)
      .orderBy(desc(playlists.updatedAt), desc(playlists.id)),
    ctx.db
      .select({
        playlistId: playlistVideos.playlistId,
        lessonCount: count(),
        totalSeconds: sql<number>`coalesce(sum(${videos.durationSeconds}), 0)`,
        completed: sql<number>`count(${videoProgress.completedAt})`,
        started: sql<number>`coalesce(sum(case when ${videoProgress.completedAt} is not null or ${videoProgress.positionSeconds} > 0 then 1 else 0 end), 0)`,
      })
      .from(playlistVideos)
      .innerJoin(playlists, and(eq(playlists.id, playlistVideos.playlistId), visible))
      .innerJoin(videos, and(eq(videos.id, playlistVideos.lessonId), publishedVideo))
      .leftJoin(videoProgress, progressJoin(access))
      .groupBy(playlistVideos.playlistId),
    // SQLite fills bare columns from the row that holds the single min(): the first lesson of each playlist.
    ctx.db
      .select({
        playlistId: playlistVideos.playlistId,
        firstPosition: sql<number>`min(${playlistVideos.position})`,
        thumbnailKey: videos.thumbnailKey,
        isFree: videos.isFree,
      })
      .from(playlistVideos)
      .innerJoin(playlists, and(eq(playlists.id, playlistVideos.playlistId), visible))
      .innerJoin(videos, and(eq(videos.id, playlistVideos.lessonId), publishedVideo))
      .groupBy(playlistVideos.playlistId),
  ]);
  const statsById = new Map(stats.map((row) => [row.playlistId, row]));
  const firstById = new Map(firsts.map((row) => [row.playlistId, row]));
  return Promise.all(
    rows.map(async (row) => {
      const stat = statsById.get(row.id);
      const first = firstById.get(row.id);
      const lessonCount = stat?.lessonCount ?? 0;
      const completed = Number(stat?.completed ?? 0);
      const started = Number(stat?.started ?? 0);
      return {
        id: row.id,
        title: row.title,
        slug: row.slug || slugify(row.title),
        description: row.description,
        isOwn: row.ownerId !== null && row.ownerId === access.userId,
        lessonCount,
        totalSeconds: Number(stat?.totalSeconds ?? 0),
        coverUrl: await coverUrl(
          ctx,
          null,
          first && { thumbnailKey: first.thumbnailKey, locked: isLessonLocked(first, access) },
        ),
        progress:
          access.userId === null
            ? null
            : {
                completed,
                total: lessonCount,
                percent: lessonCount ? Math.round((completed / lessonCount) * 100) : 0,
                state:
                  lessonCount > 0 && completed === lessonCount
                    ? "completed"
                    : started > 0
                      ? "in-progress"
                      : "not-started",
              },
        updatedAt: row.updatedAt,
      } satisfies PlaylistSummary;
    }),
  );
}

/**
 * The playlists a viewer may open: curated ones for everyone, plus a signed-in learner's own (most
 * recently changed first). With `containingVideoId`, each of the learner's own says whether it holds that lesson.
 */
export async function listPlaylists(
  ctx: AppContext,
  { viewer, ...options }: { viewer: Viewer } & { containingVideoId?: number },
): Promise<{ curated: PlaylistSummary[]; mine: PlaylistSummary[] }> {
  const access = await viewer.access();
  const summaries = await loadPlaylistSummaries(ctx, access);
  const mine = summaries.filter((playlist) => playlist.isOwn);
  // Curated playlists read in the order the team made them.
  const curated = summaries.filter((playlist) => !playlist.isOwn).sort((a, b) => a.id - b.id);
  if (options.containingVideoId !== undefined && access.userId !== null && mine.length > 0) {
    const rows = await ctx.db
      .select({ playlistId: playlistVideos.playlistId })
      .from(playlistVideos)
      .innerJoin(playlists, and(eq(playlists.id, playlistVideos.playlistId), eq(playlists.ownerId, access.userId)))
      .where(eq(playlistVideos.lessonId, options.containingVideoId));
    const holding = new Set(rows.map((row) => row.playlistId));
    for (const playlist of mine) playlist.containsVideo = holding.has(playlist.id);
  }
  return { curated, mine };
}

/** A playlist the viewer may open (their own or a published curated one) with its lessons; else null. */
export async function getPlaylist(
  ctx: AppContext,
  { viewer, playlistId }: { viewer: Viewer; playlistId: number },
): Promise<PlaylistDetail | null> {
  const access = await viewer.access();
  const [summary] = await loadPlaylistSummaries(ctx, access, { playlistId });
  if (!summary) return null;
  const rows = await ctx.db
    .select(lessonColumns)
    .from(playlistVideos)
    .innerJoin(
      playlists,
      and(eq(playlists.id, playlistVideos.playlistId), eq(playlists.id, playlistId), visiblePlaylists(access)),
    )
    .innerJoin(videos, and(eq(videos.id, playlistVideos.lessonId), publishedVideo))
    .leftJoin(videoProgress, progressJoin(access))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.lessonId));
  const lessons = toLessons(rows, access);
  const next = pickNextLesson(lessons);
  return {
    ...summary,
    // Recomputed from the rows, so the page agrees with itself even if a lesson changed in between.
    lessonCount: lessons.length,
    progress: access.userId === null ? null : summarizeProgress(lessons),
    lessons,
    nextLesson: next ? { id: next.id, title: next.title, slug: next.slug } : null,
  };
}

/**
 * What the no-JavaScript "Add to playlist" page shows (app/features/collections/routes/playlist-add.tsx): the
 * lesson (published only; else null) and the learner's own playlists, each saying whether it holds it.
 */
export async function playlistChoicesFor(
  ctx: AppContext,
  { viewer, videoId }: { viewer: Viewer; videoId: number },
): Promise<{ lesson: { id: number; title: string; slug: string }; mine: PlaylistSummary[] } | null> {
  const [lesson] = await ctx.db
    .select({ id: videos.id, title: videos.title, slug: videos.slug })
    .from(videos)
    .where(and(eq(videos.id, videoId), publishedVideo));
  if (!lesson) return null;
  const { mine } = await listPlaylists(ctx, { viewer, containingVideoId: videoId });
  return { lesson, mine };
}
