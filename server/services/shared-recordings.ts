/**
 * Shadowing recordings a member shared to the community for feedback (docs/speaking.md, ADR 048): the audio in
 * R2 under `audio/voices/<member>/…`, a row tying it to the community message that carries its line. Here what
 * the community and account deletion need of them without depending on the share itself: signed URLs per
 * message, and removal (row and R2 object) when the message, its thread or the account goes.
 */
import { eq, inArray, type SQL } from "drizzle-orm";
import { communityMessages, sharedRecordings } from "#drizzle/schema";
import { SHARE_AUDIO_TYPES } from "#core/schemas/speaking";
import type { AppContext } from "../context";
import { signMediaUrl } from "./media";

export type SharedAudioType = (typeof SHARE_AUDIO_TYPES)[number];

/** The file's own first bytes, so a declared type is what the file is (the media route serves it as declared). */
const SIGNATURES: Record<SharedAudioType, (bytes: Uint8Array) => boolean> = {
  "audio/webm": (bytes) => bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3,
  "audio/mp4": (bytes) => text(bytes, 4, 4) === "ftyp",
  "audio/ogg": (bytes) => text(bytes, 0, 4) === "OggS",
  "audio/wav": (bytes) => text(bytes, 0, 4) === "RIFF" && text(bytes, 8, 4) === "WAVE",
};

function text(bytes: Uint8Array, offset: number, length: number) {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

export const SHARED_EXTENSIONS: Record<SharedAudioType, string> = {
  "audio/webm": "webm",
  "audio/mp4": "m4a",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
};

/** The declared type without its parameters (`audio/webm;codecs=opus` → `audio/webm`), if we take it. */
export function sharedAudioType(declared: string): SharedAudioType | null {
  const base = declared.split(";")[0]!.trim().toLowerCase();
  return (SHARE_AUDIO_TYPES as readonly string[]).includes(base) ? (base as SharedAudioType) : null;
}

export function looksLike(type: SharedAudioType, bytes: Uint8Array): boolean {
  return bytes.length >= 12 && SIGNATURES[type](bytes);
}

/** Signed URLs of the recordings on these messages, by message id. */
export async function recordingsOfMessages(ctx: AppContext, messageIds: number[]) {
  const found = new Map<number, { url: string; mimeType: string }>();
  if (messageIds.length === 0) return found;
  const rows = await ctx.db
    .select({ messageId: sharedRecordings.messageId, key: sharedRecordings.key, mimeType: sharedRecordings.mimeType })
    .from(sharedRecordings)
    .where(inArray(sharedRecordings.messageId, messageIds));
  for (const row of rows) {
    found.set(row.messageId, { url: await signMediaUrl(ctx, { key: row.key }), mimeType: row.mimeType });
  }
  return found;
}

/** Deletes the rows `where` selects and their R2 objects (after the rows: a failure orphans, never dangles). */
async function removeWhere(ctx: AppContext, where: SQL | undefined) {
  const rows = await ctx.db.delete(sharedRecordings).where(where).returning({ key: sharedRecordings.key });
  if (rows.length > 0) await ctx.bucket.delete(rows.map((row) => row.key));
  return rows.length;
}

/** A deleted message's recording. */
export function removeMessageRecording(ctx: AppContext, { messageId }: { messageId: number }) {
  return removeWhere(ctx, eq(sharedRecordings.messageId, messageId));
}

/** The recordings on a deleted thread's messages. */
export function removeThreadRecordings(ctx: AppContext, { threadId }: { threadId: number }) {
  const messages = ctx.db
    .select({ id: communityMessages.id })
    .from(communityMessages)
    .where(eq(communityMessages.threadId, threadId));
  return removeWhere(ctx, inArray(sharedRecordings.messageId, messages));
}

/** The R2 keys of a member's shared recordings (account deletion removes the rows in its batch, then these). */
export async function sharedRecordingKeys(ctx: AppContext, { userId }: { userId: number }) {
  const rows = await ctx.primary
    .select({ key: sharedRecordings.key })
    .from(sharedRecordings)
    .where(eq(sharedRecordings.userId, userId));
  return rows.map((row) => row.key);
}

export async function deleteRecordingObjects(ctx: AppContext, keys: string[]) {
  // R2 deletes at most 1000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await ctx.bucket.delete(keys.slice(start, start + 1000));
}
