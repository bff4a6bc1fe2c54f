import { beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../server/context";
import { parseRange, signMediaUrl } from "../../server/services/media";
import { testApp, testEnv } from "./helpers";

const app = testApp();
const ctx = createAppContext(testEnv);
const bytes = new Uint8Array(1000).map((_, i) => i % 256);

beforeAll(async () => {
  await testEnv.MEDIA.put("videos/sample.mp4", bytes, { httpMetadata: { contentType: "video/mp4" } });
  await testEnv.MEDIA.put("attachments/notes.txt", "مرحبا\nmarħaba\nhello\n", {
    httpMetadata: { contentType: "text/plain; charset=utf-8" },
  });
});

const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  app.request(url, { method, headers }, testEnv);

describe("signed media URLs (docs/product-rules.md#media-signing)", () => {
  it("serves the whole object with type, length, ETag and private caching", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    expect(url).toMatch(/^\/media\/videos\/sample\.mp4\?exp=\d+&sig=[0-9a-f]{64}$/);
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Length")).toBe("1000");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("ETag")).toMatch(/^".+"$/);
    expect(response.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("answers a byte range with 206 and the right Content-Range", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    const response = await get(url, { Range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(response.headers.get("Content-Length")).toBe("100");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(100, 200));

    const open = await get(url, { Range: "bytes=990-" });
    expect(open.headers.get("Content-Range")).toBe("bytes 990-999/1000");
    expect((await open.arrayBuffer()).byteLength).toBe(10);

    const suffix = await get(url, { Range: "bytes=-5" });
    expect(suffix.headers.get("Content-Range")).toBe("bytes 995-999/1000");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(995));
  });

  it("answers 416 with the size for a range past the end", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    const response = await get(url, { Range: "bytes=5000-6000" });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe("bytes */1000");
    expect((await get(url, { Range: "bytes=500-100" })).status).toBe(416);
  });

  it("ignores a malformed Range header and serves everything", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    const response = await get(url, { Range: "lines=1-2" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe("1000");
  });

  it("answers 304 to If-None-Match with the current ETag, and HEAD without a body", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    const etag = (await get(url)).headers.get("ETag")!;
    const conditional = await get(url, { "If-None-Match": etag });
    expect(conditional.status).toBe(304);
    const head = await get(url, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe("1000");
  });

  it("answers conditional and edge-case ranges like the head-then-get path did", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    const etag = (await get(url)).headers.get("ETag")!;
    // A matching validator wins over the range; a list with the current ETag matches too.
    expect((await get(url, { "If-None-Match": etag, Range: "bytes=0-9" })).status).toBe(304);
    expect((await get(url, { "If-None-Match": `"other", ${etag}` })).status).toBe(304);
    const changed = await get(url, { "If-None-Match": '"other"', Range: "bytes=0-9" });
    expect(changed.status).toBe(206);
    expect(new Uint8Array(await changed.arrayBuffer())).toEqual(bytes.slice(0, 10));

    // A suffix longer than the object is the whole object as a range; an open range at the end is 416.
    const longSuffix = await get(url, { Range: "bytes=-5000" });
    expect(longSuffix.status).toBe(206);
    expect(longSuffix.headers.get("Content-Range")).toBe("bytes 0-999/1000");
    expect((await longSuffix.arrayBuffer()).byteLength).toBe(1000);
    const pastEnd = await get(url, { Range: "bytes=1000-" });
    expect(pastEnd.status).toBe(416);
    expect(pastEnd.headers.get("Content-Range")).toBe("bytes */1000");
    const clamped = await get(url, { Range: "bytes=900-5000" });
    expect(clamped.headers.get("Content-Range")).toBe("bytes 900-999/1000");
    expect(new Uint8Array(await clamped.arrayBuffer())).toEqual(bytes.slice(900));

    // If-Range: the current ETag keeps the range, a stale one sends everything.
    const current = await get(url, { "If-Range": etag, Range: "bytes=10-19" });
    expect(current.status).toBe(206);
    expect(new Uint8Array(await current.arrayBuffer())).toEqual(bytes.slice(10, 20));
    const stale = await get(url, { "If-Range": '"stale"', Range: "bytes=10-19" });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(1000);

    const headRange = await get(url, { Range: "bytes=0-99" }, "HEAD");
    expect(headRange.status).toBe(206);
    expect(headRange.headers.get("Content-Length")).toBe("100");
  });

  it("sends attachments with a Content-Disposition that keeps Arabic names", async () => {
    const url = await signMediaUrl(ctx, { key: "attachments/notes.txt", downloadName: "ملاحظات الدرس.txt" });
    const response = await get(url);
    expect(response.status).toBe(200);
    const disposition = response.headers.get("Content-Disposition")!;
    expect(disposition).toMatch(/^attachment; filename=".+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe("ملاحظات الدرس.txt");
  });

  it("refuses forged, tampered and expired links with 403", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/sample.mp4" });
    const forged = url.replace(/sig=[0-9a-f]{64}/, `sig=${"0".repeat(64)}`);
    expect((await get(forged)).status).toBe(403);
    const otherKey = url.replace("sample.mp4", "other.mp4");
    expect((await get(otherKey)).status).toBe(403);
    const longer = url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3600}`);
    expect((await get(longer)).status).toBe(403);
    expect((await get("/media/videos/sample.mp4")).status).toBe(403);

    const start = Date.now();
    const earlyCtx = createAppContext(testEnv, { now: () => new Date(start) });
    const shortLived = await signMediaUrl(earlyCtx, { key: "videos/sample.mp4", expiresInSeconds: 60 });
    const later = testApp({ now: () => new Date(start + 61_000) });
    const expired = await later.request(shortLived, {}, testEnv);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { errors: string[] }).errors[0]).toMatch(/expired/);
  });

  it("refuses keys outside the media prefixes, even correctly signed", async () => {
    await expect(signMediaUrl(ctx, { key: "avatars/1/me.png" })).rejects.toThrow();
    expect((await get("/media/../secrets?exp=1&sig=x")).status).toBeGreaterThanOrEqual(400);
  });

  it("answers 404 for a signed key that is not in R2", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/missing.mp4" });
    expect((await get(url)).status).toBe(404);
  });
});

describe("parseRange", () => {
  it.each([
    [null, null],
    ["bytes=0-0", { offset: 0, length: 1 }],
    ["bytes=0-", { offset: 0, length: 100 }],
    ["bytes=90-500", { offset: 90, length: 10 }],
    ["bytes=-500", { offset: 0, length: 100 }],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=0-1,5-6", null],
    ["bytes=abc", null],
  ] as const)("%s → %j", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
