import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as workspaceRoute from "../../app/features/admin/routes/lesson-workspace";
import { formatTotalDuration } from "../../app/lib/text-format";
import { videos } from "../../drizzle/schema";
import { describeDuration, formatDuration } from "../../core/format";
import { DEMO_LESSONS } from "../../seed/demo-content";
import manifest from "../../seed/media/manifest.json";
import { createAppContext } from "../../server/context";
import { createLoadContext } from "../../server/load-context";
import { markdownToText, renderLessonDescription } from "../../server/lib/markdown";
import { bytesReader, Mp4DurationError, parseMvhd, readMp4Duration } from "../../server/lib/mp4-duration";
import { attachUpload, readLessonDuration, setLessonVideo } from "../../server/services/admin-lesson";
import { EMPTY_LIBRARY_QUERY } from "../../core/library-query";
import { createViewer } from "../../server/access/viewer";
import { listLibrary } from "../../server/services/catalog/library";
import { findLesson } from "../../server/services/lessons";
import { publishChecklist } from "../../server/services/publish-checklist";
import { putSingleUpload, readStoredVideoDuration } from "../../server/services/uploads";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv, type ApiBody } from "./helpers";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the workspace route uses of
// it (`data`, `redirect`) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

const ctx = createAppContext(testEnv);
let admin: Awaited<ReturnType<typeof member>>;
let learner: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  admin = await member({ permissions: ["admin"] });
  learner = await member({ subscribed: true });
});

// ---------------------------------------------------------------------------------------------------
// Crafted ISO BMFF files

const ascii = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function box(type: string, ...payload: Uint8Array[]) {
  const content = concat(...payload);
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, 8 + content.length);
  header.set(ascii(type), 4);
  return concat(header, content);
}

/** mvhd version 0: 32-bit times and duration (100 bytes of content, as real files have). */
function mvhdV0(timescale: number, duration: number) {
  const content = new Uint8Array(100);
  const data = new DataView(content.buffer);
  data.setUint32(12, timescale);
  data.setUint32(16, duration);
  return box("mvhd", content);
}

/** mvhd version 1: 64-bit times and duration. */
function mvhdV1(timescale: number, duration: bigint) {
  const content = new Uint8Array(112);
  const data = new DataView(content.buffer);
  data.setUint8(0, 1);
  data.setUint32(20, timescale);
  data.setBigUint64(24, duration);
  return box("mvhd", content);
}

const ftyp = () => box("ftyp", ascii("isom"), new Uint8Array(4), ascii("isomiso2mp41"));

/** A small MP4 whose header says `seconds` long (moov first, like `+faststart`). */
function tinyMp4(seconds: number) {
  return concat(
    ftyp(),
    box("moov", mvhdV0(1000, Math.round(seconds * 1000)), box("trak")),
    box("mdat", new Uint8Array(64)),
  );
}

function decodeDataUrl(url: string) {
  return Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (char) => char.charCodeAt(0));
}

describe("reading a video's duration from its MP4 header (mvhd)", () => {
  it("reads every seed video, and the seed's durations match them", async () => {
    const files = import.meta.glob<string>("../../seed/media/videos/*.mp4", {
      query: "?inline",
      import: "default",
      eager: true,
    });
    const entries = Object.entries(files);
    expect(entries.length).toBe(Object.keys(manifest.videos).length);
    for (const [path, url] of entries) {
      const slug = path
        .split("/")
        .pop()!
        .replace(/\.mp4$/, "");
      const bytes = decodeDataUrl(url);
      const { seconds } = await readMp4Duration(bytesReader(bytes), bytes.length);
      const lesson = DEMO_LESSONS.find((candidate) => candidate.slug === slug);
      expect(lesson, slug).toBeDefined();
      // The demo data, the manifest the seed reads and the file itself agree to the second.
      expect(Math.round(seconds), slug).toBe(lesson!.durationSeconds);
      expect(manifest.videos[slug as keyof typeof manifest.videos].durationMs, slug).toBe(Math.round(seconds) * 1000);
    }
  }, 60_000);

  it("reads version 0 and version 1 headers, moov before or after the media, and 64-bit box sizes", async () => {
    expect(parseMvhd(mvhdV0(600, 3000).subarray(8))).toEqual({ timescale: 600, duration: 3000, seconds: 5 });
    expect(parseMvhd(mvhdV1(90_000, 450_000n).subarray(8))).toEqual({
      timescale: 90_000,
      duration: 450_000,
      seconds: 5,
    });
    const v1 = concat(ftyp(), box("moov", mvhdV1(48_000, 48_000n * 7_265n)));
    expect((await readMp4Duration(bytesReader(v1), v1.length)).seconds).toBe(7265);

    // moov after a 3 GiB mdat with a 64-bit size: only headers and the mvhd are read, never the media.
    const head = ftyp();
    const mdatSize = 3 * 1024 ** 3;
    const mdatHeader = new Uint8Array(16);
    const view = new DataView(mdatHeader.buffer);
    view.setUint32(0, 1);
    mdatHeader.set(ascii("mdat"), 4);
    view.setBigUint64(8, BigInt(mdatSize));
    const moov = box("moov", box("udta", new Uint8Array(20)), mvhdV0(1000, 5_400));
    const moovAt = head.length + mdatSize;
    const size = moovAt + moov.length;
    const reads: Array<[number, number]> = [];
    const read = async (offset: number, length: number) => {
      reads.push([offset, length]);
      if (offset + length <= head.length) return head.subarray(offset, offset + length);
      if (offset === head.length) return mdatHeader.subarray(0, length);
      if (offset >= moovAt) return moov.subarray(offset - moovAt, offset - moovAt + length);
      throw new Error(`read inside the media data at ${offset}`);
    };
    expect((await readMp4Duration(read, size)).seconds).toBe(5.4);
    // The ftyp check, three top-level headers, two in moov, the mvhd's 32 bytes.
    expect(reads.length).toBe(7);
    expect(reads.reduce((sum, [, length]) => sum + length, 0)).toBeLessThan(128);
  });

  it("says clearly why a file cannot be read: truncated, not an MP4, no header, unknown length", async () => {
    const whole = tinyMp4(5);
    const failure = async (bytes: Uint8Array) => {
      try {
        await readMp4Duration(bytesReader(bytes), bytes.length);
      } catch (error) {
        expect(error).toBeInstanceOf(Mp4DurationError);
        return (error as Error).message;
      }
      throw new Error("expected a failure");
    };
    // Cut inside the moov box, inside the mvhd's content, and inside a box header.
    expect(await failure(whole.subarray(0, ftyp().length + 40))).toMatch(/truncated/);
    expect(await failure(whole.subarray(0, ftyp().length + 4))).toMatch(/truncated/);
    expect(parseMvhdError(mvhdV0(1000, 5000).subarray(8, 20))).toMatch(/truncated/);
    expect(parseMvhdError(mvhdV1(1000, 5000n).subarray(8, 30))).toMatch(/truncated/);
    // Only an ftyp: the file stops before its movie box.
    expect(await failure(ftyp())).toMatch(/no movie box/);
    expect(await failure(ascii("RIFF....WEBPVP8 "))).toMatch(/not an MP4/);
    expect(await failure(new Uint8Array(3))).toMatch(/not an MP4/);
    expect(await failure(concat(ftyp(), box("moov", box("trak"))))).toMatch(/no header/);
    expect(await failure(concat(ftyp(), box("moov", mvhdV0(1000, 0xffffffff))))).toMatch(/does not say how long/);
    expect(await failure(concat(ftyp(), box("moov", mvhdV0(0, 5000))))).toMatch(/no timescale/);
    expect(await failure(concat(ftyp(), box("moov", mvhdV0(1000, 0))))).toMatch(/0 seconds/);
    const v2 = mvhdV0(1000, 5000);
    v2[8] = 2;
    expect(await failure(concat(ftyp(), box("moov", v2)))).toMatch(/Unknown movie header version 2/);
    // A box claiming to be smaller than its own header.
    const broken = concat(ftyp(), new Uint8Array([0, 0, 0, 4, ...ascii("moov")]));
    expect(await failure(broken)).toMatch(/impossible size/);
  });

  it("reads an object in R2 with range requests", async () => {
    const key = `videos/lesson-checklist-${crypto.randomUUID()}.mp4`;
    await testEnv.MEDIA.put(key, tinyMp4(5.4));
    expect(await readStoredVideoDuration(ctx, { key })).toBe(5.4);
    await expect(readStoredVideoDuration(ctx, { key: "videos/missing.mp4" })).rejects.toThrow(/missing/);
  });
});

function parseMvhdError(content: Uint8Array) {
  try {
    parseMvhd(content);
  } catch (error) {
    expect(error).toBeInstanceOf(Mp4DurationError);
    return (error as Error).message;
  }
  throw new Error("expected a failure");
}

// ---------------------------------------------------------------------------------------------------
// The checklist

const actor = () => ({ id: admin.id, email: admin.email, name: admin.name });

async function storedMp4(seconds: number) {
  const key = `videos/lesson-checklist-${crypto.randomUUID()}.mp4`;
  await testEnv.MEDIA.put(key, tinyMp4(seconds));
  return key;
}

async function draft(options: { cues?: boolean } = {}) {
  const { video } = await createLesson(ctx, {
    isPublished: false,
    durationSeconds: 60,
    vocabulary: [],
    ...(options.cues ? {} : { cues: [] }),
  });
  return video.id;
}

async function send(path: string, options: Parameters<typeof call>[1] = {}) {
  const response = await call(path, { token: admin.token, ...options });
  return { status: response.status, body: await json<ApiBody>(response) };
}

async function isPublished(lessonId: number) {
  const [row] = await ctx.db.select({ isPublished: videos.isPublished }).from(videos).where(eq(videos.id, lessonId));
  return row!.isPublished;
}

/** The lesson workspace's form action, as Remix calls it. */
async function workspaceAction(lessonId: number, form: Record<string, string>, token = admin.token) {
  const request = new Request(`https://ahla.test/admin/videos/${lessonId}/lesson`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `token=${token}` },
    body: new URLSearchParams(form),
  });
  const context = createLoadContext(request, testEnv, createExecutionContext(), { app: ctx });
  try {
    const result = await workspaceRoute.action({
      request,
      context,
      params: { videoId: String(lessonId) },
    } as ActionFunctionArgs);
    if (result instanceof Response) {
      return { status: result.status, body: null, location: result.headers.get("Location") };
    }
    const { data, init } = result as unknown as {
      data: { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
      init: ResponseInit | null;
    };
    return { status: init?.status ?? 200, body: data, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, body: null, location: thrown.headers.get("Location") };
    }
    throw thrown;
  }
}

describe("the publishing checklist", () => {
  it("checks each item, and each links to where it is fixed", async () => {
    const lessonId = await draft();
    let checklist = await publishChecklist(ctx, { lessonId });
    expect(checklist.complete).toBe(false);
    const byKey = () => Object.fromEntries(checklist.items.map((item) => [item.key, item]));
    expect(checklist.items.map((item) => item.key)).toEqual(["video", "transcript", "duration", "glosses"]);
    expect(byKey().video).toMatchObject({
      done: false,
      fix: { href: `/admin/videos/${lessonId}/lesson?tab=media#lesson-video` },
    });
    expect(byKey().transcript).toMatchObject({
      done: false,
      detail: "The transcript has no line yet.",
      fix: { href: `/admin/videos/${lessonId}/lesson#cue-list-heading` },
    });
    // The duration waits for the video, the glosses for the transcript.
    expect(byKey().duration).toMatchObject({ done: false, waitsFor: "video" });
    expect(byKey().glosses).toMatchObject({ done: false, waitsFor: "transcript" });

    // The video: its duration is read from the file, not the 60 s typed before.
    const reading = await setLessonVideo(ctx, { lessonId, key: await storedMp4(5), actor: actor() });
    expect(reading).toEqual({ read: true, seconds: 5, source: "media" });
    checklist = await publishChecklist(ctx, { lessonId });
    expect(byKey().video!.done).toBe(true);
    expect(byKey().duration).toMatchObject({
      done: true,
      detail: "0:05, read from the video file when it was uploaded.",
    });

    // A transcript line with two words, one glossed: the glosses item opens the next word's panel.
    const saved = await send(`/api/admin/lessons/${lessonId}/cues`, {
      method: "PUT",
      json: { cues: [{ startMs: 0, endMs: 2000, arabic: "كيفك اليوم", transliteration: "", english: "" }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    checklist = await publishChecklist(ctx, { lessonId });
    expect(byKey().transcript).toMatchObject({ done: true, detail: "The transcript has 1 line." });
    expect(byKey().glosses!.done).toBe(false);
    expect(byKey().glosses!.detail).toMatch(/^2 of 2 words are not glossed yet: كيفك \(line 1\), اليوم \(line 1\)\.$/);
    expect(byKey().glosses!.fix.href).toMatch(new RegExp(`^/admin/videos/${lessonId}/lesson\\?token=\\d+#line-\\d+$`));
  });

  it("counts a typed duration as not read from the video until it is read again", async () => {
    const lessonId = await draft({ cues: true });
    const key = await storedMp4(12.6);
    await ctx.db
      .update(videos)
      .set({ videoKey: key, durationSeconds: 60, durationSource: "typed" })
      .where(eq(videos.id, lessonId));
    const before = await publishChecklist(ctx, { lessonId });
    expect(before.items.find((item) => item.key === "duration")).toMatchObject({
      done: false,
      detail: "The duration (1:00) was typed by hand, not read from the video.",
      fix: { href: `/admin/videos/${lessonId}/lesson?tab=media#lesson-duration` },
    });
    // The fixture's lines have no Arabic tokens yet: nothing to gloss, so only the duration was missing.
    expect(before.items.filter((item) => !item.done).map((item) => item.key)).toEqual(["duration"]);

    // The workspace's "Read the duration from the video".
    const read = await workspaceAction(lessonId, { intent: "read-duration" });
    expect(read.status).toBe(302);
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, lessonId));
    expect(row).toMatchObject({ durationSeconds: 13, durationSource: "media" });
    expect((await publishChecklist(ctx, { lessonId })).complete).toBe(true);

    // No video: a clear field message, nothing changes.
    const bare = await draft();
    const refused = await workspaceAction(bare, { intent: "read-duration" });
    expect(refused.status).toBe(422);
    expect(refused.body?.fieldErrors?.duration).toEqual(["Upload the video first: the duration is read from it."]);
    // A video whose header cannot be read.
    const bad = `videos/lesson-checklist-${crypto.randomUUID()}.mp4`;
    await testEnv.MEDIA.put(bad, concat(ftyp(), box("mdat", new Uint8Array(32))));
    await ctx.db.update(videos).set({ videoKey: bad }).where(eq(videos.id, bare));
    await expect(readLessonDuration(ctx, { lessonId: bare, actor: actor() })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { duration: [expect.stringMatching(/could not be read from the video: The file has no movie box/)] },
    });
  });

  it("reads the duration at upload: the file's header wins over what the browser says; else the browser's; else none", async () => {
    const lessonId = await draft();
    const file = new File([tinyMp4(7.2)], "clip.mp4");
    const stored = await putSingleUpload(ctx, { kind: "video", file, userId: admin.id, lessonId });
    expect(await attachUpload(ctx, { lessonId, stored, durationSeconds: 300, actor: actor() })).toEqual({
      read: true,
      seconds: 7,
      source: "media",
    });
    // A container the server cannot read (here an MP4 without its movie box): the browser's reading.
    const headerless = new File([concat(ftyp(), box("mdat", new Uint8Array(32)))], "clip.mp4");
    const second = await putSingleUpload(ctx, { kind: "video", file: headerless, userId: admin.id, lessonId });
    expect(await attachUpload(ctx, { lessonId, stored: second, durationSeconds: 4.4, actor: actor() })).toEqual({
      read: true,
      seconds: 4,
      source: "browser",
    });
    // Neither: no duration (not the previous video's), which the checklist shows.
    const third = await putSingleUpload(ctx, { kind: "video", file: headerless, userId: admin.id, lessonId });
    const none = await attachUpload(ctx, { lessonId, stored: third, actor: actor() });
    expect(none).toMatchObject({ read: false, reason: expect.stringMatching(/no movie box/) });
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, lessonId));
    expect(row).toMatchObject({ durationSeconds: 0, durationSource: "typed" });
    const duration = (await publishChecklist(ctx, { lessonId })).items.find((item) => item.key === "duration");
    expect(duration).toMatchObject({ done: false, detail: "The duration could not be read from the video." });
  });
});

describe("publishing refuses a lesson failing the checklist without a confirmation, on every path", () => {
  it("the JSON API: 422 { errors } naming what is missing; published only with confirm", async () => {
    const lessonId = await draft();
    const refused = await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      "No video file is uploaded yet. The transcript has no line yet. Publish anyway to confirm.",
    ]);
    expect(await isPublished(lessonId)).toBe(false);

    // The lessons resource: its published toggle, and a lesson created already published.
    const toggled = await send(`/api/admin/videos/${lessonId}`, { method: "PATCH", json: { isPublished: true } });
    expect(toggled.status).toBe(422);
    expect(toggled.body.fieldErrors?.confirmPublish?.[0]).toMatch(/^No video file is uploaded yet\./);
    expect(await isPublished(lessonId)).toBe(false);
    const created = await send("/api/admin/videos", {
      method: "POST",
      json: { title: "Born published", isPublished: true },
    });
    expect(created.status).toBe(422);
    expect(created.body.fieldErrors?.confirmPublish?.[0]).toMatch(/^A new lesson has no video file/);
    const createdAnyway = await send("/api/admin/videos", {
      method: "POST",
      json: { title: "Born published, confirmed", isPublished: true, confirmPublish: true },
    });
    expect(createdAnyway.status).toBe(201);
    // Bad input is a 4xx, never a 500.
    expect(
      (await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: { confirm: "yes" } })).status,
    ).toBe(422);
    expect(
      (await send("/api/admin/lessons/999999999/publish", { method: "POST", json: { confirm: true } })).status,
    ).toBe(404);

    const confirmed = await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: { confirm: true } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await isPublished(lessonId)).toBe(true);
  });

  it("publishes a lesson whose checklist is complete without asking", async () => {
    const lessonId = await draft({ cues: true });
    await setLessonVideo(ctx, { lessonId, key: await storedMp4(30), actor: actor() });
    expect((await publishChecklist(ctx, { lessonId })).complete).toBe(true);
    const published = await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: {} });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await isPublished(lessonId)).toBe(true);
  });

  it("the workspace's form: a field message and nothing published; published after confirming", async () => {
    const lessonId = await draft();
    await setLessonVideo(ctx, { lessonId, key: await storedMp4(9), actor: actor() });
    const refused = await workspaceAction(lessonId, { intent: "publish" });
    expect(refused.status).toBe(422);
    expect(refused.body?.fieldErrors?.confirmPublish).toEqual([
      "The transcript has no line yet. Publish anyway to confirm.",
    ]);
    expect(await isPublished(lessonId)).toBe(false);
    const confirmed = await workspaceAction(lessonId, { intent: "publish", confirm: "yes" });
    expect(confirmed.status).toBe(302);
    expect(await isPublished(lessonId)).toBe(true);
  });

  it("is for admins: a visitor gets 401, a member 403, and nothing is published", async () => {
    const lessonId = await draft();
    const visitor = await call(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: { confirm: true } });
    expect(visitor.status).toBe(401);
    const byMember = await call(`/api/admin/lessons/${lessonId}/publish`, {
      method: "POST",
      token: learner.token,
      json: { confirm: true },
    });
    expect(byMember.status).toBe(403);
    // The workspace's form sends a member away (the admin audience's rule), publishing nothing.
    const formByMember = await workspaceAction(lessonId, { intent: "publish", confirm: "yes" }, learner.token);
    expect(formByMember.status).toBe(302);
    expect(formByMember.location).not.toContain(`/admin/videos/${lessonId}/lesson`);
    expect(await isPublished(lessonId)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// Descriptions and durations as learners see them

describe("lesson descriptions in Markdown", () => {
  it("renders Markdown with the blog's renderer and strips what is unsafe", () => {
    expect(renderLessonDescription("**test** and *this*")).toBe("<p><strong>test</strong> and <em>this</em></p>\n");
    const unsafe = renderLessonDescription(
      [
        "<script>alert(1)</script>",
        '<img src="x" onerror="alert(1)">',
        "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](https://example.com/a)",
      ].join("\n\n"),
    );
    expect(unsafe).not.toMatch(/<script|<img|href="javascript:|href="data:/i);
    expect(unsafe).toContain("&lt;script&gt;");
    expect(unsafe).toContain('<a href="https://example.com/a" rel="noopener">ok</a>');
  });

  it("gives the text without its Markdown where a description is shown as text", () => {
    expect(markdownToText("**test** lesson about [coffee](https://example.com/c) in `Beirut`.\n\n- one\n- two")).toBe(
      "test lesson about coffee in Beirut. one two",
    );
  });

  it("reaches the lesson page rendered, and the library's search excerpt as plain text", async () => {
    const word = `zqmark${crypto.randomUUID().slice(0, 6)}`;
    const { video } = await createLesson(ctx, { isPublished: true, cues: [], vocabulary: [] });
    const description = `A **${word}** lesson <img src=x onerror=alert(1)> with [a link](javascript:alert(1)).`;
    const saved = await send(`/api/admin/videos/${video.id}`, { method: "PATCH", json: { description } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const found = await findLesson(ctx, {
      videoId: video.id,
      viewer: createViewer(ctx, { id: admin.id, permissions: ["admin"] }),
    });
    expect(found.video.description).toBe(description);
    expect(found.video.descriptionHtml).toContain(`<strong>${word}</strong>`);
    expect(found.video.descriptionHtml).not.toMatch(/<img|href="javascript:/);
    // A javascript: link is no link at all: its text stays as written.
    expect(found.video.descriptionText).toBe(
      `A ${word} lesson <img src=x onerror=alert(1)> with [a link](javascript:alert(1)).`,
    );

    const page = await listLibrary(ctx, { query: { ...EMPTY_LIBRARY_QUERY, q: word } });
    const card = page.items.find((item) => item.id === video.id);
    expect(card?.match).toMatchObject({ kind: "description" });
    expect(JSON.stringify(card?.match)).not.toContain("**");
  });
});

describe("durations under a minute", () => {
  it("say seconds, not '1 minute'", () => {
    expect(formatDuration(5)).toBe("0:05");
    expect(describeDuration(5)).toBe("5 seconds");
    expect(describeDuration(1)).toBe("1 second");
    expect(describeDuration(65)).toBe("1 minute");
    expect(describeDuration(600)).toBe("10 minutes");
    expect(formatTotalDuration(5)).toBe("5 sec");
    expect(formatTotalDuration(125)).toBe("2 min");
  });
});
