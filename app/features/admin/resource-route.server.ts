import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getAdminPage, type AdminPage } from "#server/admin/pages";
import { requireAdmin } from "~/lib/auth.server";
import { authorizeAdminAction, canDo, getAdminResource } from "#server/admin/registry";
import {
  listRelationOptions,
  pickDeclaredValues,
  storeAdminUpload,
  type AdminRecord,
  type AdminRelationLabel,
} from "#server/services/admin-resources";
import type { AdminHookContext, AdminResource, AdminRow } from "#server/admin/types";
import { AppError } from "#server/lib/errors";
import type { SessionUser } from "#server/services/auth";
import type { AdminFieldView, AdminResourceView } from "./components/types";

// Shared by the generic admin routes (list, new, edit, delete): they stay thin and call the admin service.

export async function requireAdminPage(context: AppLoadContext, request: Request, slug: string | undefined) {
  const user = await requireAdmin(context, request);
  const page = getAdminPage(slug ?? "");
  if (!page) throw new Response("Not found", { status: 404 });
  return { user, page };
}

/** The admin page and its registry entry; 404 when the page has no generic resource. */
export async function requireAdminResource(
  context: AppLoadContext,
  request: Request,
  slug: string | undefined,
): Promise<{ user: SessionUser; page: AdminPage; resource: AdminResource; hookContext: AdminHookContext }> {
  const { user, page } = await requireAdminPage(context, request, slug);
  const resource = getAdminResource(page.slug);
  if (!resource) throw new Response("Not found", { status: 404 });
  try {
    authorizeAdminAction(user, resource, "read");
  } catch (error) {
    if (error instanceof AppError) throw new Response(error.messages[0], { status: error.status });
    throw error;
  }
  return { user, page, resource, hookContext: { app: context.app, user } };
}

export function resourceView(resource: AdminResource): AdminResourceView {
  const fields: AdminFieldView[] = resource.fields.map((field) => {
    const { widget } = field;
    const widgetView =
      widget.type === "relation-many"
        ? { type: widget.type, resource: widget.resource, ordered: Boolean(widget.ordered) }
        : widget;
    return { ...field, widget: widgetView } as AdminFieldView;
  });
  return {
    slug: resource.slug,
    label: resource.label,
    singular: resource.singular,
    titleField: resource.titleField,
    columns: [...resource.columns],
    filters: [...(resource.filters ?? [])],
    fields,
    hasSearch: (resource.searchFields ?? []).length > 0,
    defaultValues: resource.defaultValues ?? {},
    canCreate: canDo(resource, "create"),
    canUpdate: canDo(resource, "update"),
    canDelete: canDo(resource, "delete"),
  };
}

/** Options of every relation picker and relation filter, plus the currently chosen rows (which may be past the first page). */
export async function loadRelationOptions(
  actor: AdminHookContext,
  resource: AdminResource,
  record?: AdminRecord | null,
  include: "fields" | "filters" = "fields",
): Promise<Record<string, AdminRelationLabel[]>> {
  const slugs = new Set<string>();
  if (include === "fields") {
    for (const field of resource.fields) {
      if (field.widget.type === "relation-one" || field.widget.type === "relation-many")
        slugs.add(field.widget.resource);
    }
  } else {
    for (const filter of resource.filters ?? []) if (filter.type === "relation") slugs.add(filter.resource);
  }
  const options: Record<string, AdminRelationLabel[]> = {};
  for (const slug of slugs) {
    const other = getAdminResource(slug);
    options[slug] = other ? await listRelationOptions(actor, { resource: other, limit: 200 }) : [];
  }
  if (record) {
    for (const field of resource.fields) {
      const widget = field.widget;
      if (widget.type !== "relation-one" && widget.type !== "relation-many") continue;
      const known = new Set(options[widget.resource]!.map((option) => option.id));
      for (const label of record.labels[field.name] ?? []) {
        if (!known.has(label.id)) options[widget.resource]!.push(label);
      }
    }
  }
  return options;
}

/**
 * Reads the multipart form of a create/edit page: stores picked files (upload widgets), splits
 * string lists, drops empty relation entries, then validates with the resource's zod schema (Conform).
 */
export async function parseResourceForm(
  hookContext: AdminHookContext,
  resource: AdminResource,
  request: Request,
  action: "create" | "update",
) {
  const formData = await request.formData();
  const uploadErrors: Record<string, string[]> = {};
  for (const field of resource.fields) {
    const widget = field.widget;
    if (field.readOnly) continue;
    if (widget.type === "upload") {
      const file = formData.get(`${field.name}__file`);
      formData.delete(`${field.name}__file`);
      if (formData.get(`${field.name}__remove`) === "on") formData.set(field.name, "");
      formData.delete(`${field.name}__remove`);
      if (file instanceof File && file.size > 0) {
        try {
          const stored = await storeAdminUpload(hookContext, { resource, fieldName: field.name, file, action });
          formData.set(field.name, stored.key);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          uploadErrors[field.name] = error.fieldErrors[field.name] ?? error.messages;
        }
      }
    }
    if (widget.type === "string-list") {
      const text = String(formData.get(field.name) ?? "");
      formData.delete(field.name);
      for (const line of text.split(/\r?\n/)) if (line.trim()) formData.append(field.name, line.trim());
    }
    if (widget.type === "relation-many" || widget.type === "relation-one") {
      const values = formData.getAll(field.name).filter((value) => typeof value === "string" && value !== "");
      formData.delete(field.name);
      // A value picked twice (list + "add" select without JavaScript) counts once.
      for (const value of new Set(values as string[])) formData.append(field.name, value);
    }
  }
  const submission = parseWithZod(formData, { schema: resource.createSchema });
  return { submission, uploadErrors };
}

export function declaredValues(resource: AdminResource, parsed: AdminRow): AdminRow {
  return pickDeclaredValues(resource, parsed, parsed, "replace");
}
