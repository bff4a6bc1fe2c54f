import { z } from "zod";
import { librarySearchField } from "#core/schemas/search";
import {
  DURATION_BUCKETS,
  LIBRARY_LEVELS,
  LIBRARY_MAX_PAGES,
  LIBRARY_SORTS,
  PROGRESS_STATUSES,
  type DurationBucket,
  type LibraryQuery,
} from "#core/library-query";
import { parseWith } from "../../lib/errors";

// The library's query string (/video-library), read into a LibraryQuery.

const slugParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}-]{0,79}$/u)
  .nullable()
  .catch(null);

/**
 * Every value but the search is caught: an unknown or malformed parameter is dropped, never an error
 * (docs/product-rules.md#quality-bars). The search is checked first (`librarySearchField`).
 */
const libraryParamsSchema = z.object({
  q: z.string().catch(""),
  levels: z
    .array(z.string())
    .transform((values) => {
      const wanted = new Set(values.map((value) => value.trim().toLowerCase()));
      return LIBRARY_LEVELS.filter((level) => wanted.has(level));
    })
    .catch([]),
  category: slugParam,
  teacher: slugParam,
  country: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,16}$/)
    .nullable()
    .catch(null),
  duration: z
    .enum(Object.keys(DURATION_BUCKETS) as [DurationBucket, ...DurationBucket[]])
    .nullable()
    .catch(null),
  freeOnly: z.boolean().catch(false),
  status: z.enum(PROGRESS_STATUSES).nullable().catch(null),
  // Absent unless asked for, so a query without it reads as it always did.
  fit: z.literal(true).optional().catch(undefined),
  sort: z.enum(LIBRARY_SORTS).nullable().catch(null),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .transform((page) => Math.min(page, LIBRARY_MAX_PAGES))
    .catch(1),
});

/**
 * The /video-library query string (contract in core/library-query.ts), with bad values dropped; a search
 * longer than LIBRARY_SEARCH_MAX_LENGTH is refused (AppError 422), not cut short.
 */
export function parseLibraryParams(params: URLSearchParams): LibraryQuery {
  const value = (name: string) => params.get(name)?.trim() || null;
  return libraryParamsSchema.parse({
    q: parseWith(librarySearchField, params.get("q") ?? ""),
    levels: params.getAll("level").flatMap((level) => level.split(",")),
    category: value("category"),
    teacher: value("teacher"),
    country: value("country"),
    duration: value("duration"),
    freeOnly: ["1", "true", "on", "yes"].includes(value("free")?.toLowerCase() ?? ""),
    status: value("status"),
    fit: ["1", "true", "on", "yes"].includes(value("fit")?.toLowerCase() ?? "") || undefined,
    sort: value("sort")?.toLowerCase() ?? null,
    page: value("page") ?? "1",
  });
}
