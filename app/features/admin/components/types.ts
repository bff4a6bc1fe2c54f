import type { AdminColumn, AdminField, AdminFilter, AdminRow, AdminWidget } from "#server/admin/types";

export type {
  AdminRecord,
  AdminListResult,
  AdminRelationLabel,
  AdminDeleteImpact,
} from "#server/services/admin-resources";

/** A widget as the browser sees it: relation-many without its Drizzle join table. */
export type AdminWidgetView =
  Exclude<AdminWidget, { type: "relation-many" }> | { type: "relation-many"; resource: string; ordered: boolean };

export type AdminFieldView = Omit<AdminField, "widget"> & { widget: AdminWidgetView };

/** The serialisable part of a resource declaration, sent by the loaders to the generic UI. */
export interface AdminResourceView {
  slug: string;
  label: string;
  singular: string;
  titleField: string;
  columns: AdminColumn[];
  filters: AdminFilter[];
  fields: AdminFieldView[];
  hasSearch: boolean;
  defaultValues: AdminRow;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}
