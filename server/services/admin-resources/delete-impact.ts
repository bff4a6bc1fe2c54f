import { count, eq, getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "#drizzle/schema";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { ADMIN_RESOURCES, authorizeAdminAction } from "../../admin/registry";
import type { AdminHookContext, AdminResource, AdminRow } from "../../admin/types";
import { columnKeyIn, findRow } from "./records";

// What deleting a record would do, found from the Drizzle schema's foreign keys: the references that block
// it (shown on the confirmation page, a 409 on delete) and the rows that go with it (ON DELETE CASCADE).

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

export async function referencesTo(ctx: AppContext, { resource, row }: { resource: AdminResource; row: AdminRow }) {
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
  { resource, id: idText }: { resource: AdminResource; id: string },
): Promise<AdminDeleteImpact> {
  authorizeAdminAction(actor.user, resource, "read");
  const ctx = actor.app;
  const row = await findRow(ctx, { resource, id: idText });
  if (!row) throw notFound(`We couldn't find that ${resource.singular}.`);
  const references = await referencesTo(ctx, { resource, row });
  return { ...references, hookMessage: null };
}

/** The 409 message when references block a delete. */
export function blockedMessage(title: string, blockedBy: AdminDeleteImpact["blockedBy"]) {
  const list = blockedBy.map(({ label, count: total }) => `${total} ${label}`).join(", ");
  return `“${title}” can't be deleted: ${list} still refer to it. Remove or reassign them first.`;
}
