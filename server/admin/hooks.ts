import { slugify } from "#core/slug";
import { bumpPageCache } from "../services/page-cache";
import type { AdminAfterChange, AdminAfterDelete, AdminBeforeChangeHook, AdminHookContext, AdminRow } from "./types";

// Hooks several resources compose (docs/admin-resources.md, "Hooks"). A resource's own hooks live in its file.

/** Keeps `slug` in step with `source` (a title or a name): on create, and on an update that sends `source`. */
export function slugFrom(source: string): AdminBeforeChangeHook {
  return (_ctx, { operation, values }) => {
    if (operation === "create") return { ...values, slug: slugify(String(values[source] ?? "")) };
    return typeof values[source] === "string" ? { ...values, slug: slugify(values[source]) } : values;
  };
}

/** A row created in the admin is written under the acting administrator (an answer, a message, a post). */
export function actorAs(column: string): AdminBeforeChangeHook {
  return (ctx, { operation, values }) => (operation === "create" ? { ...values, [column]: ctx.user.id } : values);
}

/** Columns every table stamps on each write: a change to them alone changes nothing a page shows. */
const STAMPS = ["createdAt", "updatedAt"];

function comparable(value: unknown): string {
  if (value instanceof Date) return `date:${value.getTime()}`;
  return JSON.stringify(value ?? null);
}

/** The fields (columns and written relation-many ids) whose stored value differs before and after. */
export function changedFields(previous: AdminRow, row: AdminRow, ignored: ReadonlySet<string> = new Set()): string[] {
  const keys = new Set([...Object.keys(previous), ...Object.keys(row)]);
  return [...keys].filter((key) => !ignored.has(key) && comparable(previous[key]) !== comparable(row[key]));
}

export interface PublicPagesPurgeOptions {
  /**
   * Whether a row shows on a public page at all (a published lesson, an FAQ that is not a draft, a plan on
   * sale). A change to a row that is not shown before nor after purges nothing. Default: every row shows.
   */
  shownWhen?: (row: AdminRow) => boolean;
  /** Columns no cached page reads (a plan's Stripe price id): a change to them alone purges nothing. */
  ignoring?: readonly string[];
}

/**
 * `afterChange` and `afterDelete` hook of every resource whose rows the cached public pages read (landing,
 * about, FAQ, legal, /checkout, the blog and its posts, the library; ADR 022): purges them
 * (server/services/page-cache.ts) when the write changed something they show. A create or a delete of a
 * shown row purges; an update purges when a field differs (a save that changed nothing purges nothing).
 * A failed write never gets here.
 */
export function purgePublicPages(options: PublicPagesPurgeOptions = {}) {
  const shown = options.shownWhen ?? (() => true);
  const ignored = new Set([...STAMPS, ...(options.ignoring ?? [])]);
  return async (ctx: AdminHookContext, change: AdminAfterChange | AdminAfterDelete): Promise<void> => {
    if (change.operation === "update") {
      const previous = change.previous ?? {};
      if (!shown(change.row) && !shown(previous)) return;
      if (changedFields(previous, change.row, ignored).length === 0) return;
    } else if (!shown(change.row)) {
      return;
    }
    await bumpPageCache(ctx.app);
  };
}
