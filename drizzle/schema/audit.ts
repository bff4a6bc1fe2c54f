import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { users } from "./users";

/** One field's change in an audit row: what it was and what it became (secrets are never stored). */
export interface AuditFieldChange {
  before?: unknown;
  after?: unknown;
}
export type AuditChanges = Record<string, AuditFieldChange>;

/**
 * Every admin write appends one row here, in the same D1 batch as the write itself
 * (server/services/audit-log.ts), so a change without its row cannot exist.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: id(),
    /** Null once the administrator's account is deleted (the row stays, "by a deleted member"). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done: create, update, delete, or a named action such as `subscription.comp`. */
    action: text("action").notNull(),
    /** The admin resource (`videos`, `plans`…) or the kind of record (`users`, `subscriptions`, `invoices`). */
    resource: text("resource").notNull(),
    /** The record's id as text (composite keys joined); null for actions on no single record. */
    recordId: text("record_id"),
    /** The record's title when it was changed, so a deleted record's row still says what it was. */
    recordLabel: text("record_label").notNull().default(""),
    /** The member a member or billing action was about, so their history can be listed and erased. */
    subjectUserId: integer("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    changes: text("changes", { mode: "json" }).$type<AuditChanges>().notNull().default({}),
    /** The reason the administrator gave (required for billing actions). */
    reason: text("reason"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt),
    index("admin_audit_log_record_idx").on(t.resource, t.recordId, t.createdAt),
    index("admin_audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("admin_audit_log_subject_idx").on(t.subjectUserId, t.createdAt),
  ],
);
