import { z } from "zod";

// The audit log page's filters (/admin/audit-log). They arrive as search params, so every value is a
// string and anything malformed falls back to "no filter" rather than an error page, except a record id
// longer than any record's (its text box): refused with a message, like every search box (core/schemas/search.ts).
export const AUDIT_LOG_PAGE_SIZE = 50;

/** `actor=system` lists the rows no administrator made (work the system did on an admin's behalf). */
export const AUDIT_SYSTEM_ACTOR = "system";

/** The longest record id the log is searched by (the admin registry's ids are at most 200 characters). */
export const AUDIT_RECORD_MAX_LENGTH = 200;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at the start (00:00 UTC) of a "YYYY-MM-DD" day, or null when it is not a real date. */
export function utcDayStart(value: string): number | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return time;
}

const positiveId = z
  .string()
  .trim()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value) && value >= 1)
  .optional()
  .catch(undefined);

const isoDay = z
  .string()
  .trim()
  .refine((value) => utcDayStart(value) !== null)
  .optional()
  .catch(undefined);

export const auditLogSearchSchema = z
  .object({
    /** The administrator who acted: a user id, or `system` for rows without one. */
    actor: z
      .union([z.literal(AUDIT_SYSTEM_ACTOR), positiveId])
      .optional()
      .catch(undefined),
    /** The admin resource slug or kind of record (`videos`, `plans`, `users`, `subscriptions`…). */
    resource: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i)
      .optional()
      .catch(undefined),
    /** The record's id as logged ("12", or "12-3" for a composite key). */
    record: z
      .string()
      .trim()
      .max(AUDIT_RECORD_MAX_LENGTH, `A record ID is at most ${AUDIT_RECORD_MAX_LENGTH} characters.`)
      .optional()
      .transform((value) => value || undefined),
    /** The member the actions concerned (their history). */
    subject: positiveId,
    /** First and last day, inclusive whole UTC days ("YYYY-MM-DD"). */
    from: isoDay,
    to: isoDay,
    page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  })
  // A range typed backwards means the same days.
  .transform((search) =>
    search.from && search.to && search.from > search.to ? { ...search, from: search.to, to: search.from } : search,
  );
export type AuditLogSearch = z.infer<typeof auditLogSearchSchema>;
