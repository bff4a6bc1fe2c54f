import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lt, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { AUDIT_LOG_PAGE_SIZE, AUDIT_SYSTEM_ACTOR, utcDayStart } from "#core/schemas/admin-audit-log";
import { adminAuditLog, users, type AuditChanges } from "#drizzle/schema";
import type { AppContext } from "../context";
import { getAdminPage } from "../admin/pages";
import { getAdminResource } from "../admin/registry";
import type { AdminResource } from "../admin/types";
import { HIDDEN_VALUE } from "./audit-log";

// The audit log's read side (/admin/audit-log): the rows server/services/audit-log.ts appends, filtered,
// newest first, with who acted and a link to the record when it still has an admin page.

export interface AuditLogFilters {
  /** The administrator who acted, or `system` for rows without one. */
  actor?: number | typeof AUDIT_SYSTEM_ACTOR;
  resource?: string;
  recordId?: string;
  /** The member the actions concerned: rows about them, and rows on their own account. */
  subjectUserId?: number;
  /** First day, inclusive ("YYYY-MM-DD", or a Date: its UTC day). */
  from?: string | Date;
  /** Last day, inclusive ("YYYY-MM-DD", or a Date: its UTC day). */
  to?: string | Date;
  page?: number;
}

/** A logged value as the page shows it. */
export type AuditValue = { kind: "empty" } | { kind: "hidden" } | { kind: "text"; text: string };

export interface AuditChangeLine {
  field: string;
  /** Null when the row records no value on that side (a create has no before, a delete no after). */
  before: AuditValue | null;
  after: AuditValue | null;
}

export interface AuditPerson {
  id: number;
  name: string;
  email: string | null;
  /** The account was deleted (anonymised): no email, no page. */
  deleted: boolean;
}

export interface AuditLogRow {
  id: number;
  createdAt: Date;
  action: string;
  resource: string;
  resourceLabel: string;
  recordId: string | null;
  recordLabel: string;
  /** The record's admin page, when there is one and the record still exists. */
  recordHref: string | null;
  /** Null: done by the system, not by an administrator. */
  actor: AuditPerson | null;
  /** The member the action concerned, if any. */
  subject: AuditPerson | null;
  changes: AuditChangeLine[];
  reason: string | null;
}

export interface AuditLogList {
  rows: AuditLogRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The member of the `subjectUserId` filter, when it names one. */
  subject: AuditPerson | null;
}

export interface AuditActorOption {
  id: number | typeof AUDIT_SYSTEM_ACTOR;
  label: string;
  email: string | null;
}

export interface AuditResourceOption {
  slug: string;
  label: string;
}

const DAY_MS = 86_400_000;
/** Kinds of record without an admin page of their own: their rows link to the member they concerned. */
const MEMBER_RECORDS: Readonly<Record<string, string>> = {
  users: "Users",
  subscriptions: "Subscriptions",
  invoices: "Invoices",
};

function dayStart(value: string | Date | undefined): number | null {
  if (value === undefined) return null;
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? null : Math.floor(time / DAY_MS) * DAY_MS;
  }
  return utcDayStart(value);
}

/** "videos" → "Lessons" (its admin page's label); a kind without a page is named after itself. */
export function auditResourceLabel(slug: string): string {
  const known = getAdminPage(slug)?.label ?? MEMBER_RECORDS[slug];
  if (known) return known;
  const words = slug.replace(/[._-]+/g, " ").trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : slug;
}

function filterCondition(filters: AuditLogFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor === AUDIT_SYSTEM_ACTOR) conditions.push(isNull(adminAuditLog.actorId));
  else if (filters.actor !== undefined) conditions.push(eq(adminAuditLog.actorId, filters.actor));
  if (filters.resource) conditions.push(eq(adminAuditLog.resource, filters.resource));
  if (filters.recordId) conditions.push(eq(adminAuditLog.recordId, filters.recordId));
  if (filters.subjectUserId !== undefined) {
    conditions.push(
      or(
        eq(adminAuditLog.subjectUserId, filters.subjectUserId),
        and(eq(adminAuditLog.resource, "users"), eq(adminAuditLog.recordId, String(filters.subjectUserId))),
      ),
    );
  }
  const from = dayStart(filters.from);
  const to = dayStart(filters.to);
  if (from !== null) conditions.push(gte(adminAuditLog.createdAt, new Date(from)));
  if (to !== null) conditions.push(lt(adminAuditLog.createdAt, new Date(to + DAY_MS)));
  return and(...conditions);
}

function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (value === HIDDEN_VALUE) return { kind: "hidden" };
  if (typeof value === "string") return { kind: "text", text: value };
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return { kind: "text", text: String(value) };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: "empty" };
    const simple = value.every((item) => item === null || ["string", "number", "boolean"].includes(typeof item));
    return { kind: "text", text: simple ? value.map((item) => String(item ?? "—")).join(", ") : JSON.stringify(value) };
  }
  const text = JSON.stringify(value);
  return text === "{}" ? { kind: "empty" } : { kind: "text", text };
}

function changeLines(changes: AuditChanges | null): AuditChangeLine[] {
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return [];
  return Object.entries(changes).flatMap(([field, change]) => {
    const side = (key: "before" | "after") =>
      change && typeof change === "object" && key in change ? auditValue(change[key]) : null;
    const [before, after] = [side("before"), side("after")];
    // null → "" is a change to the database, not to anyone reading the page.
    return before?.kind === "empty" && after?.kind === "empty" ? [] : [{ field, before, after }];
  });
}

function person(row: { id: number | null; name: string | null; email: string | null; deletedAt: Date | null }) {
  if (row.id === null || row.name === null) return null;
  const deleted = row.deletedAt !== null;
  return { id: row.id, name: deleted ? "Deleted member" : row.name, email: deleted ? null : row.email, deleted };
}

type KeyColumns = Record<string, AnySQLiteColumn>;

/** The where clause of one logged record id ("12", "12-3"), or null when it cannot be one of the resource's keys. */
function recordCondition(resource: AdminResource, columns: KeyColumns, idText: string): SQL | null {
  const keys = resource.primaryKey ?? ["id"];
  const parts = keys.length === 1 ? [idText] : idText.split("-");
  if (parts.length !== keys.length) return null;
  const conditions: SQL[] = [];
  for (const [index, key] of keys.entries()) {
    const column = columns[key];
    const part = parts[index]!;
    if (!column) return null;
    if (column.dataType === "number") {
      if (!/^\d{1,15}$/.test(part)) return null;
      conditions.push(eq(column, Number(part)));
    } else {
      if (part.length === 0 || part.length > 200) return null;
      conditions.push(eq(column, part));
    }
  }
  return and(...conditions) ?? null;
}

/** Which of the page's registry records still exist, as "slug␀id", in one D1 batch. */
async function existingRecords(ctx: AppContext, rows: ReadonlyArray<{ resource: string; recordId: string | null }>) {
  const idsBySlug = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.recordId === null || !getAdminResource(row.resource)) continue;
    const ids = idsBySlug.get(row.resource) ?? new Set<string>();
    ids.add(row.recordId);
    idsBySlug.set(row.resource, ids);
  }
  const lookups: Array<{ resource: AdminResource; keys: readonly string[]; query: BatchItem<"sqlite"> }> = [];
  for (const [slug, ids] of idsBySlug) {
    const resource = getAdminResource(slug)!;
    const columns = getTableColumns(resource.table) as KeyColumns;
    const keys = resource.primaryKey ?? ["id"];
    const matches = [...ids].flatMap((id) => recordCondition(resource, columns, id) ?? []);
    if (matches.length === 0 || keys.some((key) => !columns[key])) continue;
    const scope = resource.scope?.();
    const selection = Object.fromEntries(keys.map((key) => [key, columns[key]!]));
    lookups.push({
      resource,
      keys,
      query: ctx.db
        .select(selection)
        .from(resource.table)
        .where(and(scope, or(...matches))),
    });
  }
  const found = new Set<string>();
  if (lookups.length === 0) return found;
  const [first, ...rest] = lookups.map((lookup) => lookup.query);
  const results = (await ctx.db.batch([first!, ...rest])) as unknown as Array<Array<Record<string, unknown>>>;
  lookups.forEach(({ resource, keys }, index) => {
    for (const record of results[index] ?? []) {
      found.add(`${resource.slug}\u0000${keys.map((key) => String(record[key])).join("-")}`);
    }
  });
  return found;
}

function recordHref(
  row: { resource: string; recordId: string | null },
  subject: AuditPerson | null,
  existing: Set<string>,
): string | null {
  if (getAdminResource(row.resource)) {
    return row.recordId !== null && existing.has(`${row.resource}\u0000${row.recordId}`)
      ? `/admin/${row.resource}/${encodeURIComponent(row.recordId)}`
      : null;
  }
  return subject && !subject.deleted ? `/admin/users/${subject.id}` : null;
}

/** One page of the log, newest first, with who acted, what changed and where the record lives. */
export async function listAuditLog(ctx: AppContext, filters: AuditLogFilters = {}): Promise<AuditLogList> {
  const where = filterCondition(filters);
  const subjectQuery = ctx.db
    .select({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, filters.subjectUserId ?? 0))
    .limit(1);
  const [[totalRow], [subjectRow]] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(adminAuditLog).where(where),
    subjectQuery,
  ]);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_LOG_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), pageCount);

  const actor = alias(users, "audit_actor");
  const subject = alias(users, "audit_subject");
  const rows =
    total === 0
      ? []
      : await ctx.db
          .select({
            id: adminAuditLog.id,
            createdAt: adminAuditLog.createdAt,
            action: adminAuditLog.action,
            resource: adminAuditLog.resource,
            recordId: adminAuditLog.recordId,
            recordLabel: adminAuditLog.recordLabel,
            changes: adminAuditLog.changes,
            reason: adminAuditLog.reason,
            actorId: actor.id,
            actorName: actor.name,
            actorEmail: actor.email,
            actorDeletedAt: actor.deletedAt,
            subjectId: subject.id,
            subjectName: subject.name,
            subjectEmail: subject.email,
            subjectDeletedAt: subject.deletedAt,
          })
          .from(adminAuditLog)
          .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
          .leftJoin(subject, eq(subject.id, adminAuditLog.subjectUserId))
          .where(where)
          .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
          .limit(AUDIT_LOG_PAGE_SIZE)
          .offset((page - 1) * AUDIT_LOG_PAGE_SIZE);
  const existing = await existingRecords(ctx, rows);

  return {
    rows: rows.map((row): AuditLogRow => {
      const rowSubject = person({
        id: row.subjectId,
        name: row.subjectName,
        email: row.subjectEmail,
        deletedAt: row.subjectDeletedAt,
      });
      return {
        id: row.id,
        createdAt: row.createdAt,
        action: row.action,
        resource: row.resource,
        resourceLabel: auditResourceLabel(row.resource),
        recordId: row.recordId,
        recordLabel: row.recordLabel,
        recordHref: recordHref(row, rowSubject, existing),
        actor: person({ id: row.actorId, name: row.actorName, email: row.actorEmail, deletedAt: row.actorDeletedAt }),
        subject: rowSubject,
        changes: changeLines(row.changes),
        reason: row.reason,
      };
    }),
    total,
    page,
    pageCount,
    pageSize: AUDIT_LOG_PAGE_SIZE,
    subject: filters.subjectUserId !== undefined && subjectRow ? person(subjectRow) : null,
  };
}

/** Everyone who appears as an actor in the log, for the filter's select; `system` last when it acted. */
export async function listAuditActors(ctx: AppContext): Promise<AuditActorOption[]> {
  const [actors, systemRows] = await ctx.db.batch([
    ctx.db
      .selectDistinct({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
      .from(adminAuditLog)
      .innerJoin(users, eq(users.id, adminAuditLog.actorId))
      .orderBy(asc(users.name), asc(users.id)),
    ctx.db.select({ id: adminAuditLog.id }).from(adminAuditLog).where(isNull(adminAuditLog.actorId)).limit(1),
  ]);
  const options: AuditActorOption[] = actors.map((row) =>
    row.deletedAt
      ? { id: row.id, label: `Deleted member (#${row.id})`, email: null }
      : { id: row.id, label: row.name, email: row.email },
  );
  // Deleted members after the people who can still be asked.
  options.sort((a, b) => Number(a.email === null) - Number(b.email === null));
  if (systemRows.length > 0) options.push({ id: AUDIT_SYSTEM_ACTOR, label: "System", email: null });
  return options;
}

/** Every resource (or kind of record) the log mentions, by label. */
export async function listAuditResources(ctx: AppContext): Promise<AuditResourceOption[]> {
  const rows = await ctx.db
    .selectDistinct({ resource: adminAuditLog.resource })
    .from(adminAuditLog)
    .orderBy(asc(adminAuditLog.resource));
  return rows
    .map(({ resource }) => ({ slug: resource, label: auditResourceLabel(resource) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en") || a.slug.localeCompare(b.slug, "en"));
}
