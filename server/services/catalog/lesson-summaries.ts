import type { BatchItem } from "drizzle-orm/batch";
import { countries, videos, type Level } from "#drizzle/schema";
import type { LessonProgress, LibraryMatch } from "#core/library-query";
import { isLessonLocked, type LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { isMediaKey, MEDIA_URL_LIFETIME_SECONDS, signMediaUrl } from "../media";

// A lesson as every catalogue list shows it (the home page, the library, "continue watching"): its summary,
// signed thumbnail, lock for the viewer and their progress, and the helpers the lists share to read them.

/**
 * The same lessons with their locks computed for this viewer. A search match inside a locked lesson's
 * transcript keeps only its time, as the captions of that lesson are refused to this viewer too.
 */
export function withLocks<T extends { isFree: boolean; locked: boolean; match?: LibraryMatch | null }>(
  lessons: T[],
  access: LessonAccessFacts,
): T[] {
  return lessons.map((lesson) => {
    const locked = isLessonLocked(lesson, access);
    const match = lesson.match;
    if (!locked || !match || match.kind !== "cue") return { ...lesson, locked };
    return { ...lesson, locked, match: { kind: "locked-cue", startSeconds: match.startSeconds } };
  });
}

export interface LessonSummary {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  publishedAt: Date | null;
  thumbnailKey: string | null;
  /** A signed URL for the thumbnail (thumbnails are public teasers, signed for everyone); null without one. */
  thumbnailUrl: string | null;
  country: { name: string; code: string; dialect: string } | null;
  teachers: Array<{ id: number; name: string; nameAr: string | null }>;
  locked: boolean;
}

const THUMBNAIL_URL_BUCKET_SECONDS = 60 * 60;

/**
 * Signs a thumbnail so that the URL stays the same for a whole clock hour (expiry rounded up to the
 * next hour, 3 to 4 hours away): browsers cache the image across page loads instead of refetching it.
 */
export async function signThumbnailUrl(ctx: AppContext, key: string | null): Promise<string | null> {
  if (!key || !isMediaKey(key)) return null;
  const now = Math.floor(ctx.now().getTime() / 1000);
  const expires =
    Math.ceil((now + 1) / THUMBNAIL_URL_BUCKET_SECONDS) * THUMBNAIL_URL_BUCKET_SECONDS +
    MEDIA_URL_LIFETIME_SECONDS -
    THUMBNAIL_URL_BUCKET_SECONDS;
  return signMediaUrl(ctx, { key, expiresInSeconds: expires - now });
}

/** D1 binds at most 100 parameters a statement; id lists are split below that. */
const IDS_PER_STATEMENT = 90;

export function chunkIds(ids: number[]): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) chunks.push(unique.slice(i, i + IDS_PER_STATEMENT));
  return chunks;
}

export type BatchQuery = BatchItem<"sqlite">;

export interface LessonRow {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  publishedAt: Date | null;
  thumbnailKey: string | null;
  countryName: string | null;
  countryCode: string | null;
  countryDialect: string | null;
}

export async function toLessonSummary(
  ctx: AppContext,
  { countryName, countryCode, countryDialect, ...row }: LessonRow,
  teachersOf: Map<number, LessonSummary["teachers"]>,
  access: LessonAccessFacts,
): Promise<LessonSummary> {
  return {
    id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug,
    level: row.level,
    durationSeconds: row.durationSeconds,
    isFree: row.isFree,
    publishedAt: row.publishedAt,
    thumbnailKey: row.thumbnailKey,
    thumbnailUrl: await signThumbnailUrl(ctx, row.thumbnailKey),
    country:
      countryName && countryCode ? { name: countryName, code: countryCode, dialect: countryDialect ?? "" } : null,
    teachers: teachersOf.get(row.id) ?? [],
    locked: isLessonLocked(row, access),
  };
}

/** The columns a lesson summary is read from (`LessonRow`, with the views count). */
export const lessonFields = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
  publishedAt: videos.publishedAt,
  thumbnailKey: videos.thumbnailKey,
  viewsCount: videos.viewsCount,
  countryName: countries.name,
  countryCode: countries.code,
  countryDialect: countries.dialect,
};

export function progressOf(
  row: { positionSeconds: number; watchedSeconds: number; completedAt: Date | null },
  durationSeconds: number,
): LessonProgress | null {
  const completed = row.completedAt !== null;
  if (!completed && row.positionSeconds <= 0 && row.watchedSeconds <= 0) return null;
  const percent = completed
    ? 100
    : durationSeconds > 0
      ? Math.min(99, Math.max(1, Math.round((row.positionSeconds / durationSeconds) * 100)))
      : 0;
  return { positionSeconds: row.positionSeconds, percent, completed };
}
