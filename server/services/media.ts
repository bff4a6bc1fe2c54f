import type { AppContext } from "../context";
import { constantTimeEqual, hmacSha256Hex } from "../lib/crypto";

export const MEDIA_URL_LIFETIME_SECONDS = 4 * 60 * 60;
/** Signed URLs expire on the hour: every page load within one hour signs the same URL (browser cache reuse). */
export const MEDIA_URL_WINDOW_SECONDS = 60 * 60;

/**
 * The expiry of a URL signed at `nowSeconds`: at least `lifetimeSeconds` away, rounded up to the end of its
 * window, so that URLs signed within one window are identical and a reload hits the browser's cache.
 */
export function windowedExpiry(nowSeconds: number, lifetimeSeconds: number, windowSeconds = MEDIA_URL_WINDOW_SECONDS) {
  return Math.ceil((nowSeconds + lifetimeSeconds) / windowSeconds) * windowSeconds;
}
export const MEDIA_PREFIXES = ["videos/", "thumbnails/", "attachments/", "audio/"] as const;

const KEY_PATTERN = /^(videos|thumbnails|attachments|audio)\/[A-Za-z0-9._\-/]{1,200}$/;

export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes("..") && !key.includes("//");
}

function signedPayload(key: string, expires: number, download: string | null) {
  return `${key}\n${expires}\n${download ?? ""}`;
}

/**
 * A short-lived URL for one R2 object: HMAC-SHA256 over key, expiry (and download name) with the media
 * secret. Callers decide entitlement first; a URL is proof that someone allowed to see it asked.
 */
export async function signMediaUrl(
  ctx: AppContext,
  { key, ...options }: { key: string } & { expiresInSeconds?: number; downloadName?: string },
): Promise<string> {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
  // An explicit lifetime is the caller's own (thumbnails and covers align theirs); the default one is windowed.
  const now = Math.floor(ctx.now().getTime() / 1000);
  const expires =
    options.expiresInSeconds !== undefined
      ? now + options.expiresInSeconds
      : windowedExpiry(now, MEDIA_URL_LIFETIME_SECONDS);
  const download = options.downloadName ?? null;
  const signature = await hmacSha256Hex(ctx.config.mediaSigningSecret, signedPayload(key, expires, download));
  const params = new URLSearchParams({ exp: String(expires), sig: signature });
  if (download) params.set("dl", download);
  return `/media/${key.split("/").map(encodeURIComponent).join("/")}?${params.toString()}`;
}

export type MediaSignatureCheck =
  { ok: true; expires: number; downloadName: string | null } | { ok: false; reason: string };

export async function verifyMediaSignature(
  ctx: AppContext,
  { key, params }: { key: string; params: URLSearchParams },
): Promise<MediaSignatureCheck> {
  if (!isMediaKey(key)) return { ok: false, reason: "Unknown media." };
  const expText = params.get("exp") ?? "";
  const signature = params.get("sig") ?? "";
  const download = params.get("dl");
  if (!/^\d{1,12}$/.test(expText) || !/^[0-9a-f]{64}$/.test(signature))
    return { ok: false, reason: "This media link is invalid." };
  const expires = Number(expText);
  if (expires * 1000 <= ctx.now().getTime())
    return { ok: false, reason: "This media link has expired. Reload the page." };
  const expected = await hmacSha256Hex(ctx.config.mediaSigningSecret, signedPayload(key, expires, download));
  const encoder = new TextEncoder();
  if (!constantTimeEqual(encoder.encode(expected), encoder.encode(signature))) {
    return { ok: false, reason: "This media link is invalid." };
  }
  return { ok: true, expires, downloadName: download };
}

export type ByteRange = { offset: number; length: number };

/**
 * The range a Range header asks for, before the object's size is known (what R2's `get` takes): null for
 * the whole object (no header, a malformed or multi-range one), "unsatisfiable" when no size could satisfy
 * it. parseRange resolves it against the size.
 */
function requestedRange(header: string | null): R2Range | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // malformed or multi-range: ignored, the whole object is served
  const [, startText, endText] = match;
  if (startText === "" && endText === "") return null;
  if (startText === "") return Number(endText) === 0 ? "unsatisfiable" : { suffix: Number(endText) };
  const start = Number(startText);
  if (endText === "") return { offset: start };
  const end = Number(endText);
  return end < start ? "unsatisfiable" : { offset: start, length: end - start + 1 };
}

/**
 * Parses a single `Range: bytes=…` header against the object size (RFC 9110 §14). Returns null when
 * there is no usable range (serve the whole object), "unsatisfiable" for a 416.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  const asked = requestedRange(header);
  if (asked === null) return null;
  if (asked === "unsatisfiable") return "unsatisfiable";
  if ("suffix" in asked) {
    const length = Math.min(asked.suffix, size);
    return size === 0 ? "unsatisfiable" : { offset: size - length, length };
  }
  const start = asked.offset ?? 0;
  if (start >= size) return "unsatisfiable";
  const end = asked.length === undefined ? size - 1 : Math.min(start + asked.length - 1, size - 1);
  return { offset: start, length: end - start + 1 };
}

function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** True when what R2 sent for `asked` is exactly `exact` (no clamping at the end of the object). */
function sameRange(asked: R2Range, exact: ByteRange, size: number): boolean {
  if ("suffix" in asked) return asked.suffix <= size;
  return asked.offset === exact.offset && (asked.length ?? size - (asked.offset ?? 0)) === exact.length;
}

function mediaHeaders(
  ctx: AppContext,
  key: string,
  check: Extract<MediaSignatureCheck, { ok: true }>,
  object: R2Object,
): Headers {
  const headers = new Headers();
  headers.set("Content-Type", object.httpMetadata?.contentType ?? "application/octet-stream");
  headers.set("Accept-Ranges", "bytes");
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  const remaining = Math.max(0, check.expires - Math.floor(ctx.now().getTime() / 1000));
  headers.set("Cache-Control", `private, max-age=${Math.min(remaining, 3600)}`);
  headers.set("X-Content-Type-Options", "nosniff");
  if (check.downloadName || key.startsWith("attachments/")) {
    headers.set("Content-Disposition", contentDisposition(check.downloadName ?? key.split("/").pop()!));
  }
  return headers;
}

const notFound = () => Response.json({ errors: ["Not found."] }, { status: 404 });

/**
 * Serves a verified media request from R2 with Range, ETag and conditional requests. A GET is one R2 call:
 * `get` with the requested range and If-None-Match as its condition (no body back = 304), so the bytes
 * start flowing after one round trip. HEAD, If-Range and ranges that need the size first (past the end,
 * a suffix longer than the object) take the head-then-get path.
 */
export async function serveMedia(
  ctx: AppContext,
  { request, key, check }: { request: Request; key: string; check: Extract<MediaSignatureCheck, { ok: true }> },
) {
  const rangeHeader = request.headers.get("Range");
  const asked = requestedRange(rangeHeader);
  if (request.method !== "GET" || request.headers.has("If-Range") || asked === "unsatisfiable") {
    return serveMediaAfterHead(ctx, request, key, check);
  }
  const ifNoneMatch = request.headers.get("If-None-Match");
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await ctx.bucket.get(key, {
      ...(asked ? { range: asked } : {}),
      ...(ifNoneMatch ? { onlyIf: new Headers({ "If-None-Match": ifNoneMatch }) } : {}),
    });
  } catch {
    // R2 refuses a range that starts past the end: let the size decide (416).
    return serveMediaAfterHead(ctx, request, key, check);
  }
  if (!object) return notFound();
  const headers = mediaHeaders(ctx, key, check, object);
  if (!("body" in object)) return new Response(null, { status: 304, headers });

  const range = parseRange(rangeHeader, object.size);
  if (range === "unsatisfiable" || (asked && range && !sameRange(asked, range, object.size))) {
    // Only a range past the end or longer than the object: what R2 sent is not exactly what we announce.
    await object.body.cancel();
    return serveMediaAfterHead(ctx, request, key, check);
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}

/** HEAD, If-Range and the edge cases: the object's metadata first, then (for a GET) its bytes. */
async function serveMediaAfterHead(
  ctx: AppContext,
  request: Request,
  key: string,
  check: Extract<MediaSignatureCheck, { ok: true }>,
) {
  const head = await ctx.bucket.head(key);
  if (!head) return notFound();
  const headers = mediaHeaders(ctx, key, check, head);

  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === head.httpEtag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }

  // If-Range with a stale validator means "send everything".
  const ifRange = request.headers.get("If-Range");
  const rangeHeader = ifRange && ifRange !== head.httpEtag ? null : request.headers.get("Range");
  const range = parseRange(rangeHeader, head.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    return new Response(null, { status: 416, headers });
  }

  const isHead = request.method === "HEAD";
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    headers.set("Content-Length", String(range.length));
    if (isHead) return new Response(null, { status: 206, headers });
    const object = await ctx.bucket.get(key, { range });
    if (!object) return notFound();
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(head.size));
  if (isHead) return new Response(null, { status: 200, headers });
  const object = await ctx.bucket.get(key);
  if (!object) return notFound();
  return new Response(object.body, { status: 200, headers });
}
