import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { blogComments, blogs, suggestedBlogs } from "../../drizzle/schema";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { AppError } from "../../server/lib/errors";
import {
  BLOG_COMMENT_RATE_LIMIT,
  blogPostPath,
  buildBlogRss,
  coverPhrase,
  createBlogComment,
  deleteBlogComment,
  escapeXml,
  getBlogPost,
  listBlogComments,
  listBlogPosts,
  listSuggestedPosts,
  readingMinutes,
} from "../../server/services/blog";
import { buildSitemap } from "../../server/services/sitemap";
import { createUser, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);
const DAY = 24 * 60 * 60 * 1000;

async function createPost(
  values: Partial<typeof blogs.$inferInsert> & { title: string; daysAgo?: number; authorId?: number | null },
) {
  const { daysAgo = 1, ...rest } = values;
  const at = new Date(Date.now() - daysAgo * DAY);
  const status = rest.status ?? "published";
  const [row] = await ctx.db
    .insert(blogs)
    .values({
      slug: rest.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      excerpt: `About ${rest.title}`,
      body: `Some words about **${rest.title}**.`,
      publishedAt: status === "published" ? at : null,
      createdAt: at,
      updatedAt: at,
      ...rest,
      status,
    })
    .returning();
  return row!;
}

async function people() {
  const admin = await createUser({ permissions: ["admin"], name: "Amal Admin" });
  const member = await createUser({ name: "Mona Member" });
  const other = await createUser({ name: "Omar Other" });
  return { admin, member, other };
}

// Storage is shared by the tests of this file: each starts from an empty blog.
beforeEach(async () => {
  await ctx.db.delete(blogs);
});

const viewerOf = (user: { id: number }, permissions: string[] = []) => createViewer(ctx, { id: user.id, permissions });
const visitor = createViewer(ctx, null);

async function expectAppError(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
}

/** A strict-enough XML check for our generated feeds: entities are known ones and every tag closes in order. */
function expectWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  for (const match of body.matchAll(/&/g)) {
    expect(body.slice(match.index, match.index + 7)).toMatch(/^&(amp|lt|gt|quot|apos);/);
  }
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)(?:\s+[^<>]*?)?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
  // No stray "<" outside tags (i.e. every "<" starts a tag we parsed).
  expect(body.replace(/<\/?[A-Za-z][\w:.-]*(?:\s+[^<>]*?)?\/?>/g, "")).not.toContain("<");
}

describe("reading helpers", () => {
  it("estimates reading time at about 200 words a minute, never under one", () => {
    expect(readingMinutes("short")).toBe(1);
    expect(readingMinutes(Array.from({ length: 1000 }, () => "word").join(" "))).toBe(5);
    expect(readingMinutes(Array.from({ length: 600 }, () => "كلمة").join(" "))).toBe(3);
  });

  it("picks the first bold Arabic example for a cover, skipping lone letters", () => {
    expect(coverPhrase("| ء | glottal |\n\nSay **شو بدّك؟** please")).toBe("شو بدّك؟");
    expect(coverPhrase("no Arabic here")).toBeNull();
  });

  it("escapes XML special characters", () => {
    expect(escapeXml(`Tom & "Jerry" <b>'s`)).toBe("Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s");
  });
});

describe("published and draft posts", () => {
  it("lists published posts for visitors and members, drafts only for admins (marked as drafts)", async () => {
    const { admin, member } = await people();
    const older = await createPost({ title: "Older post", daysAgo: 5 });
    const newer = await createPost({ title: "Newer post", daysAgo: 1 });
    const draft = await createPost({ title: "Secret draft", status: "draft" });

    for (const viewer of [visitor, viewerOf(member)]) {
      const list = await listBlogPosts(ctx, { viewer });
      expect(list.items.map((post) => post.id)).toEqual([newer.id, older.id]);
      expect(list.total).toBe(2);
    }
    const adminList = await listBlogPosts(ctx, { viewer: viewerOf(admin, ["admin"]) });
    expect(adminList.items.map((post) => [post.id, post.status])).toEqual([
      [draft.id, "draft"],
      [newer.id, "published"],
      [older.id, "published"],
    ]);
  });

  it("paginates", async () => {
    for (let index = 0; index < 5; index++) await createPost({ title: `Post ${index}`, daysAgo: index + 1 });
    const first = await listBlogPosts(ctx, { viewer: visitor, pageSize: 2 });
    const third = await listBlogPosts(ctx, { viewer: visitor, pageSize: 2, page: 3 });
    expect(first.pageCount).toBe(3);
    expect(first.items.map((post) => post.title)).toEqual(["Post 0", "Post 1"]);
    expect(third.items.map((post) => post.title)).toEqual(["Post 4"]);
  });

  it("hides a draft from everyone but admins, like an unknown id", async () => {
    const { admin, member } = await people();
    const draft = await createPost({ title: "Draft only", status: "draft" });
    expect(await getBlogPost(ctx, { viewer: visitor, blogId: draft.id })).toBeNull();
    expect(await getBlogPost(ctx, { viewer: viewerOf(member), blogId: draft.id })).toBeNull();
    expect(await getBlogPost(ctx, { viewer: visitor, blogId: 987654 })).toBeNull();
    const seen = await getBlogPost(ctx, { viewer: viewerOf(admin, ["admin"]), blogId: draft.id });
    expect(seen?.status).toBe("draft");
    expect(seen?.path).toBe(`/blog/${draft.id}/draft-only`);
  });

  it("renders markdown with Arabic marked right-to-left and raw HTML left inert", async () => {
    const post = await createPost({
      title: "Arabic examples",
      body: [
        "Say **شو بدّك؟** in a café.",
        "",
        "مرحبا، كيفك اليوم؟ أنا منيح.",
        "",
        "- **يلّا** (*yalla*) — let's go",
        "",
        '<script>alert("x")</script> <img src=x onerror=alert(1)> [click](javascript:alert(1))',
      ].join("\n"),
    });
    const detail = await getBlogPost(ctx, { viewer: visitor, blogId: post.id });
    const html = detail!.html;
    expect(html).toContain('<strong><span lang="ar" dir="rtl">شو بدّك؟</span></strong>');
    expect(html).toContain('<p lang="ar" dir="rtl">مرحبا، كيفك اليوم؟ أنا منيح.</p>');
    expect(html).toContain('<span lang="ar" dir="rtl">يلّا</span>');
    // The payload survives only as escaped text: no element, no attribute, no javascript: link.
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain("&lt;script&gt;");
    expect(detail!.readingMinutes).toBe(1);
  });
});

describe("comments", () => {
  it("members comment; hidden and deleted comments are not shown; own delete only", async () => {
    const { admin, member, other } = await people();
    const post = await createPost({ title: "Commented" });
    const mine = await createBlogComment(ctx, {
      viewer: viewerOf(member),
      blogId: post.id,
      body: "Great post, **shukran**!",
    });
    const theirs = await createBlogComment(ctx, { viewer: viewerOf(other), blogId: post.id, body: "Same here" });
    const hidden = await createBlogComment(ctx, { viewer: viewerOf(other), blogId: post.id, body: "Spam" });
    await ctx.db.update(blogComments).set({ isHidden: true }).where(eq(blogComments.id, hidden.id));

    const asMember = await listBlogComments(ctx, { blogId: post.id, viewer: viewerOf(member) });
    expect(asMember.map((comment) => [comment.id, comment.isOwn, comment.canDelete])).toEqual([
      [mine.id, true, true],
      [theirs.id, false, false],
    ]);
    expect(asMember[0]!.html).toContain("<strong>shukran</strong>");
    expect(asMember[0]!.author.name).toBe("Mona Member");

    // Someone else's comment answers like a missing one.
    await expectAppError(
      deleteBlogComment(ctx, { viewer: viewerOf(member), blogId: post.id, commentId: theirs.id }),
      404,
    );
    await expectAppError(deleteBlogComment(ctx, { viewer: viewerOf(member), blogId: post.id, commentId: 999999 }), 404);
    await deleteBlogComment(ctx, { viewer: viewerOf(member), blogId: post.id, commentId: mine.id });
    await expectAppError(
      deleteBlogComment(ctx, { viewer: viewerOf(member), blogId: post.id, commentId: mine.id }),
      404,
    );
    // Admins moderate any comment.
    await deleteBlogComment(ctx, { viewer: viewerOf(admin, ["admin"]), blogId: post.id, commentId: theirs.id });

    expect(await listBlogComments(ctx, { blogId: post.id, viewer: visitor })).toEqual([]);
    const [row] = await ctx.db.select().from(blogComments).where(eq(blogComments.id, mine.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });

  it("renders script and HTML payloads as inert text", async () => {
    const { member } = await people();
    const post = await createPost({ title: "XSS" });
    await createBlogComment(ctx, {
      viewer: viewerOf(member),
      blogId: post.id,
      body: '<script>alert(1)</script><img src=x onerror="alert(2)"> [x](javascript:alert(3)) https://example.com',
    });
    const [comment] = await listBlogComments(ctx, { blogId: post.id, viewer: visitor });
    expect(comment!.html).not.toMatch(/<script|<img|onerror="|href="javascript:/i);
    expect(comment!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(comment!.html).toContain('rel="nofollow ugc noopener"');
  });

  it("refuses comments on drafts and unknown posts", async () => {
    const { admin } = await people();
    const draft = await createPost({ title: "Draft for comments", status: "draft" });
    await expectAppError(
      createBlogComment(ctx, { viewer: viewerOf(admin, ["admin"]), blogId: draft.id, body: "hi" }),
      404,
    );
    await expectAppError(
      createBlogComment(ctx, { viewer: viewerOf(admin, ["admin"]), blogId: 424242, body: "hi" }),
      404,
    );
  });

  it("rate-limits a member's comments with a clear message", async () => {
    const { member } = await people();
    const post = await createPost({ title: "Busy" });
    for (let index = 0; index < BLOG_COMMENT_RATE_LIMIT.limit; index++) {
      await createBlogComment(ctx, { viewer: viewerOf(member), blogId: post.id, body: `Comment ${index}` });
    }
    const error = await createBlogComment(ctx, {
      viewer: viewerOf(member),
      blogId: post.id,
      body: "One too many",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).messages[0]).toMatch(/wait a few minutes/);
    expect(await listBlogComments(ctx, { blogId: post.id, viewer: visitor })).toHaveLength(
      BLOG_COMMENT_RATE_LIMIT.limit,
    );
  });
});

describe("suggested posts", () => {
  it("uses the admin's picks in order, skipping unpublished ones", async () => {
    const post = await createPost({ title: "Main" });
    const first = await createPost({ title: "First pick", daysAgo: 30 });
    const second = await createPost({ title: "Second pick", daysAgo: 40 });
    const draft = await createPost({ title: "Draft pick", status: "draft" });
    await createPost({ title: "Newest but not picked", daysAgo: 0 });
    await ctx.db.insert(suggestedBlogs).values([
      { blogId: post.id, suggestedBlogId: second.id, position: 1 },
      { blogId: post.id, suggestedBlogId: draft.id, position: 0 },
      { blogId: post.id, suggestedBlogId: first.id, position: 0 },
    ]);
    const suggested = await listSuggestedPosts(ctx, { blogId: post.id });
    expect(suggested.map((item) => item.title)).toEqual(["First pick", "Second pick"]);
  });

  it("falls back to the newest other published posts", async () => {
    const post = await createPost({ title: "Lonely", daysAgo: 2 });
    await createPost({ title: "Old", daysAgo: 50 });
    await createPost({ title: "Recent", daysAgo: 1 });
    await createPost({ title: "Middle", daysAgo: 10 });
    await createPost({ title: "Ancient", daysAgo: 90 });
    await createPost({ title: "Unfinished", status: "draft" });
    const suggested = await listSuggestedPosts(ctx, { blogId: post.id });
    expect(suggested.map((item) => item.title)).toEqual(["Recent", "Middle", "Old"]);
  });
});

describe("RSS feed and sitemap", () => {
  it("is well-formed RSS 2.0 with escaped text, absolute links and no drafts", async () => {
    const { admin } = await people();
    const tricky = await createPost({
      title: `Tea & "coffee" <in> Beirut`,
      excerpt: "Sugar? <b>No</b> & thanks",
      authorId: admin.id,
    });
    await createPost({ title: "Hidden draft", status: "draft" });
    const xml = await buildBlogRss(ctx);
    expectWellFormedXml(xml);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Tea &amp; &quot;coffee&quot; &lt;in&gt; Beirut</title>");
    expect(xml).toContain("<description>Sugar? &lt;b&gt;No&lt;/b&gt; &amp; thanks</description>");
    expect(xml).toContain(`<link>https://ahla.test${blogPostPath(tricky)}</link>`);
    expect(xml).toContain("<dc:creator>Amal Admin</dc:creator>");
    expect(xml).toContain(`<pubDate>${tricky.publishedAt!.toUTCString()}</pubDate>`);
    expect(xml).not.toContain("Hidden draft");
    for (const [, link] of xml.matchAll(/<link>([^<]+)<\/link>/g)) expect(link).toMatch(/^https:\/\/ahla\.test\//);
  });

  it("lists the public pages and published posts, not drafts", async () => {
    const published = await createPost({ title: "In the sitemap" });
    const draft = await createPost({ title: "Not in the sitemap", status: "draft" });
    const xml = await buildSitemap(ctx);
    expectWellFormedXml(xml);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ["/", "/faq", "/about", "/terms-of-use", "/privacy-policy", "/blog", "/video-library"]) {
      expect(locations).toContain(`https://ahla.test${path}`);
    }
    expect(locations).toContain(`https://ahla.test${blogPostPath(published)}`);
    expect(locations.some((location) => location!.includes(`/blog/${draft.id}/`))).toBe(false);
  });
});
