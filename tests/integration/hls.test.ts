import { beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../server/context";
import { setLessonVideo } from "../../server/services/admin-lesson";
import { getStreamState, signHlsFolder } from "../../server/services/hls";
import { MEDIA_URL_LIFETIME_SECONDS, signMediaUrl } from "../../server/services/media";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);
const MEDIA = new Uint8Array(1000).map((_, i) => (i * 7) % 256);
const AUDIO = new Uint8Array(600).map((_, i) => (i * 3) % 256);

/** A rendition playlist tiling a file of `size` bytes: init 100 bytes, then 2-second segments. */
function mediaPlaylist(file: string, size: number, segment = 300) {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2", "#EXT-X-PLAYLIST-TYPE:VOD"];
  lines.push(`#EXT-X-MAP:URI="${file}",BYTERANGE="100@0"`);
  for (let offset = 100; offset < size; offset += segment) {
    lines.push("#EXTINF:2.000000,", `#EXT-X-BYTERANGE:${Math.min(segment, size - offset)}@${offset}`, file);
  }
  lines.push("#EXT-X-ENDLIST");
  return lines.join("\n");
}

const RENDITIONS = [
  { name: "240p", kind: "video", width: 426, height: 240, codecs: "avc1.4d0015" },
  { name: "audio", kind: "audio", width: null, height: null, codecs: "mp4a.40.2" },
];

let admin: Awaited<ReturnType<typeof member>>;
let subscriber: Awaited<ReturnType<typeof member>>;
let other: Awaited<ReturnType<typeof member>>;
let freeMember: Awaited<ReturnType<typeof member>>;
let premium: Awaited<ReturnType<typeof createLesson>>["video"];
let free: Awaited<ReturnType<typeof createLesson>>["video"];

async function upload(lesson: string | number, version: string, file: string, body: BodyInit, token = admin.token) {
  return call(`/api/admin/lessons/${lesson}/stream/${version}/${file}`, {
    method: "PUT",
    token,
    body,
    headers: { "Content-Type": "application/octet-stream" },
  });
}

async function packageLesson(lessonId: number, version: string) {
  for (const [file, body] of [
    ["240p.mp4", MEDIA],
    ["240p.m3u8", mediaPlaylist("240p.mp4", MEDIA.length)],
    ["audio.mp4", AUDIO],
    ["audio.m3u8", mediaPlaylist("audio.mp4", AUDIO.length)],
  ] as const) {
    expect((await upload(lessonId, version, file, body)).status).toBe(200);
  }
  return call(`/api/admin/lessons/${lessonId}/stream`, {
    token: admin.token,
    json: { version, renditions: RENDITIONS },
  });
}

beforeAll(async () => {
  [admin, subscriber, other, freeMember] = await Promise.all([
    member({ permissions: ["admin"] }),
    member({ subscribed: true }),
    member({ subscribed: true }),
    member(),
  ]);
  premium = (await createLesson(ctx, { isFree: false })).video;
  free = (await createLesson(ctx, { isFree: true })).video;
  expect((await packageLesson(premium.id, "v1aaaa")).status).toBe(200);
  expect((await packageLesson(free.id, "v1bbbb")).status).toBe(200);
});

async function lessonStream(lessonId: number, token: string) {
  const response = await call(`/api/lessons/${lessonId}`, { token });
  return {
    response,
    body: await json<{ data?: { media: { stream: { masterUrl: string; audioUrl: string } | null } } }>(response),
  };
}

describe("packaging API (admin)", () => {
  it("refuses a visitor (401) and a member who is not an admin (403)", async () => {
    expect((await upload(premium.id, "v2cccc", "240p.mp4", MEDIA, "")).status).toBe(401);
    expect((await upload(premium.id, "v2cccc", "240p.mp4", MEDIA, subscriber.token)).status).toBe(403);
    const state = await call(`/api/admin/lessons/${premium.id}/stream`, { token: subscriber.token });
    expect(state.status).toBe(403);
  });

  it("answers 404 for an unknown lesson and 400 for a file that is not of a package", async () => {
    expect((await upload(999_999_999, "v2cccc", "240p.mp4", MEDIA)).status).toBe(404);
    const bad = await upload(premium.id, "v2cccc", "master.m3u8", "x");
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors?.[0]).toMatch(/rendition/);
    expect((await upload(premium.id, "V2", "240p.mp4", MEDIA)).status).toBe(400);
  });

  it("refuses to commit files it has not got, or a playlist that does not tile its file", async () => {
    const lesson = (await createLesson(ctx)).video;
    const missing = await call(`/api/admin/lessons/${lesson.id}/stream`, {
      token: admin.token,
      json: { version: "v3dddd", renditions: RENDITIONS },
    });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toContain("240p: upload 240p.m3u8 and 240p.mp4 first.");

    await upload(lesson.id, "v3dddd", "240p.mp4", MEDIA);
    await upload(lesson.id, "v3dddd", "240p.m3u8", mediaPlaylist("240p.mp4", MEDIA.length + 50));
    await upload(lesson.id, "v3dddd", "audio.mp4", AUDIO);
    await upload(lesson.id, "v3dddd", "audio.m3u8", mediaPlaylist("../1/secret.mp4", AUDIO.length));
    const invalid = await call(`/api/admin/lessons/${lesson.id}/stream`, {
      token: admin.token,
      json: { version: "v3dddd", renditions: RENDITIONS },
    });
    expect(invalid.status).toBe(422);
    const { errors } = await json(invalid);
    expect(errors).toEqual([
      expect.stringMatching(/^240p\.m3u8: .*cover 1050 bytes of a 1000-byte file/),
      expect.stringMatching(/^audio\.m3u8: .*init section must be in audio\.mp4/),
    ]);
    const state = await json<{ data: { state: string } }>(
      await call(`/api/admin/lessons/${lesson.slug}/stream`, { token: admin.token }),
    );
    expect(state.data.state).toBe("none");
  });

  it("records a failed run, and shows a packaged lesson's renditions with measured rates", async () => {
    const lesson = (await createLesson(ctx)).video;
    const failed = await call(`/api/admin/lessons/${lesson.slug}/stream/failure`, {
      token: admin.token,
      json: { error: "ffmpeg: no audio stream" },
    });
    expect((await json<{ data: { state: string; error: string } }>(failed)).data).toMatchObject({
      state: "failed",
      error: "ffmpeg: no audio stream",
    });
    const state = await json<{ data: { state: string; renditions: Array<{ name: string; peak: number }> } }>(
      await call(`/api/admin/lessons/${premium.id}/stream`, { token: admin.token }),
    );
    expect(state.data.state).toBe("packaged");
    expect(state.data).toMatchObject({ lastError: null });
    expect(state.data.renditions.map((rendition) => [rendition.name, rendition.peak])).toEqual([
      ["240p", 1200],
      ["audio", 1200],
    ]);
    // A later failed run leaves the package served, and says why it failed.
    const packaged = (await createLesson(ctx)).video;
    expect((await packageLesson(packaged.id, "v4eeee")).status).toBe(200);
    const failedAgain = await call(`/api/admin/lessons/${packaged.id}/stream/failure`, {
      token: admin.token,
      json: { error: "out of disk" },
    });
    expect((await json<{ data: unknown }>(failedAgain)).data).toMatchObject({
      state: "packaged",
      version: "v4eeee",
      lastError: "out of disk",
    });
  });
});

describe("a new video", () => {
  it("drops the package made from the old one (the MP4 plays until it is packaged again)", async () => {
    const lesson = (await createLesson(ctx, { videoKey: "videos/old.mp4" })).video;
    expect((await packageLesson(lesson.id, "v5ffff")).status).toBe(200);
    await testEnv.MEDIA.put("videos/new.mp4", MEDIA, { httpMetadata: { contentType: "video/mp4" } });
    await setLessonVideo(ctx, { lessonId: lesson.id, key: "videos/new.mp4", durationSeconds: 30, actor: admin });
    expect(await getStreamState(ctx, { lessonId: lesson.id })).toEqual({ state: "none" });
    expect((await testEnv.MEDIA.list({ prefix: `hls/${lesson.id}/` })).objects).toEqual([]);
  });
});

describe("lesson page: streaming URLs only for an entitled viewer", () => {
  it("signs the master for a subscriber, bound to them, and nothing for a free member on a premium lesson", async () => {
    const { body } = await lessonStream(premium.id, subscriber.token);
    expect(body.data!.media.stream!.masterUrl).toMatch(
      new RegExp(`^/media/hls/${premium.id}/v1aaaa/\\d+/[0-9a-f]{64}/master\\.m3u8$`),
    );
    expect(body.data!.media.stream!.audioUrl).toMatch(/\/audio\.m3u8$/);
    const refused = await lessonStream(premium.id, freeMember.token);
    expect(refused.response.status).toBe(402);
    expect(JSON.stringify(refused.body)).not.toContain("/media/");
    const unpackaged = await lessonStream((await createLesson(ctx, { isFree: true })).video.id, freeMember.token);
    expect(unpackaged.body.data!.media.stream).toBeNull();
  });
});

describe("/media/hls delivery", () => {
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    call(url, { token: token ?? null, headers });

  it("answers the master playlist: valid shape, relative URIs inside the signed folder", async () => {
    const { body } = await lessonStream(premium.id, subscriber.token);
    const response = await get(body.data!.media.stream!.masterUrl, subscriber.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
    expect(response.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    const text = await response.text();
    expect(text.startsWith("#EXTM3U\n")).toBe(true);
    expect(text).toContain('URI="audio.m3u8"');
    expect(text).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,.*RESOLUTION=426x240,CODECS="avc1\.4d0015,mp4a\.40\.2"/);
    expect(text).not.toMatch(/https?:|\/media\//);
    const rendition = await get(
      body.data!.media.stream!.masterUrl.replace("master.m3u8", "240p.m3u8"),
      subscriber.token,
    );
    expect(await rendition.text()).toBe(mediaPlaylist("240p.mp4", MEDIA.length));
  });

  it("answers a segment's byte range with 206, the same bytes again from the edge cache", async () => {
    const { body } = await lessonStream(premium.id, subscriber.token);
    const segment = body.data!.media.stream!.masterUrl.replace("master.m3u8", "240p.mp4");
    for (let round = 0; round < 2; round++) {
      const response = await get(segment, subscriber.token, { Range: "bytes=100-399" });
      expect(response.status).toBe(206);
      expect(response.headers.get("Content-Range")).toBe("bytes 100-399/1000");
      expect(response.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(MEDIA.slice(100, 400));
      expect(response.headers.get("X-Media-Cache")).toBe(round === 0 ? null : "hit");
    }
    // Another member's own signature reaches the same cached bytes: the cache key has no signature.
    const theirs = await lessonStream(premium.id, other.token);
    const url = theirs.body.data!.media.stream!.masterUrl.replace("master.m3u8", "240p.mp4");
    expect(url).not.toBe(segment);
    const response = await get(url, other.token, { Range: "bytes=100-399" });
    expect(response.headers.get("X-Media-Cache")).toBe("hit");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(MEDIA.slice(100, 400));
  });

  it("refuses unsigned, forged, expired, other-lesson and other-member requests with no media bytes", async () => {
    const { body } = await lessonStream(premium.id, subscriber.token);
    const master = body.data!.media.stream!.masterUrl;
    const segment = master.replace("master.m3u8", "240p.mp4");
    const [, , , , version, exp, sig] = segment.split("/");
    const forged = segment.replace(sig!, "0".repeat(64));
    const otherLesson = segment.replace(`/hls/${premium.id}/`, `/hls/${free.id}/`);
    const stale = await signHlsFolder(createAppContext(testEnv, { now: () => new Date(Date.now() - 6 * 3600_000) }), {
      lessonId: premium.id,
      version: version!,
      subject: subscriber.id,
    });
    const cases: Array<[string, string, string | undefined, number]> = [
      ["unsigned", `/media/hls/${premium.id}/${version}/240p.mp4`, subscriber.token, 404],
      [
        "unsigned, as a key",
        `/media/hls/${premium.id}/${version}/240p.mp4?exp=${exp}&sig=${sig}`,
        subscriber.token,
        404,
      ],
      ["forged", forged, subscriber.token, 403],
      ["expired", `${stale}/240p.mp4`, subscriber.token, 403],
      ["another lesson", otherLesson, subscriber.token, 403],
      ["another member", segment, other.token, 403],
      ["a visitor", segment, undefined, 403],
      ["another member, the playlist", master, other.token, 403],
    ];
    for (const [name, url, token, status] of cases) {
      const response = await get(url, token, { Range: "bytes=100-399" });
      expect([name, response.status]).toEqual([name, status]);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(response.headers.get("Content-Range")).toBeNull();
    }
  });

  it("binds a free lesson's visitor signature to visitors only", async () => {
    const folder = await signHlsFolder(ctx, { lessonId: free.id, version: "v1bbbb", subject: "visitor" });
    expect((await get(`${folder}/master.m3u8`)).status).toBe(200);
    expect((await get(`${folder}/master.m3u8`, subscriber.token)).status).toBe(403);
    const premiumFolder = await signHlsFolder(ctx, { lessonId: premium.id, version: "v1aaaa", subject: "visitor" });
    expect(premiumFolder).not.toContain(`${free.id}/`);
  });
});

describe("signed media URLs expire on the hour", () => {
  it("signs the same URL all through one hour, at least the lifetime ahead", async () => {
    const at = (iso: string) => createAppContext(testEnv, { now: () => new Date(iso) });
    const first = await signMediaUrl(at("2026-11-27T10:00:01Z"), { key: "videos/sample.mp4" });
    const later = await signMediaUrl(at("2026-11-27T10:59:59Z"), { key: "videos/sample.mp4" });
    const next = await signMediaUrl(at("2026-11-27T11:00:01Z"), { key: "videos/sample.mp4" });
    expect(later).toBe(first);
    expect(next).not.toBe(first);
    const exp = Number(new URL(first, "http://x").searchParams.get("exp"));
    expect(exp % 3600).toBe(0);
    expect(exp - Date.parse("2026-11-27T10:59:59Z") / 1000).toBeGreaterThanOrEqual(MEDIA_URL_LIFETIME_SECONDS);
  });
});
