import type { z } from "zod";
import { adminListSearchField } from "#core/schemas/search";
import { parseWith, validationError } from "../../lib/errors";
import type { AdminField, AdminResource, AdminRow } from "../../admin/types";
import { columnsOf, primaryKeyOf } from "./records";

// What a request asks of a resource, read before any D1 access: the list's query string and a record's
// values (validated by the resource's zod schema, then limited to its declared, writable fields).

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 25;

export interface AdminListQuery {
  q: string;
  sort: string;
  direction: "asc" | "desc";
  page: number;
  pageSize: number;
  /** Only declared filters with a valid value. */
  filters: Record<string, string | number | boolean>;
}

function sortableFields(resource: AdminResource): Set<string> {
  const columns = columnsOf(resource);
  const fields = new Set(resource.columns.filter((column) => column.sortable).map((column) => column.field));
  if (resource.defaultSort) fields.add(resource.defaultSort.field);
  return new Set([...fields].filter((field) => field in columns));
}

/**
 * Reads ?q=&sort=&dir=&page=&pageSize=&<filter>= leniently: unknown or malformed values fall back to defaults.
 * The one exception is a search longer than its maximum (core/schemas/search.ts): a 422 that says so.
 */
export function parseListQuery(resource: AdminResource, params: URLSearchParams): AdminListQuery {
  const sortable = sortableFields(resource);
  const fallbackSort = resource.defaultSort?.field ?? primaryKeyOf(resource)[0]!;
  const requestedSort = params.get("sort") ?? "";
  const sort = sortable.has(requestedSort) ? requestedSort : fallbackSort;
  const dirText = params.get("dir");
  const direction =
    dirText === "asc" || dirText === "desc"
      ? dirText
      : sort === resource.defaultSort?.field
        ? resource.defaultSort.direction
        : "asc";
  const pageNumber = Number(params.get("page") ?? 1);
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, 100_000) : 1;
  const sizeNumber = Number(params.get("pageSize") ?? DEFAULT_ADMIN_PAGE_SIZE);
  const pageSize =
    Number.isSafeInteger(sizeNumber) && sizeNumber >= 1 ? Math.min(sizeNumber, 100) : DEFAULT_ADMIN_PAGE_SIZE;
  const q = parseWith(adminListSearchField, params.get("q") ?? "");

  const filters: AdminListQuery["filters"] = {};
  for (const filter of resource.filters ?? []) {
    const value = params.get(filter.field);
    if (value === null || value === "") continue;
    if (filter.type === "select" && filter.options.some((option) => option.value === value))
      filters[filter.field] = value;
    if (filter.type === "boolean" && (value === "true" || value === "false")) filters[filter.field] = value === "true";
    if (filter.type === "relation" && /^\d{1,15}$/.test(value)) filters[filter.field] = Number(value);
  }
  return { q, sort, direction, page, pageSize, filters };
}

function writableFields(resource: AdminResource): AdminField[] {
  return resource.fields.filter((field) => !field.readOnly);
}

export function updateSchemaOf(resource: AdminResource): z.ZodObject {
  return resource.updateSchema ?? resource.createSchema.partial();
}

/**
 * Validates input against a schema and keeps only declared, writable fields. `present` limits the
 * result to keys the caller sent (PATCH), so zod defaults never overwrite stored values.
 */
export function parseRecordInput(
  resource: AdminResource,
  schema: z.ZodObject,
  input: Record<string, unknown>,
  mode: "create" | "replace" | "patch",
): AdminRow {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return pickDeclaredValues(resource, result.data as AdminRow, input, mode);
}

/** Keeps declared, writable fields of parsed input (for PATCH only those present in `input`); undefined → null. */
export function pickDeclaredValues(
  resource: AdminResource,
  parsed: AdminRow,
  input: Record<string, unknown>,
  mode: "create" | "replace" | "patch",
): AdminRow {
  const values: AdminRow = {};
  for (const field of writableFields(resource)) {
    if (mode === "patch" && !(field.name in input)) continue;
    const value = parsed[field.name];
    // Form/replace semantics: an emptied optional field is stored as null.
    values[field.name] = value === undefined ? null : value;
  }
  return values;
}
