import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  bitRates,
  buildMasterPlaylist,
  checkRangesCoverFile,
  CODEC,
  PACKAGE_FILE,
  PACKAGE_VERSION,
  parseMediaPlaylist,
  PlaylistError,
  RENDITION_NAME,
  type PackagedRendition,
} from "#core/hls";
import { videos, videoStreams } from "../../drizzle/schema";
import type { AppContext } from "../context";
import { readToken } from "../lib/cookies";
import { constantTimeEqual, hmacSha256Hex } from "../lib/crypto";
import { AppError, notFound } from "../lib/errors";
import { readTokenClaim } from "./auth";
import { MEDIA_URL_LIFETIME_SECONDS, serveMedia, windowedExpiry } from "./media";

/**
 * Adaptive streaming of a lesson (docs/video.md, ADR 046). A package lives in R2 under
 * `hls/<lessonId>/<version>/`: `master.m3u8` (written here), and per rendition `<name>.m3u8` and one
 * `<name>.mp4` whose byte ranges are the segments. The browser reaches it through
 *   /media/hls/<lessonId>/<version>/<exp>/<sig>/<file>
 * where `sig` is an HMAC over lesson, version, expiry and the viewer it was signed for (a member's id, or
 * `visitor` on a free lesson). The lesson page signs the master once it has checked entitlement; every other
 * file is a relative URI inside the same signed folder, so the player carries the signature without any
 * playlist rewriting, and the edge cache keys segments by lesson, version, file and range, never by it.
 */

export const hlsKey = (lessonId: number, version: string, file: string) => `hls/${lessonId}/${version}/${file}`;

const renditionSchema = z.strictObject({
  name: z.string().regex(RENDITION_NAME),
  kind: z.enum(["video", "audio"]),
  width: z.number().int().positive().max(7680).nullable(),
  height: z.number().int().positive().max(4320).nullable(),
  codecs: z.string().regex(CODEC),
  peak: z.number().int().positive(),
  average: z.number().int().positive(),
});
const renditionsSchema = z.array(renditionSchema);

export const commitPackageSchema = z.strictObject({
  version: z.string().regex(PACKAGE_VERSION, "A version is 4 to 16 lower-case letters or digits."),
  renditions: z
    .array(
      z.strictObject({
        name: z.string().regex(RENDITION_NAME, "A rendition is named like 360p or audio."),
        kind: z.enum(["video", "audio"]),
        width: z.number().int().positive().max(7680).nullable(),
        height: z.number().int().positive().max(4320).nullable(),
        codecs: z.string().regex(CODEC, "CODECS are avc1.PPCCLL or mp4a.40.x."),
      }),
    )
    .min(2)
    .max(8),
});

export const packagingFailureSchema = z.strictObject({ error: z.string().trim().min(1).max(2000) });

export type StreamState =
  | { state: "none" }
  | {
      state: "packaged";
      version: string;
      renditions: PackagedRendition[];
      updatedAt: Date;
      /** Why the last packaging run after this package failed, if it did (the package is still served). */
      lastError: string | null;
    }
  | { state: "failed"; error: string; version: string | null; renditions: PackagedRendition[]; updatedAt: Date };

export function streamQuery(ctx: AppContext, lessonId: number) {
  return ctx.db.select().from(videoStreams).where(eq(videoStreams.videoId, lessonId)).limit(1);
}

export function toStreamState(row: typeof videoStreams.$inferSelect | undefined): StreamState {
  if (!row) return { state: "none" };
  const renditions = renditionsSchema.safeParse(JSON.parse(row.renditions));
  const parsed = renditions.success ? renditions.data : [];
  if (row.state === "packaged" && row.version && parsed.length > 0)
    return {
      state: "packaged",
      version: row.version,
      renditions: parsed,
      updatedAt: row.updatedAt,
      lastError: row.error,
    };
  return {
    state: "failed",
    error: row.error ?? "The package is incomplete.",
    version: row.version,
    renditions: parsed,
    updatedAt: row.updatedAt,
  };
}

export async function getStreamState(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<StreamState> {
  const [row] = await streamQuery(ctx, lessonId);
  return toStreamState(row);
}

/** Finds a lesson by id or slug for the packaging API; 404 when there is none. */
export async function resolveLesson(ctx: AppContext, lesson: string): Promise<{ id: number; slug: string }> {
  const where = /^\d{1,10}$/.test(lesson) ? eq(videos.id, Number(lesson)) : eq(videos.slug, lesson);
  const [row] = await ctx.db.select({ id: videos.id, slug: videos.slug }).from(videos).where(where).limit(1);
  if (!row) throw notFound("We couldn't find that lesson.");
  return row;
}

const MAX_PACKAGE_FILE_BYTES = 95 * 1024 * 1024; // under the Workers request body limit

/** Stores one file of a package being uploaded (not served until the package is committed). */
export async function putPackageFile(
  ctx: AppContext,
  { lessonId, version, file, body }: { lessonId: number; version: string; file: string; body: ArrayBuffer },
) {
  if (!PACKAGE_VERSION.test(version)) throw new AppError(400, ["A version is 4 to 16 lower-case letters or digits."]);
  if (!PACKAGE_FILE.test(file) || file === "master.m3u8")
    throw new AppError(400, ["A package file is <rendition>.m3u8 or <rendition>.mp4, e.g. 360p.mp4 or audio.m3u8."]);
  if (body.byteLength === 0) throw new AppError(422, ["The file is empty."]);
  if (body.byteLength > MAX_PACKAGE_FILE_BYTES) throw new AppError(413, ["A package file is at most 95 MiB."]);
  const contentType = file.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp4";
  await ctx.bucket.put(hlsKey(lessonId, version, file), body, { httpMetadata: { contentType } });
  return { key: hlsKey(lessonId, version, file), bytes: body.byteLength };
}

/**
 * Commits an uploaded package: every rendition's playlist is read back from R2 and checked against its
 * media file (only byte ranges of that one file, tiling it exactly), bit rates are measured from the
 * ranges, the master playlist is written, and the lesson's row points at the new version. The previous
 * version's objects are deleted afterwards.
 */
export async function commitPackage(
  ctx: AppContext,
  { lessonId, input }: { lessonId: number; input: z.infer<typeof commitPackageSchema> },
): Promise<StreamState> {
  const { version } = input;
  const names = input.renditions.map((rendition) => rendition.name);
  if (new Set(names).size !== names.length) throw new AppError(422, ["Each rendition is named once."]);
  if (input.renditions.filter((rendition) => rendition.kind === "audio").length !== 1)
    throw new AppError(422, ["A package has exactly one audio rendition."]);
  const renditions: PackagedRendition[] = [];
  const problems: string[] = [];
  for (const rendition of input.renditions) {
    if (rendition.kind === "video" && (!rendition.width || !rendition.height || !rendition.codecs.startsWith("avc1"))) {
      problems.push(`${rendition.name}: a video rendition has a width, a height and avc1 CODECS.`);
      continue;
    }
    const [playlistObject, media] = await Promise.all([
      ctx.bucket.get(hlsKey(lessonId, version, `${rendition.name}.m3u8`)),
      ctx.bucket.head(hlsKey(lessonId, version, `${rendition.name}.mp4`)),
    ]);
    if (!playlistObject || !media) {
      await playlistObject?.body.cancel();
      problems.push(`${rendition.name}: upload ${rendition.name}.m3u8 and ${rendition.name}.mp4 first.`);
      continue;
    }
    try {
      const playlist = parseMediaPlaylist(await playlistObject.text(), `${rendition.name}.mp4`);
      checkRangesCoverFile(playlist, media.size);
      renditions.push({
        ...rendition,
        width: rendition.kind === "audio" ? null : rendition.width,
        height: rendition.kind === "audio" ? null : rendition.height,
        ...bitRates(playlist),
      });
    } catch (error) {
      if (!(error instanceof PlaylistError)) throw error;
      problems.push(`${rendition.name}.m3u8: ${error.message}`);
    }
  }
  if (problems.length > 0) throw new AppError(422, problems);
  let master: string;
  try {
    master = buildMasterPlaylist(renditions);
  } catch (error) {
    if (error instanceof PlaylistError) throw new AppError(422, [error.message]);
    throw error;
  }
  await ctx.bucket.put(hlsKey(lessonId, version, "master.m3u8"), master, {
    httpMetadata: { contentType: "application/vnd.apple.mpegurl" },
  });
  const [previous] = await streamQuery(ctx, lessonId);
  const now = ctx.now();
  const row = { state: "packaged" as const, version, renditions: JSON.stringify(renditions), error: null };
  await ctx.db
    .insert(videoStreams)
    .values({ videoId: lessonId, ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: videoStreams.videoId, set: { ...row, updatedAt: now } });
  if (previous?.version && previous.version !== version) await deleteVersion(ctx, lessonId, previous.version);
  return { state: "packaged", version, renditions, updatedAt: now, lastError: null };
}

async function deleteVersion(ctx: AppContext, lessonId: number, version: string) {
  const listed = await ctx.bucket.list({ prefix: `hls/${lessonId}/${version}/` });
  if (listed.objects.length > 0) await ctx.bucket.delete(listed.objects.map((object) => object.key));
}

/** Deletes every package object of a lesson (its video was replaced; the row is deleted by the caller). */
export async function deletePackageObjects(ctx: AppContext, lessonId: number) {
  let cursor: string | undefined;
  do {
    const listed = await ctx.bucket.list({ prefix: `hls/${lessonId}/`, cursor });
    if (listed.objects.length > 0) await ctx.bucket.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}

/** Records a failed packaging run; a package that was served before stays served. */
export async function recordPackagingFailure(
  ctx: AppContext,
  { lessonId, error }: { lessonId: number; error: string },
): Promise<StreamState> {
  const [previous] = await streamQuery(ctx, lessonId);
  const now = ctx.now();
  if (previous?.state === "packaged") {
    // Keep serving what works; the workspace shows the last packaging attempt's error beside it.
    await ctx.db.update(videoStreams).set({ error, updatedAt: now }).where(eq(videoStreams.videoId, lessonId));
    return toStreamState({ ...previous, error, updatedAt: now });
  }
  await ctx.db
    .insert(videoStreams)
    .values({ videoId: lessonId, state: "failed", error, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: videoStreams.videoId, set: { state: "failed", error, updatedAt: now } });
  return toStreamState({
    videoId: lessonId,
    state: "failed",
    version: null,
    renditions: "[]",
    error,
    createdAt: now,
    updatedAt: now,
  });
}

// ---------------------------------------------------------------------------------------------
// Signing and serving
// ---------------------------------------------------------------------------------------------

/** Who a signature is for: a member's id, or any visitor (free lessons only; the lesson page decides). */
export type HlsSubject = number | "visitor";

function hlsPayload(lessonId: number, version: string, subject: HlsSubject, expires: number) {
  return `hls\n${lessonId}\n${version}\n${subject}\n${expires}`;
}

/** The signed folder of a package, for a viewer the caller has already found entitled to the lesson. */
export async function signHlsFolder(
  ctx: AppContext,
  { lessonId, version, subject }: { lessonId: number; version: string; subject: HlsSubject },
): Promise<string> {
  const expires = windowedExpiry(Math.floor(ctx.now().getTime() / 1000), MEDIA_URL_LIFETIME_SECONDS);
  const signature = await hmacSha256Hex(ctx.config.mediaSigningSecret, hlsPayload(lessonId, version, subject, expires));
  return `/media/hls/${lessonId}/${version}/${expires}/${signature}`;
}

/** The lesson page's streaming URLs: the master playlist and the audio-only rendition for listening. */
export async function hlsUrls(
  ctx: AppContext,
  { lessonId, stream, subject }: { lessonId: number; stream: StreamState; subject: HlsSubject },
): Promise<{ masterUrl: string; audioUrl: string } | null> {
  if (stream.state !== "packaged") return null;
  const audio = stream.renditions.find((rendition) => rendition.kind === "audio");
  const folder = await signHlsFolder(ctx, { lessonId, version: stream.version, subject });
  return { masterUrl: `${folder}/master.m3u8`, audioUrl: `${folder}/${audio?.name ?? "audio"}.m3u8` };
}

const HLS_PATH = /^\/media\/hls\/(\d{1,10})\/([a-z0-9]{4,16})\/(\d{1,12})\/([0-9a-f]{64})\/([A-Za-z0-9.]{1,20})$/;

/**
 * Answers one request under /media/hls/: the signature must be valid, unexpired and made for this very
 * requester (the member the session token names, or a visitor when it was signed for one); otherwise 403
 * with no bytes. Unknown paths and files are 404.
 */
export async function serveHls(
  ctx: AppContext,
  request: Request,
  { cache, waitUntil }: { cache: Cache | null; waitUntil?: (promise: Promise<unknown>) => void },
): Promise<Response> {
  const url = new URL(request.url);
  const match = HLS_PATH.exec(url.pathname);
  if (!match || !PACKAGE_FILE.test(match[5]!)) return Response.json({ errors: ["Unknown media."] }, { status: 404 });
  const [, lessonText, version, expText, signature, file] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const lessonId = Number(lessonText);
  const expires = Number(expText);
  if (expires * 1000 <= ctx.now().getTime())
    return Response.json({ errors: ["This media link has expired. Reload the page."] }, { status: 403 });
  const claim = await readTokenClaim(ctx, { token: readToken(request) });
  const subject: HlsSubject = claim ? claim.userId : "visitor";
  const expected = await hmacSha256Hex(ctx.config.mediaSigningSecret, hlsPayload(lessonId, version, subject, expires));
  const encoder = new TextEncoder();
  if (!constantTimeEqual(encoder.encode(expected), encoder.encode(signature)))
    return Response.json({ errors: ["This media link is invalid."] }, { status: 403 });

  const key = hlsKey(lessonId, version, file);
  const check = { ok: true as const, expires, downloadName: null };
  const range = file.endsWith(".mp4") ? exactRange(request.headers.get("Range")) : null;
  if (!cache || !range || request.method !== "GET" || request.headers.has("If-Range"))
    return serveMedia(ctx, { request, key, check });

  // A segment: cached at the edge by what it is (lesson, version, file, bytes), never by who asked.
  const cacheKey = new Request(`${url.origin}/media/hls-cache/${key}?bytes=${range.start}-${range.end}`);
  const cached = await cache.match(cacheKey);
  if (cached) return segmentFromCache(cached, ctx, expires);
  const response = await serveMedia(ctx, { request, key, check });
  if (response.status !== 206 || !response.body) return response;
  const [forClient, forCache] = response.body.tee();
  const stored = new Headers(response.headers);
  stored.set("Cache-Control", "public, max-age=31536000, immutable");
  stored.set("X-Content-Range", response.headers.get("Content-Range") ?? "");
  stored.delete("Content-Range");
  const put = cache.put(cacheKey, new Response(forCache, { status: 200, headers: stored })).catch(() => undefined);
  waitUntil?.(put);
  return new Response(forClient, response);
}

function segmentFromCache(cached: Response, ctx: AppContext, expires: number): Response {
  const headers = new Headers(cached.headers);
  headers.set("Content-Range", headers.get("X-Content-Range") ?? "");
  headers.delete("X-Content-Range");
  headers.delete("Age");
  const remaining = Math.max(0, expires - Math.floor(ctx.now().getTime() / 1000));
  headers.set("Cache-Control", `private, max-age=${Math.min(remaining, 3600)}`);
  headers.set("X-Media-Cache", "hit");
  return new Response(cached.body, { status: 206, headers });
}

/** `bytes=a-b` with both ends (what hls.js asks for a byte-range segment); anything else is not cached. */
function exactRange(header: string | null): { start: number; end: number } | null {
  const match = /^bytes=(\d{1,12})-(\d{1,12})$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end >= start ? { start, end } : null;
}
