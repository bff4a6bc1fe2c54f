import { and, eq, getTableColumns, getTableName, is, isNull } from "drizzle-orm";
import { SQLiteTable, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import * as schema from "#drizzle/schema";
import { mailingList, users } from "#drizzle/schema";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";
import { auditInsert } from "./audit-log";

// A member's data as one JSON document: what an administrator hands over for a data-access request.
// Every table that names the member (by user_id, owner_id or author_id) is read whole, so a table added
// later is exported without anyone remembering to list it; secrets and internal keys are left out.

/** Columns never exported: credentials, and the bearer ids of sign-ins. */
const SECRET_COLUMN = /password|token|secret|hash|google_subject|^key$/i;
const MEMBER_COLUMNS = ["user_id", "owner_id", "author_id"];
/** Internal bookkeeping, not the member's data: cached API answers and counters. */
const SKIPPED_TABLES = new Set(["api_idempotency_keys", "rate_limits"]);

const TABLES: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);

function memberColumn(table: SQLiteTable): AnySQLiteColumn | null {
  return Object.values(getTableColumns(table)).find((column) => MEMBER_COLUMNS.includes(column.name)) ?? null;
}

function exportable(table: SQLiteTable, row: Record<string, unknown>) {
  const columns = getTableColumns(table);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (column && SECRET_COLUMN.test(column.name)) continue;
    if (getTableName(table) === "sessions" && key === "id") continue;
    kept[key] = value instanceof Date ? value.toISOString() : value;
  }
  return kept;
}

export interface MemberExport {
  exportedAt: string;
  account: Record<string, unknown>;
  /** Table name → the member's rows in it. */
  data: Record<string, Record<string, unknown>[]>;
}

export async function exportMemberData(
  ctx: AppContext,
  { actor, userId }: { actor: { id: number }; userId: number },
): Promise<MemberExport> {
  const [account] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!account) throw notFound("We couldn't find that member.");
  const data: MemberExport["data"] = {};
  for (const table of TABLES) {
    const name = getTableName(table);
    if (SKIPPED_TABLES.has(name)) continue;
    const column = memberColumn(table);
    if (!column) continue;
    const rows = (await ctx.db.select().from(table).where(eq(column, userId))) as Record<string, unknown>[];
    if (rows.length > 0) data[name] = rows.map((row) => exportable(table, row));
  }
  const subscribed = await ctx.db.select().from(mailingList).where(eq(mailingList.email, account.email));
  if (subscribed.length > 0) data.mailing_list = subscribed.map((row) => exportable(mailingList, row));
  // A data-access request is itself recorded: who took a copy of whose data, and when.
  await auditInsert(ctx, {
    actorId: actor.id,
    action: "user.export",
    resource: "users",
    recordId: account.id,
    recordLabel: account.name,
    subjectUserId: account.id,
  });
  return {
    exportedAt: ctx.now().toISOString(),
    account: { ...exportable(users, account), signsInWithGoogle: Boolean(account.googleSubject) },
    data,
  };
}
