import { z } from "zod";
import { isMediaKey } from "../services/media";

// Zod building blocks shared by resource declarations. They accept JSON (API) and, through Conform's
// coercion, form values (empty inputs arrive as undefined and are stored as null / the default).

/** Optional text: empty → null. */
export const optionalText = (max = 500) =>
  z.string().trim().max(max, `Keep it to ${max} characters or fewer.`).nullable().optional();

/** Text with a default of "" (NOT NULL columns with a default). */
export const textWithDefault = (max = 5000) =>
  z.string().trim().max(max, `Keep it to ${max} characters or fewer.`).default("");

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Keep it to ${max} characters or fewer.`);

/** A required foreign key. */
export const requiredId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** An optional foreign key: empty → null. */
export const nullableId = (message = "Choose one from the list.") =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message)
    .nullable()
    .optional();

/** The ids of a relation-many field. */
export const idList = (max = 500, message = "Choose from the list.") =>
  z
    .array(z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message))
    .max(max, `Choose at most ${max}.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each one can appear only once.")
    .default([]);

/** An R2 key under one media prefix, set by the upload widget; empty → null. */
export const mediaKeyField = (prefix: string) =>
  z
    .string()
    .max(300)
    .refine((key) => key.startsWith(prefix) && isMediaKey(key), `Upload a file (stored under ${prefix}).`)
    .nullable()
    .optional();

/** A required R2 key (e.g. an attachment's file). */
export const requiredMediaKey = (prefix: string, message = "Upload a file.") =>
  z
    .string({ error: message })
    .min(1, message)
    .max(300)
    .refine((key) => key.startsWith(prefix) && isMediaKey(key), message);

export const booleanField = (defaultValue = false) => z.boolean().default(defaultValue);

export const integerField = (options: { min?: number; max?: number; defaultValue?: number } = {}) => {
  const min = options.min ?? 0;
  const max = options.max ?? 1_000_000_000;
  return z
    .number({ error: "Enter a whole number." })
    .int("Enter a whole number.")
    .min(min, `Use ${min} or more.`)
    .max(max, `Use ${max} or less.`)
    .default(options.defaultValue ?? 0);
};

/**
 * A date (the date picker sends YYYY-MM-DD; the API sends ISO strings); empty → null. Only text is read as a
 * date: a JSON number or boolean is refused, not turned into 1970.
 */
export const dateText = (message = "Enter a valid date.") =>
  z
    .union([z.string({ error: message }), z.date({ error: message })], { error: message })
    .pipe(z.coerce.date({ error: message }));
export const optionalDate = () => dateText().nullable().optional();

/** Strings stored in a JSON column; the form's textarea sends one per line. */
export const stringList = (max = 50) =>
  z.array(z.string().trim().min(1).max(300)).max(max, `At most ${max} entries.`).default([]);
