import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import {
  MAILING_LIST_PAGE_SIZE,
  type MailingListSearch,
  type MailingListStatus,
} from "#core/schemas/admin-mailing-list";
import { mailingList } from "#drizzle/schema";
import type { AppContext } from "../context";
import { auditInsertWhen, diffChanges } from "./audit-log";
import { spreadsheetCsv } from "../lib/csv";
import { notFound } from "../lib/errors";
import { containsText } from "./text-match";

// Administering the newsletter list: the public double opt-in signup writes the rows, admins read,
// export and unsubscribe them.

export interface MailingListEntry {
  id: number;
  email: string;
  name: string | null;
  source: string;
  status: MailingListStatus;
  consentAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
}

export function entryStatus(row: { confirmedAt: Date | null; unsubscribedAt: Date | null }): MailingListStatus {
  if (row.unsubscribedAt) return "unsubscribed";
  return row.confirmedAt ? "confirmed" : "pending";
}

function searchCondition(search: Pick<MailingListSearch, "q" | "status">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search.q) {
    conditions.push(containsText([mailingList.email, mailingList.name], search.q));
  }
  if (search.status === "pending") conditions.push(isNull(mailingList.confirmedAt), isNull(mailingList.unsubscribedAt));
  if (search.status === "confirmed") {
    conditions.push(isNotNull(mailingList.confirmedAt), isNull(mailingList.unsubscribedAt));
  }
  if (search.status === "unsubscribed") conditions.push(isNotNull(mailingList.unsubscribedAt));
  return and(...conditions);
}

const entryColumns = {
  id: mailingList.id,
  email: mailingList.email,
  name: mailingList.name,
  source: mailingList.source,
  consentAt: mailingList.consentAt,
  confirmedAt: mailingList.confirmedAt,
  unsubscribedAt: mailingList.unsubscribedAt,
  createdAt: mailingList.createdAt,
};

export async function listMailingList(ctx: AppContext, search: MailingListSearch) {
  const where = searchCondition(search);
  const [[totalRow], countRows] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(mailingList).where(where),
    ctx.db
      .select({
        pending: sql<number>`coalesce(sum(${mailingList.confirmedAt} is null and ${mailingList.unsubscribedAt} is null), 0)`,
        confirmed: sql<number>`coalesce(sum(${mailingList.confirmedAt} is not null and ${mailingList.unsubscribedAt} is null), 0)`,
        unsubscribed: sql<number>`coalesce(sum(${mailingList.unsubscribedAt} is not null), 0)`,
      })
      .from(mailingList),
  ]);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MAILING_LIST_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const rows = await ctx.db
    .select(entryColumns)
    .from(mailingList)
    .where(where)
    .orderBy(desc(mailingList.createdAt), desc(mailingList.id))
    .limit(MAILING_LIST_PAGE_SIZE)
    .offset((page - 1) * MAILING_LIST_PAGE_SIZE);
  const counts = countRows[0] ?? { pending: 0, confirmed: 0, unsubscribed: 0 };
  return {
    entries: rows.map((row): MailingListEntry => ({ ...row, status: entryStatus(row) })),
    total,
    page,
    pageCount,
    pageSize: MAILING_LIST_PAGE_SIZE,
    counts: {
      pending: Number(counts.pending),
      confirmed: Number(counts.confirmed),
      unsubscribed: Number(counts.unsubscribed),
    },
  };
}

export const MAILING_LIST_CSV_COLUMNS = [
  "email",
  "name",
  "status",
  "source",
  "consent_at",
  "confirmed_at",
  "unsubscribed_at",
  "signed_up_at",
] as const;

const iso = (date: Date | null) => (date ? date.toISOString() : "");

/** The list as a spreadsheet CSV (server/lib/csv.ts: BOM, RFC 4180 quoting, CRLF, formula cells defused). */
export function mailingListCsv(entries: readonly MailingListEntry[]): string {
  return spreadsheetCsv(
    MAILING_LIST_CSV_COLUMNS,
    entries.map((entry) => [
      entry.email,
      entry.name ?? "",
      entry.status,
      entry.source,
      iso(entry.consentAt),
      iso(entry.confirmedAt),
      iso(entry.unsubscribedAt),
      iso(entry.createdAt),
    ]),
  );
}

/** Every row matching the filter (no paging), oldest first, as the CSV the export route serves. */
export async function exportMailingListCsv(
  ctx: AppContext,
  { search }: { search: Pick<MailingListSearch, "q" | "status"> },
) {
  const rows = await ctx.db
    .select(entryColumns)
    .from(mailingList)
    .where(searchCondition(search))
    .orderBy(asc(mailingList.createdAt), asc(mailingList.id));
  return mailingListCsv(rows.map((row) => ({ ...row, status: entryStatus(row) })));
}

/** Unsubscribing twice keeps the first date. */
export async function unsubscribeMailingListEntry(
  ctx: AppContext,
  { actor, entryId }: { actor: { id: number }; entryId: number },
) {
  const [row] = await ctx.db.select(entryColumns).from(mailingList).where(eq(mailingList.id, entryId)).limit(1);
  if (!row) throw notFound("That address is not on the mailing list.");
  if (!row.unsubscribedAt) {
    const now = ctx.now();
    await ctx.db.batch([
      ctx.db
        .update(mailingList)
        .set({ unsubscribedAt: now, confirmTokenHash: null })
        .where(and(eq(mailingList.id, entryId), isNull(mailingList.unsubscribedAt))),
      auditInsertWhen(ctx, {
        entry: {
          actorId: actor.id,
          action: "mailing-list.unsubscribe",
          resource: "mailing-list",
          recordId: entryId,
          recordLabel: row.email,
          changes: diffChanges({ unsubscribedAt: null }, { unsubscribedAt: now }),
        },
        condition: sql`changes() > 0`,
      }),
    ]);
  }
  return row;
}
