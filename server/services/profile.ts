import { and, eq, isNull } from "drizzle-orm";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type ProfileInput } from "#core/schemas/profile";
import { users } from "#drizzle/schema";
import type { AppContext } from "../context";
import { randomToken } from "../lib/crypto";
import { AppError } from "../lib/errors";

type AvatarType = (typeof AVATAR_TYPES)[number];

const EXTENSIONS: Record<AvatarType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** Where the page loads a member's avatar; the key changes with every upload, which busts browser caches. */
export function avatarUrl(userId: number, avatarKey: string | null): string | null {
  return avatarKey ? `/avatars/${userId}?v=${encodeURIComponent(avatarKey.split("/").pop() ?? "")}` : null;
}

/** Replaces the editable profile fields; a field left empty is cleared. */
export async function updateProfile(ctx: AppContext, { userId, ...input }: { userId: number } & ProfileInput) {
  const [updated] = await ctx.db
    .update(users)
    .set({
      name: input.name,
      level: input.level ?? null,
      transliterationScheme: input.transliterationScheme,
      birthday: input.birthday ?? null,
      updatedAt: ctx.now(),
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!updated) throw new AppError(404, ["This account no longer exists."]);
}

/** The declared type must match the file's first bytes, so a renamed HTML or SVG file is refused. */
function sniffImageType(bytes: Uint8Array): AvatarType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

const avatarError = (message: string, status: 413 | 422 = 422) =>
  new AppError(status, [message], { avatar: [message] });

/** Stores a new avatar in R2 under avatars/<userId>/, points the user at it and removes the old one. */
export async function setAvatar(ctx: AppContext, { userId, file }: { userId: number; file: File }) {
  if (!file || file.size === 0) throw avatarError("Choose an image to upload.");
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) throw avatarError("Use a PNG, JPEG or WebP image.");
  if (file.size > AVATAR_MAX_BYTES) throw avatarError("The image must be 2 MB or smaller.", 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffImageType(bytes) !== file.type) throw avatarError("This file is not a valid PNG, JPEG or WebP image.");

  const [user] = await ctx.db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new AppError(404, ["This account no longer exists."]);

  const key = `avatars/${userId}/${randomToken(12)}.${EXTENSIONS[file.type as AvatarType]}`;
  await ctx.bucket.put(key, bytes, { httpMetadata: { contentType: file.type } });
  await ctx.db.update(users).set({ avatarKey: key, updatedAt: ctx.now() }).where(eq(users.id, userId));
  if (user.avatarKey && user.avatarKey !== key) await deleteReplacedAvatar(ctx, user.avatarKey);
  return { avatarKey: key };
}

export async function removeAvatar(ctx: AppContext, { userId }: { userId: number }) {
  const [user] = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.avatarKey) return;
  await ctx.db.update(users).set({ avatarKey: null, updatedAt: ctx.now() }).where(eq(users.id, userId));
  await deleteReplacedAvatar(ctx, user.avatarKey);
}

/**
 * Deleting the object a member no longer uses is clean-up after their change is stored: if R2 fails it, the
 * change stands and the key is logged for removal, rather than answering an error for a change that was made
 * (tests/integration/faults.test.ts).
 */
async function deleteReplacedAvatar(ctx: AppContext, key: string) {
  try {
    await deleteAvatarObject(ctx, { key });
  } catch (error) {
    console.error(`profile: could not delete the replaced avatar object ${key}`, String(error));
  }
}

/** Only ever deletes under avatars/, whatever key it is handed. */
export async function deleteAvatarObject(ctx: AppContext, { key }: { key: string }) {
  if (key.startsWith("avatars/")) await ctx.bucket.delete(key);
}

/** The R2 object of a member's current avatar, or null when there is none. */
export async function getAvatar(ctx: AppContext, { userId }: { userId: number }) {
  const [user] = await ctx.db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user?.avatarKey) return null;
  return ctx.bucket.get(user.avatarKey);
}
