import { z } from "zod";
import type { Level } from "../levels";
import { parseIsoDate, toIsoDate } from "../iso-date";
import { nameField } from "./auth";

export const LEVELS = ["beginner", "intermediate", "advanced"] as const satisfies readonly Level[];
export const TRANSLITERATION_SCHEMES = ["romanized", "arabizi"] as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const BIRTHDAY_MAX_AGE_YEARS = 100;

/**
 * Birthdays from 100 years ago up to today, compared as "YYYY-MM-DD" strings. "Today" is the latest
 * calendar day anywhere on Earth (UTC+14), so a server in UTC accepts what a browser in Auckland calls today.
 */
export function birthdayBounds(now = new Date()) {
  const today = new Date(now.getTime() + 14 * 60 * 60 * 1000);
  const earliest = new Date(today.getFullYear() - BIRTHDAY_MAX_AGE_YEARS, today.getMonth(), today.getDate());
  return { min: toIsoDate(earliest), max: toIsoDate(today) };
}

export const birthdayField = z
  .string()
  .trim()
  .refine((value) => parseIsoDate(value) !== null, { message: "Enter a real date (YYYY-MM-DD).", abort: true })
  .refine((value) => value <= birthdayBounds().max, "Your birthday can't be in the future.")
  .refine(
    (value) => value >= birthdayBounds().min,
    `Enter a birthday within the last ${BIRTHDAY_MAX_AGE_YEARS} years.`,
  );

export const profileSchema = z.object({
  name: nameField,
  level: z.enum(LEVELS, { error: "Choose one of the levels." }).optional(),
  transliterationScheme: z.enum(TRANSLITERATION_SCHEMES, { error: "Choose how transliteration is written." }),
  birthday: birthdayField.optional(),
});

export type ProfileInput = z.infer<typeof profileSchema>;

export const avatarSchema = z.object({
  avatar: z
    .file({ error: "Choose an image to upload." })
    .mime([...AVATAR_TYPES], "Use a PNG, JPEG or WebP image.")
    .max(AVATAR_MAX_BYTES, "The image must be 2 MB or smaller."),
});
