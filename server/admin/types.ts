import type { SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { AppContext } from "../context";
import type { SessionUser } from "../services/auth";

// The contract of an admin resource (docs/admin-resources.md, ADR 013). One declaration per resource in
// server/admin/resources/<slug>.ts; the generic pages (/admin/<slug>) and the JSON API (/api/admin/<slug>)
// read it. Additive changes only: other declarations are written against this file.

/** A row as Drizzle returns it (column keys, not SQL names). */
export type AdminRow = Record<string, unknown>;

/** What an admin can do to a resource; each maps to a permission code (default "admin"). */
export type AdminAction = "list" | "read" | "create" | "update" | "delete";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

export type AdminOption = { value: string; label: string };

/** One column of the list table. */
export interface AdminColumn {
  /**
   * A column key of the table, a relation-many field name (renders the related titles), or a value an
   * `afterRead` hook adds (not sortable).
   */
  field: string;
  label: string;
  /**
   * text (default), number, badge (tone per value), date, boolean (Yes/No), relation (the title of the
   * row in `relation` whose key is this field's value), thumbnail (an R2 key shown as a small image), meter
   * (a value `{ done, total }`, usually added by an `afterRead` hook: "212 of 255" with a bar).
   */
  render?: "text" | "number" | "badge" | "date" | "boolean" | "relation" | "thumbnail" | "meter";
  /** For render "relation": the slug of the referenced resource. */
  relation?: string;
  /** For render "badge": tone per value (others are neutral). */
  badgeTones?: Record<string, BadgeTone>;
  /** Arabic content: rendered with lang="ar" dir="rtl". */
  lang?: "ar";
  /** Allows ?sort=<field>. Only a column of the table can be sortable. */
  sortable?: boolean;
}

/** A list filter; its value arrives as ?<field>=<value>. */
export type AdminFilter =
  | { field: string; label: string; type: "select"; options: readonly AdminOption[] }
  | { field: string; label: string; type: "boolean"; trueLabel?: string; falseLabel?: string }
  /** Equality on a foreign key column; the picker lists the rows of `resource`. */
  | { field: string; label: string; type: "relation"; resource: string };

/** The join table behind a relation-many field. */
export interface AdminThrough {
  table: SQLiteTable;
  /** The join column that points at this resource's row (single-column primary key resources only). */
  from: AnySQLiteColumn;
  /** The join column that points at the other resource's row. */
  to: AnySQLiteColumn;
  /** When set, the join rows are written with 0-based positions in the submitted order. */
  position?: AnySQLiteColumn;
}

export type AdminUploadKind = "image" | "audio" | "video" | "file";

/** How a form field is edited. */
export type AdminWidget =
  | { type: "text"; placeholder?: string; maxLength?: number }
  | { type: "textarea"; rows?: number; maxLength?: number }
  | { type: "markdown"; rows?: number }
  | { type: "number"; min?: number; max?: number; step?: number }
  | { type: "boolean" }
  /** A calendar date (app/components/ui/date-picker), stored as a timestamp at midnight UTC. */
  | { type: "date" }
  | { type: "select"; options: readonly AdminOption[] }
  /** A foreign key column; the picker searches `/api/admin/<resource>?q=`. */
  | { type: "relation-one"; resource: string }
  /**
   * A virtual field (not a table column) holding an array of the other resource's ids, stored in a join
   * table. `ordered: true` shows the selection as a reorderable list and writes `through.position`.
   */
  | { type: "relation-many"; resource: string; through: AdminThrough; ordered?: boolean }
  /** Comma/line separated strings stored in a JSON text column (e.g. accepted answer variants). */
  | { type: "string-list" }
  /**
   * An R2 key column. A file picked in the form (or POSTed to /api/admin/<resource>/upload?field=<name>)
   * is checked (type sniffing, size cap) and stored under `prefix`; the column receives the key.
   * `metaFields` names columns that receive the stored file's content type and size (read from
   * media_objects, so it works for the form and for API clients that uploaded first).
   */
  | {
      type: "upload";
      kind: AdminUploadKind;
      /** One of the media prefixes (server/services/media.ts), e.g. "thumbnails/", "attachments/", "audio/". */
      prefix: "videos/" | "thumbnails/" | "attachments/" | "audio/";
      /** Default per kind: image 5 MB, audio 50 MB, file 25 MB, video 95 MB (bigger videos: multipart). */
      maxBytes?: number;
      metaFields?: { contentType?: string; sizeBytes?: string };
    };

/** One field of the create/edit form. Its name is a key of the zod schema (and usually of the table). */
export interface AdminField {
  name: string;
  label: string;
  widget: AdminWidget;
  /** One line under the label. */
  help?: string;
  /** Shows the required marker; the zod schema is what enforces it. */
  required?: boolean;
  lang?: "ar";
  /** Shown on the edit form only (e.g. derived values); never written from the form or the API. */
  readOnly?: boolean;
  /** Form section heading (Django's fieldsets); fields without one come first. */
  section?: string;
}

/** What a hook receives: the request's app context and the admin acting. */
export interface AdminHookContext {
  app: AppContext;
  user: SessionUser;
}

/** What a `beforeChange` hook receives besides the context. */
export interface AdminBeforeChange {
  operation: "create" | "update";
  /** On create the values to insert; on update only what is being changed. */
  values: AdminRow;
  /** The row as stored (update only). */
  existing: AdminRow | null;
  /**
   * Every declared value of the request, the fields that are not table columns included (a confirmation
   * checkbox, parts of a JSON column edited as separate inputs); on update only what was sent.
   */
  input: AdminRow;
}

/** What an `afterChange` hook receives: the write happened. */
export interface AdminAfterChange {
  operation: "create" | "update";
  /** The row as stored now, with the ids of the relation-many fields that were written. */
  row: AdminRow;
  /** The row before an update (and those relation fields' ids before); null on create. */
  previous: AdminRow | null;
}

/** What an `afterDelete` hook receives: the deleted row. */
export interface AdminAfterDelete {
  operation: "delete";
  row: AdminRow;
}

/** What an `afterRead` hook receives: rows as stored, for a list page or one record. */
export interface AdminAfterRead {
  rows: AdminRow[];
  view: "list" | "detail";
}

/** Returns the values to write: slug generation, derived fields, the acting user as author, or throws an AppError (422). */
export type AdminBeforeChangeHook = (ctx: AdminHookContext, change: AdminBeforeChange) => AdminRow | Promise<AdminRow>;
/** Re-index search, recount, purge the public pages… */
export type AdminAfterChangeHook = (ctx: AdminHookContext, change: AdminAfterChange) => void | Promise<void>;
/** Returns a message to refuse the delete with 409 (e.g. "3 lessons still use this country."). */
export type AdminBeforeDeleteHook = (
  ctx: AdminHookContext,
  row: AdminRow,
) => string | null | undefined | Promise<string | null | undefined>;
export type AdminAfterDeleteHook = (ctx: AdminHookContext, change: AdminAfterDelete) => void | Promise<void>;
/**
 * Returns the rows as the form, the list and the API show them (one per row, same order): JSON columns
 * read back as lists, a computed value for a list column (a lesson's glossing coverage). Never written back.
 */
export type AdminAfterReadHook = (
  ctx: Pick<AdminHookContext, "app">,
  read: AdminAfterRead,
) => AdminRow[] | Promise<AdminRow[]>;

/**
 * The only way a resource changes the generic behaviour (Payload's collection `hooks`): each is a list run
 * in order, so a resource composes small named hooks (`beforeChange: [slugFrom("title"), stampPublishedAt]`,
 * `afterChange: [reindex, purgePublicPages()]`) instead of one hook calling another. A `beforeChange` hook
 * gets the values the previous one returned; a `beforeDelete` hook that answers a message stops the rest.
 */
export interface AdminHooks {
  beforeChange?: readonly AdminBeforeChangeHook[];
  /** After a create/update and its relation-many writes, when the write did not fail. */
  afterChange?: readonly AdminAfterChangeHook[];
  beforeDelete?: readonly AdminBeforeDeleteHook[];
  afterDelete?: readonly AdminAfterDeleteHook[];
  /** After rows are read for a list or a record (the values shown and returned by the API). */
  afterRead?: readonly AdminAfterReadHook[];
}

export interface AdminResource {
  /** The page slug (/admin/<slug>) and the API path segment (/api/admin/<slug>). */
  slug: string;
  /** Plural, for headings and the sidebar ("Countries"). */
  label: string;
  /** One line for the sidebar's page list and the dashboard: what an administrator does there. */
  description: string;
  /** Singular, for buttons and messages ("country"). */
  singular: string;
  table: SQLiteTable;
  /** Column keys of the primary key (default ["id"]). Composite keys appear in URLs as "12-3". */
  primaryKey?: readonly string[];
  /** Column key shown as the row's title (lists, pickers, breadcrumbs, delete messages). */
  titleField: string;
  /** The title built from the stored row instead, when one column does not say enough (a lemma: Arabic · reading). */
  title?: (row: AdminRow) => string;
  /** The create schema: a z.object over the form fields (unknown keys are stripped). */
  createSchema: z.ZodObject;
  /** PATCH schema; default createSchema.partial(). PUT and the edit form use createSchema. */
  updateSchema?: z.ZodObject;
  columns: readonly AdminColumn[];
  /** Column keys that `?q=` must be contained in (any of them; ASCII case-insensitive; server/services/text-match.ts). */
  searchFields?: readonly string[];
  filters?: readonly AdminFilter[];
  defaultSort?: { field: string; direction: "asc" | "desc" };
  fields: readonly AdminField[];
  /** Values a new row starts with in the create form. */
  defaultValues?: AdminRow;
  /** Limits the resource to part of a table (e.g. curated playlists: ownerId IS NULL); applied to every read, update and delete. */
  scope?: () => SQL;
  /** Permission code per action; unspecified actions need "admin". */
  permissions?: Partial<Record<AdminAction, string>>;
  /** Turn off actions the resource does not support (default all on). */
  actions?: Partial<Record<"create" | "update" | "delete", boolean>>;
  hooks?: AdminHooks;
  /**
   * Statements appended to every D1 batch that writes this resource (create, its relation rows, update,
   * delete), after its own: what must change in the same transaction, such as the catalogue's counters
   * (server/services/catalog/counters.ts). Typed loosely as the batch items the generic service builds.
   */
  writeBatch?: (ctx: AppContext, operation: "create" | "update" | "delete") => readonly unknown[];
  /** Extra links on the edit page, e.g. a bespoke workspace for the row. */
  editLinks?: (row: AdminRow) => Array<{ label: string; to: string }>;
}

/** Wraps a declaration so TypeScript checks it without widening literals. */
export function defineResource(resource: AdminResource): AdminResource {
  return resource;
}
