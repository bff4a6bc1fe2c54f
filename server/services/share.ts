import { and, asc, eq } from "drizzle-orm";
import { series, seriesVideos, studyTracks, studyTrackVideos, videos } from "#drizzle/schema";
import { slugOf } from "#core/collection-paths";
import type { AppContext } from "../context";
import { isMediaKey } from "./media";
import { markdownToText } from "../lib/markdown";

// What search engines and link previews are given (docs/seo.md, ADR 040): absolute addresses on APP_URL and
// a stable, unsigned address for each published lesson's, course's and series' picture.

export const SHARE_IMAGE_KINDS = ["video", "course", "series"] as const;
export type ShareImageKind = (typeof SHARE_IMAGE_KINDS)[number];

/** The site's picture for a page without one of its own (1200×630, in public/). */
export const SITE_IMAGE_PATH = "/og-image.jpg";

/** APP_URL's origin, without a trailing slash. */
export function appOrigin(ctx: AppContext): string {
  return ctx.config.appUrl.replace(/\/+$/, "");
}

/** An absolute URL on APP_URL for a path of the site (percent-encoded: Arabic slugs). */
export function absoluteUrl(ctx: AppContext, path: string): string {
  return new URL(path, `${appOrigin(ctx)}/`).toString();
}

/**
 * The stable address of a published lesson's, course's or series' picture (app/features/site/routes/thumbnail.tsx):
 * never a signed /media URL, which expires within hours of being crawled.
 */
export function shareImagePath(kind: ShareImageKind, id: number): string {
  return `/thumbnail/${kind}/${id}`;
}

/** A lesson's own address: the one canonical URL whichever course, series or playlist it is opened in. */
export function standaloneLessonPath(lesson: { id: number; slug: string; title: string }): string {
  return `/video/${lesson.id}/${slugOf(lesson)}`;
}

export interface LessonShare {
  /** The lesson's canonical page, absolute. */
  url: string;
  /** Its picture (the lesson's thumbnail, else the site's), absolute and unsigned. */
  imageUrl: string;
}

/** What the lesson page's meta needs beyond the lesson's own fields (app/features/lessons/lesson-meta.ts). */
export function lessonShare(
  ctx: AppContext,
  lesson: { id: number; slug: string; title: string; thumbnailKey: string | null },
): LessonShare {
  const hasThumbnail = lesson.thumbnailKey !== null && isMediaKey(lesson.thumbnailKey);
  return {
    url: absoluteUrl(ctx, standaloneLessonPath(lesson)),
    imageUrl: absoluteUrl(ctx, hasThumbnail ? shareImagePath("video", lesson.id) : SITE_IMAGE_PATH),
  };
}

/** The same for a course's or series' page; its picture falls back at its address (see findShareImage). */
/** A course's or series' share fields, with its description as plain text (its Markdown read by markdown-it). */
export interface CollectionShare extends LessonShare {
  descriptionText: string;
}

export function collectionShare(
  ctx: AppContext,
  kind: "course" | "series",
  collection: { id: number; slug: string; title: string; description: string },
): CollectionShare {
  return {
    url: absoluteUrl(ctx, `/${kind}/${collection.id}/${slugOf(collection)}`),
    imageUrl: absoluteUrl(ctx, shareImagePath(kind, collection.id)),
    descriptionText: markdownToText(collection.description),
  };
}

/**
 * The R2 key behind a picture's stable address: a published lesson's thumbnail (a public teaser: the library
 * shows it to everyone, premium or not), a published course's or series' own cover, else the thumbnail of its
 * first published lesson. `undefined` when there is no such published item (404); null when it has no picture
 * (the site's picture stands in).
 */
export async function findShareImage(
  ctx: AppContext,
  { kind, id }: { kind: ShareImageKind; id: number },
): Promise<string | null | undefined> {
  const usable = (key: string | null | undefined) => (key && isMediaKey(key) ? key : null);
  if (kind === "video") {
    const [row] = await ctx.db
      .select({ key: videos.thumbnailKey })
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.isPublished, true)))
      .limit(1);
    return row ? usable(row.key) : undefined;
  }
  const [own, lessons] =
    kind === "course"
      ? await ctx.db.batch([
          ctx.db
            .select({ key: studyTracks.thumbnailKey })
            .from(studyTracks)
            .where(and(eq(studyTracks.id, id), eq(studyTracks.isPublished, true)))
            .limit(1),
          ctx.db
            .select({ key: videos.thumbnailKey })
            .from(studyTrackVideos)
            .innerJoin(videos, and(eq(videos.id, studyTrackVideos.videoId), eq(videos.isPublished, true)))
            .where(eq(studyTrackVideos.studyTrackId, id))
            .orderBy(asc(studyTrackVideos.position), asc(videos.id)),
        ])
      : await ctx.db.batch([
          ctx.db
            .select({ key: series.thumbnailKey })
            .from(series)
            .where(and(eq(series.id, id), eq(series.isPublished, true)))
            .limit(1),
          ctx.db
            .select({ key: videos.thumbnailKey })
            .from(seriesVideos)
            .innerJoin(videos, and(eq(videos.id, seriesVideos.lessonId), eq(videos.isPublished, true)))
            .where(eq(seriesVideos.seriesId, id))
            .orderBy(asc(seriesVideos.position), asc(videos.id)),
        ]);
  const [collection] = own;
  if (!collection) return undefined;
  return usable(collection.key) ?? lessons.map((lesson) => usable(lesson.key)).find((key) => key !== null) ?? null;
}

/**
 * The picture at a stable address: the R2 object, "site-image" when the published item has none (or its file is
 * gone), null when there is no such published item.
 */
export async function getShareImage(
  ctx: AppContext,
  { kind, id }: { kind: ShareImageKind; id: number },
): Promise<R2ObjectBody | "site-image" | null> {
  const key = await findShareImage(ctx, { kind, id });
  if (key === undefined) return null;
  if (key === null) return "site-image";
  return (await ctx.bucket.get(key)) ?? "site-image";
}
