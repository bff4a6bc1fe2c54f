import { and, asc, eq, getTableColumns, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { getAdminResource } from "../../admin/registry";
import type { AdminResource, AdminRow, AdminThrough } from "../../admin/types";
import { isMediaKey, signMediaUrl } from "../media";

// Reading the rows of any declared resource (server/admin/types.ts): keys, the scope, titles, relation labels
// and signed media URLs. Only Drizzle builds SQL; user input only ever becomes bound parameters or
// whitelisted column keys.

export interface AdminRelationLabel {
  id: string;
  title: string;
}

export interface AdminRecord {
  /** The key used in URLs ("12", or "12-3" for composite keys). */
  id: string;
  title: string;
  /** The stored row (and, for relation-many fields, the related ids in order). */
  values: AdminRow;
  /** Titles of related rows, per relation column/field. */
  labels: Record<string, AdminRelationLabel[]>;
  /** Signed URLs of R2 keys, per thumbnail column / upload field. */
  mediaUrls: Record<string, string>;
}

export interface AdminListResult {
  items: AdminRecord[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort: string;
  direction: "asc" | "desc";
}

export type Columns = Record<string, AnySQLiteColumn>;

export function columnsOf(resource: AdminResource): Columns {
  return getTableColumns(resource.table) as Columns;
}

export function primaryKeyOf(resource: AdminResource): readonly string[] {
  return resource.primaryKey ?? ["id"];
}

export function relationManyFields(resource: AdminResource) {
  return resource.fields.flatMap((field) =>
    field.widget.type === "relation-many" ? [{ field, widget: field.widget }] : [],
  );
}

export function recordKey(resource: AdminResource, row: AdminRow): string {
  return primaryKeyOf(resource)
    .map((key) => String(row[key]))
    .join("-");
}

/** Parses "12" / "12-3" (or a text key) into a where clause; anything malformed is a 404. */
export function keyCondition(resource: AdminResource, idText: string): SQL {
  const columns = columnsOf(resource);
  const keys = primaryKeyOf(resource);
  const parts = keys.length === 1 ? [idText] : idText.split("-");
  if (parts.length !== keys.length) throw notFound();
  const conditions = keys.map((key, index) => {
    const column = columns[key]!;
    const part = parts[index]!;
    if (column.dataType === "number") {
      if (!/^\d{1,15}$/.test(part)) throw notFound();
      const value = Number(part);
      if (!Number.isSafeInteger(value) || value < 1) throw notFound();
      return eq(column, value);
    }
    if (part.length === 0 || part.length > 200) throw notFound();
    return eq(column, part);
  });
  return withScope(resource, and(...conditions)) ?? sql`1 = 0`;
}

export function withScope(resource: AdminResource, condition: SQL | undefined): SQL | undefined {
  const scope = resource.scope?.();
  if (!scope) return condition;
  return condition ? and(scope, condition) : scope;
}

export function titleOf(resource: AdminResource, row: AdminRow): string {
  const value = resource.title ? resource.title(row) : row[resource.titleField];
  const text = value === null || value === undefined ? "" : String(value);
  return text.trim() ? text.slice(0, 200) : `${capitalize(resource.singular)} ${recordKey(resource, row)}`;
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Titles of rows of `slug` by single-column key. */
export async function titlesByKey(
  ctx: AppContext,
  { slug, ids }: { slug: string; ids: readonly unknown[] },
): Promise<Map<string, string>> {
  const other = getAdminResource(slug);
  const result = new Map<string, string>();
  const unique = [...new Set(ids.filter((id) => id !== null && id !== undefined).map(String))];
  if (!other || unique.length === 0) return result;
  const keyColumn = columnsOf(other)[primaryKeyOf(other)[0]!]!;
  const values = keyColumn.dataType === "number" ? unique.map(Number) : unique;
  // Chunks keep each query under D1's 100 bound parameters.
  for (let start = 0; start < values.length; start += 90) {
    const rows = (await ctx.db
      .select()
      .from(other.table)
      .where(inArray(keyColumn, values.slice(start, start + 90)))) as AdminRow[];
    for (const row of rows) result.set(recordKey(other, row), titleOf(other, row));
  }
  return result;
}

/** Adds relation titles, relation-many ids and signed media URLs to rows. */
export async function toRecords(
  ctx: AppContext,
  { resource, rows, view }: { resource: AdminResource; rows: AdminRow[]; view: "list" | "detail" },
): Promise<AdminRecord[]> {
  if (rows.length === 0) return [];
  let shown = rows.map((row) => ({ ...row }));
  for (const hook of resource.hooks?.afterRead ?? []) shown = await hook({ app: ctx }, { rows: shown, view });
  const records: AdminRecord[] = rows.map((row, index) => ({
    id: recordKey(resource, row),
    title: titleOf(resource, row),
    values: shown[index]!,
    labels: {},
    mediaUrls: {},
  }));

  // relation-one: from list columns (list) or form fields (detail)
  const relationOne = new Map<string, string>();
  for (const column of resource.columns) {
    if (column.render === "relation" && column.relation) relationOne.set(column.field, column.relation);
  }
  if (view === "detail") {
    for (const field of resource.fields) {
      if (field.widget.type === "relation-one") relationOne.set(field.name, field.widget.resource);
    }
  }
  for (const [field, slug] of relationOne) {
    const titles = await titlesByKey(ctx, { slug, ids: records.map((record) => record.values[field]) });
    for (const record of records) {
      const value = record.values[field];
      if (value === null || value === undefined) record.labels[field] = [];
      else record.labels[field] = [{ id: String(value), title: titles.get(String(value)) ?? `#${String(value)}` }];
    }
  }

  // A join row's title is the title of the row its title field points at.
  for (const record of records) {
    const label = record.labels[resource.titleField]?.[0];
    if (label) record.title = label.title;
  }

  // relation-many: ids in order (both views) and their titles
  const listedFields = new Set(resource.columns.map((column) => column.field));
  for (const { field, widget } of relationManyFields(resource)) {
    if (view === "list" && !listedFields.has(field.name)) continue;
    const ids = await relatedIds(
      ctx,
      resource,
      widget.through,
      records.map((record) => record.values[primaryKeyOf(resource)[0]!]),
    );
    const titles = await titlesByKey(ctx, { slug: widget.resource, ids: [...ids.values()].flat() });
    for (const record of records) {
      const related = ids.get(String(record.values[primaryKeyOf(resource)[0]!])) ?? [];
      record.values[field.name] = related;
      record.labels[field.name] = related.map((id) => ({ id: String(id), title: titles.get(String(id)) ?? `#${id}` }));
    }
  }

  // media
  const mediaFields = new Set<string>();
  for (const column of resource.columns) if (column.render === "thumbnail") mediaFields.add(column.field);
  if (view === "detail")
    for (const field of resource.fields) if (field.widget.type === "upload") mediaFields.add(field.name);
  for (const record of records) {
    for (const field of mediaFields) {
      const key = record.values[field];
      if (typeof key === "string" && isMediaKey(key)) record.mediaUrls[field] = await signMediaUrl(ctx, { key });
    }
  }
  return records;
}

async function relatedIds(
  ctx: AppContext,
  resource: AdminResource,
  through: AdminThrough,
  ownerIds: readonly unknown[],
): Promise<Map<string, unknown[]>> {
  const result = new Map<string, unknown[]>();
  const ids = [...new Set(ownerIds.filter((id) => id !== null && id !== undefined))];
  for (let start = 0; start < ids.length; start += 90) {
    const rows = await ctx.db
      .select({ from: through.from, to: through.to })
      .from(through.table)
      .where(inArray(through.from, ids.slice(start, start + 90)))
      .orderBy(through.position ? asc(through.position) : asc(through.to));
    for (const row of rows) {
      const list = result.get(String(row.from)) ?? [];
      list.push(row.to);
      result.set(String(row.from), list);
    }
  }
  return result;
}

export async function findRow(
  ctx: AppContext,
  { resource, id: idText }: { resource: AdminResource; id: string },
): Promise<AdminRow | null> {
  const [row] = (await ctx.db
    .select()
    .from(resource.table)
    .where(keyCondition(resource, idText))
    .limit(1)) as AdminRow[];
  return row ?? null;
}
export async function readRecord(
  ctx: AppContext,
  { resource, id: idText }: { resource: AdminResource; id: string },
): Promise<AdminRecord> {
  const row = await findRow(ctx, { resource, id: idText });
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const [record] = await toRecords(ctx, { resource, rows: [row], view: "detail" });
  return record!;
}

/** A record's title for the audit log, before it has an id. */
export function labelOf(resource: AdminResource, row: AdminRow): string {
  const value = resource.title ? resource.title(row) : row[resource.titleField];
  const text = value === null || value === undefined ? "" : String(value).trim();
  return text ? text.slice(0, 200) : capitalize(resource.singular);
}
export function columnKeyIn(table: SQLiteTable, column: AnySQLiteColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`Column ${column.name} is not in ${getTableName(table)}`);
  return entry[0];
}
