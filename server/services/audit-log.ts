import { is, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { adminAuditLog, type AuditChanges } from "#drizzle/schema";
import type { AppContext } from "../context";

// The audit log's write side: every admin write adds the statement `auditInsert` builds to the batch
// that makes the change, so both land or neither does (docs/admin-operations.md, "Audit log").

export interface AuditEntry {
  /** The administrator acting (null only for system work on an admin's behalf). */
  actorId: number | null;
  action: string;
  resource: string;
  /** The record's id; `LAST_INSERT_ID` for a row inserted just before in the same batch. */
  recordId?: string | number | null | SQL;
  recordLabel?: string;
  /** The member the action was about (member and billing actions); may be `LAST_INSERT_ID` too. */
  subjectUserId?: number | null | SQL;
  changes?: AuditChanges;
  reason?: string | null;
}

/** Field names whose values never reach the log: only the fact that they changed. */
const SECRET_FIELD = /pass(word)?|secret|token|hash|api_?key|signature|credential|otp/i;
export const HIDDEN_VALUE = "[hidden]";
const MAX_TEXT = 300;

function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.length > 50 ? [...value.slice(0, 50).map(loggable), "…"] : value.map(loggable);
  if (value && typeof value === "object") {
    const text = JSON.stringify(value);
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : value;
  }
  return value;
}

function comparable(value: unknown): string {
  return JSON.stringify(loggable(value instanceof Date ? value : (value ?? null)));
}

/**
 * Before → after for every field that differs. `after` lists only the fields written (a partial
 * update), so fields it leaves out are not reported. Secret fields are recorded as changed, with
 * their values hidden.
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(after ?? {}), ...(after ? [] : Object.keys(before ?? {}))]);
  for (const key of keys) {
    const old = before ? before[key] : undefined;
    const next = after ? after[key] : undefined;
    if (before && after && comparable(old) === comparable(next)) continue;
    if (!before && (next === null || next === undefined || next === "")) continue;
    const hidden = SECRET_FIELD.test(key);
    changes[key] = {
      ...(before ? { before: hidden ? HIDDEN_VALUE : loggable(old) } : {}),
      ...(after ? { after: hidden ? HIDDEN_VALUE : loggable(next) } : {}),
    };
  }
  return changes;
}

function recordIdText(recordId: AuditEntry["recordId"]): string | null | SQL {
  if (is(recordId, SQL)) return recordId;
  return recordId === null || recordId === undefined ? null : String(recordId);
}

/** The statement that appends one audit row; put it in the same `ctx.db.batch` as the change. */
export function auditInsert(ctx: AppContext, entry: AuditEntry) {
  return ctx.db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    resource: entry.resource,
    recordId: recordIdText(entry.recordId),
    recordLabel: (entry.recordLabel ?? "").slice(0, 200),
    subjectUserId: entry.subjectUserId ?? null,
    changes: entry.changes ?? {},
    reason: entry.reason?.trim() || null,
    createdAt: ctx.now(),
  });
}

/**
 * The audit row for a change whose own statement may match no row (a compare-and-swap): it is
 * appended only when `condition` holds after that statement, so a lost race leaves no row either.
 */
export function auditInsertWhen(ctx: AppContext, { entry, condition }: { entry: AuditEntry; condition: SQL }) {
  // Columns in the table's order: id (assigned), actor, action, resource, record, label, subject, changes, reason, time.
  return ctx.db
    .insert(adminAuditLog)
    .select(
      sql`select null, ${entry.actorId}, ${entry.action}, ${entry.resource}, ${recordIdText(entry.recordId)}, ${(
        entry.recordLabel ?? ""
      ).slice(0, 200)}, ${entry.subjectUserId ?? null}, ${JSON.stringify(entry.changes ?? {})}, ${
        entry.reason?.trim() || null
      }, ${ctx.now().getTime()} where ${condition}`,
    );
}

/** The id D1 assigned to the insert just before, in the same batch (a new record's audit row). */
export const LAST_INSERT_ID: SQL = sql`last_insert_rowid()`;

export type AuditStatement = BatchItem<"sqlite">;
