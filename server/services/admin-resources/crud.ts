import { and, asc, count, desc, eq, or, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../lib/errors";
import { authorizeAdminAction, getAdminResource } from "../../admin/registry";
import type {
  AdminBeforeChange,
  AdminHookContext,
  AdminResource,
  AdminRow,
  AdminThrough,
  AdminWidget,
} from "../../admin/types";
import { auditInsert, diffChanges, LAST_INSERT_ID, type AuditEntry } from "../audit-log";
import { containsText } from "../text-match";
import { blockedMessage, referencesTo } from "./delete-impact";
import { parseRecordInput, updateSchemaOf, type AdminListQuery } from "./input";
import {
  columnKeyIn,
  columnsOf,
  findRow,
  keyCondition,
  labelOf,
  primaryKeyOf,
  readRecord,
  recordKey,
  relationManyFields,
  titleOf,
  titlesByKey,
  toRecords,
  withScope,
  type AdminListResult,
  type AdminRecord,
  type AdminRelationLabel,
} from "./records";
import { applyUploadMeta } from "./uploads";

// The generic admin service: list/get/create/update/delete for any declared resource (server/admin/types.ts),
// its hooks run in the order the resource lists them. Only Drizzle builds SQL; user input only ever becomes
// bound parameters or whitelisted column keys.

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
  { resource, query }: { resource: AdminResource; query: AdminListQuery },
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
  const items = await toRecords(ctx, { resource, rows: rows as AdminRow[], view: "list" });
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
  { resource, ...options }: { resource: AdminResource } & { q?: string; limit?: number },
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

export async function getRecord(
  actor: AdminHookContext,
  { resource, id: idText }: { resource: AdminResource; id: string },
): Promise<AdminRecord> {
  authorizeAdminAction(actor.user, resource, "read");
  return readRecord(actor.app, { resource, id: idText });
}

// ---------------------------------------------------------------------------------------------------
// Create / update
// ---------------------------------------------------------------------------------------------------

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
    const found = await titlesByKey(ctx, { slug: widget.resource, ids });
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

/** The resource's `beforeChange` hooks, in order, each given what the one before returned. */
async function runBeforeChange(
  hookContext: AdminHookContext,
  resource: AdminResource,
  change: AdminBeforeChange,
): Promise<AdminRow> {
  let values = change.values;
  for (const hook of resource.hooks?.beforeChange ?? []) values = await hook(hookContext, { ...change, values });
  return onlyColumns(resource, values);
}

export interface CreateRecordOptions {
  /** Values already validated and limited to what may be written (skips parsing `input`). */
  parsed?: AdminRow;
  /** Columns the caller decides, not the input (a bespoke tool's own choices), added after validation. */
  set?: AdminRow;
  /**
   * The audit row of a bespoke tool that writes through the resource (the lesson workspace logs a word
   * added to the lesson it edits), given the values about to be inserted; default the generic "create" row.
   */
  audit?: (values: AdminRow) => AuditEntry;
}

export async function createRecord(
  hookContext: AdminHookContext,
  { resource, input, ...options }: { resource: AdminResource; input: Record<string, unknown> } & CreateRecordOptions,
): Promise<AdminRecord> {
  authorizeAdminAction(hookContext.user, resource, "create");
  const ctx = hookContext.app;
  const values = {
    ...(options.parsed ?? parseRecordInput(resource, resource.createSchema, input, "create")),
    ...options.set,
  };
  await checkRelations(ctx, resource, values);
  await applyUploadMeta(ctx, { resource, values, existing: null });
  const { columnValues, relations } = splitValues(resource, values);
  const insertValues = await runBeforeChange(hookContext, resource, {
    operation: "create",
    values: { ...columnValues },
    existing: null,
    input: values,
  });
  // Nulls for NOT NULL columns with defaults would fail: leave them to the column default.
  for (const [key, value] of Object.entries(insertValues))
    if (value === null && columnsOf(resource)[key]?.notNull) delete insertValues[key];

  const keyGiven = primaryKeyOf(resource).every((key) => insertValues[key] !== undefined && insertValues[key] !== null);
  const audit = auditInsert(
    ctx,
    options.audit?.(insertValues) ?? {
      actorId: hookContext.user.id,
      action: "create",
      resource: resource.slug,
      // Else the id D1 assigns to the insert just before it in the batch.
      recordId: keyGiven ? recordKey(resource, insertValues) : LAST_INSERT_ID,
      recordLabel: labelOf(resource, insertValues),
      changes: diffChanges(null, { ...insertValues, ...relationValues(relations) }),
    },
  );
  let row: AdminRow;
  try {
    const [inserted] = (await ctx.db.batch([
      ctx.db
        .insert(resource.table)
        .values(insertValues as never)
        .returning(),
      audit,
      ...(resource.writeBatch?.(ctx, "create") ?? []),
    ] as never)) as unknown as [AdminRow[], unknown];
    row = inserted[0]!;
  } catch (error) {
    translateWriteError(resource, error);
  }
  if (relations.length > 0) {
    const ownerId = row[primaryKeyOf(resource)[0]!];
    const statements = relations.flatMap(({ widget, ids }) => joinInserts(ctx, widget.through, ownerId, ids));
    if (statements.length > 0)
      await ctx.db.batch([...statements, ...(resource.writeBatch?.(ctx, "create") ?? [])] as never);
  }
  const created = { ...row, ...relationValues(relations) };
  for (const hook of resource.hooks?.afterChange ?? [])
    await hook(hookContext, { operation: "create", row: created, previous: null });
  return readRecord(ctx, { resource, id: recordKey(resource, row) });
}

export async function updateRecord(
  hookContext: AdminHookContext,
  {
    resource,
    id: idText,
    input,
    mode,
    ...options
  }: { resource: AdminResource; id: string; input: Record<string, unknown>; mode: "replace" | "patch" } & {
    parsed?: AdminRow;
  },
): Promise<AdminRecord> {
  authorizeAdminAction(hookContext.user, resource, "update");
  const ctx = hookContext.app;
  const existing = await findRow(ctx, { resource, id: idText });
  if (!existing) throw notFound(`We couldn't find that ${resource.singular}.`);
  const values =
    options.parsed ??
    parseRecordInput(resource, mode === "patch" ? updateSchemaOf(resource) : resource.createSchema, input, mode);
  await checkRelations(ctx, resource, values);
  await applyUploadMeta(ctx, { resource, values, existing });
  const { columnValues, relations } = splitValues(resource, values);
  const setValues = await runBeforeChange(hookContext, resource, {
    operation: "update",
    values: { ...columnValues },
    existing,
    input: values,
  });
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
    if (statements.length > 0)
      await ctx.db.batch([...statements, ...(resource.writeBatch?.(ctx, "update") ?? [])] as never);
  } catch (error) {
    translateWriteError(resource, error);
  }
  const updatedKey = recordKey(resource, { ...existing, ...setValues });
  const row = await findRow(ctx, { resource, id: updatedKey });
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const change = {
    operation: "update" as const,
    row: { ...row, ...relationValues(relations) },
    previous: { ...existing, ...relationsBefore },
  };
  for (const hook of resource.hooks?.afterChange ?? []) await hook(hookContext, change);
  const [record] = await toRecords(ctx, { resource, rows: [row], view: "detail" });
  return record!;
}

// ---------------------------------------------------------------------------------------------------
// Delete
// ---------------------------------------------------------------------------------------------------

export async function deleteRecord(
  hookContext: AdminHookContext,
  { resource, id: idText }: { resource: AdminResource; id: string },
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
  const row = await findRow(ctx, { resource, id: idText });
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const [{ title }] = (await toRecords(ctx, { resource, rows: [row], view: "detail" })) as [AdminRecord];
  for (const hook of resource.hooks?.beforeDelete ?? []) {
    const hookMessage = await hook(hookContext, row);
    if (hookMessage) throw new AppError(409, [hookMessage]);
  }
  const { blockedBy } = await referencesTo(ctx, { resource, row });
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
      ...(resource.writeBatch?.(ctx, "delete") ?? []),
    ] as never);
  } catch (error) {
    const message =
      error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
    if (/FOREIGN KEY constraint failed/.test(message)) {
      throw new AppError(409, [`“${title}” can't be deleted: other records still refer to it.`]);
    }
    throw error;
  }
  for (const hook of resource.hooks?.afterDelete ?? []) await hook(hookContext, { operation: "delete", row });
  return { id: recordKey(resource, row), title };
}

export interface AdminBulkDeleteResult {
  deleted: Array<{ id: string; title: string }>;
  failed: Array<{ id: string; message: string }>;
}

export async function bulkDeleteRecords(
  hookContext: AdminHookContext,
  { resource, ids }: { resource: AdminResource; ids: unknown },
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
