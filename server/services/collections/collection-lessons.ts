import { and, eq, sql, type SQL } from "drizzle-orm";
import { videoProgress, videos, type Level } from "#drizzle/schema";
import { slugify } from "#core/slug";
import { isLessonLocked, type LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { isMediaKey, signMediaUrl } from "../media";
import { toLessonProgress, type LessonProgress } from "./progress";

// Courses (study tracks), series and playlists: ordered lessons with the viewer's locks and progress.
// The viewer's access (`LessonAccessFacts`, server/access) decides the locks, and its `userId` brings their own progress.
// This file: the query pieces and shapes courses, series and playlists share.

export interface CollectionLesson {
  id: number;
  /** 1-based place in the collection's order. */
  number: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  locked: boolean;
  progress: LessonProgress | null;
}

export interface LessonRef {
  id: number;
  title: string;
  slug: string;
}

export const lessonColumns = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
  thumbnailKey: videos.thumbnailKey,
  positionSeconds: videoProgress.positionSeconds,
  completedAt: videoProgress.completedAt,
};

export type LessonRow = {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  thumbnailKey: string | null;
  positionSeconds: number | null;
  completedAt: Date | null;
};

export const publishedVideo = eq(videos.isPublished, true);

/** Joins the viewer's own progress row; visitors join nothing. */
export function progressJoin(access: LessonAccessFacts): SQL | undefined {
  return and(
    eq(videoProgress.videoId, videos.id),
    access.userId === null ? sql`0` : eq(videoProgress.userId, access.userId),
  );
}

export function toLessons(rows: LessonRow[], access: LessonAccessFacts): CollectionLesson[] {
  return rows.map((row, index) => ({
    id: row.id,
    number: index + 1,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug || slugify(row.title),
    level: row.level,
    durationSeconds: row.durationSeconds,
    isFree: row.isFree,
    locked: isLessonLocked(row, access),
    progress: access.userId === null ? null : toLessonProgress(row.durationSeconds, row),
  }));
}

/**
 * The picture on a card: the collection's own cover (catalogue art, shown to all), else the poster of
 * its first lesson when the viewer may open that lesson (media is only signed for entitled viewers).
 */
export async function coverUrl(
  ctx: AppContext,
  ownKey: string | null,
  firstLesson: { thumbnailKey: string | null; locked: boolean } | undefined,
): Promise<string | null> {
  if (ownKey && isMediaKey(ownKey)) return signMediaUrl(ctx, { key: ownKey });
  if (firstLesson && !firstLesson.locked && firstLesson.thumbnailKey && isMediaKey(firstLesson.thumbnailKey)) {
    return signMediaUrl(ctx, { key: firstLesson.thumbnailKey });
  }
  return null;
}
