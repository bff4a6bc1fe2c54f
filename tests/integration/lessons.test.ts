import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { studyDays, videoProgress, vocabularyListItems, vocabularyLists } from "../../drizzle/schema";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { findLesson } from "../../server/services/lessons";
import { computeProgress, type ProgressState } from "../../server/services/progress";
import {
  createCollection,
  createGlobalWord,
  createLesson,
  createSubscription,
  patternBytes,
  putMedia,
} from "../fixtures/lessons";
import { caller, json, member as signedIn, type MemberOptions, testEnv } from "./helpers";

// One clock for the app and the fixtures, moved by hand to test wall-time rules. While `drifting`, every
// read of it moves it on a millisecond, as a real clock does between requests that race.
let clock = new Date();
let drifting = false;
const now = () => {
  if (drifting) clock = new Date(clock.getTime() + 1);
  return clock;
};
const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const call = caller({ now });
const ctx = createAppContext(testEnv, { now });

type Json = Record<string, unknown> & { data?: unknown; errors?: string[] };

/** A member on this file's clock. */
const member = (options: MemberOptions = {}) => signedIn({ ...options, now });

const VIDEO_BYTES = patternBytes(4096);

beforeAll(async () => {
  await putMedia(ctx, "videos/lesson-test.mp4", VIDEO_BYTES, "video/mp4");
  await putMedia(ctx, "thumbnails/lesson-test.jpg", patternBytes(64), "image/jpeg");
  await putMedia(ctx, "attachments/lesson-test.txt", "مرحبا\nhello\n", "text/plain; charset=utf-8");
});

describe("GET /api/lessons/:id (gating)", () => {
  it("answers 401 to visitors", async () => {
    const { video } = await createLesson(ctx, { isFree: true });
    const response = await call(`/api/lessons/${video.id}`);
    expect(response.status).toBe(401);
    expect((await json<Json>(response)).errors).toEqual(expect.any(Array));
  });

  it("answers 402 to a member without a subscription on a premium lesson, 200 on a free one", async () => {
    const free = await member();
    const premium = await createLesson(ctx, { isFree: false, videoKey: "videos/lesson-test.mp4" });
    const open = await createLesson(ctx, { isFree: true, videoKey: "videos/lesson-test.mp4" });

    const refused = await call(`/api/lessons/${premium.video.id}`, { token: free.token });
    expect(refused.status).toBe(402);
    const body = await json<Json>(refused);
    expect(body.errors).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain("/media/");

    const allowed = await call(`/api/lessons/${open.video.id}`, { token: free.token });
    expect(allowed.status).toBe(200);
  });

  it("treats an expired subscription like none", async () => {
    const lapsed = await member();
    await createSubscription(ctx, lapsed.id, { status: "expired", endsInDays: -2 });
    const { video } = await createLesson(ctx);
    expect((await call(`/api/lessons/${video.id}`, { token: lapsed.token })).status).toBe(402);
  });

  it("gives a subscriber the page with signed media URLs that stream through /media with Range", async () => {
    const learner = await member({ subscribed: true });
    const { video } = await createLesson(ctx, {
      videoKey: "videos/lesson-test.mp4",
      thumbnailKey: "thumbnails/lesson-test.jpg",
      attachmentKey: "attachments/lesson-test.txt",
      exercises: true,
    });
    const response = await call(`/api/lessons/${video.id}`, { token: learner.token });
    expect(response.status).toBe(200);
    const page = (await json<Json>(response)).data as {
      lesson: { id: number; title: string; canonicalPath: string };
      media: { videoUrl: string; posterUrl: string; captions: Array<{ lang: string; src: string }> };
      cues: unknown[];
      vocabulary: Array<{ arabic: string; saved: boolean }>;
      attachments: Array<{ url: string; fileName: string }>;
      exercises: { sentenceOrderCount: number; sentenceGapCount: number; firstSentenceGap: { answer: string } };
      progress: unknown;
    };
    expect(page.lesson.canonicalPath).toBe(`/video/${video.id}/${video.slug}`);
    expect(page.cues).toHaveLength(3);
    expect(page.vocabulary.map((word) => word.arabic)).toContain("كيفك");
    expect(page.exercises).toMatchObject({ sentenceOrderCount: 1, sentenceGapCount: 1 });
    expect(page.progress).toBeNull();
    expect(page.media.captions.map((track) => track.lang)).toEqual(["ar", "tr", "en"]);
    expect(page.media.videoUrl).toMatch(/^\/media\/videos\/lesson-test\.mp4\?exp=\d+&sig=[0-9a-f]{64}$/);

    const ranged = await call(page.media.videoUrl, { headers: { Range: "bytes=1000-1999" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe("bytes 1000-1999/4096");
    expect(ranged.headers.get("Content-Type")).toBe("video/mp4");
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(VIDEO_BYTES.slice(1000, 2000));

    const poster = await call(page.media.posterUrl);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("Content-Type")).toBe("image/jpeg");

    const attachment = await call(page.attachments[0]!.url);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get("Content-Disposition")).toContain('filename="lesson-test.txt"');
    expect(await attachment.text()).toBe("مرحبا\nhello\n");
  });

  it("answers 404 for an unknown id, a malformed id and a draft (which an admin still sees)", async () => {
    const learner = await member({ subscribed: true });
    expect((await call("/api/lessons/987654", { token: learner.token })).status).toBe(404);
    expect((await call("/api/lessons/abc", { token: learner.token })).status).toBe(404);
    const draft = await createLesson(ctx, { isPublished: false });
    expect((await call(`/api/lessons/${draft.video.id}`, { token: learner.token })).status).toBe(404);
    const admin = await member({ permissions: ["admin"] });
    expect((await call(`/api/lessons/${draft.video.id}`, { token: admin.token })).status).toBe(200);
  });
});

describe("lessons inside a course, series or playlist", () => {
  it("lists the collection in order with the next lesson, and refuses lessons outside it", async () => {
    const learner = await member({ subscribed: true });
    const first = await createLesson(ctx);
    const second = await createLesson(ctx);
    const outside = await createLesson(ctx);
    const course = await createCollection(ctx, "course", [first.video.id, second.video.id]);
    const viewer = createViewer(ctx, { id: learner.id, permissions: [] });

    const found = await findLesson(ctx, {
      videoId: first.video.id,
      context: { kind: "course", id: course.id },
      viewer,
    });
    expect(found.canonicalPath).toBe(`/course/${course.id}/${course.slug}/${first.video.id}/${first.video.slug}`);
    expect(found.collection?.items.map((item) => item.id)).toEqual([first.video.id, second.video.id]);

    await expect(
      findLesson(ctx, { videoId: outside.video.id, context: { kind: "course", id: course.id }, viewer }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      findLesson(ctx, { videoId: first.video.id, context: { kind: "series", id: 987654 }, viewer }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("keeps a learner's own playlist private (404 for everyone else)", async () => {
    const owner = await member({ subscribed: true });
    const other = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    const playlist = await createCollection(ctx, "playlist", [video.id], { ownerId: owner.id });
    const as = (user: { id: number }) => createViewer(ctx, { id: user.id, permissions: [] });
    const context = { kind: "playlist" as const, id: playlist.id };

    await expect(findLesson(ctx, { videoId: video.id, context, viewer: as(owner) })).resolves.toBeTruthy();
    await expect(findLesson(ctx, { videoId: video.id, context, viewer: as(other) })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("points the standalone page at the next lesson of the lesson's series", async () => {
    const learner = await member({ subscribed: true });
    const first = await createLesson(ctx);
    const second = await createLesson(ctx);
    const series = await createCollection(ctx, "series", [first.video.id, second.video.id]);
    const page = (await json<Json>(await call(`/api/lessons/${first.video.id}`, { token: learner.token }))).data as {
      nextLesson: { id: number; href: string };
      partOf: Array<{ kind: string; position: number; total: number }>;
    };
    expect(page.nextLesson.id).toBe(second.video.id);
    expect(page.nextLesson.href).toBe(`/series/${series.id}/${series.slug}/${second.video.id}/${second.video.slug}`);
    expect(page.partOf).toEqual([expect.objectContaining({ kind: "series", position: 1, total: 2 })]);
  });
});

describe("PUT /api/lessons/:id/progress", () => {
  async function setup() {
    const learner = await member({ subscribed: true });
    const { video } = await createLesson(ctx, { durationSeconds: 100 });
    const put = (positionSeconds: number, method = "PUT") =>
      call(`/api/lessons/${video.id}/progress`, {
        method,
        token: learner.token,
        json: { positionSeconds, durationSeconds: 100 },
      });
    const row = async () =>
      (
        await ctx.db
          .select()
          .from(videoProgress)
          .where(and(eq(videoProgress.userId, learner.id), eq(videoProgress.videoId, video.id)))
      )[0];
    return { learner, video, put, row };
  }

  it("upserts one row; replaying a save changes nothing", async () => {
    const { put, row } = await setup();
    expect((await put(0)).status).toBe(200);
    tick(5);
    const first = await json<Json>(await put(5));
    expect(first.data).toMatchObject({ positionSeconds: 5, watchedSeconds: 5, completed: false });
    const again = await json<Json>(await put(5));
    expect(again.data).toMatchObject({ positionSeconds: 5, watchedSeconds: 5 });
    expect((await row())!.watchedSeconds).toBe(5);
  });

  it("marks the lesson completed at 90% and keeps it completed", async () => {
    const { put } = await setup();
    await put(0);
    expect((await json<Json>(await put(89))).data).toMatchObject({ completed: false });
    const done = (await json<Json>(await put(90))).data as { completed: boolean; completedAt: string };
    expect(done.completed).toBe(true);
    expect(done.completedAt).toEqual(expect.any(String));
    expect((await json<Json>(await put(10))).data).toMatchObject({ positionSeconds: 10, completed: true });
  });

  it("does not let watched time be inflated by seeking or by fast saves", async () => {
    const { put, row } = await setup();
    await put(0);
    tick(2);
    // Jumping to the end two seconds later counts at most 2 s at the fastest speed (1.5×).
    expect((await json<Json>(await put(100))).data).toMatchObject({ positionSeconds: 100, watchedSeconds: 3 });
    // Back and forth without time passing adds nothing.
    await put(0);
    await put(100);
    expect((await row())!.watchedSeconds).toBe(3);
    // Long gaps are a paused tab, not watching: one save adds at most a minute.
    await put(0);
    tick(3600);
    await put(100);
    expect((await row())!.watchedSeconds).toBe(63);
    // Positions past the end are clamped to the lesson.
    expect((await json<Json>(await put(5000))).data).toMatchObject({ positionSeconds: 100 });
  });

  it("settles 20 parallel saves: every one 2xx, the seconds earned once, on the lesson and the study day", async () => {
    const { put, row, learner } = await setup();
    await put(0);
    tick(10);
    // Two tabs, a retry and the page-hide beacon: the same save twenty times within a few milliseconds.
    drifting = true;
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => put(10, i % 2 ? "PUT" : "POST"))).finally(
      () => (drifting = false),
    );
    expect(burst.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(await row()).toMatchObject({ positionSeconds: 10, watchedSeconds: 10, creditedPositionSeconds: 10 });
    const [day] = await ctx.db.select().from(studyDays).where(eq(studyDays.userId, learner.id));
    expect(day?.secondsWatched).toBe(10);

    // Twenty different positions at once: all 2xx; the seconds earned are one save's at most, the
    // stored position is one of them, and the study day agrees with the lesson.
    tick(30);
    const positions = Array.from({ length: 20 }, (_, i) => 11 + i);
    drifting = true;
    const spread = await Promise.all(positions.map((position) => put(position))).finally(() => (drifting = false));
    expect(spread.map((response) => response.status)).toEqual(Array(20).fill(200));
    const after = (await row())!;
    expect(positions).toContain(after.positionSeconds);
    expect(after.watchedSeconds - 10).toBeGreaterThanOrEqual(1);
    expect(after.watchedSeconds - 10).toBeLessThanOrEqual(20);
    const [dayAfter] = await ctx.db.select().from(studyDays).where(eq(studyDays.userId, learner.id));
    expect(dayAfter?.secondsWatched).toBe(after.watchedSeconds);
  });

  it("stores what the progress rule says for any sequence of saves", async () => {
    const { put, row } = await setup();
    // Positions and gaps a player, a seeking learner and a flaky network produce, fixed so a failure repeats.
    const steps: [gapMs: number, position: number][] = [
      [0, 0],
      [400, 1],
      [600, 1],
      [500, 2],
      [500, 2],
      [5000, 7],
      [0, 7],
      [200, 40],
      [300, 41],
      [1200, 42],
      [2000, 3],
      [100, 4],
      [900, 5],
      [90_000, 100],
      [0, 100],
      [3000, 50],
      [700, 51],
      [300, 52],
      [0, 52],
      [800, 53],
    ];
    let model: ProgressState | null = null;
    for (const [gapMs, position] of steps) {
      clock = new Date(clock.getTime() + gapMs);
      const response = await put(position);
      expect(response.status).toBe(200);
      model = computeProgress(model, { positionSeconds: position, durationSeconds: 100 }, clock);
      const stored = (await row())!;
      expect(
        {
          positionSeconds: stored.positionSeconds,
          watchedSeconds: stored.watchedSeconds,
          completedAt: stored.completedAt,
          creditedPositionSeconds: stored.creditedPositionSeconds,
          creditedAt: stored.creditedAt,
        },
        `after a save at ${position} s, ${gapMs} ms later`,
      ).toEqual(model);
    }
    expect(model!.watchedSeconds).toBeGreaterThan(0);
  });

  it("accepts POST with a JSON body (navigator.sendBeacon with an application/json Blob)", async () => {
    const { video, learner } = await setup();
    const response = await call(`/api/lessons/${video.id}/progress`, {
      method: "POST",
      token: learner.token,
      body: JSON.stringify({ positionSeconds: 12.6 }),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect((await json<Json>(response)).data).toMatchObject({ positionSeconds: 13 });
  });

  it("refuses a text/plain body (what a cross-site form could send) with 415 and saves nothing", async () => {
    const { video, learner, row } = await setup();
    const response = await call(`/api/lessons/${video.id}/progress`, {
      method: "POST",
      token: learner.token,
      body: JSON.stringify({ positionSeconds: 12.6 }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ errors: ["The API accepts only application/json bodies."] });
    expect(await row()).toBeUndefined();
  });

  it("refuses bad bodies with 400/422 and other people's access rules", async () => {
    const { video, learner } = await setup();
    const path = `/api/lessons/${video.id}/progress`;
    expect((await call(path, { method: "PUT", token: learner.token, body: "{not json" })).status).toBe(400);
    expect((await call(path, { method: "PUT", token: learner.token, json: [1, 2] })).status).toBe(400);
    expect((await call(path, { method: "PUT", token: learner.token, json: { positionSeconds: -1 } })).status).toBe(422);
    expect((await call(path, { method: "PUT", token: learner.token, json: { positionSeconds: "ten" } })).status).toBe(
      422,
    );
    expect((await call(path, { method: "PUT", token: learner.token, json: {} })).status).toBe(422);
    expect((await call(path, { method: "PUT", json: { positionSeconds: 1 } })).status).toBe(401);
    const free = await member();
    expect((await call(path, { method: "PUT", token: free.token, json: { positionSeconds: 1 } })).status).toBe(402);
  });
});

describe("words: lookup and save", () => {
  it("finds a word in the lesson's vocabulary first, tashkeel-insensitive", async () => {
    const learner = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    const response = await call(`/api/lessons/${video.id}/words?w=${encodeURIComponent("كِيفَك")}`, {
      token: learner.token,
    });
    expect(response.status).toBe(200);
    expect((await json<Json>(response)).data).toMatchObject({
      found: true,
      source: "lesson",
      match: "exact",
      entry: { arabic: "كيفك", english: "how are you? (to a man)", transliteration: "kiifak" },
      saved: false,
    });
  });

  it("falls back to the global vocabulary (hamza, shadda and a joined article folded) and says when nothing is found", async () => {
    const learner = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    await createGlobalWord(ctx, { arabic: "أُوضة", transliteration: "ʔuuda", english: "room" });
    const lookup = async (word: string) =>
      (
        await json<Json>(
          await call(`/api/lessons/${video.id}/words?w=${encodeURIComponent(word)}`, { token: learner.token }),
        )
      ).data as { found: boolean; source: string | null; match: string | null; entry: { english: string } | null };

    expect(await lookup("اوضة")).toMatchObject({
      found: true,
      source: "global",
      match: "exact",
      entry: { english: "room" },
    });
    expect(await lookup("بالأوضة")).toMatchObject({ found: true, source: "global", match: "base" });
    expect(await lookup("السلامة")).toMatchObject({ found: true, source: "lesson", match: "phrase" });
    expect(await lookup("طاولة")).toMatchObject({ found: false, source: null, entry: null });
  });

  it("validates the query", async () => {
    const learner = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    expect((await call(`/api/lessons/${video.id}/words`, { token: learner.token })).status).toBe(422);
    expect((await call(`/api/lessons/${video.id}/words?w=hello`, { token: learner.token })).status).toBe(422);
  });

  it("saves into the learner's own default list, once per word, and nobody else's", async () => {
    const learner = await member({ subscribed: true });
    const other = await member({ subscribed: true });
    const { video, cues } = await createLesson(ctx);
    const save = (token: string, body: unknown) =>
      call(`/api/lessons/${video.id}/words`, { method: "POST", token, json: body });
    const word = { arabic: "كيفك", transliteration: "kiifak", english: "how are you?", cueId: cues[0]!.id };

    const created = await save(learner.token, word);
    expect(created.status).toBe(201);
    expect((await json<Json>(created)).data).toMatchObject({
      created: true,
      list: { title: "My words" },
      item: { startMs: 0 },
    });
    const again = await save(learner.token, { ...word, arabic: "كِيفَك" });
    expect(again.status).toBe(200);
    expect((await json<Json>(again)).data).toMatchObject({ created: false });

    const lists = await ctx.db.select().from(vocabularyLists).where(eq(vocabularyLists.userId, learner.id));
    expect(lists).toEqual([expect.objectContaining({ title: "My words", isDefault: true })]);
    const items = await ctx.db.select().from(vocabularyListItems).where(eq(vocabularyListItems.listId, lists[0]!.id));
    expect(items).toHaveLength(1);

    // Another learner saving the same word gets their own list; naming someone's list is refused.
    expect((await save(other.token, word)).status).toBe(201);
    expect((await save(other.token, { ...word, listId: lists[0]!.id })).status).toBe(422);
    const stillOne = await ctx.db
      .select()
      .from(vocabularyListItems)
      .where(eq(vocabularyListItems.listId, lists[0]!.id));
    expect(stillOne).toHaveLength(1);

    const looked = await json<Json>(
      await call(`/api/lessons/${video.id}/words?w=${encodeURIComponent("كيفك")}`, { token: learner.token }),
    );
    expect(looked.data).toMatchObject({ saved: true });
  });

  it("refuses a line from another lesson and bad bodies", async () => {
    const learner = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    const elsewhere = await createLesson(ctx);
    const save = (body: unknown) =>
      call(`/api/lessons/${video.id}/words`, { method: "POST", token: learner.token, json: body });
    expect((await save({ arabic: "كيفك", cueId: elsewhere.cues[0]!.id })).status).toBe(422);
    expect((await save({ arabic: "" })).status).toBe(422);
    expect((await save({ arabic: "hello" })).status).toBe(422);
    expect(
      (await call(`/api/lessons/${video.id}/words`, { method: "POST", token: learner.token, body: "nope" })).status,
    ).toBe(400);
  });
});

describe("comments", () => {
  it("creates, lists, edits and deletes one's own comment; others get 404", async () => {
    const author = await member({ subscribed: true });
    const other = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    const base = `/api/lessons/${video.id}/comments`;

    const created = await call(base, {
      method: "POST",
      token: author.token,
      json: { body: "**Yalla!** See [Ahla](https://ahla.dev)" },
    });
    expect(created.status).toBe(201);
    const comment = (await json<Json>(created)).data as { id: number; html: string; isOwn: boolean };
    expect(comment.isOwn).toBe(true);
    expect(comment.html).toContain("<strong>Yalla!</strong>");
    expect(comment.html).toContain('<a href="https://ahla.dev" rel="nofollow ugc noopener">Ahla</a>');

    const listed = (await json<Json>(await call(base, { token: other.token }))).data as {
      items: Array<{ id: number; isOwn: boolean; canDelete: boolean }>;
      total: number;
    };
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ id: comment.id, isOwn: false, canDelete: false });

    expect(
      (await call(`${base}/${comment.id}`, { method: "PATCH", token: other.token, json: { body: "hijack" } })).status,
    ).toBe(404);
    expect((await call(`${base}/${comment.id}`, { method: "DELETE", token: other.token })).status).toBe(404);

    const edited = await call(`${base}/${comment.id}`, {
      method: "PATCH",
      token: author.token,
      json: { body: "Edited text" },
    });
    expect(edited.status).toBe(200);
    expect((await json<Json>(edited)).data).toMatchObject({ body: "Edited text", editedAt: expect.any(String) });

    expect((await call(`${base}/${comment.id}`, { method: "DELETE", token: author.token })).status).toBe(200);
    expect(((await json<Json>(await call(base, { token: author.token }))).data as { total: number }).total).toBe(0);
    expect(
      (await call(`${base}/${comment.id}`, { method: "PATCH", token: author.token, json: { body: "again" } })).status,
    ).toBe(404);
  });

  it("lets an admin delete anyone's comment", async () => {
    const author = await member({ subscribed: true });
    const admin = await member({ permissions: ["admin"] });
    const { video } = await createLesson(ctx);
    const base = `/api/lessons/${video.id}/comments`;
    const comment = (await json<Json>(await call(base, { method: "POST", token: author.token, json: { body: "Hi" } })))
      .data as { id: number };
    expect((await call(`${base}/${comment.id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
  });

  it("neutralises HTML and javascript: links in markdown", async () => {
    const author = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    const response = await call(`/api/lessons/${video.id}/comments`, {
      method: "POST",
      token: author.token,
      json: {
        body: '<script>alert(1)</script> <img src=x onerror="alert(2)"> [click](javascript:alert(3)) ![x](https://evil.test/p.png)',
      },
    });
    const { html } = (await json<Json>(response)).data as { html: string };
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("[click](javascript:alert(3))");
  });

  it("refuses empty, oversize and malformed bodies", async () => {
    const author = await member({ subscribed: true });
    const { video } = await createLesson(ctx);
    const post = (init: { json?: unknown; body?: string }) =>
      call(`/api/lessons/${video.id}/comments`, { method: "POST", token: author.token, ...init });
    expect((await post({ json: { body: "   " } })).status).toBe(422);
    expect((await post({ json: { body: "x".repeat(4001) } })).status).toBe(422);
    expect((await post({ json: { text: "wrong field" } })).status).toBe(422);
    expect((await post({ body: "{" })).status).toBe(400);
  });
});

describe("GET /api/lessons/:id/captions.vtt", () => {
  it("serves valid WebVTT per language with the right timestamps and escaping", async () => {
    const learner = await member({ subscribed: true });
    const { video, cues } = await createLesson(ctx);
    const response = await call(`/api/lessons/${video.id}/captions.vtt?lang=en`, { token: learner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("WEBVTT\n")).toBe(true);
    expect(text).toContain(`${cues[0]!.id}\n00:00:00.000 --> 00:00:03.100\nHi! How are you?`);
    expect(text).toContain("00:00:03.100 --> 00:00:07.600\nI'm well, thank God.");
    expect(text).toContain("01:02:03.400 --> 01:02:05.000\nOK then, goodbye &lt;friend&gt; &amp; co!");
    expect(text.endsWith("\n")).toBe(true);

    const arabic = await (await call(`/api/lessons/${video.id}/captions.vtt?lang=ar`, { token: learner.token })).text();
    expect(arabic).toContain("مرحبا! كِيفَك؟");
    const arabizi = await (
      await call(`/api/lessons/${video.id}/captions.vtt?lang=tr&scheme=arabizi`, { token: learner.token })
    ).text();
    expect(arabizi).toContain("mar7aba! kifak?");
  });

  it("is only for entitled viewers and checks the language", async () => {
    const learner = await member({ subscribed: true });
    const free = await member();
    const { video } = await createLesson(ctx);
    const path = `/api/lessons/${video.id}/captions.vtt`;
    expect((await call(`${path}?lang=en`)).status).toBe(401);
    expect((await call(`${path}?lang=en`, { token: free.token })).status).toBe(402);
    expect((await call(`${path}?lang=fr`, { token: learner.token })).status).toBe(422);
    expect((await call(path, { token: learner.token })).status).toBe(422);
  });
});
