import { asc, eq } from "drizzle-orm";
import { series, studyTracks } from "#drizzle/schema";
import type { AppContext } from "../context";
import { blogPostPath, escapeXml, listPublishedPostsForIndex } from "./blog";
import { collectionPath } from "./lessons";

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

export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

/**
 * Every page a visitor can open without signing in: the fixed ones, published posts, courses and series.
 * Lesson pages are left out: every lesson, free ones included, sends a visitor to the sign-in page first,
 * and a sitemap full of redirects to a login form hurts more than it helps.
 */
export async function listSitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const [posts, courses, seriesRows] = await Promise.all([
    listPublishedPostsForIndex(ctx),
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
  ]);
  return [
    ...STATIC_SITEMAP_PATHS.map((path) => ({ path, lastModified: null })),
    ...posts.map((post) => ({ path: blogPostPath(post), lastModified: post.updatedAt })),
    ...courses.map((course) => ({ path: collectionPath("course", course), lastModified: course.updatedAt })),
    ...seriesRows.map((row) => ({ path: collectionPath("series", row), lastModified: row.updatedAt })),
  ];
}

/** The sitemap protocol's urlset, with absolute URLs on APP_URL (paths percent-encoded, e.g. Arabic slugs). */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const origin = ctx.config.appUrl.replace(/\/+$/, "");
  const entries = await listSitemapEntries(ctx);
  const urls = entries.map((entry) => {
    const loc = escapeXml(new URL(entry.path, `${origin}/`).toString());
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${loc}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
