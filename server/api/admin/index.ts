import { Hono } from "hono";
import { requireSignedIn } from "../../access/policy";
import { AppError, notFound } from "../../lib/errors";
import { authorizeAdminAction, getAdminResource } from "../../admin/registry";
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
import type { AdminResource } from "../../admin/types";
import { readJson } from "../helpers";
import type { ApiEnv } from "../types";
import { adminLessonCuesApi } from "./lesson-cues";
import { adminUploadsApi } from "./uploads";
import { adminImportsApi } from "./imports";
import { adminUsersApi } from "./users";

/**
 * /api/admin: every admin resource of the registry (server/admin/registry.ts) plus bespoke admin APIs.
 * Anonymous → 401, signed in without the resource's permission → 403. Errors carry `fieldErrors` beside
 * `errors` so forms can show them at the field.
 */
export const adminApi = new Hono<ApiEnv>();

adminApi.onError((error, c) => {
  if (error instanceof AppError) {
    const body: { errors: string[]; fieldErrors?: Record<string, string[]> } = { errors: error.messages };
    if (Object.keys(error.fieldErrors).length > 0) body.fieldErrors = error.fieldErrors;
    return c.json(body, error.status);
  }
  throw error;
});

// Nobody anonymous gets past here, whatever the path (bespoke sub-apps check their own permission codes).
adminApi.use(async (c, next) => {
  requireSignedIn(c.get("viewer"));
  await next();
});

// ----------------------------------------------------------------------------------------------------
// BESPOKE ADMIN SUB-APPS: mount them HERE, before the generic `/:resource` routes below (Hono matches in
// registration order). One line each, e.g.:
//   adminApi.route("/users", adminUsersApi);
adminApi.route("/imports", adminImportsApi);
// ----------------------------------------------------------------------------------------------------
adminApi.route("/uploads", adminUploadsApi);
adminApi.route("/lessons", adminLessonCuesApi);
adminApi.route("/users", adminUsersApi);

// ----------------------------------------------------------------------------------------------------
// Generic resource routes, read from the registry.
// ----------------------------------------------------------------------------------------------------

/** A record as JSON, checked against the resource's schema by the admin service. */
const ADMIN_BODY = { maxBytes: 256 * 1024 };

/** The resource behind a slug; the admin service itself decides whether this member may act on it. */
function resourceFor(slug: string): AdminResource {
  const resource = getAdminResource(slug);
  if (!resource) throw notFound("There is no such admin resource.");
  return resource;
}

const hookContext = (c: { get: (key: "app" | "user") => unknown }) => ({
  app: c.get("app") as ApiEnv["Variables"]["app"],
  user: c.get("user") as NonNullable<ApiEnv["Variables"]["user"]>,
});

adminApi
  .get("/:resource", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    const query = parseListQuery(resource, new URL(c.req.url).searchParams);
    return c.json({ data: await listRecords(hookContext(c), resource, query) });
  })
  .post("/:resource", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    const body = await readJson(c, null, ADMIN_BODY);
    return c.json({ data: await createRecord(hookContext(c), resource, body) }, 201);
  })
  .post("/:resource/bulk-delete", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    const body = await readJson(c, null, ADMIN_BODY);
    return c.json({ data: await bulkDeleteRecords(hookContext(c), resource, body.ids) });
  })
  .post("/:resource/upload", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    // Who may upload is settled before the body is read: a member without the permission gets 403 and a
    // file of theirs is never parsed (the service checks again, for the pages).
    authorizeAdminAction(c.get("user"), resource, "update");
    const field = c.req.query("field") ?? "";
    const form = await c.req.formData().catch(() => {
      throw new AppError(400, ["Send the file as multipart/form-data in a field named “file”."]);
    });
    const file = form.get("file");
    if (!(file instanceof File))
      throw new AppError(400, ["Send the file in a field named “file”."], { file: ["Choose a file."] });
    return c.json({ data: await storeAdminUpload(hookContext(c), resource, field, file) }, 201);
  })
  .get("/:resource/:id", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    return c.json({ data: await getRecord(hookContext(c), resource, c.req.param("id")) });
  })
  .get("/:resource/:id/delete-impact", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    return c.json({ data: await describeDeleteImpact(hookContext(c), resource, c.req.param("id")) });
  })
  .patch("/:resource/:id", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    const body = await readJson(c, null, ADMIN_BODY);
    return c.json({ data: await updateRecord(hookContext(c), resource, c.req.param("id"), body, "patch") });
  })
  .put("/:resource/:id", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    const body = await readJson(c, null, ADMIN_BODY);
    return c.json({ data: await updateRecord(hookContext(c), resource, c.req.param("id"), body, "replace") });
  })
  .delete("/:resource/:id", async (c) => {
    const resource = resourceFor(c.req.param("resource"));
    return c.json({ data: await deleteRecord(hookContext(c), resource, c.req.param("id")) });
  });
