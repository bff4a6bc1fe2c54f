import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as blogRoute from "../../app/features/blog/routes/blog";
import * as blogPostRoute from "../../app/features/blog/routes/post";
import * as aboutRoute from "../../app/features/landing/routes/about";
import * as faqRoute from "../../app/features/landing/routes/faq";
import * as homeRoute from "../../app/features/landing/routes/home";
import * as privacyRoute from "../../app/features/landing/routes/privacy-policy";
import * as termsRoute from "../../app/features/landing/routes/terms-of-use";
import * as libraryRoute from "../../app/features/library/routes/library";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { cueTokens, siteCounters, videos } from "../../drizzle/schema";
import { createViewer } from "../../server/access/viewer";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { AppError } from "../../server/lib/errors";
import { signToken } from "../../server/lib/jwt";
import { publicPageCacheKey, servePublicPage } from "../../server/lib/page-cache";
import { parseLemmaCsv } from "../../server/lib/lemma-csv";
import { parseVocabularyCsv } from "../../server/lib/vocabulary-csv";
import type { LoadContext } from "../../server/load-context";
import { documentSecurityHeaders } from "../../server/lib/security-headers";
import {
  addLessonVocabulary,
  attachUpload,
  saveLessonCues,
  setLessonCategoriesAndTeachers,
  setLessonDuration,
} from "../../server/services/admin-lesson";
import { updateMember } from "../../server/services/admin-users";
import { createSession, type SessionUser } from "../../server/services/auth";
import { createBlogComment, deleteBlogComment, listBlogComments } from "../../server/services/blog";
import { listFaqs } from "../../server/services/catalog/faqs";
import { listLessonCues } from "../../server/services/lesson-content";
import { bumpPageCache, PAGE_CACHE_COUNTER } from "../../server/services/page-cache";
import { putSingleUpload } from "../../server/services/uploads";
import { applyImportRows } from "../../server/services/vocabulary-import";
import { ADMIN_SAMPLES, TINY_PNG, type SampleDependency } from "../fixtures/admin-samples";
import { createLesson } from "../fixtures/lessons";
import { createUser, loginToken, testApp, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// The lexicon test renders the real public pages; @remix-run/cloudflare is CommonJS that workerd's module
// runner cannot load, and what the pages use of it is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

const origin = "https://ahla.test";
const ctx = createAppContext(testEnv);
const api = testApp();
const tag = () => crypto.randomUUID().slice(0, 8);

let adminToken = "";
let memberToken = "";
let member: { id: number } = { id: 0 };
/** The administrator, as the services the bespoke admin tools call receive them. */
let actor: SessionUser;

beforeAll(async () => {
  const administrator = await createUser({ name: "Pat Purge", permissions: [ADMIN_PERMISSION] });
  adminToken = await loginToken(api, administrator.email, administrator.password);
  actor = {
    id: administrator.id,
    email: administrator.email,
    name: administrator.name,
    avatarKey: null,
    level: null,
    birthday: null,
    transliterationScheme: "romanized",
    timeZone: null,
    hasPassword: true,
    permissions: [ADMIN_PERMISSION],
    sessionId: "session",
  };
  const learner = await createUser({ name: "Mira Member" });
  member = learner;
  memberToken = await loginToken(api, learner.email, learner.password);
});

/** The purge generation as D1 holds it (not an isolate's memory of it). */
async function generation(): Promise<number> {
  const [row] = await ctx.db.select().from(siteCounters).where(eq(siteCounters.name, PAGE_CACHE_COUNTER));
  return row?.value ?? 0;
}

/** How many purges `action` made. */
async function purges(action: () => Promise<unknown>): Promise<number> {
  const before = await generation();
  await action();
  return (await generation()) - before;
}

async function call(method: string, path: string, token: string, body?: unknown, app = api) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await app.request(
    `${origin}${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    testEnv,
  );
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: string[] } };
}

type AdminRecordJson = { id: string; title: string; values: Record<string, unknown> };

/** An admin API call that must succeed; its record. */
async function admin(method: string, path: string, body?: unknown, app = api): Promise<AdminRecordJson> {
  const response = await call(method, path, adminToken, body, app);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body.data as AdminRecordJson;
}

let suffixes = 0;
// From 200: the country codes samples derive from a suffix's number must not meet those of admin-api.test.ts,
// which shares this file's database (vitest.config.ts) and numbers its suffixes from 1.
const nextSuffix = () => `${200 + (suffixes += 1)}-${tag()}`;

/** A record of `slug` from its sample (tests/fixtures/admin-samples.ts), its dependencies first. */
async function createSample(slug: string, extra: Record<string, unknown> = {}): Promise<AdminRecordJson> {
  const sample = ADMIN_SAMPLES[slug]!;
  const deps: SampleDependency[] = [];
  for (const need of sample.needs ?? []) {
    const dependency = await createSample(need);
    deps.push({ id: dependency.id, title: dependency.title });
  }
  return admin("POST", `/api/admin/${slug}`, { ...sample.create(deps, nextSuffix()), ...extra });
}

/**
 * The resources whose rows the cached pages read (the landing page, about, the FAQ, /checkout, the blog and
 * its posts, the library): what makes a new row shown, and an edit where the sample's would hide it.
 */
const PUBLIC_RESOURCES: Record<
  string,
  { shown?: Record<string, unknown>; update?: (deps: SampleDependency[]) => Record<string, unknown> }
> = {
  // Created already published: the publishing checklist wants its confirmation (ADR 041).
  videos: { shown: { isPublished: true, confirmPublish: true } },
  teacher: {},
  categories: {},
  countries: {},
  "videos-categories": {},
  "videos-teachers": {},
  faqs: {},
  plans: { shown: { isActive: true } },
  testimonials: { shown: { isPublished: true, consentAt: "2026-01-15" } },
  blogs: { shown: { status: "published" } },
  "blog-comments": { update: () => ({ body: "Edited by a moderator." }) },
  "suggested-blogs": {},
};

/** A Remix stand-in that renders a document the way entry.server does: a nonce on its scripts and in its policy. */
function pagesApp(
  options: {
    status?: (request: Request) => number;
    setCookie?: boolean;
    buildVersion?: string;
    /** What the page shows from D1, like its loader. */
    content?: (url: URL, context: LoadContext) => Promise<string>;
  } = {},
) {
  const rendered: string[] = [];
  let version = 1;
  const app = createApp({
    buildVersion: options.buildVersion ?? "build-1",
    remix: async (request: Request, context: LoadContext) => {
      const url = new URL(request.url);
      rendered.push(url.pathname + url.search);
      const status = options.status?.(request) ?? (request.method === "POST" ? 303 : 200);
      if (status === 303) version += 1; // a successful change
      const nonce = context.cspNonce;
      // Like the real root loader, the page says who it was rendered for.
      const user = await context.getUser();
      const who = user ? `${user.name} &lt;${user.email}&gt;${user.permissions.length ? " admin" : ""}` : "a visitor";
      const content = request.method === "GET" && options.content ? await options.content(url, context) : "";
      const headers = new Headers({
        "Content-Type": "text/html; charset=utf-8",
        ...documentSecurityHeaders({ request, config: context.app.config, nonce }),
      });
      if (options.setCookie) headers.set("Set-Cookie", "toast=hello; Path=/");
      if (status === 303) headers.set("Location", "/");
      return new Response(
        `<!DOCTYPE html><html><body><h1>${url.pathname} v${version}</h1><p>For ${who}</p><main>${content}</main><script nonce="${nonce}">window.x=1</script><script nonce="${nonce}" type="module" src="/assets/a.js"></script></body></html>`,
        { status, headers },
      );
    },
  });
  return { app, rendered };
}

async function get(app: ReturnType<typeof createApp>, path: string, headers: Record<string, string> = {}) {
  const executionCtx = createExecutionContext();
  const response = await app.request(`${origin}${path}`, { headers }, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { response, body };
}

async function post(app: ReturnType<typeof createApp>, path: string) {
  const executionCtx = createExecutionContext();
  const response = await app.request(
    `${origin}${path}`,
    { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" },
    testEnv,
    executionCtx,
  );
  await waitOnExecutionContext(executionCtx);
  return response;
}

const scriptNonces = (html: string) => [...html.matchAll(/<script nonce="([^"]+)"/g)].map((match) => match[1]);
const policyNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

beforeEach(async () => {
  // Each test starts from its own generation, so no page another test stored is read.
  await bumpPageCache(createAppContext(testEnv));
});

describe("anonymous public pages from the Cache API", () => {
  it("renders a visitor's landing page once, then serves the stored copy with a fresh nonce", async () => {
    const { app, rendered } = pagesApp();
    const first = await get(app, "/");
    const second = await get(app, "/");

    expect(rendered).toEqual(["/"]);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.body.replace(/nonce="[^"]+"/g, "")).toBe(first.body.replace(/nonce="[^"]+"/g, ""));
    // The browser still revalidates: only the edge keeps the page.
    expect(second.response.headers.get("Cache-Control")).toBe("no-cache");
    // No two responses share a nonce, and the hit's policy names the nonce its scripts carry.
    const nonce = policyNonce(second.response);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(policyNonce(first.response));
    expect(scriptNonces(second.body)).toEqual([nonce, nonce]);
    expect(second.response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("never serves a page stored by another build (its hashed assets are gone after a deploy)", async () => {
    const before = pagesApp({ buildVersion: "build-1" });
    await get(before.app, "/");
    expect((await get(before.app, "/")).response.headers.get("X-Page-Cache")).toBe("hit");
    const after = pagesApp({ buildVersion: "build-2" });
    expect((await get(after.app, "/")).response.headers.get("X-Page-Cache")).toBe("miss");
    expect(after.rendered).toEqual(["/"]);
  });

  it("caches every public page a visitor opens first, and the library per query in any parameter order", async () => {
    const { app, rendered } = pagesApp();
    for (const path of [
      "/faq",
      "/about",
      "/privacy-policy",
      "/terms-of-use",
      "/checkout",
      "/blog",
      "/blog/3/a-post",
      // A lesson at its public addresses (ADR 038; tests/integration/visitor-lessons.test.ts renders the real page).
      "/video/1/a-lesson",
      "/course/2/a-course/1/a-lesson",
      "/series/3/a-series/1/a-lesson?t=12",
    ]) {
      await get(app, path);
      expect((await get(app, path)).response.headers.get("X-Page-Cache")).toBe("hit");
    }
    await get(app, "/video-library?level=beginner&q=kifak");
    expect((await get(app, "/video-library?q=kifak&level=beginner")).response.headers.get("X-Page-Cache")).toBe("hit");
    expect((await get(app, "/video-library?q=kifak")).response.headers.get("X-Page-Cache")).toBe("miss");
    expect(rendered.filter((path) => path.startsWith("/video-library"))).toHaveLength(2);
  });

  it("never stores or serves a stored page for a signed-in member, a pending message or any other cookie", async () => {
    const { app, rendered } = pagesApp();
    await get(app, "/faq");
    for (const cookie of ["token=abc", "toast=eyJ9", "google_oauth_state=x", "something=1"]) {
      const { response } = await get(app, "/faq", { Cookie: cookie });
      expect(response.headers.get("X-Page-Cache")).toBeNull();
    }
    expect(rendered).toHaveLength(5);
    // Cookies that cannot change the page (the D1 bookmark, the analytics ids) still get the stored copy.
    expect((await get(app, "/faq", { Cookie: "d1b=abc; _clck=1" })).response.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("leaves member, admin and data requests, errors and pages that set cookies to Remix every time", async () => {
    const { app, rendered } = pagesApp();
    for (const path of [
      "/courses",
      "/playlist/4/a-playlist/1/a-lesson", // a lesson in a playlist is members' only
      "/admin",
      "/auth/login",
      "/blog.data",
      "/video-library?_data=root",
    ]) {
      await get(app, path);
      expect((await get(app, path)).response.headers.get("X-Page-Cache")).toBeNull();
    }
    expect(rendered).toHaveLength(12);

    const missing = pagesApp({ status: () => 404 });
    await get(missing.app, "/blog/99/gone");
    await get(missing.app, "/blog/99/gone");
    expect(missing.rendered).toHaveLength(2);

    const flashing = pagesApp({ setCookie: true });
    await get(flashing.app, "/faq");
    const again = await get(flashing.app, "/faq");
    expect(again.response.headers.get("Set-Cookie")).toContain("toast=");
    expect(flashing.rendered).toHaveLength(2);
  });
});

describe("purge on publish", () => {
  it("a successful change in the admin area or on the blog shows on the next visitor request", async () => {
    const blogPost = await admin("POST", "/api/admin/blogs", {
      title: `Cached post ${tag()}`,
      body: "Read by visitors.",
      status: "published",
    });
    const postPath = `/blog/${blogPost.id}/${String(blogPost.values.slug)}`;
    const { app, rendered } = pagesApp({
      // Like the real pages: the FAQ lists the published questions, a post its comments.
      content: async (url, context) =>
        url.pathname === "/faq"
          ? (await listFaqs(context.app)).map((faq) => faq.question).join(" | ")
          : (await listBlogComments(context.app, { blogId: Number(blogPost.id), viewer: await context.getViewer() }))
              .map((comment) => comment.html)
              .join(" | "),
    });
    await get(app, "/faq");
    expect((await get(app, "/faq")).response.headers.get("X-Page-Cache")).toBe("hit");

    const question = `Is the cache purged at once ${tag()}?`;
    await admin("POST", "/api/admin/faqs", { question, answer: "Yes." }, app);
    const after = await get(app, "/faq");
    expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(after.body).toContain(question);

    await get(app, postPath);
    expect((await get(app, postPath)).response.headers.get("X-Page-Cache")).toBe("hit");
    // A member's comment, written by the action of the post's page (server/services/blog.ts).
    await createBlogComment(ctx, {
      viewer: createViewer(ctx, { id: member.id, permissions: [] }),
      blogId: Number(blogPost.id),
      body: "Shukran, zanzibar!",
    });
    const withComment = await get(app, postPath);
    expect(withComment.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(withComment.body).toContain("zanzibar");
    expect(rendered.filter((path) => path === "/faq")).toHaveLength(2);
  });

  it("bumps the generation for admin API changes, but not for failed changes, reads or other members' writes", async () => {
    const { app } = pagesApp();
    const faq = await admin("POST", "/api/admin/faqs", { question: `Purged? ${tag()}`, answer: "Yes." });
    const start = await generation();

    // Failed changes: a form re-shown with errors, an API body refused, a rule of the resource refusing.
    const failing = pagesApp({ status: () => 400 });
    await post(failing.app, "/admin/faqs/new");
    await post(failing.app, "/blog/3/a-post");
    expect((await call("POST", "/api/admin/faqs", adminToken, { question: "" })).status).toBe(422);
    expect((await call("PATCH", `/api/admin/faqs/${faq.id}`, adminToken, { position: -3 })).status).toBe(422);
    const testimonial = await admin("POST", "/api/admin/testimonials", { quote: "Ya salam.", name: "Rana" });
    const unconsented = await call("PATCH", `/api/admin/testimonials/${testimonial.id}`, adminToken, {
      isPublished: true,
    });
    expect(unconsented.status).toBe(422);
    // Reads.
    await get(app, "/admin/faqs");
    expect((await call("GET", "/api/admin/faqs", adminToken)).status).toBe(200);
    expect((await call("GET", `/api/admin/faqs/${faq.id}`, adminToken)).status).toBe(200);
    // A member's own write.
    expect((await call("POST", "/api/vocabulary/lists", memberToken, { title: `Mine ${tag()}` })).status).toBe(201);
    await post(app, "/flashcards/review");
    expect(await generation()).toBe(start);

    // A cross-site attempt is refused before it reaches anything, and purges nothing.
    const executionCtx = createExecutionContext();
    const refused = await app.request(
      `${origin}/admin/faqs/new`,
      { method: "POST", headers: { Origin: "https://evil.example" } },
      testEnv,
      executionCtx,
    );
    expect(refused.status).toBe(403);
    expect(await generation()).toBe(start);

    const blog = await admin("POST", "/api/admin/blogs", {
      title: `Post ${tag()}`,
      body: "Words.",
      status: "published",
    });
    expect(await generation()).toBe(start + 1);
    await admin("PATCH", `/api/admin/blogs/${blog.id}`, { title: `Renamed ${tag()}` });
    expect(await generation()).toBe(start + 2);
  });

  it("a save that changes nothing, and a change to what no cached page shows, purge nothing", async () => {
    const faq = await admin("POST", "/api/admin/faqs", { question: `Same? ${tag()}`, answer: "Yes." });
    const plan = await admin("POST", "/api/admin/plans", {
      name: `plan-${tag()}`,
      title: "Yearly",
      priceCents: 9900,
      interval: "year",
    });
    const draft = await admin("POST", "/api/admin/blogs", { title: `Draft ${tag()}`, body: "Not yet." });
    const group = await admin("POST", "/api/admin/community-groups", { title: `Group ${tag()}` });
    const { video } = await createLesson(ctx);
    expect(
      await purges(async () => {
        // The same values again (a form saved as it was shown).
        await admin("PUT", `/api/admin/faqs/${faq.id}`, { question: faq.values.question, answer: "Yes." });
        await admin("PATCH", `/api/admin/faqs/${faq.id}`, { position: 0, isPublished: true });
        // A plan's Stripe price id is for checkout only; a draft post is on no public page.
        await admin("PATCH", `/api/admin/plans/${plan.id}`, { stripePriceId: "price_123" });
        await admin("PATCH", `/api/admin/blogs/${draft.id}`, { excerpt: "Still a draft." });
        // Moderation flags, listening activities, courses and a lesson's words are on no cached page.
        const thread = await admin("POST", "/api/admin/community-threads", { groupId: Number(group.id), title: "Hi" });
        await admin("PATCH", `/api/admin/community-threads/${thread.id}`, { pinnedAt: true, lockedAt: true });
        const listening = await admin("POST", "/api/admin/listening-activities-groups", { title: `Listen ${tag()}` });
        await admin("POST", "/api/admin/listening-activities", { groupId: Number(listening.id), title: "Clip" });
        await admin("POST", "/api/admin/study-track", { title: `Course ${tag()}`, isPublished: true });
        await admin("POST", "/api/admin/video-vocabulary", { videoId: video.id, arabic: "قهوة", english: "coffee" });
      }),
    ).toBe(0);
    // Unpublishing the FAQ changes /faq; then it is a draft, on no page.
    expect(await purges(() => admin("PATCH", `/api/admin/faqs/${faq.id}`, { isPublished: false }))).toBe(1);
    expect(
      await purges(async () => {
        await admin("PATCH", `/api/admin/faqs/${faq.id}`, { answer: "A draft answer." });
        await admin("DELETE", `/api/admin/faqs/${faq.id}`);
        await admin("DELETE", `/api/admin/blogs/${draft.id}`);
      }),
    ).toBe(0);
    // Publishing a draft post, and taking it down again, do.
    const later = await admin("POST", "/api/admin/blogs", { title: `Later ${tag()}`, body: "Soon." });
    expect(await purges(() => admin("PATCH", `/api/admin/blogs/${later.id}`, { status: "published" }))).toBe(1);
    expect(await purges(() => admin("PATCH", `/api/admin/blogs/${later.id}`, { status: "draft" }))).toBe(1);
  });

  it.each(Object.keys(PUBLIC_RESOURCES))(
    "%s: a create, an edit and a delete purge the cached pages; the same edit again does not",
    async (slug) => {
      const sample = ADMIN_SAMPLES[slug]!;
      const { shown, update } = PUBLIC_RESOURCES[slug]!;
      const deps: SampleDependency[] = [];
      for (const need of sample.needs ?? []) {
        const dependency = await createSample(need, PUBLIC_RESOURCES[need]?.shown ?? {});
        deps.push({ id: dependency.id, title: dependency.title });
      }
      let record: AdminRecordJson | null = null;
      const suffix = nextSuffix();
      expect(
        await purges(async () => {
          record = await admin("POST", `/api/admin/${slug}`, { ...sample.create(deps, suffix), ...shown });
        }),
      ).toBe(1);
      const edit = update?.(deps) ?? sample.update(deps, suffix);
      expect(
        await purges(async () => {
          record = await admin("PATCH", `/api/admin/${slug}/${record!.id}`, edit);
        }),
      ).toBe(1);
      expect(await purges(() => admin("PATCH", `/api/admin/${slug}/${record!.id}`, edit))).toBe(0);
      expect(await purges(() => admin("DELETE", `/api/admin/${slug}/${record!.id}`))).toBe(1);
    },
  );

  it("the lesson workspace and the cue editor purge when a published lesson's public side changes", async () => {
    const { video } = await createLesson(ctx, { durationSeconds: 60 });
    const lines = [{ startMs: 0, endMs: 2000, arabic: "أهلين", transliteration: "ahlein", english: "Hello" }];
    const putCues = async (cues: unknown[], videoId = video.id) => {
      const response = await call("PUT", `/api/admin/lessons/${videoId}/cues`, adminToken, { cues });
      return response.status;
    };
    expect(await purges(async () => expect(await putCues(lines)).toBe(200))).toBe(1);
    const saved = (await listLessonCues(ctx, { lessonId: video.id })).map(
      ({ id, startMs, endMs, arabic, transliteration, english }) => ({
        id,
        startMs,
        endMs,
        arabic,
        transliteration,
        english,
      }),
    );
    // Saved again as it was, refused, or a draft's: nothing a visitor sees changed.
    expect(await purges(async () => expect(await putCues(saved)).toBe(200))).toBe(0);
    expect(await purges(async () => expect(await putCues([{ ...lines[0], endMs: 61_000 }])).toBe(422))).toBe(0);
    const draft = await createLesson(ctx, { isPublished: false });
    expect(await purges(async () => expect(await putCues(lines, draft.video.id)).toBe(200))).toBe(0);
    expect(await purges(() => saveLessonCues(ctx, { lessonId: video.id, cues: lines, replaceAll: true, actor }))).toBe(
      1,
    );

    const duration = { lessonId: video.id, durationSeconds: 75, source: "media" as const, actor };
    expect(await purges(() => setLessonDuration(ctx, duration))).toBe(1);
    expect(await purges(() => setLessonDuration(ctx, duration))).toBe(0);
    const category = await admin("POST", "/api/admin/categories", { name: `Food ${tag()}` });
    const links = { lessonId: video.id, categoryIds: [Number(category.id)], teacherIds: [], actor };
    expect(await purges(() => setLessonCategoriesAndTeachers(ctx, links))).toBe(1);
    expect(await purges(() => setLessonCategoriesAndTeachers(ctx, links))).toBe(0);
    const stored = await putSingleUpload(ctx, {
      kind: "thumbnail",
      file: new File([Uint8Array.from(atob(TINY_PNG.base64), (c) => c.charCodeAt(0))], "t.png"),
      userId: actor.id,
      lessonId: video.id,
    });
    expect(await purges(() => attachUpload(ctx, { lessonId: video.id, stored, actor }))).toBe(1);
    expect(await purges(() => attachUpload(ctx, { lessonId: video.id, stored, actor }))).toBe(0);
    // A lesson's words and attachments, and a vocabulary import, are on no cached page.
    const word = { arabic: "شاي", transliteration: "shai", english: "tea", startMs: 1000 };
    expect(await purges(() => addLessonVocabulary(ctx, { lessonId: video.id, input: word, actor }))).toBe(0);
    const csv = parseVocabularyCsv("lesson", `lesson,arabic,english\n${video.id},خبز,bread\n`);
    expect(await purges(() => applyImportRows(ctx, { kind: "lesson", parsed: csv, actorId: actor.id }))).toBe(0);
  });

  it("a member's blog comment purges, as does support renaming a member the blog names; a failed one does not", async () => {
    const post = await admin("POST", "/api/admin/blogs", {
      title: `Talk ${tag()}`,
      body: "Words.",
      status: "published",
    });
    const draft = await admin("POST", "/api/admin/blogs", { title: `Quiet ${tag()}`, body: "Words." });
    const writer = await createUser({ name: "Wafa Writer" });
    const viewer = createViewer(ctx, { id: writer.id, permissions: [] });
    let comment = { id: 0 };
    expect(
      await purges(async () => {
        comment = await createBlogComment(ctx, { viewer, blogId: Number(post.id), body: "Helwe!" });
      }),
    ).toBe(1);
    const before = await generation();
    await expect(createBlogComment(ctx, { viewer, blogId: Number(draft.id), body: "Too early" })).rejects.toThrow(
      AppError,
    );
    expect(await generation()).toBe(before);
    expect(await purges(() => deleteBlogComment(ctx, { viewer, blogId: Number(post.id), commentId: comment.id }))).toBe(
      1,
    );
    await createBlogComment(ctx, { viewer, blogId: Number(post.id), body: "Again!" });
    const supporter = { id: actor.id };
    expect(
      await purges(() =>
        updateMember(ctx, { actor: supporter, userId: writer.id, name: "Wafa W.", email: writer.email }),
      ),
    ).toBe(1);
    const quiet = await createUser({ name: "Quiet Member" });
    expect(
      await purges(() =>
        updateMember(ctx, { actor: supporter, userId: quiet.id, name: "Still Quiet", email: quiet.email }),
      ),
    ).toBe(0);
  });

  it("keys only GET documents of the public pages", () => {
    expect(publicPageCacheKey(new Request(`${origin}/`, { method: "POST" }))).toBeNull();
    expect(publicPageCacheKey(new Request(`${origin}/blog/3/a-post/extra`))).toBeNull();
    expect(publicPageCacheKey(new Request(`${origin}/video/1/a-lesson/extra`))).toBeNull();
    expect(publicPageCacheKey(new Request(`${origin}/playlist/4/a-playlist/1/a-lesson`))).toBeNull();
    expect(publicPageCacheKey(new Request(`${origin}/video-library?b=2&a=1&a=0`))?.toString()).toBe(
      `${origin}/video-library?a=0&a=1&b=2`,
    );
  });
});

describe("the lexicon and the glosses are on no cached page", () => {
  // docs/words.md "Glossing": a lemma, its forms, a token's meaning in its sentence and the members' statuses
  // are read by the lesson page, the word popup and the word's page, none of them cached (PUBLIC_PATHS in
  // server/lib/page-cache.ts). So the writes that change them purge nothing; this renders every cached page
  // from the real route modules, as a visitor, before and after them, to prove the pages do not change.
  const pages = remixPages({
    home: { path: "", module: homeRoute },
    about: { path: "about", module: aboutRoute },
    faq: { path: "faq", module: faqRoute },
    privacy: { path: "privacy-policy", module: privacyRoute },
    terms: { path: "terms-of-use", module: termsRoute },
    blog: { path: "blog", module: blogRoute },
    post: { path: "blog/:blogId/:blogSlug", module: blogPostRoute },
    library: { path: "video-library", module: libraryRoute },
  });
  /** A visitor's page as the cache would store it, its per-response nonce taken out. */
  async function visitorPage(path: string) {
    const { response, body } = await get(pages, path);
    expect(response.status, path).toBe(200);
    return body.replace(/nonce="[^"]*"/g, 'nonce=""');
  }

  it("glossing a token, the lexicon resource, its CSV import and accepting suggestions purge nothing and change no cached page", async () => {
    const mark = tag();
    // The landing page's sample lesson is the oldest free published lesson with a video: this one, whose lines
    // the landing page shows; the library's search for one of its words finds it (the first page of the library
    // lists the newest lessons, which other files sharing this database add).
    const { video } = await createLesson(ctx, {
      isFree: true,
      videoKey: "videos/sample.mp4",
      cues: [],
      vocabulary: [],
    });
    await ctx.db
      .update(videos)
      .set({ publishedAt: new Date("2000-01-01T00:00:00Z") })
      .where(eq(videos.id, video.id));
    const line = { startMs: 0, endMs: 2500, arabic: "الدرس بيبلّش هلّق", transliteration: "id-dars biballish hallaʔ" };
    await admin("PUT", `/api/admin/lessons/${video.id}/cues`, {
      cues: [{ ...line, english: "The lesson starts now." }],
    });
    const tokens = await ctx.db
      .select()
      .from(cueTokens)
      .where(eq(cueTokens.lessonId, video.id))
      .orderBy(asc(cueTokens.position));
    expect(tokens).toHaveLength(3);
    const post = await admin("POST", "/api/admin/blogs", { title: `Words ${tag()}`, body: "Hi.", status: "published" });
    const paths = ["/", "/about", "/faq", "/privacy-policy", "/terms-of-use", "/blog", "/video-library"];
    paths.push(`/blog/${post.id}/${String(post.values.slug)}`, `/video-library?q=${encodeURIComponent("بيبلّش")}`);
    const before = await Promise.all(paths.map(visitorPage));
    expect(before[0]).toContain("The lesson starts now.");
    expect(before[8]).toContain(video.title);

    expect(
      await purges(async () => {
        const lemma = await admin("POST", "/api/admin/lemmas", {
          key: `ballash-${mark}`,
          arabic: "بلّش",
          transliteration: "ballash",
          meanings: [`to start ${mark}`],
          partOfSpeech: "verb",
        });
        await admin("PATCH", `/api/admin/lemmas/${lemma.id}`, {
          meanings: [`to begin ${mark}`],
          forms: ["بلشت"],
          regionSyrian: `Syrian ${mark}`,
        });
        await admin("PUT", `/api/admin/lessons/${video.id}/tokens/${tokens[1]!.id}`, {
          lemmaId: Number(lemma.id),
          gloss: `(it) starts ${mark}`,
        });
        await admin("PUT", `/api/admin/lessons/${video.id}/tokens/${tokens[0]!.id}`, {
          lemma: { arabic: "درس", transliteration: "dars", meanings: [`lesson ${mark}`], partOfSpeech: "noun" },
          gloss: `the lesson ${mark}`,
        });
        await admin("POST", `/api/admin/lessons/${video.id}/gloss-suggestions/accept`, {
          items: [
            {
              tokenId: tokens[2]!.id,
              lemma: { arabic: "هلّق", transliteration: "hallaʔ", meanings: [`now ${mark}`], partOfSpeech: "adverb" },
              gloss: `now ${mark}`,
            },
          ],
        });
        const csv = parseLemmaCsv(
          `key,arabic,transliteration,meanings,partOfSpeech\nhalla-${mark},هلّأ,hallaʔ,now ${mark},adverb\n`,
        );
        expect(csv.errors).toEqual([]);
        await applyImportRows(ctx, { kind: "lemma", parsed: csv, actorId: actor.id });
        await admin("DELETE", `/api/admin/lemmas/${lemma.id}`);
      }),
    ).toBe(0);

    const after = await Promise.all(paths.map(visitorPage));
    for (const [index, page] of after.entries()) {
      expect(page, paths[index]).not.toContain(mark);
      expect(page, paths[index]).toBe(before[index]);
    }
  });
});

describe("a credential in any carrier keeps a request out of the shared cache", () => {
  // Outside attack: a public page asked for with `Authorization: Bearer <member token>` was rendered as that
  // member and stored for every visitor. Any credential, good or bad, in the cookie or a header, now means no
  // read and no write of the shared cache, and a page for the cache is rendered from its URL alone.
  const CACHED_PAGES = [
    "/",
    "/about",
    "/faq",
    "/privacy-policy",
    "/terms-of-use",
    "/checkout",
    "/blog",
    "/blog/3/a-post",
    "/video-library",
    "/video-library?level=beginner&q=kifak",
  ];
  type Carrier = { name: string; headers: Record<string, string> };
  let carriers: Carrier[] = [];

  beforeAll(async () => {
    const ctx = createAppContext(testEnv);
    const member = await createUser({ name: "Rana Member" });
    const admin = await createUser({ name: "Adam Admin", permissions: [ADMIN_PERMISSION] });
    const memberToken = (await createSession(ctx, { userId: member.id })).token;
    const adminToken = (await createSession(ctx, { userId: admin.id })).token;
    const { sessionId } = await createSession(ctx, { userId: member.id });
    const expired = await signToken(
      { userId: member.id, sessionId, permissions: [], expiresAt: new Date(Date.now() - 60_000) },
      testEnv.JWT_SECRET!,
    );
    const forged = await signToken(
      { userId: admin.id, sessionId, permissions: [ADMIN_PERMISSION], expiresAt: new Date(Date.now() + 60_000) },
      "not-the-secret-not-the-secret-not-the-secret",
    );
    const tokens = { member: memberToken, admin: adminToken, expired, forged, garbage: "abc.def" };
    carriers = [
      ...Object.entries(tokens).flatMap(([kind, token]): Carrier[] => [
        { name: `${kind} token in the cookie`, headers: { Cookie: `token=${token}; d1b=x` } },
        { name: `${kind} token as Bearer`, headers: { Authorization: `Bearer ${token}` } },
        { name: `${kind} token raw in Authorization`, headers: { Authorization: token } },
      ]),
      { name: "an empty session cookie", headers: { Cookie: "token=" } },
      { name: "an empty Authorization header", headers: { Authorization: "" } },
      { name: "Basic credentials", headers: { Authorization: "Basic YWRtaW46YWRtaW4=" } },
    ];
  });

  it("neither writes nor reads the cache, on every cached page, for every carrier", async () => {
    const { app, rendered } = pagesApp();
    for (const path of CACHED_PAGES) {
      for (const carrier of carriers) {
        const { response, body } = await get(app, path, carrier.headers);
        expect(response.headers.get("X-Page-Cache"), `${path}, ${carrier.name}`).toBeNull();
        expect(response.headers.get("Cache-Control"), `${path}, ${carrier.name}`).toBe("private, no-store");
        if (carrier.name.startsWith("member token")) expect(body).toContain("Rana Member");
        if (carrier.name.startsWith("admin token")) expect(body).toContain("Adam Admin");
      }
      // Nothing the carriers rendered was stored: the first visitor renders the page for a visitor.
      const first = await get(app, path);
      expect(first.response.headers.get("X-Page-Cache"), path).toBe("miss");
      expect(first.body).toContain("For a visitor");
      expect((await get(app, path)).response.headers.get("X-Page-Cache"), path).toBe("hit");
      // With a visitor's copy stored, a caller with a credential still gets their own render, never the copy.
      const before = rendered.length;
      for (const carrier of carriers) {
        const { response } = await get(app, path, carrier.headers);
        expect(response.headers.get("X-Page-Cache"), `${path}, ${carrier.name}`).toBeNull();
      }
      expect(rendered.length - before).toBe(carriers.length);
      const after = await get(app, path);
      expect(after.response.headers.get("X-Page-Cache")).toBe("hit");
      expect(after.body).not.toMatch(/Rana Member|Adam Admin|admin/);
    }
  });

  it("renders a page for the cache from its URL alone: no header of the caller's reaches the loaders", async () => {
    const seen: Request[] = [];
    const request = new Request(`${origin}/video-library?q=kifak&level=beginner`, {
      headers: {
        Cookie: "d1b=bookmark; _clck=analytics",
        "User-Agent": "Mozilla/5.0 (a visitor)",
        "Accept-Language": "ar",
        "X-Forwarded-For": "203.0.113.9",
        "If-None-Match": '"x"',
      },
    });
    const executionCtx = createExecutionContext();
    await servePublicPage(request, createAppContext(testEnv), executionCtx, { buildVersion: "bare" }, async (req) => {
      seen.push(req);
      return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
    });
    await waitOnExecutionContext(executionCtx);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${origin}/video-library?level=beginner&q=kifak`);
    expect(seen[0]!.method).toBe("GET");
    expect([...seen[0]!.headers.keys()]).toEqual([]);
  });
});
