import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as lessonRoute from "../../app/features/lessons/routes/lesson";
import * as courseRoute from "../../app/features/collections/routes/course";
import * as seriesRoute from "../../app/features/collections/routes/series";
import * as sitemapRoute from "../../app/features/site/routes/sitemap-xml";
import * as thumbnailRoute from "../../app/features/site/routes/thumbnail";
import { series, studyTracks, videos } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createCatalogTeacher, createLesson } from "../fixtures/catalog";
import { createCollection, createSubscription, putMedia } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";
import { childrenNamed, childText, parseXml, type XmlElement } from "./xml";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// What search engines and link previews get (docs/seo.md): the sitemap with every published lesson, course and
// series and the video fields, the stable picture addresses, and the lesson's and course's JSON-LD, canonical
// link and Open Graph tags. No signed media URL anywhere in them.

const ctx = createAppContext(testEnv);
const ORIGIN = "https://ahla.test";
const pages = remixPages(
  {
    sitemap: { path: "sitemap.xml", module: sitemapRoute },
    thumbnail: { path: "thumbnail/:kind/:id", module: thumbnailRoute },
    lesson: { path: "video/:videoId/:videoSlug", module: lessonRoute },
    "lesson-in-course": { path: "course/:courseId/:courseSlug/:videoId/:videoSlug", module: lessonRoute },
    course: { path: "course/:courseId/:courseSlug", module: courseRoute },
    series: { path: "series/:seriesId/:seriesSlug", module: seriesRoute },
  },
  { meta: true },
);

async function get(path: string, { cookie }: { cookie?: string } = {}) {
  const executionCtx = createExecutionContext();
  const response = await pages.request(
    `${ORIGIN}${path}`,
    { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" },
    testEnv,
    executionCtx,
  );
  const body = new Uint8Array(await response.arrayBuffer());
  await waitOnExecutionContext(executionCtx);
  return { response, body, text: new TextDecoder().decode(body) };
}

async function member({ subscribed = false } = {}) {
  const user = await createUser();
  if (subscribed) await createSubscription(ctx, user.id);
  const { token } = await createSession(ctx, { userId: user.id });
  return `token=${token}`;
}

// A title and a description that would break XML, HTML attributes or a script element if anything were unescaped.
const TRICKY = `Tea & "coffee" <in> Beirut </script><!-- ${crypto.randomUUID().slice(0, 6)}`;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

async function catalogue() {
  const teacher = await createCatalogTeacher(ctx, { name: "Rania Haddad" });
  const thumbnailKey = `thumbnails/seo-${crypto.randomUUID()}.jpg`;
  await putMedia(ctx, thumbnailKey, JPEG, "image/jpeg");
  const publishedAt = new Date("2026-10-02T09:30:00.000Z");
  const free = await createLesson(ctx, {
    title: TRICKY,
    titleAr: "شاي وقهوة",
    description: "Ordering **tea** & [coffee](https://example.com) in a café </script>.",
    level: "beginner",
    durationSeconds: 252,
    isFree: true,
    publishedAt,
    thumbnailKey,
    teacherIds: [teacher.id],
  });
  const premium = await createLesson(ctx, {
    title: `Wedding traditions ${crypto.randomUUID().slice(0, 6)}`,
    level: "intermediate",
    durationSeconds: 3609,
    isFree: false,
    publishedAt,
  });
  const draft = await createLesson(ctx, {
    title: `Unpublished draft ${crypto.randomUUID().slice(0, 6)}`,
    isPublished: false,
  });
  const course = await createCollection(ctx, "course", [free.id, premium.id, draft.id], {
    title: `Café course </script> ${crypto.randomUUID().slice(0, 6)}`,
  });
  const seriesRow = await createCollection(ctx, "series", [premium.id, free.id]);
  const draftCourse = await createCollection(ctx, "course", [free.id], { isPublished: false });
  return { free, premium, draft, course, series: seriesRow, draftCourse, thumbnailKey, publishedAt };
}

const lessonUrl = (lesson: { id: number; slug: string }) => `${ORIGIN}/video/${lesson.id}/${lesson.slug}`;

function decodeHtml(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The head's `<meta property|name="key" content="…">` values, in order. */
function metaValues(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((match) => decodeHtml(match[1]!));
}

function canonical(html: string) {
  return [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => decodeHtml(match[1]!));
}

/** Every JSON-LD object of the page, raw (as served) and parsed. */
function jsonLd(html: string): Array<{ raw: string; value: Record<string, unknown> }> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => ({
    raw: match[1]!,
    value: JSON.parse(match[1]!) as Record<string, unknown>,
  }));
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const ISO_DURATION = /^PT(\d+H)?(\d+M)?(\d+S)?$/;
const signed = /\/media\/|[?&]sig=|[?&]exp=/;

describe("/sitemap.xml", () => {
  it("lists every published lesson, course and series with absolute URLs and the video fields, never a draft", async () => {
    const made = await catalogue();
    // Everything published in the database (other files' rows too), read before the sitemap is asked for.
    const [lessonRows, courseRows, seriesRows] = await ctx.db.batch([
      ctx.db.select({ id: videos.id, isPublished: videos.isPublished }).from(videos),
      ctx.db.select({ id: studyTracks.id, isPublished: studyTracks.isPublished }).from(studyTracks),
      ctx.db.select({ id: series.id, isPublished: series.isPublished }).from(series),
    ]);
    const { response, text } = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(text).not.toMatch(signed);
    expect(text).not.toContain("content_loc");

    const root = parseXml(text);
    expect(root.name).toBe("urlset");
    expect(root.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(root.attributes["xmlns:video"]).toBe("http://www.google.com/schemas/sitemap-video/1.1");
    const urls = childrenNamed(root, "url");
    const byLoc = new Map(urls.map((url) => [childText(url, "loc")!, url]));
    for (const loc of byLoc.keys()) expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);

    // Every published lesson, course and series is there; nothing unpublished is.
    const locs = [...byLoc.keys()];
    const listed = (prefix: string, id: number) => locs.some((loc) => loc.startsWith(`${ORIGIN}/${prefix}/${id}/`));
    for (const [prefix, rows] of [
      ["video", lessonRows],
      ["course", courseRows],
      ["series", seriesRows],
    ] as const) {
      for (const row of rows) expect(listed(prefix, row.id), `${prefix} ${row.id}`).toBe(row.isPublished);
    }
    expect(listed("video", made.draft.id)).toBe(false);
    expect(listed("course", made.draftCourse.id)).toBe(false);

    // Every lesson carries the video fields Google requires, in their formats.
    const lessonUrls = urls.filter((url) => childText(url, "loc")!.startsWith(`${ORIGIN}/video/`));
    expect(lessonUrls.length).toBeGreaterThanOrEqual(2);
    for (const url of lessonUrls) {
      const [video] = childrenNamed(url, "video:video") as [XmlElement];
      expect(video, childText(url, "loc")).toBeDefined();
      for (const field of ["video:thumbnail_loc", "video:title", "video:description", "video:player_loc"]) {
        expect(childText(video, field)?.trim(), field).toBeTruthy();
      }
      expect(childText(video, "video:thumbnail_loc")!.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(childText(video, "video:player_loc")).toBe(`${childText(url, "loc")}?t=0`);
      const duration = childText(video, "video:duration");
      if (duration !== undefined) expect(duration).toMatch(/^[1-9]\d*$/);
      expect(["yes", "no"]).toContain(childText(video, "video:requires_subscription"));
    }

    // The tricky lesson comes back exactly as typed, and its fields are right.
    const free = byLoc.get(lessonUrl(made.free))!;
    const freeVideo = childrenNamed(free, "video:video")[0]!;
    expect(childText(freeVideo, "video:title")).toBe(TRICKY);
    expect(childText(freeVideo, "video:description")).toBe("Ordering tea & coffee in a café </script>.");
    expect(childText(freeVideo, "video:thumbnail_loc")).toBe(`${ORIGIN}/thumbnail/video/${made.free.id}`);
    expect(childText(freeVideo, "video:duration")).toBe("252");
    expect(childText(freeVideo, "video:publication_date")).toBe(made.publishedAt.toISOString());
    expect(childText(freeVideo, "video:requires_subscription")).toBe("no");
    expect(childText(childrenNamed(free, "image:image")[0]!, "image:loc")).toBe(
      `${ORIGIN}/thumbnail/video/${made.free.id}`,
    );
    // A premium lesson is listed (its page is a public preview), marked as needing a subscription; without a
    // thumbnail of its own it shows the site's picture.
    const premiumVideo = childrenNamed(byLoc.get(lessonUrl(made.premium))!, "video:video")[0]!;
    expect(childText(premiumVideo, "video:requires_subscription")).toBe("yes");
    expect(childText(premiumVideo, "video:duration")).toBe("3609");
    expect(childText(premiumVideo, "video:thumbnail_loc")).toBe(`${ORIGIN}/og-image.jpg`);
    expect(byLoc.has(`${ORIGIN}/course/${made.course.id}/${made.course.slug}`)).toBe(true);
    expect(byLoc.has(`${ORIGIN}/series/${made.series.id}/${made.series.slug}`)).toBe(true);
  });

  it("rejects what is not well-formed (the reader the test relies on)", () => {
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?><a>Tea & coffee</a>')).toThrow();
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?><a><b></a></b>')).toThrow();
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?><a x="1 < 2"/>')).toThrow();
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?><video:a/>')).toThrow();
    expect(parseXml('<?xml version="1.0" encoding="UTF-8"?><a>&lt;&amp;&#x41;</a>').text).toBe("<&A");
  });
});

describe("/thumbnail/{kind}/{id}: pictures at addresses that do not expire", () => {
  it("serves a published lesson's thumbnail to anyone, publicly cacheable; a draft's is not found", async () => {
    const made = await catalogue();
    const image = await get(`/thumbnail/video/${made.free.id}`);
    expect(image.response.status).toBe(200);
    expect(image.response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect([...image.body]).toEqual([...JPEG]);
    const again = await get(`/thumbnail/video/${made.free.id}`);
    expect(again.response.headers.get("ETag")).toBe(image.response.headers.get("ETag"));

    const draft = await createLesson(ctx, { isPublished: false, thumbnailKey: made.thumbnailKey });
    expect((await get(`/thumbnail/video/${draft.id}`)).response.status).toBe(404);
    expect((await get(`/thumbnail/course/${made.draftCourse.id}`)).response.status).toBe(404);
    expect((await get(`/thumbnail/video/999999999`)).response.status).toBe(404);
    expect((await get(`/thumbnail/playlist/${made.free.id}`)).response.status).toBe(404);
    expect((await get(`/thumbnail/video/abc`)).response.status).toBe(404);
  });

  it("shows a course's or series' first lesson picture without a cover of its own, else the site's", async () => {
    const made = await catalogue();
    // The series starts with the premium lesson (no thumbnail): its picture is the free lesson's.
    const seriesImage = await get(`/thumbnail/series/${made.series.id}`);
    expect(seriesImage.response.status).toBe(200);
    expect([...seriesImage.body]).toEqual([...JPEG]);
    const bare = await createLesson(ctx, {});
    const course = await createCollection(ctx, "course", [bare.id]);
    const fallback = await get(`/thumbnail/course/${course.id}`);
    expect(fallback.response.status).toBe(302);
    expect(fallback.response.headers.get("Location")).toBe("/og-image.jpg");
    const noThumbnail = await get(`/thumbnail/video/${bare.id}`);
    expect(noThumbnail.response.headers.get("Location")).toBe("/og-image.jpg");
  });
});

describe("a lesson page's JSON-LD, canonical link and Open Graph tags", () => {
  it("describes a free lesson as a VideoObject with the required fields in their formats (a member's page)", async () => {
    const made = await catalogue();
    const { response, text } = await get(`/video/${made.free.id}/${made.free.slug}`, { cookie: await member() });
    expect(response.status).toBe(200);
    const head = text.slice(0, text.indexOf("</head>"));
    expect(head).not.toMatch(signed);

    const objects = jsonLd(head);
    expect(objects).toHaveLength(1);
    const [{ raw, value: video }] = objects as [{ raw: string; value: Record<string, unknown> }];
    // The title's `</script>` and `<!--` cannot end the script element: every "<" is \u003c.
    expect(raw).not.toContain("<");
    expect(video["@context"]).toBe("https://schema.org");
    expect(video["@type"]).toBe("VideoObject");
    expect(video.name).toBe(TRICKY);
    expect(video.alternateName).toBe("شاي وقهوة");
    expect(video.description).toBe("Ordering tea & coffee in a café </script>.");
    expect(video.thumbnailUrl).toEqual([`${ORIGIN}/thumbnail/video/${made.free.id}`]);
    expect(video.uploadDate).toMatch(ISO_DATETIME);
    expect(video.uploadDate).toBe(made.publishedAt.toISOString());
    expect(video.duration).toMatch(ISO_DURATION);
    expect(video.duration).toBe("PT4M12S");
    expect(video.educationalLevel).toBe("Beginner");
    expect(video.inLanguage).toBe("apc");
    expect(video.url).toBe(lessonUrl(made.free));
    expect(video.isAccessibleForFree).toBe(true);
    expect(video.hasPart).toBeUndefined();
    expect(video.creator).toEqual([{ "@type": "Person", name: "Rania Haddad" }]);
    expect(video).not.toHaveProperty("contentUrl");

    expect(canonical(head)).toEqual([lessonUrl(made.free)]);
    expect(metaValues(head, "og:type")).toEqual(["video.other"]);
    expect(metaValues(head, "og:title")).toEqual([TRICKY]);
    expect(metaValues(head, "og:description")).toEqual(["Ordering tea & coffee in a café </script>."]);
    expect(metaValues(head, "og:url")).toEqual([lessonUrl(made.free)]);
    expect(metaValues(head, "og:image")).toEqual([`${ORIGIN}/thumbnail/video/${made.free.id}`]);
    expect(metaValues(head, "og:video")).toEqual([lessonUrl(made.free)]);
    expect(metaValues(head, "og:video:secure_url")).toEqual([lessonUrl(made.free)]);
    expect(metaValues(head, "og:video:type")).toEqual(["text/html"]);
    expect(metaValues(head, "video:duration")).toEqual(["252"]);
    expect(metaValues(head, "description")).toEqual(["Ordering tea & coffee in a café </script>."]);
    expect(head).toContain(
      `<title>Ahla - ${TRICKY.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")}</title>`,
    );
  });

  it("marks a premium lesson as subscription content (hasPart), for a subscriber's page", async () => {
    const made = await catalogue();
    const { response, text } = await get(`/video/${made.premium.id}/${made.premium.slug}`, {
      cookie: await member({ subscribed: true }),
    });
    expect(response.status).toBe(200);
    const objects = jsonLd(text);
    expect(objects).toHaveLength(1);
    const video = objects[0]!.value;
    expect(video.isAccessibleForFree).toBe(false);
    expect(video.hasPart).toEqual({
      "@type": "WebPageElement",
      isAccessibleForFree: false,
      cssSelector: ".premium-content",
    });
    expect(video.duration).toBe("PT1H9S");
    expect(video.educationalLevel).toBe("Intermediate");
    // No thumbnail of its own: the site's picture, still absolute.
    expect(video.thumbnailUrl).toEqual([`${ORIGIN}/og-image.jpg`]);
    expect(text.slice(0, text.indexOf("</head>"))).not.toMatch(signed);
  });

  it("names the lesson's own address as canonical when it is opened inside a course", async () => {
    const made = await catalogue();
    const { response, text } = await get(
      `/course/${made.course.id}/${made.course.slug}/${made.free.id}/${made.free.slug}`,
      { cookie: await member() },
    );
    expect(response.status).toBe(200);
    expect(canonical(text)).toEqual([lessonUrl(made.free)]);
    expect(metaValues(text, "og:url")).toEqual([lessonUrl(made.free)]);
  });
});

describe("a course's and a series' page", () => {
  it("describe a course as a schema.org Course with its provider, instance and lessons, for a visitor", async () => {
    const made = await catalogue();
    const path = `/course/${made.course.id}/${made.course.slug}`;
    const { response, text } = await get(path);
    expect(response.status).toBe(200);
    const head = text.slice(0, text.indexOf("</head>"));
    expect(head).not.toMatch(signed);
    const objects = jsonLd(head);
    for (const { raw } of objects) expect(raw).not.toContain("<");
    const course = objects.find(({ value }) => value["@type"] === "Course")!.value;
    const [title] = await ctx.db
      .select({ title: studyTracks.title })
      .from(studyTracks)
      .where(eq(studyTracks.id, made.course.id));
    expect(course.name).toBe(title!.title);
    expect(typeof course.description).toBe("string");
    expect((course.description as string).length).toBeGreaterThan(0);
    expect(course.provider).toEqual({ "@type": "Organization", name: "Ahla", sameAs: ORIGIN });
    expect(course.hasCourseInstance).toEqual({
      "@type": "CourseInstance",
      courseMode: "online",
      courseWorkload: "PT1H4M21S",
    });
    expect(course.inLanguage).toBe("apc");
    expect(course.url).toBe(`${ORIGIN}${path}`);
    expect(course.image).toBe(`${ORIGIN}/thumbnail/course/${made.course.id}`);
    // The draft lesson of the course is not among its parts.
    expect(course.hasPart).toEqual([
      { "@type": "LearningResource", name: TRICKY, url: lessonUrl(made.free) },
      { "@type": "LearningResource", name: made.premium.title, url: lessonUrl(made.premium) },
    ]);
    const list = objects.find(({ value }) => value["@type"] === "ItemList")!.value;
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: TRICKY, url: lessonUrl(made.free) },
      { "@type": "ListItem", position: 2, name: made.premium.title, url: lessonUrl(made.premium) },
    ]);
    expect(canonical(head)).toEqual([`${ORIGIN}${path}`]);
    expect(metaValues(head, "og:type")).toEqual(["website"]);
    expect(metaValues(head, "og:url")).toEqual([`${ORIGIN}${path}`]);
    expect(metaValues(head, "og:image")).toEqual([`${ORIGIN}/thumbnail/course/${made.course.id}`]);
    expect(metaValues(head, "og:title")).toEqual([title!.title]);
  });

  it("give a series Open Graph tags and its lessons as an ItemList, and no Course", async () => {
    const made = await catalogue();
    const path = `/series/${made.series.id}/${made.series.slug}`;
    const { response, text } = await get(path);
    expect(response.status).toBe(200);
    const objects = jsonLd(text).map(({ value }) => value);
    expect(objects.map((object) => object["@type"])).toEqual(["ItemList"]);
    expect(canonical(text)).toEqual([`${ORIGIN}${path}`]);
    expect(metaValues(text, "og:url")).toEqual([`${ORIGIN}${path}`]);
    expect(metaValues(text, "og:image")).toEqual([`${ORIGIN}/thumbnail/series/${made.series.id}`]);
    expect(metaValues(text, "og:description")[0]).toMatch(/series in 2 lessons/);
  });
});
