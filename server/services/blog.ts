import { and, asc, count, desc, eq, isNull, ne } from "drizzle-orm";
import { blogComments, blogs, suggestedBlogs, users } from "#drizzle/schema";
import { slugify } from "#core/slug";
import type { Member, Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import { renderEditorialMarkdown } from "../lib/markdown";
import { renderPost, toDiscussionAuthor, type DiscussionAuthor } from "./discussion";
import { isMediaKey, signMediaUrl } from "./media";
import { bumpPageCache } from "./page-cache";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";

// The public blog: published posts for everyone, drafts for admins, member comments, suggestions, RSS.

export const BLOG_PAGE_SIZE = 9;
export const SUGGESTED_POSTS = 3;
export const BLOG_FEED_SIZE = 20;
export const BLOG_COMMENT_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60 * 1000 };
const WORDS_PER_MINUTE = 200;

export function blogPostPath(post: { id: number; slug: string; title: string }) {
  return `/blog/${post.id}/${post.slug || slugify(post.title)}`;
}

/** Whole minutes at an unhurried reading pace, never less than one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

const ARABIC_PHRASE = /[\u0621-\u064a][\u0600-\u06ff]*(?:\s+[\u0621-\u064a][\u0600-\u06ff]*){0,2}/gu;

/**
 * The Arabic phrase shown large on a post without a cover image: the first bold Arabic example, else
 * the first Arabic words (at most three, at least three letters, so a lone letter from a table won't do).
 */
export function coverPhrase(markdown: string): string | null {
  for (const bold of markdown.matchAll(/\*\*([^*\n]+)\*\*/g)) {
    const phrase = bold[1]!.match(ARABIC_PHRASE)?.[0];
    if (phrase && phrase.replace(/[^\u0621-\u064a]/g, "").length >= 3) return phrase.trim();
  }
  for (const phrase of markdown.match(ARABIC_PHRASE) ?? []) {
    if (phrase.replace(/[^\u0621-\u064a]/g, "").length >= 3) return phrase.trim();
  }
  return null;
}

const COVER_URL_BUCKET_SECONDS = 24 * 60 * 60;

/**
 * Covers are public. The URL is stable for a whole day (expiry rounded up to the next day, 7–8 days
 * away) so browsers and link-preview crawlers can cache the image behind og:image.
 */
async function signCoverUrl(ctx: AppContext, key: string | null): Promise<string | null> {
  if (!key || !isMediaKey(key)) return null;
  const now = Math.floor(ctx.now().getTime() / 1000);
  const expires = Math.ceil((now + 1) / COVER_URL_BUCKET_SECONDS) * COVER_URL_BUCKET_SECONDS + 7 * 24 * 60 * 60;
  return signMediaUrl(ctx, { key, expiresInSeconds: expires - now });
}

export interface BlogPostSummary {
  id: number;
  title: string;
  slug: string;
  path: string;
  excerpt: string;
  status: "draft" | "published";
  publishedAt: Date | null;
  updatedAt: Date;
  coverUrl: string | null;
  coverPhrase: string | null;
  readingMinutes: number;
  author: { name: string } | null;
}

export interface BlogPostDetail extends BlogPostSummary {
  html: string;
}

const postColumns = {
  id: blogs.id,
  title: blogs.title,
  slug: blogs.slug,
  excerpt: blogs.excerpt,
  body: blogs.body,
  status: blogs.status,
  publishedAt: blogs.publishedAt,
  updatedAt: blogs.updatedAt,
  coverKey: blogs.coverKey,
  authorName: users.name,
};

type PostRow = {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  status: "draft" | "published";
  publishedAt: Date | null;
  updatedAt: Date;
  coverKey: string | null;
  authorName: string | null;
};

async function toSummary(ctx: AppContext, row: PostRow): Promise<BlogPostSummary> {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug || slugify(row.title),
    path: blogPostPath(row),
    excerpt: row.excerpt,
    status: row.status,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    coverUrl: await signCoverUrl(ctx, row.coverKey),
    coverPhrase: coverPhrase(row.body),
    readingMinutes: readingMinutes(row.body),
    author: row.authorName ? { name: row.authorName } : null,
  };
}

const isPublished = eq(blogs.status, "published");

/** Newest first; drafts (admins only) come first, since they have no publication date yet. */
export async function listBlogPosts(
  ctx: AppContext,
  { viewer, page = 1, pageSize = BLOG_PAGE_SIZE }: { viewer: Viewer; page?: number; pageSize?: number },
) {
  const where = viewer.canSeeDrafts ? undefined : isPublished;
  const [rows, totals] = await ctx.db.batch([
    ctx.db
      .select(postColumns)
      .from(blogs)
      .leftJoin(users, eq(users.id, blogs.authorId))
      .where(where)
      .orderBy(desc(eq(blogs.status, "draft")), desc(blogs.publishedAt), desc(blogs.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    ctx.db.select({ total: count() }).from(blogs).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: await Promise.all(rows.map((row) => toSummary(ctx, row))),
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

/** A post with its rendered body. Drafts exist only for admins: for anyone else they are null, like unknown ids. */
export async function getBlogPost(
  ctx: AppContext,
  { viewer, blogId }: { viewer: Viewer; blogId: number },
): Promise<BlogPostDetail | null> {
  const [row] = await ctx.db
    .select(postColumns)
    .from(blogs)
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(and(eq(blogs.id, blogId), viewer.canSeeDrafts ? undefined : isPublished))
    .limit(1);
  if (!row) return null;
  return { ...(await toSummary(ctx, row)), html: renderEditorialMarkdown(row.body) };
}

/** The admin's picks for the end of a post (published ones, in order), else the newest other posts. */
export async function listSuggestedPosts(
  ctx: AppContext,
  { blogId, limit = SUGGESTED_POSTS }: { blogId: number; limit?: number },
): Promise<BlogPostSummary[]> {
  const picked = await ctx.db
    .select(postColumns)
    .from(suggestedBlogs)
    .innerJoin(blogs, eq(blogs.id, suggestedBlogs.suggestedBlogId))
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(and(eq(suggestedBlogs.blogId, blogId), isPublished, ne(blogs.id, blogId)))
    .orderBy(asc(suggestedBlogs.position), asc(suggestedBlogs.id))
    .limit(limit);
  const rows =
    picked.length > 0
      ? picked
      : await ctx.db
          .select(postColumns)
          .from(blogs)
          .leftJoin(users, eq(users.id, blogs.authorId))
          .where(and(isPublished, ne(blogs.id, blogId)))
          .orderBy(desc(blogs.publishedAt), desc(blogs.id))
          .limit(limit);
  return Promise.all(rows.map((row) => toSummary(ctx, row)));
}

/** Every published post, newest first, for the feed and the sitemap. */
export async function listPublishedPostsForIndex(ctx: AppContext, { limit }: { limit?: number } = {}) {
  const query = ctx.db
    .select({
      id: blogs.id,
      title: blogs.title,
      slug: blogs.slug,
      excerpt: blogs.excerpt,
      publishedAt: blogs.publishedAt,
      updatedAt: blogs.updatedAt,
      authorName: users.name,
    })
    .from(blogs)
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(isPublished)
    .orderBy(desc(blogs.publishedAt), desc(blogs.id));
  return limit ? query.limit(limit) : query;
}

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

export interface BlogComment {
  id: number;
  html: string;
  mostlyArabic: boolean;
  createdAt: Date;
  author: DiscussionAuthor;
  isOwn: boolean;
  canDelete: boolean;
}

/**
 * Hidden (by a moderator) and deleted comments are left out for everyone, admins included. Comments of
 * deleted accounts stay, under the "Deleted member" name the account deletion leaves behind.
 */
const shownComments = (blogId: number) =>
  and(eq(blogComments.blogId, blogId), eq(blogComments.isHidden, false), isNull(blogComments.deletedAt));

export async function listBlogComments(
  ctx: AppContext,
  { blogId, viewer }: { blogId: number; viewer: Viewer },
): Promise<BlogComment[]> {
  const rows = await ctx.db
    .select({
      id: blogComments.id,
      body: blogComments.body,
      createdAt: blogComments.createdAt,
      userId: blogComments.userId,
      authorName: users.name,
      authorAvatarKey: users.avatarKey,
    })
    .from(blogComments)
    .innerJoin(users, eq(users.id, blogComments.userId))
    .where(shownComments(blogId))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
    .limit(500);
  return rows.map((row) => {
    const isOwn = row.userId === viewer.userId;
    return {
      id: row.id,
      ...renderPost(row.body),
      createdAt: row.createdAt,
      author: toDiscussionAuthor(row.userId, row.authorName, row.authorAvatarKey),
      isOwn,
      canDelete: isOwn || viewer.canModerateComments,
    };
  });
}

export async function createBlogComment(
  ctx: AppContext,
  { viewer, blogId, body }: { viewer: Member } & { blogId: number; body: string },
): Promise<{ id: number }> {
  // Comments belong to published posts only, even for admins previewing a draft.
  const [post] = await ctx.db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, blogId), isPublished))
    .limit(1);
  if (!post) throw notFound("We couldn't find that post.");
  const hits = await hitRateLimit(ctx, { key: `blog-comment:user:${viewer.userId}`, rule: BLOG_COMMENT_RATE_LIMIT });
  if (hits > BLOG_COMMENT_RATE_LIMIT.limit) {
    throw new AppError(429, ["You're commenting very quickly. Please wait a few minutes and try again."]);
  }
  const now = ctx.now();
  const [inserted] = await ctx.db
    .insert(blogComments)
    .values({ blogId, userId: viewer.userId, body, createdAt: now, updatedAt: now })
    .returning({ id: blogComments.id });
  // The post's page shows its comments: a visitor's cached copy is purged (server/services/page-cache.ts).
  await bumpPageCache(ctx);
  return { id: inserted!.id };
}

/** Soft-deletes the viewer's own comment (any comment for an admin). Others' answer 404, like missing ones. */
export async function deleteBlogComment(
  ctx: AppContext,
  { viewer, blogId, commentId }: { viewer: Member } & { blogId: number; commentId: number },
): Promise<void> {
  const now = ctx.now();
  const deleted = await ctx.db
    .update(blogComments)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(blogComments.blogId, blogId),
        eq(blogComments.id, commentId),
        isNull(blogComments.deletedAt),
        viewer.canModerateComments ? undefined : eq(blogComments.userId, viewer.userId),
      ),
    )
    .returning({ id: blogComments.id });
  if (deleted.length === 0) throw notFound("We couldn't find that comment among yours.");
  await bumpPageCache(ctx);
}

/**
 * Whether a member's name is on a public blog page: as the author of a published post or of a comment
 * readers see. Support's rename or deletion of such a member purges the cached pages.
 */
export async function isNamedOnBlog(ctx: AppContext, { userId }: { userId: number }): Promise<boolean> {
  const [posts, comments] = await ctx.db.batch([
    ctx.db
      .select({ id: blogs.id })
      .from(blogs)
      .where(and(eq(blogs.authorId, userId), isPublished))
      .limit(1),
    ctx.db
      .select({ id: blogComments.id })
      .from(blogComments)
      .where(and(eq(blogComments.userId, userId), eq(blogComments.isHidden, false), isNull(blogComments.deletedAt)))
      .limit(1),
  ]);
  return posts.length > 0 || comments.length > 0;
}

// ---------------------------------------------------------------------------------------------
// RSS
// ---------------------------------------------------------------------------------------------

/** Escapes text for XML element content and attribute values. */
export function escapeXml(value: string): string {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Control characters are not allowed in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
  );
}

/** RSS 2.0 of the newest published posts, with absolute links on APP_URL. */
export async function buildBlogRss(ctx: AppContext): Promise<string> {
  const posts = await listPublishedPostsForIndex(ctx, { limit: BLOG_FEED_SIZE });
  const origin = ctx.config.appUrl.replace(/\/+$/, "");
  const blogUrl = `${origin}/blog`;
  const newest = posts[0]?.publishedAt ?? ctx.now();
  const items = posts.map((post) => {
    const link = `${origin}${blogPostPath(post)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      post.authorName ? `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>` : null,
      post.publishedAt ? `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>` : null,
      "    </item>",
    ]
      .filter((line): line is string => line !== null)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${ctx.config.appName} blog`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml("Notes on learning Levantine Arabic: everyday expressions, dialect tips and how to study with video.")}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
