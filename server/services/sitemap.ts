import { asc, eq } from "drizzle-orm";
import { series, studyTracks, videos } from "#drizzle/schema";
import { lessonSummary } from "#core/share-text";
import type { AppContext } from "../context";
import { blogPostPath, escapeXml, listPublishedPostsForIndex } from "./blog";
import { collectionPath } from "./lessons";
import { absoluteUrl, lessonShare, shareImagePath, standaloneLessonPath } from "./share";
import { markdownToText } from "../lib/markdown";

/** Public pages that exist without any content (docs/product-rules.md#layouts-and-routes). */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/faq",
  "/about",
  "/terms-of-use",
  "/privacy-policy",
  "/blog",
  "/video-library",
  "/courses",
  "/series",
  "/community",
  "/flashcards",
  "/listening-activity",
] as const;

/** Google's video sitemap fields for a lesson page (docs/seo.md); every URL is absolute and unsigned. */
export interface SitemapVideo {
  thumbnailUrl: string;
  title: string;
  description: string;
  /** The lesson page itself, from its start (`?t=0`): the player. Never the media, whose URLs are signed. */
  playerUrl: string;
  durationSeconds: number;
  publishedAt: Date | null;
  requiresSubscription: boolean;
}

export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
  /** The page's picture (image sitemap), absolute. */
  imageUrl?: string;
  video?: SitemapVideo;
}

/**
 * Every page a visitor can open without signing in: the fixed ones, published posts, lessons (free and premium:
 * a premium lesson's page is its public preview), courses and series. Drafts of any kind are left out.
 */
export async function listSitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const [posts, [lessons, courses, seriesRows]] = await Promise.all([
    listPublishedPostsForIndex(ctx),
    ctx.db.batch([
      ctx.db
        .select({
          id: videos.id,
          title: videos.title,
          slug: videos.slug,
          description: videos.description,
          durationSeconds: videos.durationSeconds,
          isFree: videos.isFree,
          publishedAt: videos.publishedAt,
          updatedAt: videos.updatedAt,
          thumbnailKey: videos.thumbnailKey,
        })
        .from(videos)
        .where(eq(videos.isPublished, true))
        .orderBy(asc(videos.id)),
      ctx.db
        .select({
          id: studyTracks.id,
          title: studyTracks.title,
          slug: studyTracks.slug,
          updatedAt: studyTracks.updatedAt,
        })
        .from(studyTracks)
        .where(eq(studyTracks.isPublished, true))
        .orderBy(asc(studyTracks.id)),
      ctx.db
        .select({ id: series.id, title: series.title, slug: series.slug, updatedAt: series.updatedAt })
        .from(series)
        .where(eq(series.isPublished, true))
        .orderBy(asc(series.id)),
    ]),
  ]);
  const lessonEntries = lessons.map((lesson): SitemapEntry => {
    const share = lessonShare(ctx, lesson);
    return {
      path: standaloneLessonPath(lesson),
      lastModified: lesson.updatedAt,
      imageUrl: share.imageUrl,
      video: {
        thumbnailUrl: share.imageUrl,
        title: lesson.title,
        // Google reads up to 2,048 characters.
        description: lessonSummary({ title: lesson.title, descriptionText: markdownToText(lesson.description) }, 2048),
        playerUrl: `${share.url}?t=0`,
        durationSeconds: lesson.durationSeconds,
        publishedAt: lesson.publishedAt,
        requiresSubscription: !lesson.isFree,
      },
    };
  });
  const collectionEntry = (kind: "course" | "series") => (row: (typeof courses)[number]) => ({
    path: collectionPath(kind, row),
    lastModified: row.updatedAt,
    imageUrl: absoluteUrl(ctx, shareImagePath(kind, row.id)),
  });
  return [
    ...STATIC_SITEMAP_PATHS.map((path) => ({ path, lastModified: null })),
    ...posts.map((post) => ({ path: blogPostPath(post), lastModified: post.updatedAt })),
    ...lessonEntries,
    ...courses.map(collectionEntry("course")),
    ...seriesRows.map(collectionEntry("series")),
  ];
}

const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function videoXml(video: SitemapVideo): string {
  const parts = [
    tag("video:thumbnail_loc", video.thumbnailUrl),
    tag("video:title", video.title),
    tag("video:description", video.description),
    tag("video:player_loc", video.playerUrl),
    // Google takes 1 to 28,800 seconds; a lesson without a measured duration says nothing.
    video.durationSeconds >= 1
      ? tag("video:duration", String(Math.min(28_800, Math.round(video.durationSeconds))))
      : "",
    video.publishedAt ? tag("video:publication_date", video.publishedAt.toISOString()) : "",
    tag("video:requires_subscription", video.requiresSubscription ? "yes" : "no"),
  ];
  return `<video:video>${parts.join("")}</video:video>`;
}

/**
 * The sitemap protocol's urlset with the image and video extensions, absolute URLs on APP_URL (paths
 * percent-encoded, e.g. Arabic slugs) and every text escaped.
 */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const entries = await listSitemapEntries(ctx);
  const urls = entries.map((entry) => {
    const loc = tag("loc", absoluteUrl(ctx, entry.path));
    const lastmod = entry.lastModified ? tag("lastmod", entry.lastModified.toISOString().slice(0, 10)) : "";
    const image = entry.imageUrl ? `<image:image>${tag("image:loc", entry.imageUrl)}</image:image>` : "";
    const video = entry.video ? videoXml(entry.video) : "";
    return `  <url>${loc}${lastmod}${image}${video}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
