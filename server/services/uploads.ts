/**
 * Admin uploads into R2. Large files go through R2 multipart uploads driven by the browser (create →
 * parts of PART_SIZE bytes → complete, abort on failure); small ones may arrive in one request (the
 * no-JS form). Every finished object is sniffed (the bytes, not the name, decide what it is), capped
 * in size and recorded in media_objects.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { mediaObjects } from "#drizzle/schema";
import type { AppContext } from "../context";
import { constantTimeEqual, hmacSha256Hex } from "../lib/crypto";
import { AppError, notFound } from "../lib/errors";
import { Mp4DurationError, readMp4Duration } from "../lib/mp4-duration";
import { isMediaKey } from "./media";

export const UPLOAD_KINDS = ["video", "thumbnail", "attachment"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** R2 wants every part but the last to be at least 5 MiB; 8 MiB keeps requests well under Worker limits. */
export const PART_SIZE = 8 * 1024 * 1024;
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;
/** The single-request (no-JS) path reads the whole file into memory. */
export const MAX_SINGLE_REQUEST_BYTES = 25 * 1024 * 1024;

const MiB = 1024 * 1024;
export const UPLOAD_LIMITS: Record<UploadKind, { prefix: string; maxBytes: number; label: string }> = {
  video: { prefix: "videos/", maxBytes: 4096 * MiB, label: "A video" },
  thumbnail: { prefix: "thumbnails/", maxBytes: 5 * MiB, label: "A thumbnail" },
  attachment: { prefix: "attachments/", maxBytes: 50 * MiB, label: "An attachment" },
};

/** What the first bytes say the file is. */
export type SniffedType = { contentType: string; extension: string };

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  return signature.every((value, index) => bytes[offset + index] === value);
}
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** Recognises the containers we accept from the first 64 bytes: video, image, and document types. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (brand === "qt  ") return { contentType: "video/quicktime", extension: "mov" };
    if (/^M4A |^M4B /.test(brand)) return { contentType: "audio/mp4", extension: "m4a" };
    return { contentType: "video/mp4", extension: "mp4" };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    return head.includes("webm")
      ? { contentType: "video/webm", extension: "webm" }
      : { contentType: "video/x-matroska", extension: "mkv" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: "image/png", extension: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return { contentType: "image/webp", extension: "webp" };
  if (ascii(bytes, 0, 5) === "%PDF-") return { contentType: "application/pdf", extension: "pdf" };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { contentType: "application/zip", extension: "zip" };
  if (startsWith(bytes, [0x49, 0x44, 0x33]) || startsWith(bytes, [0xff, 0xfb]))
    return { contentType: "audio/mpeg", extension: "mp3" };
  return null;
}

const ACCEPTED: Record<UploadKind, (type: SniffedType | null, bytes: Uint8Array) => SniffedType | null> = {
  video: (type) => (type && type.contentType.startsWith("video/") ? type : null),
  thumbnail: (type) => (type && type.contentType.startsWith("image/") ? type : null),
  attachment: (type, bytes) => {
    if (type && !type.contentType.startsWith("video/")) return type;
    // Plain UTF-8 text (transcripts, word lists) has no signature: accept it when it decodes cleanly.
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 48));
      return bytes.includes(0) ? null : { contentType: "text/plain; charset=utf-8", extension: "txt" };
    } catch {
      return null;
    }
  },
};

const REFUSED: Record<UploadKind, string> = {
  video: "That file is not a video we can play (MP4, MOV, WebM or MKV).",
  thumbnail: "That file is not an image (JPEG, PNG or WebP).",
  attachment: "That file type is not allowed as an attachment (PDF, text, images, audio, ZIP).",
};

export function checkUploadSize(kind: UploadKind, size: number) {
  const limit = UPLOAD_LIMITS[kind];
  if (!Number.isSafeInteger(size) || size <= 0)
    throw new AppError(422, ["The file is empty."], { file: ["The file is empty."] });
  if (size > limit.maxBytes) {
    const message = `${limit.label} can be at most ${Math.round(limit.maxBytes / MiB)} MiB.`;
    throw new AppError(413, [message], { file: [message] });
  }
}

/** A fresh key under the kind's prefix: `videos/lesson-12-3f9a1c2b.mp4`. Never derived from user input alone. */
export function newUploadKey(kind: UploadKind, fileName: string, lessonId?: number | null) {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? "bin";
  const base = fileName
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 48);
  const owner = lessonId ? `lesson-${lessonId}-` : "";
  return `${UPLOAD_LIMITS[kind].prefix}${owner}${base || kind}-${crypto.randomUUID().slice(0, 8)}.${extension}`;
}

export const createUploadSchema = z.strictObject({
  kind: z.enum(UPLOAD_KINDS, { error: "kind must be video, thumbnail or attachment." }),
  fileName: z.string().trim().min(1, "Give the file name.").max(200),
  size: z.number().int().positive("The file is empty."),
  videoId: z.number().int().positive().optional(),
});

const TYPES_BY_EXTENSION: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  zip: "application/zip",
};

export function contentTypeForName(fileName: string) {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
}

/** Starts a multipart upload and answers what the browser needs to send its parts. */
export async function createMultipartUpload(ctx: AppContext, input: z.infer<typeof createUploadSchema>) {
  checkUploadSize(input.kind, input.size);
  const key = newUploadKey(input.kind, input.fileName, input.videoId);
  const upload = await ctx.bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: contentTypeForName(input.fileName) },
  });
  return {
    key,
    uploadId: await sealUploadId(ctx, key, upload.uploadId),
    partSize: PART_SIZE,
    partCount: Math.max(1, Math.ceil(input.size / PART_SIZE)),
  };
}

/**
 * The browser gets R2's upload id with our HMAC over (key, id) appended, so a made-up or mismatched
 * upload is refused (404) before R2 is asked; local R2 reports those as internal errors.
 */
async function sealUploadId(ctx: AppContext, key: string, uploadId: string) {
  return `${uploadId}.${await hmacSha256Hex(ctx.config.mediaSigningSecret, `upload\n${key}\n${uploadId}`)}`;
}

async function openUploadId(ctx: AppContext, key: string, handle: string) {
  const dot = handle.lastIndexOf(".");
  const uploadId = handle.slice(0, dot);
  const signature = handle.slice(dot + 1);
  if (dot <= 0 || !/^[0-9a-f]{64}$/.test(signature)) throw notFound("Unknown or finished upload.");
  const expected = await hmacSha256Hex(ctx.config.mediaSigningSecret, `upload\n${key}\n${uploadId}`);
  const encoder = new TextEncoder();
  if (!constantTimeEqual(encoder.encode(expected), encoder.encode(signature))) {
    throw notFound("Unknown or finished upload.");
  }
  return uploadId;
}

function keyKind(key: string): UploadKind {
  const kind = UPLOAD_KINDS.find((candidate) => key.startsWith(UPLOAD_LIMITS[candidate].prefix));
  if (!kind || !isMediaKey(key)) throw notFound("Unknown upload.");
  return kind;
}

/** R2 reports an unknown or finished upload with an error whose text names it; that is a 404 to us. */
function uploadError(error: unknown): never {
  const text = error instanceof Error ? error.message : String(error);
  if (/NoSuchUpload|does not exist|not found|10024/i.test(text)) throw notFound("Unknown or finished upload.");
  if (/EntityTooSmall|too small|10011/i.test(text)) {
    throw new AppError(422, ["Every part but the last must be at least 5 MiB."]);
  }
  if (/InvalidPart|10025/i.test(text)) throw new AppError(422, ["A part is missing or its ETag does not match."]);
  throw error;
}

export async function uploadPart(
  ctx: AppContext,
  input: { key: string; uploadId: string; partNumber: number; body: ReadableStream | ArrayBuffer; size: number },
) {
  keyKind(input.key);
  if (!Number.isInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > MAX_PART_NUMBER) {
    throw new AppError(400, [`partNumber must be a whole number from 1 to ${MAX_PART_NUMBER}.`]);
  }
  if (!(input.size > 0)) throw new AppError(400, ["A part can't be empty."]);
  if (input.size > PART_SIZE) throw new AppError(413, [`A part is at most ${PART_SIZE} bytes.`]);
  const upload = ctx.bucket.resumeMultipartUpload(input.key, await openUploadId(ctx, input.key, input.uploadId));
  try {
    const part = await upload.uploadPart(input.partNumber, input.body);
    return { partNumber: part.partNumber, etag: part.etag };
  } catch (error) {
    uploadError(error);
  }
}

export const completeUploadSchema = z.strictObject({
  key: z.string().min(1).max(260),
  parts: z
    .array(
      z.strictObject({ partNumber: z.number().int().min(1).max(MAX_PART_NUMBER), etag: z.string().min(1).max(200) }),
    )
    .min(1, "Send at least one part.")
    .max(MAX_PART_NUMBER),
});

async function firstBytes(ctx: AppContext, key: string) {
  const object = await ctx.bucket.get(key, { range: { offset: 0, length: 64 } });
  return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array();
}

/**
 * Finishes a multipart upload, then checks the object: size cap and sniffed type for its kind. A
 * refused object is deleted again. Returns what was stored.
 */
export async function completeMultipartUpload(
  ctx: AppContext,
  input: { uploadId: string; userId: number } & z.infer<typeof completeUploadSchema>,
) {
  const kind = keyKind(input.key);
  const numbers = input.parts.map((part) => part.partNumber);
  if (new Set(numbers).size !== numbers.length) throw new AppError(400, ["Each part number may appear once."]);
  const upload = ctx.bucket.resumeMultipartUpload(input.key, await openUploadId(ctx, input.key, input.uploadId));
  let object: R2Object;
  try {
    object = await upload.complete([...input.parts].sort((a, b) => a.partNumber - b.partNumber));
  } catch (error) {
    uploadError(error);
  }
  return acceptStoredObject(ctx, { kind, key: input.key, size: object.size, userId: input.userId });
}

async function acceptStoredObject(
  ctx: AppContext,
  input: { kind: UploadKind; key: string; size: number; userId: number },
) {
  const bytes = await firstBytes(ctx, input.key);
  const type = ACCEPTED[input.kind](sniffContentType(bytes), bytes);
  if (!type || input.size > UPLOAD_LIMITS[input.kind].maxBytes) {
    await ctx.bucket.delete(input.key);
    if (!type) throw new AppError(422, [REFUSED[input.kind]], { file: [REFUSED[input.kind]] });
    checkUploadSize(input.kind, input.size);
  }
  // Small objects get the sniffed type whatever the name claimed; videos are not copied again (a
  // wrong container name still names a video, which players sniff).
  const copy = input.kind === "video" ? null : await ctx.bucket.get(input.key);
  if (copy && copy.httpMetadata?.contentType !== type!.contentType) {
    await ctx.bucket.put(input.key, copy.body, { httpMetadata: { contentType: type!.contentType } });
  }
  await ctx.db
    .insert(mediaObjects)
    .values({ key: input.key, contentType: type!.contentType, sizeBytes: input.size, uploadedBy: input.userId })
    .onConflictDoUpdate({
      target: mediaObjects.key,
      set: { contentType: type!.contentType, sizeBytes: input.size },
    });
  return { key: input.key, contentType: type!.contentType, sizeBytes: input.size };
}

export async function abortMultipartUpload(ctx: AppContext, input: { key: string; uploadId: string }) {
  keyKind(input.key);
  try {
    await ctx.bucket.resumeMultipartUpload(input.key, await openUploadId(ctx, input.key, input.uploadId)).abort();
  } catch (error) {
    uploadError(error);
  }
  return { key: input.key, aborted: true };
}

/** The no-JS path: one small file in one request. */
export async function putSingleUpload(
  ctx: AppContext,
  input: { kind: UploadKind; file: File; userId: number; lessonId?: number | null },
) {
  checkUploadSize(input.kind, input.file.size);
  if (input.file.size > MAX_SINGLE_REQUEST_BYTES) {
    const message = `Without JavaScript a file can be at most ${MAX_SINGLE_REQUEST_BYTES / MiB} MiB; enable it for larger uploads.`;
    throw new AppError(413, [message], { file: [message] });
  }
  const key = newUploadKey(input.kind, input.file.name, input.lessonId);
  const body = new Uint8Array(await input.file.arrayBuffer());
  await ctx.bucket.put(key, body, { httpMetadata: { contentType: contentTypeForName(input.file.name) } });
  return acceptStoredObject(ctx, { kind: input.kind, key, size: body.byteLength, userId: input.userId });
}

/** Removes an uploaded object and its record (attachments deleted from a lesson). */
export async function deleteStoredObject(ctx: AppContext, { key }: { key: string }) {
  if (!isMediaKey(key)) return;
  await ctx.bucket.delete(key);
  await ctx.db.delete(mediaObjects).where(eq(mediaObjects.key, key));
}

/**
 * A stored video's duration in seconds, from its MP4 header (server/lib/mp4-duration.ts): a few small range
 * reads, never the whole file. Mp4DurationError when the object is missing or says nothing usable.
 */
export async function readStoredVideoDuration(ctx: AppContext, { key }: { key: string }): Promise<number> {
  const head = await ctx.bucket.head(key);
  if (!head) throw new Mp4DurationError("The video file is missing from storage.");
  const read = async (offset: number, length: number) => {
    if (length <= 0) return new Uint8Array();
    const object = await ctx.bucket.get(key, { range: { offset, length } });
    return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array();
  };
  return (await readMp4Duration(read, head.size)).seconds;
}
