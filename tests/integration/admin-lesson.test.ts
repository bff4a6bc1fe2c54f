import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { createExecutionContext } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as workspaceRoute from "../../app/features/admin/routes/lesson-workspace";
import {
  adminAuditLog,
  mediaObjects,
  transcriptCues,
  videos,
  videoSentenceOrders,
  videoVocabulary,
} from "../../drizzle/schema";
import {
  formatCueTime,
  mergeCues,
  parseCueTime,
  splitCueAtCharacter,
  splitCueAtTime,
  validateCues,
} from "../../core/cue-edits";
import { cuesFromFormData } from "../../core/schemas/admin-lesson";
import { createAppContext } from "../../server/context";
import { createLoadContext } from "../../server/load-context";
import { attachUpload, saveLessonCues } from "../../server/services/admin-lesson";
import { searchLessons } from "../../server/services/search";
import { putSingleUpload, sniffContentType } from "../../server/services/uploads";
import { createLesson } from "../fixtures/lessons";
import { call, createUser, json, member, testEnv } from "./helpers";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the workspace route uses of
// it (`data`, `redirect`) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

const ctx = createAppContext(testEnv);
const MiB = 1024 * 1024;

let adminToken: string;
let adminCookie: string;
let learnerToken: string;

beforeAll(async () => {
  const admin = await member({ permissions: ["admin"] });
  adminToken = admin.token;
  adminCookie = `token=${admin.token}`;
  learnerToken = (await member()).token;
});

async function sha256(bytes: Uint8Array<ArrayBuffer>) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A fake MP4: an `ftyp` box, then a byte pattern. */
function mp4Bytes(length: number) {
  const bytes = new Uint8Array(length).map((_, index) => (index * 7) % 251);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")], 0);
  return bytes;
}

describe("cue editing rules (pure)", () => {
  it("reads and writes the editor's times", () => {
    expect(formatCueTime(0)).toBe("00:00.000");
    expect(formatCueTime(83_450)).toBe("01:23.450");
    expect(formatCueTime(3_723_400)).toBe("1:02:03.400");
    expect(parseCueTime("01:23.45")).toBe(83_450);
    expect(parseCueTime("1:02:03.400")).toBe(3_723_400);
    expect(parseCueTime("12,5")).toBe(12_500);
    expect(parseCueTime("7")).toBe(7000);
    expect(parseCueTime("1:75.000")).toBeNull();
    expect(parseCueTime("soon")).toBeNull();
  });

  it("splits at the playhead and at a character, and merges back", () => {
    const cue = {
      id: 9,
      startMs: 1000,
      endMs: 5000,
      arabic: "أنا منيح الحمدلله",
      transliteration: "ana mniiħ il-ħamdilla",
      english: "I am well thank God",
    };
    const [first, second] = splitCueAtTime(cue, 3000)!;
    expect(first).toMatchObject({ id: 9, startMs: 1000, endMs: 3000 });
    expect(second).toMatchObject({ startMs: 3000, endMs: 5000 });
    expect(second.id).toBeUndefined();
    expect(`${first.arabic} ${second.arabic}`).toBe(cue.arabic);
    expect(splitCueAtTime(cue, 1050)).toBeNull();

    const [left, right] = splitCueAtCharacter(cue, "أنا منيح".length)!;
    expect(left.arabic).toBe("أنا منيح");
    expect(right.arabic).toBe("الحمدلله");
    expect(left.endMs).toBeGreaterThan(1000);
    expect(mergeCues(left, right)).toMatchObject({ id: 9, startMs: 1000, endMs: 5000, arabic: cue.arabic });
  });

  it("validates order, overlap, start < end and the duration, by line", () => {
    const base = { arabic: "مرحبا", transliteration: "", english: "" };
    const errors = validateCues(
      [
        { ...base, startMs: 0, endMs: 2000 },
        { ...base, startMs: 1500, endMs: 3000 },
        { ...base, startMs: 3000, endMs: 2500 },
        { ...base, startMs: 4000, endMs: 12_000 },
        { ...base, arabic: " ", startMs: 12_000, endMs: 12_500 },
      ],
      10_000,
    );
    expect(errors[0]).toBeUndefined();
    expect(errors[1]?.startMs?.[0]).toMatch(/Overlaps the line above/);
    expect(errors[2]?.endMs?.[0]).toMatch(/after the start/);
    expect(errors[3]?.endMs?.[0]).toMatch(/past the end of the video/);
    expect(errors[4]?.arabic?.[0]).toMatch(/Arabic/);
  });

  it("reads the editor's form fields, dropping deleted and empty new lines", () => {
    const form = new FormData();
    form.set("cues[0].id", "5");
    form.set("cues[0].start", "00:01.000");
    form.set("cues[0].end", "00:02.500");
    form.set("cues[0].arabic", "هلا");
    form.set("cues[1].start", "00:03.000");
    form.set("cues[1].end", "00:04.000");
    form.set("cues[1].arabic", "حذف");
    form.set("cues[1].delete", "on");
    form.set("cues[2].isNew", "1");
    form.set("cues[2].start", "");
    form.set("cues[2].arabic", "");
    expect(cuesFromFormData(form)).toEqual([
      { id: 5, startMs: 1000, endMs: 2500, arabic: "هلا", transliteration: "", english: "" },
    ]);
  });

  it("sniffs containers by their bytes", () => {
    expect(sniffContentType(mp4Bytes(64))?.contentType).toBe("video/mp4");
    expect(
      sniffContentType(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode("....webm")]))?.contentType,
    ).toBe("video/webm");
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe("image/jpeg");
    expect(sniffContentType(new TextEncoder().encode("just text"))).toBeNull();
  });
});

describe("multipart upload into R2 (/api/admin/uploads)", () => {
  it("uploads 5 MiB + 5 MiB + a small last part, sets the lesson's video and duration, and reads back whole", async () => {
    const { video } = await createLesson(ctx, { durationSeconds: 0, cues: [] });
    const size = 10 * MiB + 12_345;
    const bytes = mp4Bytes(size);
    const created = await call("/api/admin/uploads", {
      method: "POST",
      token: adminToken,
      json: {
        kind: "video",
        fileName: "My Lesson.MP4",
        size,
        videoId: video.id,
      },
    });
    expect(created.status).toBe(201);
    const { data: upload } = await json<{
      data: { key: string; uploadId: string; partSize: number; partCount: number };
    }>(created);
    expect(upload.key).toMatch(new RegExp(`^videos/lesson-${video.id}-my-lesson-[0-9a-f]{8}\\.mp4$`));
    expect(upload.partSize).toBe(8 * MiB);

    // The browser uses 8 MiB parts; any size ≥ 5 MiB works for R2, which this test uses to cover three parts.
    const partSize = 5 * MiB;
    const parts: Array<{ partNumber: number; etag: string }> = [];
    for (let partNumber = 1; partNumber * partSize - partSize < size; partNumber += 1) {
      const chunk = bytes.slice((partNumber - 1) * partSize, Math.min(size, partNumber * partSize));
      const query = new URLSearchParams({ key: upload.key, uploadId: upload.uploadId, partNumber: String(partNumber) });
      const response = await call(`/api/admin/uploads/part?${query}`, {
        method: "PUT",
        token: adminToken,
        body: chunk,
      });
      expect(response.status).toBe(200);
      parts.push((await json<{ data: { partNumber: number; etag: string } }>(response)).data);
    }
    expect(parts).toHaveLength(3);

    const completed = await call("/api/admin/uploads/complete", {
      method: "POST",
      token: adminToken,
      json: {
        key: upload.key,
        uploadId: upload.uploadId,
        parts,
        attach: { videoId: video.id, durationSeconds: 95.6 },
      },
    });
    expect(completed.status).toBe(200);
    expect((await json(completed)).data).toEqual({ key: upload.key, contentType: "video/mp4", sizeBytes: size });

    const object = await testEnv.MEDIA.get(upload.key);
    expect(object?.size).toBe(size);
    // Compared by digest: a deep equality over 10 MiB would be slow and print an enormous diff.
    expect(await sha256(new Uint8Array(await object!.arrayBuffer()))).toBe(await sha256(bytes));
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ videoKey: upload.key, durationSeconds: 96 });
    const [record] = await ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, upload.key));
    expect(record).toMatchObject({ contentType: "video/mp4", sizeBytes: size });
  }, 30_000);

  it("refuses bad part numbers, unknown uploads, oversize files and non-videos", async () => {
    const created = await call("/api/admin/uploads", {
      method: "POST",
      token: adminToken,
      json: {
        kind: "video",
        fileName: "a.mp4",
        size: 1000,
      },
    });
    const { data: upload } = await json<{ data: { key: string; uploadId: string } }>(created);
    const put = (partNumber: string, uploadId = upload.uploadId, key = upload.key) =>
      call(`/api/admin/uploads/part?${new URLSearchParams({ key, uploadId, partNumber })}`, {
        method: "PUT",
        token: adminToken,
        body: new Uint8Array(10),
      });
    expect((await put("0")).status).toBe(400);
    expect((await put("10001")).status).toBe(400);
    expect((await put("abc")).status).toBe(400);
    expect((await put("1", "not-an-upload")).status).toBe(404);
    expect((await put("1", upload.uploadId, "secrets/escape.mp4")).status).toBe(404);

    const unknown = await call("/api/admin/uploads/complete", {
      method: "POST",
      token: adminToken,
      json: {
        key: upload.key,
        uploadId: "not-an-upload",
        parts: [{ partNumber: 1, etag: "x" }],
      },
    });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).errors).toEqual(["Unknown or finished upload."]);

    const tooBig = await call("/api/admin/uploads", {
      method: "POST",
      token: adminToken,
      json: {
        kind: "thumbnail",
        fileName: "t.png",
        size: 6 * MiB,
      },
    });
    expect(tooBig.status).toBe(413);
    const badKind = await call("/api/admin/uploads", {
      method: "POST",
      token: adminToken,
      json: {
        kind: "script",
        fileName: "x.js",
        size: 10,
      },
    });
    expect(badKind.status).toBe(422);
    expect((await call("/api/admin/uploads", { method: "POST", token: adminToken, body: "{oops" })).status).toBe(400);

    // A "video" that is really text is deleted again after completing.
    const text = new TextEncoder().encode("definitely not a video");
    const fake = await json<{ data: { key: string; uploadId: string } }>(
      await call("/api/admin/uploads", {
        method: "POST",
        token: adminToken,
        json: { kind: "video", fileName: "fake.mp4", size: text.length },
      }),
    );
    const part = await json<{ data: { partNumber: number; etag: string } }>(
      await call(
        `/api/admin/uploads/part?${new URLSearchParams({ key: fake.data.key, uploadId: fake.data.uploadId, partNumber: "1" })}`,
        { method: "PUT", token: adminToken, body: text },
      ),
    );
    const refused = await call("/api/admin/uploads/complete", {
      method: "POST",
      token: adminToken,
      json: {
        key: fake.data.key,
        uploadId: fake.data.uploadId,
        parts: [part.data],
      },
    });
    expect(refused.status).toBe(422);
    expect(await testEnv.MEDIA.head(fake.data.key)).toBeNull();

    const aborted = await call("/api/admin/uploads/abort", {
      method: "POST",
      token: adminToken,
      json: {
        key: upload.key,
        uploadId: upload.uploadId,
      },
    });
    expect(aborted.status).toBe(200);
  });

  it("refuses part sets R2 rejects: a small part before the last", async () => {
    const created = await json<{ data: { key: string; uploadId: string } }>(
      await call("/api/admin/uploads", {
        method: "POST",
        token: adminToken,
        json: { kind: "video", fileName: "b.mp4", size: 6 * MiB },
      }),
    );
    const { key, uploadId } = created.data;
    const parts = [];
    for (const [partNumber, chunk] of [
      [1, mp4Bytes(1 * MiB)],
      [2, mp4Bytes(5 * MiB)],
    ] as const) {
      const response = await call(
        `/api/admin/uploads/part?${new URLSearchParams({ key, uploadId, partNumber: String(partNumber) })}`,
        { method: "PUT", token: adminToken, body: chunk },
      );
      parts.push((await json<{ data: { partNumber: number; etag: string } }>(response)).data);
    }
    const response = await call("/api/admin/uploads/complete", {
      method: "POST",
      token: adminToken,
      json: { key, uploadId, parts },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  }, 30_000);

  it("takes a small file in one request (the form without JavaScript), typed by its bytes", async () => {
    const { video } = await createLesson(ctx, { cues: [] });
    const admin = await createUser({ permissions: ["admin"] });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    // Named .jpg, but the bytes say PNG: the stored type follows the bytes.
    const stored = await putSingleUpload(ctx, {
      kind: "thumbnail",
      file: new File([png], "cover.jpg"),
      userId: admin.id,
      lessonId: video.id,
    });
    expect(stored.contentType).toBe("image/png");
    await attachUpload(ctx, { lessonId: video.id, stored, actor: admin });
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.thumbnailKey).toBe(stored.key);
    expect((await testEnv.MEDIA.head(stored.key))?.httpMetadata?.contentType).toBe("image/png");
    await expect(
      putSingleUpload(ctx, { kind: "thumbnail", file: new File(["<svg/>"], "x.svg"), userId: admin.id }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("is for admins only", async () => {
    const body = { kind: "video", fileName: "a.mp4", size: 10 };
    expect((await call("/api/admin/uploads", { method: "POST", json: body })).status).toBe(401);
    expect((await call("/api/admin/uploads", { method: "POST", token: learnerToken, json: body })).status).toBe(403);
    expect(
      (await call("/api/admin/lessons/1/cues", { method: "PUT", token: learnerToken, json: { cues: [] } })).status,
    ).toBe(403);
  });
});

describe("saving a transcript (/api/admin/lessons/:id/cues)", () => {
  it("updates lines in place, inserts new ones, deletes the rest in one batch, and re-indexes search", async () => {
    const { video, cues } = await createLesson(ctx, {
      durationSeconds: 20,
      exercises: true,
      cues: [
        { arabic: "مرحبا", transliteration: "marħaba", english: "Hello", startMs: 0, endMs: 2000 },
        { arabic: "كيفك", transliteration: "kiifak", english: "How are you", startMs: 2000, endMs: 4000 },
        { arabic: "باي", transliteration: "bay", english: "Bye", startMs: 5000, endMs: 6000 },
      ],
    });
    const response = await call(`/api/admin/lessons/${video.id}/cues`, {
      method: "PUT",
      token: adminToken,
      json: {
        cues: [
          {
            id: cues[0]!.id,
            startMs: 0,
            endMs: 1500,
            arabic: "مرحبا",
            transliteration: "marħaba",
            english: "Hi there",
          },
          { startMs: 1500, endMs: 2000, arabic: "يا صديقي", transliteration: "ya ṣadiiqi", english: "my friend" },
          {
            id: cues[1]!.id,
            startMs: 2000,
            endMs: 4000,
            arabic: "كيفك",
            transliteration: "kiifak",
            english: "zanzibarquokka",
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ count: 3, inserted: 1, deleted: 1 });
    const rows = await ctx.db
      .select()
      .from(transcriptCues)
      .where(eq(transcriptCues.lessonId, video.id))
      .orderBy(asc(transcriptCues.startMs));
    expect(rows.map((row) => [row.id === cues[0]!.id || row.id === cues[1]!.id, row.english])).toEqual([
      [true, "Hi there"],
      [false, "my friend"],
      [true, "zanzibarquokka"],
    ]);
    // The exercise tied to the second line still points at it.
    const [exercise] = await ctx.db.select().from(videoSentenceOrders).where(eq(videoSentenceOrders.videoId, video.id));
    expect(exercise?.cueId).toBe(cues[1]!.id);
    const found = await searchLessons(ctx, { query: "zanzibarquokka" });
    expect(found.map((result) => result.videoId)).toContain(video.id);

    const read = await json<{ data: Array<{ english: string }> }>(
      await call(`/api/admin/lessons/${video.id}/cues`, { token: adminToken }),
    );
    expect(read.data.map((cue) => cue.english)).toEqual(["Hi there", "my friend", "zanzibarquokka"]);
  });

  it("refuses overlaps, backwards lines and lines past the end, with errors at the line; nothing changes", async () => {
    const { video } = await createLesson(ctx, {
      durationSeconds: 10,
      cues: [{ arabic: "أهلا", startMs: 0, endMs: 1000 }],
    });
    const response = await call(`/api/admin/lessons/${video.id}/cues`, {
      method: "PUT",
      token: adminToken,
      json: {
        cues: [
          { startMs: 0, endMs: 3000, arabic: "واحد" },
          { startMs: 2500, endMs: 4000, arabic: "اثنين" },
          { startMs: 5000, endMs: 4500, arabic: "ثلاثة" },
          { startMs: 6000, endMs: 11_000, arabic: "أربعة" },
        ],
      },
    });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.errors).toEqual([
      "Line 2: Overlaps the line above, which ends at 00:03.000.",
      "Line 3: End must be after the start.",
      "Line 4: End is past the end of the video (00:10.000).",
    ]);
    expect(body.fieldErrors?.["cues[1].startMs"]).toHaveLength(1);
    const rows = await ctx.db.select().from(transcriptCues).where(eq(transcriptCues.lessonId, video.id));
    expect(rows.map((row) => row.arabic)).toEqual(["أهلا"]);
  });

  it("answers malformed bodies and unknown lessons with 4xx, never 500", async () => {
    const { video } = await createLesson(ctx, { cues: [] });
    expect(
      (await call(`/api/admin/lessons/${video.id}/cues`, { method: "PUT", token: adminToken, body: "not json" }))
        .status,
    ).toBe(400);
    expect(
      (await call(`/api/admin/lessons/${video.id}/cues`, { method: "PUT", token: adminToken, json: { lines: [] } }))
        .status,
    ).toBe(400);
    const wrongTypes = await call(`/api/admin/lessons/${video.id}/cues`, {
      method: "PUT",
      token: adminToken,
      json: {
        cues: [{ startMs: "soon", endMs: 5, arabic: 3 }],
      },
    });
    expect(wrongTypes.status).toBe(422);
    expect(
      (await call(`/api/admin/lessons/99999999/cues`, { method: "PUT", token: adminToken, json: { cues: [] } })).status,
    ).toBe(404);
    expect((await call(`/api/admin/lessons/abc/cues`, { token: adminToken })).status).toBe(404);
  });

  it("ignores ids of another lesson's lines (they become new lines here)", async () => {
    const other = await createLesson(ctx);
    const { video } = await createLesson(ctx, { cues: [] });
    const editor = await createUser({ permissions: ["admin"] });
    await saveLessonCues(ctx, {
      lessonId: video.id,
      actor: editor,
      cues: [{ id: other.cues[0]!.id, startMs: 0, endMs: 1000, arabic: "هون", transliteration: "", english: "" }],
    });
    const [otherFirst] = await ctx.db.select().from(transcriptCues).where(eq(transcriptCues.id, other.cues[0]!.id));
    expect(otherFirst?.lessonId).toBe(other.video.id);
    const mine = await ctx.db.select().from(transcriptCues).where(eq(transcriptCues.lessonId, video.id));
    expect(mine.map((row) => row.arabic)).toEqual(["هون"]);
  });
});

/** The lesson workspace's form action (/admin/videos/:videoId/lesson), as Remix calls it: status and body. */
async function workspaceAction(videoId: number, form: Record<string, string>) {
  const request = new Request(`https://ahla.test/admin/videos/${videoId}/lesson`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie },
    body: new URLSearchParams(form),
  });
  const context = createLoadContext(request, testEnv, createExecutionContext(), { app: ctx });
  const result = await workspaceRoute.action({
    request,
    context,
    params: { videoId: String(videoId) },
  } as ActionFunctionArgs);
  if (result instanceof Response) return { status: result.status, body: null };
  const { data, init } = result as unknown as {
    data: { fieldErrors?: Record<string, string[]> };
    init: ResponseInit | null;
  };
  return { status: init?.status ?? 200, body: data };
}

describe("one write path for a lesson's words and exercises: the registry's and the workspace's", () => {
  const PAST_THE_END = "The time is past the end of the video.";

  it("refuses a word said past the end of the video on both paths, and takes one said inside it", async () => {
    const { video } = await createLesson(ctx, { durationSeconds: 10, vocabulary: [] });
    const shorter = await createLesson(ctx, { durationSeconds: 5, vocabulary: [] });
    const word = { videoId: video.id, arabic: "بكرا", english: "tomorrow" };

    // The registry (/api/admin/video-vocabulary and the generic admin pages).
    const late = await call("/api/admin/video-vocabulary", {
      method: "POST",
      token: adminToken,
      json: { ...word, startMs: 11_000 },
    });
    expect(late.status).toBe(422);
    expect((await json(late)).fieldErrors?.startMs).toEqual([PAST_THE_END]);
    const inside = await call("/api/admin/video-vocabulary", {
      method: "POST",
      token: adminToken,
      json: { ...word, startMs: 9000 },
    });
    expect(inside.status).toBe(201);
    const { id } = (await json<{ data: { id: string } }>(inside)).data;
    const moved = await call(`/api/admin/video-vocabulary/${id}`, {
      method: "PATCH",
      token: adminToken,
      json: { startMs: 12_000 },
    });
    expect((await json(moved)).fieldErrors?.startMs).toEqual([PAST_THE_END]);
    // Moved to a shorter lesson, the stored time is past its end too; an edit of another field is fine.
    const elsewhere = await call(`/api/admin/video-vocabulary/${id}`, {
      method: "PATCH",
      token: adminToken,
      json: {
        videoId: shorter.video.id,
      },
    });
    expect(elsewhere.status).toBe(422);
    expect(
      (
        await call(`/api/admin/video-vocabulary/${id}`, {
          method: "PATCH",
          token: adminToken,
          json: { english: "tmrw" },
        })
      ).status,
    ).toBe(200);

    // The lesson workspace (/admin/videos/:id/lesson, "Study" tab).
    const refused = await workspaceAction(video.id, {
      intent: "add-vocabulary",
      arabic: "بكرا",
      english: "tomorrow",
      startMs: "00:11.000",
    });
    expect(refused.status).toBe(422);
    expect(refused.body?.fieldErrors?.startMs).toEqual([PAST_THE_END]);
    const taken = await workspaceAction(video.id, {
      intent: "add-vocabulary",
      arabic: "هلق",
      english: "now",
      startMs: "00:09.500",
    });
    expect(taken.status).toBe(302);

    const rows = await ctx.db
      .select({ arabic: videoVocabulary.arabic, startMs: videoVocabulary.startMs })
      .from(videoVocabulary)
      .where(eq(videoVocabulary.videoId, video.id))
      .orderBy(asc(videoVocabulary.id));
    expect(rows).toEqual([
      { arabic: "بكرا", startMs: 9000 },
      { arabic: "هلق", startMs: 9500 },
    ]);
    // The workspace still logs the word on the lesson it edits, in the write's batch.
    const [logged] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "lesson.word-add"), eq(adminAuditLog.recordId, String(video.id))));
    expect(logged?.resource).toBe("videos");
    expect(logged?.changes).toEqual({ word: { after: "هلق (now)" } });
  });

  it("checks the workspace's exercises by the registry's rules for those tables", async () => {
    const { video, cues } = await createLesson(ctx, {
      cues: [{ arabic: "أنا بحب القهوة", english: "I love coffee", startMs: 0, endMs: 2000 }],
    });
    const tooLong = "كلمة ".repeat(110).trim(); // 549 characters: a line may hold it, an exercise may not
    const viaRegistry = await call("/api/admin/video-sentence-order", {
      method: "POST",
      token: adminToken,
      json: {
        videoId: video.id,
        sentence: tooLong,
      },
    });
    expect(viaRegistry.status).toBe(422);
    const registryErrors = (await json(viaRegistry)).fieldErrors?.sentence;
    expect(registryErrors).toHaveLength(1);
    const viaWorkspace = await workspaceAction(video.id, {
      intent: "add-order",
      cueId: String(cues[0]!.id),
      sentence: tooLong,
    });
    expect(viaWorkspace.status).toBe(422);
    expect(viaWorkspace.body?.fieldErrors?.sentence).toEqual(registryErrors);

    // A valid one is written with its line and at the end, as before.
    expect((await workspaceAction(video.id, { intent: "add-order", cueId: String(cues[0]!.id) })).status).toBe(302);
    const [exercise] = await ctx.db.select().from(videoSentenceOrders).where(eq(videoSentenceOrders.videoId, video.id));
    expect(exercise).toMatchObject({
      cueId: cues[0]!.id,
      sentence: "أنا بحب القهوة",
      translation: "I love coffee",
      position: 1_000_000,
    });
  });
});
