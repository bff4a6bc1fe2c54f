import { and, asc, count, desc, eq, getTableColumns, getTableName, inArray, is, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig, SQLiteTable, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { adminListSearchField } from "#core/schemas/search";
import * as schema from "#drizzle/schema";
import { mediaObjects } from "#drizzle/schema";
import type { AppContext } from "../context";
import { randomToken } from "../lib/crypto";
import { auditInsert, diffChanges, LAST_INSERT_ID } from "../services/audit-log";
import { containsText } from "../services/text-match";
import { AppError, notFound, parseWith, validationError } from "../lib/errors";
import { isMediaKey, signMediaUrl } from "../services/media";
import { ADMIN_RESOURCES, authorizeAdminAction, getAdminResource } from "./registry";
import type {
  AdminField,
  AdminHookContext,
  AdminResource,
  AdminRow,
  AdminThrough,
  AdminUploadKind,
  AdminWidget,
} from "./types";

// The generic admin service: list/get/create/update/delete for any declared resource (server/admin/types.ts).
// Only Drizzle builds SQL; user input only ever becomes bound parameters or whitelisted column keys.

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

type Columns = Record<string, AnySQLiteColumn>;

function columnsOf(resource: AdminResource): Columns {
  return getTableColumns(resource.table) as Columns;
}

export function primaryKeyOf(resource: AdminResource): readonly string[] {
  return resource.primaryKey ?? ["id"];
}

function relationManyFields(resource: AdminResource) {
  return resource.fields.flatMap((field) =>
    field.widget.type === "relation-many" ? [{ field, widget: field.widget }] : [],
  );
}

// ---------------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------------

export function recordKey(resource: AdminResource, row: AdminRow): string {
  return primaryKeyOf(resource)
    .map((key) => String(row[key]))
    .join("-");
}

/** Parses "12" / "12-3" (or a text key) into a where clause; anything malformed is a 404. */
function keyCondition(resource: AdminResource, idText: string): SQL {
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

function withScope(resource: AdminResource, condition: SQL | undefined): SQL | undefined {
  const scope = resource.scope?.();
  if (!scope) return condition;
  return condition ? and(scope, condition) : scope;
}

// ---------------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------------

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

function listCondition(resource: AdminResource, query: Pick<AdminListQuery, "q" | "filters">): SQL | undefined {
  const columns = columnsOf(resource);
  const conditions: SQL[] = [];
  if (query.q) {
    const searched = (resource.searchFields ?? []).filter((field) => field in columns).map((field) => columns[field]!);
    const contains = containsText(searched, query.q);
    const searches: SQL[] = contains ? [contains] : [];
    // A numeric query also finds the row with that id.
    const keys = primaryKeyOf(resource);
    if (keys.length === 1 && /^\d{1,15}$/.test(query.q) && columns[keys[0]!]!.dataType === "number") {
      searches.push(eq(columns[keys[0]!]!, Number(query.q)));
    }
    if (searches.length > 0) conditions.push(or(...searches)!);
  }
  for (const [field, value] of Object.entries(query.filters)) {
    const column = columns[field];
    if (column) conditions.push(eq(column, value));
  }
  return withScope(resource, conditions.length ? and(...conditions) : undefined);
}

export async function listRecords(
  actor: AdminHookContext,
  resource: AdminResource,
  query: AdminListQuery,
): Promise<AdminListResult> {
  authorizeAdminAction(actor.user, resource, "list");
  const ctx = actor.app;
  const columns = columnsOf(resource);
  const where = listCondition(resource, query);
  const order = query.direction === "desc" ? desc : asc;
  const tiebreak = primaryKeyOf(resource).map((key) => order(columns[key]!));
  const [totalRows, rows] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(resource.table).where(where),
    ctx.db
      .select()
      .from(resource.table)
      .where(where)
      .orderBy(order(columns[query.sort]!), ...tiebreak)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const total = totalRows[0]?.total ?? 0;
  const items = await toRecords(ctx, resource, rows as AdminRow[], "list");
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
    sort: query.sort,
    direction: query.direction,
  };
}

/** Options for a relation picker: rows of `resource` matching `q` by its search fields, titled. */
export async function listRelationOptions(
  actor: AdminHookContext,
  resource: AdminResource,
  options: { q?: string; limit?: number } = {},
): Promise<AdminRelationLabel[]> {
  authorizeAdminAction(actor.user, resource, "list");
  const ctx = actor.app;
  const columns = columnsOf(resource);
  const titleColumn = columns[resource.titleField];
  const where = listCondition(resource, { q: options.q ?? "", filters: {} });
  const rows = (await ctx.db
    .select()
    .from(resource.table)
    .where(where)
    .orderBy(titleColumn ? asc(titleColumn) : asc(columns[primaryKeyOf(resource)[0]!]!))
    .limit(options.limit ?? 100)) as AdminRow[];
  return rows.map((row) => ({ id: recordKey(resource, row), title: titleOf(resource, row) }));
}

function titleOf(resource: AdminResource, row: AdminRow): string {
  const value = row[resource.titleField];
  const text = value === null || value === undefined ? "" : String(value);
  return text.trim() ? text.slice(0, 200) : `${capitalize(resource.singular)} ${recordKey(resource, row)}`;
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Titles of rows of `slug` by single-column key. */
async function titlesByKey(ctx: AppContext, slug: string, ids: readonly unknown[]): Promise<Map<string, string>> {
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
async function toRecords(
  ctx: AppContext,
  resource: AdminResource,
  rows: AdminRow[],
  view: "list" | "detail",
): Promise<AdminRecord[]> {
  const records: AdminRecord[] = rows.map((row) => ({
    id: recordKey(resource, row),
    title: titleOf(resource, row),
    values: { ...row },
    labels: {},
    mediaUrls: {},
  }));
  if (records.length === 0) return records;

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
    const titles = await titlesByKey(
      ctx,
      slug,
      records.map((record) => record.values[field]),
    );
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
    const titles = await titlesByKey(ctx, widget.resource, [...ids.values()].flat());
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
      if (typeof key === "string" && isMediaKey(key)) record.mediaUrls[field] = await signMediaUrl(ctx, key);
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

// ---------------------------------------------------------------------------------------------------
// Get
// ---------------------------------------------------------------------------------------------------

async function findRow(ctx: AppContext, resource: AdminResource, idText: string): Promise<AdminRow | null> {
  const [row] = (await ctx.db
    .select()
    .from(resource.table)
    .where(keyCondition(resource, idText))
    .limit(1)) as AdminRow[];
  return row ?? null;
}

export async function getRecord(
  actor: AdminHookContext,
  resource: AdminResource,
  idText: string,
): Promise<AdminRecord> {
  authorizeAdminAction(actor.user, resource, "read");
  return readRecord(actor.app, resource, idText);
}

async function readRecord(ctx: AppContext, resource: AdminResource, idText: string): Promise<AdminRecord> {
  const row = await findRow(ctx, resource, idText);
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const [record] = await toRecords(ctx, resource, [row], "detail");
  return record!;
}

// ---------------------------------------------------------------------------------------------------
// Create / update
// ---------------------------------------------------------------------------------------------------

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

/** Splits declared values into table columns and relation-many id lists. */
function splitValues(resource: AdminResource, values: AdminRow) {
  const columns = columnsOf(resource);
  const columnValues: AdminRow = {};
  const relations: Array<{ name: string; widget: Extract<AdminWidget, { type: "relation-many" }>; ids: unknown[] }> =
    [];
  const manyByName = new Map(relationManyFields(resource).map(({ field, widget }) => [field.name, widget]));
  for (const [name, value] of Object.entries(values)) {
    const many = manyByName.get(name);
    if (many) {
      if (Array.isArray(value)) relations.push({ name, widget: many, ids: value });
      else if (value === null) relations.push({ name, widget: many, ids: [] });
      continue;
    }
    if (name in columns) columnValues[name] = value;
  }
  return { columnValues, relations };
}

/** Relation pickers must point at rows that exist: a field error instead of a foreign-key failure. */
async function checkRelations(ctx: AppContext, resource: AdminResource, values: AdminRow) {
  const fieldErrors: Record<string, string[]> = {};
  for (const field of resource.fields) {
    const widget = field.widget;
    if (widget.type !== "relation-one" && widget.type !== "relation-many") continue;
    const value = values[field.name];
    const ids =
      widget.type === "relation-one"
        ? value === null || value === undefined
          ? []
          : [value]
        : Array.isArray(value)
          ? value
          : [];
    if (ids.length === 0) continue;
    const found = await titlesByKey(ctx, widget.resource, ids);
    const missing = ids.filter((id) => !found.has(String(id)));
    if (missing.length > 0) {
      const other = getAdminResource(widget.resource);
      fieldErrors[field.name] = [`There is no ${other?.singular ?? "record"} with id ${missing.join(", ")}.`];
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError(
      422,
      Object.entries(fieldErrors).map(([name, [message]]) => `${name}: ${message}`),
      fieldErrors,
    );
  }
}

/**
 * Upload fields must hold keys stored through the admin (media_objects); their metaFields are filled
 * from that record. Keys that did not change are left alone (seeded rows may predate media_objects).
 */
async function applyUploadMeta(ctx: AppContext, resource: AdminResource, values: AdminRow, existing: AdminRow | null) {
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

function onlyColumns(resource: AdminResource, values: AdminRow): AdminRow {
  const columns = columnsOf(resource);
  return Object.fromEntries(Object.entries(values).filter(([key]) => key in columns));
}

/** Turns a UNIQUE constraint failure into a field error; rethrows anything else. */
function translateWriteError(resource: AdminResource, error: unknown): never {
  const message =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  const unique = /UNIQUE constraint failed: ([\w.,\s]+)/.exec(message);
  if (unique) {
    const columns = columnsOf(resource);
    const sqlNames = unique[1]!.split(",").map((part) => part.trim().split(".").pop()!);
    const fields = Object.entries(columns)
      .filter(([, column]) => sqlNames.includes(column.name))
      .map(([key]) => key);
    const text = `Another ${resource.singular} already uses this value.`;
    const fieldErrors = Object.fromEntries((fields.length ? fields : ["form"]).map((field) => [field, [text]]));
    throw new AppError(422, [text], fieldErrors);
  }
  if (/FOREIGN KEY constraint failed/.test(message)) {
    throw new AppError(409, [
      `This ${resource.singular} points at something that no longer exists, or is still in use.`,
    ]);
  }
  throw error;
}

function joinInserts(ctx: AppContext, through: AdminThrough, ownerId: unknown, ids: readonly unknown[]) {
  const fromKey = columnKeyIn(through.table, through.from);
  const toKey = columnKeyIn(through.table, through.to);
  const positionKey = through.position ? columnKeyIn(through.table, through.position) : null;
  const rows = ids.map((id, index) => {
    const row: AdminRow = { [fromKey]: ownerId, [toKey]: id };
    if (positionKey) row[positionKey] = index;
    return row;
  });
  const perRow = positionKey ? 3 : 2;
  const chunk = Math.floor(90 / perRow);
  const statements = [];
  for (let start = 0; start < rows.length; start += chunk) {
    statements.push(ctx.db.insert(through.table).values(rows.slice(start, start + chunk) as never));
  }
  return statements;
}

/** A record's title for the audit log, before it has an id. */
function labelOf(resource: AdminResource, row: AdminRow): string {
  const value = row[resource.titleField];
  const text = value === null || value === undefined ? "" : String(value).trim();
  return text ? text.slice(0, 200) : capitalize(resource.singular);
}

function relationValues(relations: ReturnType<typeof splitValues>["relations"]): AdminRow {
  return Object.fromEntries(relations.map(({ name, ids }) => [name, ids]));
}

/** The ids each relation field held before an update, for the audit row's before → after. */
async function currentRelationValues(
  ctx: AppContext,
  relations: ReturnType<typeof splitValues>["relations"],
  ownerId: unknown,
): Promise<AdminRow> {
  const before: AdminRow = {};
  for (const { name, widget } of relations) {
    const rows = await ctx.db
      .select({ id: widget.through.to })
      .from(widget.through.table)
      .where(eq(widget.through.from, ownerId as never))
      .orderBy(widget.through.position ?? widget.through.to);
    before[name] = rows.map((row) => row.id);
  }
  return before;
}

function columnKeyIn(table: SQLiteTable, column: AnySQLiteColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`Column ${column.name} is not in ${getTableName(table)}`);
  return entry[0];
}

export async function createRecord(
  hookContext: AdminHookContext,
  resource: AdminResource,
  input: Record<string, unknown>,
  options: { parsed?: AdminRow } = {},
): Promise<AdminRecord> {
  authorizeAdminAction(hookContext.user, resource, "create");
  const ctx = hookContext.app;
  const values = options.parsed ?? parseRecordInput(resource, resource.createSchema, input, "create");
  await checkRelations(ctx, resource, values);
  await applyUploadMeta(ctx, resource, values, null);
  const { columnValues, relations } = splitValues(resource, values);
  let insertValues: AdminRow = { ...columnValues };
  if (resource.hooks?.beforeCreate)
    insertValues = onlyColumns(resource, await resource.hooks.beforeCreate(hookContext, insertValues));
  // Nulls for NOT NULL columns with defaults would fail: leave them to the column default.
  for (const [key, value] of Object.entries(insertValues))
    if (value === null && columnsOf(resource)[key]?.notNull) delete insertValues[key];

  const keyGiven = primaryKeyOf(resource).every((key) => insertValues[key] !== undefined && insertValues[key] !== null);
  const audit = auditInsert(ctx, {
    actorId: hookContext.user.id,
    action: "create",
    resource: resource.slug,
    // Else the id D1 assigns to the insert just before it in the batch.
    recordId: keyGiven ? recordKey(resource, insertValues) : LAST_INSERT_ID,
    recordLabel: labelOf(resource, insertValues),
    changes: diffChanges(null, { ...insertValues, ...relationValues(relations) }),
  });
  let row: AdminRow;
  try {
    const [inserted] = (await ctx.db.batch([
      ctx.db
        .insert(resource.table)
        .values(insertValues as never)
        .returning(),
      audit,
    ])) as unknown as [AdminRow[], unknown];
    row = inserted[0]!;
  } catch (error) {
    translateWriteError(resource, error);
  }
  if (relations.length > 0) {
    const ownerId = row[primaryKeyOf(resource)[0]!];
    const statements = relations.flatMap(({ widget, ids }) => joinInserts(ctx, widget.through, ownerId, ids));
    if (statements.length > 0) await ctx.db.batch(statements as never);
  }
  await resource.hooks?.afterWrite?.(hookContext, row, "create");
  return readRecord(ctx, resource, recordKey(resource, row));
}

export async function updateRecord(
  hookContext: AdminHookContext,
  resource: AdminResource,
  idText: string,
  input: Record<string, unknown>,
  mode: "replace" | "patch",
  options: { parsed?: AdminRow } = {},
): Promise<AdminRecord> {
  authorizeAdminAction(hookContext.user, resource, "update");
  const ctx = hookContext.app;
  const existing = await findRow(ctx, resource, idText);
  if (!existing) throw notFound(`We couldn't find that ${resource.singular}.`);
  const values =
    options.parsed ??
    parseRecordInput(resource, mode === "patch" ? updateSchemaOf(resource) : resource.createSchema, input, mode);
  await checkRelations(ctx, resource, values);
  await applyUploadMeta(ctx, resource, values, existing);
  const { columnValues, relations } = splitValues(resource, values);
  let setValues: AdminRow = { ...columnValues };
  if (resource.hooks?.beforeUpdate)
    setValues = onlyColumns(resource, await resource.hooks.beforeUpdate(hookContext, setValues, existing));
  for (const [key, value] of Object.entries(setValues))
    if (value === null && columnsOf(resource)[key]?.notNull) delete setValues[key];

  const where = keyCondition(resource, idText);
  const ownerKey = existing[primaryKeyOf(resource)[0]!];
  const relationsBefore = await currentRelationValues(ctx, relations, ownerKey);
  const changes = diffChanges({ ...existing, ...relationsBefore }, { ...setValues, ...relationValues(relations) });
  const statements: unknown[] = [];
  if (Object.keys(setValues).length > 0)
    statements.push(
      ctx.db
        .update(resource.table)
        .set(setValues as never)
        .where(where),
    );
  const ownerId = existing[primaryKeyOf(resource)[0]!];
  for (const { widget, ids } of relations) {
    statements.push(ctx.db.delete(widget.through.table).where(eq(widget.through.from, ownerId as never)));
    statements.push(...joinInserts(ctx, widget.through, ownerId, ids));
  }
  if (Object.keys(changes).length > 0) {
    statements.push(
      auditInsert(ctx, {
        actorId: hookContext.user.id,
        action: "update",
        resource: resource.slug,
        recordId: recordKey(resource, existing),
        recordLabel: labelOf(resource, { ...existing, ...setValues }),
        changes,
      }),
    );
  }
  try {
    if (statements.length > 0) await ctx.db.batch(statements as never);
  } catch (error) {
    translateWriteError(resource, error);
  }
  const updatedKey = recordKey(resource, { ...existing, ...setValues });
  const row = await findRow(ctx, resource, updatedKey);
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  await resource.hooks?.afterWrite?.(hookContext, row, "update");
  const [record] = await toRecords(ctx, resource, [row], "detail");
  return record!;
}

// ---------------------------------------------------------------------------------------------------
// Delete
// ---------------------------------------------------------------------------------------------------

export interface AdminDeleteImpact {
  /** References that stop the delete (foreign keys without ON DELETE CASCADE / SET NULL). */
  blockedBy: Array<{ label: string; count: number }>;
  /** Rows deleted with it (ON DELETE CASCADE). */
  cascades: Array<{ label: string; count: number }>;
  /** A hook's refusal, if any. */
  hookMessage: string | null;
}

const SCHEMA_TABLES: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);

function tableLabel(table: SQLiteTable): string {
  const owner = ADMIN_RESOURCES.find((resource) => resource.table === table);
  return owner ? owner.label.toLowerCase() : getTableName(table).replace(/_/g, " ");
}

async function referencesTo(ctx: AppContext, resource: AdminResource, row: AdminRow) {
  const blockedBy: AdminDeleteImpact["blockedBy"] = [];
  const cascades: AdminDeleteImpact["cascades"] = [];
  const targetName = getTableName(resource.table);
  for (const table of SCHEMA_TABLES) {
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const reference = foreignKey.reference();
      if (getTableName(reference.foreignTable) !== targetName) continue;
      if (foreignKey.onDelete === "set null" || foreignKey.onDelete === "set default") continue;
      const [column] = reference.columns;
      const [foreignColumn] = reference.foreignColumns;
      if (!column || !foreignColumn) continue;
      const foreignKeyName = columnKeyIn(resource.table, foreignColumn);
      const value = row[foreignKeyName];
      if (value === null || value === undefined) continue;
      const [{ total } = { total: 0 }] = await ctx.db
        .select({ total: count() })
        .from(table)
        .where(eq(column, value as never));
      if (total === 0) continue;
      const entry = { label: tableLabel(table), count: total };
      if (foreignKey.onDelete === "cascade") cascades.push(entry);
      else blockedBy.push(entry);
    }
  }
  return { blockedBy, cascades };
}

export async function describeDeleteImpact(
  actor: AdminHookContext,
  resource: AdminResource,
  idText: string,
): Promise<AdminDeleteImpact> {
  authorizeAdminAction(actor.user, resource, "read");
  const ctx = actor.app;
  const row = await findRow(ctx, resource, idText);
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const references = await referencesTo(ctx, resource, row);
  return { ...references, hookMessage: null };
}

function blockedMessage(title: string, blockedBy: AdminDeleteImpact["blockedBy"]) {
  const list = blockedBy.map(({ label, count: total }) => `${total} ${label}`).join(", ");
  return `“${title}” can't be deleted: ${list} still refer to it. Remove or reassign them first.`;
}

export async function deleteRecord(
  hookContext: AdminHookContext,
  resource: AdminResource,
  idText: string,
): Promise<{ id: string; title: string }> {
  authorizeAdminAction(hookContext.user, resource, "delete");
  return deleteOne(hookContext, resource, idText);
}

async function deleteOne(
  hookContext: AdminHookContext,
  resource: AdminResource,
  idText: string,
): Promise<{ id: string; title: string }> {
  const ctx = hookContext.app;
  const row = await findRow(ctx, resource, idText);
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const [{ title }] = (await toRecords(ctx, resource, [row], "detail")) as [AdminRecord];
  const hookMessage = await resource.hooks?.beforeDelete?.(hookContext, row);
  if (hookMessage) throw new AppError(409, [hookMessage]);
  const { blockedBy } = await referencesTo(ctx, resource, row);
  if (blockedBy.length > 0) throw new AppError(409, [blockedMessage(title, blockedBy)]);
  try {
    await ctx.db.batch([
      ctx.db.delete(resource.table).where(keyCondition(resource, idText)),
      auditInsert(ctx, {
        actorId: hookContext.user.id,
        action: "delete",
        resource: resource.slug,
        recordId: recordKey(resource, row),
        recordLabel: title,
        changes: diffChanges(row, null),
      }),
    ]);
  } catch (error) {
    const message =
      error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
    if (/FOREIGN KEY constraint failed/.test(message)) {
      throw new AppError(409, [`“${title}” can't be deleted: other records still refer to it.`]);
    }
    throw error;
  }
  await resource.hooks?.afterDelete?.(hookContext, row);
  return { id: recordKey(resource, row), title };
}

export interface AdminBulkDeleteResult {
  deleted: Array<{ id: string; title: string }>;
  failed: Array<{ id: string; message: string }>;
}

export async function bulkDeleteRecords(
  hookContext: AdminHookContext,
  resource: AdminResource,
  ids: unknown,
): Promise<AdminBulkDeleteResult> {
  authorizeAdminAction(hookContext.user, resource, "delete");
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > 100 ||
    !ids.every((id) => typeof id === "string" || typeof id === "number")
  ) {
    throw new AppError(422, ["Send `ids`: between 1 and 100 record ids."], { ids: ["Choose between 1 and 100 rows."] });
  }
  const result: AdminBulkDeleteResult = { deleted: [], failed: [] };
  for (const id of new Set(ids.map(String))) {
    try {
      result.deleted.push(await deleteOne(hookContext, resource, id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ id, message: error.messages.join(" ") });
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Uploads (single request: images, audio, attachments; big videos use multipart in uploads.ts)
// ---------------------------------------------------------------------------------------------------

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
  resource: AdminResource,
  fieldName: string,
  file: File,
  action: "create" | "update" = "update",
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
  return { key, contentType: sniffed.contentType, sizeBytes: file.size, fileName, url: await signMediaUrl(ctx, key) };
}
