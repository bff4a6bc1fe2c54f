import { eq } from "drizzle-orm";
import { mediaObjects } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { randomToken } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { authorizeAdminAction } from "../../admin/registry";
import type { AdminHookContext, AdminResource, AdminRow, AdminUploadKind } from "../../admin/types";
import { signMediaUrl } from "../media";

// Files of the resources' upload fields: stored in R2 under the field's prefix after sniffing and a size
// check (single request: images, audio, attachments; big videos use multipart in server/services/uploads.ts),
// and the media_objects record a later create or update must point at.

const DEFAULT_MAX_BYTES: Record<AdminUploadKind, number> = {
  image: 5 * 1024 * 1024,
  audio: 50 * 1024 * 1024,
  file: 25 * 1024 * 1024,
  video: 95 * 1024 * 1024,
};

type Sniffed = { contentType: string; extension: string };

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** Recognises the file from its first bytes; the declared type is never trusted. */
export function sniffFile(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return { contentType: "image/png", extension: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: "image/webp", extension: "webp" };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { contentType: "image/gif", extension: "gif" };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x41, 0x56, 0x45], 8))
    return { contentType: "audio/wav", extension: "wav" };
  if (startsWith(bytes, [0x49, 0x44, 0x33]) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0))
    return { contentType: "audio/mpeg", extension: "mp3" };
  if (startsWith(bytes, [0x4f, 0x67, 0x67, 0x53])) return { contentType: "audio/ogg", extension: "ogg" };
  if (startsWith(bytes, [0x66, 0x4c, 0x61, 0x43])) return { contentType: "audio/flac", extension: "flac" };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { contentType: "video/webm", extension: "webm" };
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (brand.startsWith("M4A")) return { contentType: "audio/mp4", extension: "m4a" };
    return { contentType: "video/mp4", extension: "mp4" };
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return { contentType: "application/pdf", extension: "pdf" };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { contentType: "application/zip", extension: "zip" };
  return null;
}

const KIND_TYPES: Record<AdminUploadKind, (contentType: string) => boolean> = {
  image: (type) => ["image/png", "image/jpeg", "image/webp", "image/gif"].includes(type),
  audio: (type) => type.startsWith("audio/"),
  video: (type) => type.startsWith("video/"),
  file: (type) =>
    type === "application/pdf" || type === "application/zip" || type.startsWith("image/") || type.startsWith("audio/"),
};

const KIND_HINTS: Record<AdminUploadKind, string> = {
  image: "a PNG, JPEG, WebP or GIF image",
  audio: "an MP3, M4A, OGG, WAV or FLAC file",
  video: "an MP4 or WebM video",
  file: "a PDF, ZIP (Word, Excel), image or audio file",
};

function isPlainText(bytes: Uint8Array) {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.slice(0, 4096));
    return true;
  } catch {
    // a multi-byte character cut at 4096 bytes still counts as text
    return bytes.length > 4096;
  }
}

export interface AdminUploadResult {
  key: string;
  contentType: string;
  sizeBytes: number;
  fileName: string;
  url: string;
}

/** Stores one file for an upload field of `resource` under its declared prefix, after sniffing and size checks. */
export async function storeAdminUpload(
  hookContext: AdminHookContext,
  {
    resource,
    fieldName,
    file,
    action = "update",
  }: { resource: AdminResource; fieldName: string; file: File; action?: "create" | "update" },
): Promise<AdminUploadResult> {
  authorizeAdminAction(hookContext.user, resource, action);
  const ctx = hookContext.app;
  const field = resource.fields.find((candidate) => candidate.name === fieldName);
  if (!field || field.widget.type !== "upload") {
    throw new AppError(404, [`${resource.label} has no upload field “${fieldName}”.`]);
  }
  const widget = field.widget;
  const fail = (message: string, status: 413 | 422 = 422) =>
    new AppError(status, [message], { [fieldName]: [message] });
  if (file.size === 0) throw fail("Choose a file to upload.");
  const maxBytes = widget.maxBytes ?? DEFAULT_MAX_BYTES[widget.kind];
  if (file.size > maxBytes) throw fail(`The file must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller.`, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let sniffed = sniffFile(bytes);
  if (!sniffed && widget.kind === "file" && isPlainText(bytes))
    sniffed = { contentType: "text/plain; charset=utf-8", extension: "txt" };
  if (
    !sniffed ||
    (!KIND_TYPES[widget.kind](sniffed.contentType) && !(widget.kind === "file" && sniffed.extension === "txt"))
  ) {
    throw fail(`This file is not ${KIND_HINTS[widget.kind]}.`);
  }
  const key = `${widget.prefix}${resource.slug}/${randomToken(12)}.${sniffed.extension}`;
  await ctx.bucket.put(key, bytes, { httpMetadata: { contentType: sniffed.contentType } });
  await ctx.db
    .insert(mediaObjects)
    .values({
      key,
      contentType: sniffed.contentType,
      sizeBytes: file.size,
      uploadedBy: hookContext.user.id,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing();
  const fileName = (file.name || `upload.${sniffed.extension}`).slice(0, 200);
  return {
    key,
    contentType: sniffed.contentType,
    sizeBytes: file.size,
    fileName,
    url: await signMediaUrl(ctx, { key }),
  };
}

/**
 * Upload fields must hold keys stored through the admin (media_objects); their metaFields are filled
 * from that record. Keys that did not change are left alone (seeded rows may predate media_objects).
 */
export async function applyUploadMeta(
  ctx: AppContext,
  { resource, values, existing }: { resource: AdminResource; values: AdminRow; existing: AdminRow | null },
) {
  const fieldErrors: Record<string, string[]> = {};
  for (const field of resource.fields) {
    const widget = field.widget;
    if (widget.type !== "upload" || !(field.name in values)) continue;
    const key = values[field.name];
    if (typeof key !== "string" || (existing && existing[field.name] === key)) continue;
    const [object] = await ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key)).limit(1);
    if (!object) {
      fieldErrors[field.name] = ["Upload the file again: this key is not a stored upload."];
      continue;
    }
    if (widget.metaFields?.contentType) values[widget.metaFields.contentType] = object.contentType;
    if (widget.metaFields?.sizeBytes) values[widget.metaFields.sizeBytes] = object.sizeBytes;
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError(
      422,
      Object.entries(fieldErrors).map(([name, [message]]) => `${name}: ${message}`),
      fieldErrors,
    );
  }
}
