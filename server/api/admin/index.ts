import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { AppError } from "../../lib/errors";
import { authorizeAdminAction, getAdminResource, permissionFor } from "../../admin/registry";
import {
  bulkDeleteRecords,
  createRecord,
  deleteRecord,
  describeDeleteImpact,
  getRecord,
  listRecords,
  parseListQuery,
  storeAdminUpload,
  updateRecord,
} from "../../services/admin-resources";
import type { AdminAction, AdminResource } from "../../admin/types";
import {
  created,
  defineRoute,
  implement,
  jsonBody,
  OBJECT_BODY,
  ok,
  pathParam,
  queryParam,
  rawBody,
  readParam,
  refused,
  textParam,
} from "../route";
import type { ApiEnv } from "../types";
import { adminLessonCuesApi } from "./lesson-cues";
import { adminLessonStreamApi } from "./lesson-stream";
import { adminUploadsApi } from "./uploads";
import { adminImportsApi } from "./imports";
import { adminGlossingApi, adminLessonGlossingApi } from "./glossing";
import { adminUsersApi } from "./users";

/**
 * /api/admin: every admin resource of the registry (server/admin/registry.ts) plus bespoke admin APIs.
 * Anonymous → 401, signed in without the administrator's permission (or, on a generic resource, its own
 * code for the action) → 403. Errors carry `fieldErrors` beside `errors` so forms can show them at the field.
 */
export const adminApi = new OpenAPIHono<ApiEnv>();

adminApi.onError((error, c) => {
  if (error instanceof AppError) {
    const body: { errors: string[]; fieldErrors?: Record<string, string[]> } = { errors: error.messages };
    if (Object.keys(error.fieldErrors).length > 0) body.fieldErrors = error.fieldErrors;
    return c.json(body, error.status);
  }
  throw error;
});

// ----------------------------------------------------------------------------------------------------
// BESPOKE ADMIN SUB-APPS: mount them HERE, before the generic `/:resource` routes below (Hono matches in
// registration order). One line each, e.g.:
//   adminApi.route("/users", adminUsersApi);
adminApi.route("/imports", adminImportsApi);
adminApi.route("/lessons", adminLessonGlossingApi);
adminApi.route("/glossing", adminGlossingApi);
// ----------------------------------------------------------------------------------------------------
adminApi.route("/uploads", adminUploadsApi);
adminApi.route("/lessons", adminLessonCuesApi);
adminApi.route("/lessons", adminLessonStreamApi);
adminApi.route("/users", adminUsersApi);

// ----------------------------------------------------------------------------------------------------
// Generic resource routes, read from the registry.
// ----------------------------------------------------------------------------------------------------

/** A record as JSON, checked against the resource's schema by the admin service. */
const record = jsonBody(OBJECT_BODY, { maxBytes: 256 * 1024 });

/** The resource of the path; one the registry does not have answers 404. */
const resourceParam = pathParam(
  z
    .custom<string>((slug) => typeof slug === "string" && getAdminResource(slug) !== undefined)
    .transform((slug): AdminResource => getAdminResource(slug)!),
  { notFound: "There is no such admin resource." },
);
const resource = z.object({ resource: resourceParam });
const resourceRecord = z.object({ resource: resourceParam, id: textParam() });

/**
 * The permission a generic route needs: the resource's own code for the action (the administrator's unless it
 * names another). The admin service checks it again, with whether the resource allows the action at all.
 */
const resourcePermission = (action: AdminAction) => (c: Context<ApiEnv>) =>
  permissionFor(readParam(c, "resource", resourceParam), action);

const hookContext = (c: { get: (key: "app" | "user") => unknown }) => ({
  app: c.get("app") as ApiEnv["Variables"]["app"],
  user: c.get("user") as NonNullable<ApiEnv["Variables"]["user"]>,
});

implement(
  adminApi,
  defineRoute({
    method: "get",
    path: "/{resource}",
    audience: "admin",
    permission: resourcePermission("list"),
    summary: "A page of a catalogue resource (lessons, teachers, posts…): search, filter, sort.",
    request: { params: resource },
    parameters: [
      queryParam("q", "Text contained in a search field; longer is a 422.", {
        schema: { type: "string", maxLength: SEARCH_MAX_LENGTH },
      }),
      queryParam("page", "Page number, from 1.", { schema: { type: "integer" } }),
      queryParam("sort", "A sortable field; any other gives the default sort.", { schema: { type: "string" } }),
      queryParam("dir", "asc or desc (otherwise the sort's default).", { schema: { type: "string" } }),
      queryParam("pageSize", "Rows per page, at most 100.", { schema: { type: "integer" } }),
    ],
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const resource = c.req.valid("param").resource;
    const query = parseListQuery(resource, new URL(c.req.url).searchParams);
    return c.json({ data: await listRecords(hookContext(c), { resource, query }) });
  },
);

implement(
  adminApi,
  defineRoute({
    method: "post",
    path: "/{resource}",
    audience: "admin",
    permission: resourcePermission("create"),
    summary: "Create a resource: the fields of its form.",
    request: { params: resource, body: record },
    responses: { ...created(), ...refused(409, 422) },
  }),
  async (c) => {
    const data = await createRecord(hookContext(c), {
      resource: c.req.valid("param").resource,
      input: c.req.valid("json"),
    });
    return c.json({ data }, 201);
  },
);

implement(
  adminApi,
  defineRoute({
    method: "post",
    path: "/{resource}/bulk-delete",
    audience: "admin",
    permission: resourcePermission("delete"),
    summary: "Delete several (`{ ids: [...] }`).",
    request: { params: resource, body: record },
    responses: { ...ok(), ...refused(409, 422) },
  }),
  async (c) => {
    const data = await bulkDeleteRecords(hookContext(c), {
      resource: c.req.valid("param").resource,
      ids: c.req.valid("json").ids,
    });
    return c.json({ data });
  },
);

implement(
  adminApi,
  defineRoute({
    method: "post",
    path: "/{resource}/upload",
    audience: "admin",
    permission: resourcePermission("update"),
    summary: "Upload a file to a resource's file field.",
    request: { params: resource, body: rawBody("multipart/form-data", "`file`, and `field` in the query.") },
    parameters: [queryParam("field", "The file field.", { required: true, schema: { type: "string" } })],
    responses: { ...created(), ...refused(400, 413, 422) },
  }),
  async (c) => {
    const resource = c.req.valid("param").resource;
    // Whether the resource takes changes at all is settled before the body is read: a file sent where it
    // cannot go is never parsed (the service checks again, for the pages).
    authorizeAdminAction(c.get("user"), resource, "update");
    const field = c.req.query("field") ?? "";
    const form = await c.req.formData().catch(() => {
      throw new AppError(400, ["Send the file as multipart/form-data in a field named “file”."]);
    });
    const file = form.get("file");
    if (!(file instanceof File))
      throw new AppError(400, ["Send the file in a field named “file”."], { file: ["Choose a file."] });
    return c.json({ data: await storeAdminUpload(hookContext(c), { resource, fieldName: field, file }) }, 201);
  },
);

implement(
  adminApi,
  defineRoute({
    method: "get",
    path: "/{resource}/{id}",
    audience: "admin",
    permission: resourcePermission("read"),
    summary: "One resource, as its form shows it.",
    request: { params: resourceRecord },
    responses: { ...ok() },
  }),
  async (c) => {
    const { resource, id } = c.req.valid("param");
    return c.json({ data: await getRecord(hookContext(c), { resource, id: id }) });
  },
);

implement(
  adminApi,
  defineRoute({
    method: "get",
    path: "/{resource}/{id}/delete-impact",
    audience: "admin",
    permission: resourcePermission("read"),
    summary: "What deleting it would remove with it.",
    request: { params: resourceRecord },
    responses: { ...ok() },
  }),
  async (c) => {
    const { resource, id } = c.req.valid("param");
    return c.json({ data: await describeDeleteImpact(hookContext(c), { resource, id: id }) });
  },
);

for (const [method, summary, mode] of [
  ["patch", "Change some fields.", "patch"],
  ["put", "Replace every field.", "replace"],
] as const) {
  implement(
    adminApi,
    defineRoute({
      method,
      path: "/{resource}/{id}",
      audience: "admin",
      permission: resourcePermission("update"),
      summary,
      request: { params: resourceRecord, body: record },
      responses: { ...ok(), ...refused(409, 422) },
    }),
    async (c) => {
      const { resource, id } = c.req.valid("param");
      return c.json({
        data: await updateRecord(hookContext(c), { resource, id: id, input: c.req.valid("json"), mode }),
      });
    },
  );
}

implement(
  adminApi,
  defineRoute({
    method: "delete",
    path: "/{resource}/{id}",
    audience: "admin",
    permission: resourcePermission("delete"),
    summary: "Delete it (and what its delete impact lists).",
    request: { params: resourceRecord },
    responses: { ...ok(), ...refused(409) },
  }),
  async (c) => {
    const { resource, id } = c.req.valid("param");
    return c.json({ data: await deleteRecord(hookContext(c), { resource, id: id }) });
  },
);
