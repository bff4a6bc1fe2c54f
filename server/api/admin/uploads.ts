import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { attachUpload } from "../../services/admin-lesson";
import {
  abortMultipartUpload,
  completeMultipartUpload,
  completeUploadSchema,
  createMultipartUpload,
  createUploadSchema,
  PART_SIZE,
  uploadPart,
} from "../../services/uploads";
import { created, defineRoute, implement, jsonBody, ok, queryParam, rawBody, refused } from "../route";
import type { ApiEnv } from "../types";

export const uploadRef = z.strictObject({
  key: z.string().min(1).max(260),
  uploadId: z.string().min(1).max(1024),
});

export const completeSchema = completeUploadSchema.extend({
  uploadId: z.string().min(1).max(1024),
  /** Where the finished file goes: the lesson's video (with its duration), thumbnail, or a new attachment. */
  attach: z
    .strictObject({
      videoId: z.number().int().positive(),
      durationSeconds: z
        .number()
        .positive()
        .max(12 * 3600)
        .optional(),
      title: z.string().trim().max(120).optional(),
    })
    .optional(),
});

/**
 * /api/admin/uploads: R2 multipart uploads from the browser. POST / starts one, PUT /part?key&uploadId&partNumber
 * sends raw bytes (≤ 8 MiB; every part but the last ≥ 5 MiB), POST /complete finishes and checks it,
 * POST /abort drops it.
 */
export const adminUploadsApi = new OpenAPIHono<ApiEnv>();

implement(
  adminUploadsApi,
  defineRoute({
    method: "post",
    path: "/",
    audience: "admin",
    summary: "Start a multipart upload of a media file to R2.",
    request: { body: jsonBody(createUploadSchema) },
    responses: { ...created(), ...refused(413, 422) },
  }),
  async (c) => c.json({ data: await createMultipartUpload(c.get("app"), c.req.valid("json")) }, 201),
);

implement(
  adminUploadsApi,
  defineRoute({
    method: "put",
    path: "/part",
    audience: "admin",
    summary: "Upload one part.",
    request: { body: rawBody("application/octet-stream", "The part's bytes.") },
    parameters: [
      queryParam("key", "The upload's object key.", { required: true, schema: { type: "string" } }),
      queryParam("uploadId", "The upload's id.", { required: true, schema: { type: "string" } }),
      queryParam("partNumber", "From 1.", { required: true, schema: { type: "integer" } }),
    ],
    responses: { ...ok(), ...refused(400, 413, 422) },
  }),
  async (c) => {
    const key = c.req.query("key") ?? "";
    const uploadId = c.req.query("uploadId") ?? "";
    const partText = c.req.query("partNumber") ?? "";
    if (!key || !uploadId) throw new AppError(400, ["key and uploadId are required."]);
    if (!/^\d{1,5}$/.test(partText)) throw new AppError(400, ["partNumber must be a whole number from 1 to 10000."]);
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > PART_SIZE) throw new AppError(413, [`A part is at most ${PART_SIZE} bytes.`]);
    const body = await c.req.arrayBuffer();
    const data = await uploadPart(c.get("app"), {
      key,
      uploadId,
      partNumber: Number(partText),
      body,
      size: body.byteLength,
    });
    return c.json({ data });
  },
);

implement(
  adminUploadsApi,
  defineRoute({
    method: "post",
    path: "/complete",
    audience: "admin",
    summary: "Finish a multipart upload and attach the file.",
    request: { body: jsonBody(completeSchema) },
    responses: { ...ok(), ...refused(409, 422) },
  }),
  async (c) => {
    const { attach, ...input } = c.req.valid("json");
    const app = c.get("app");
    const stored = await completeMultipartUpload(app, { ...input, userId: c.get("user")!.id });
    if (attach) {
      const { videoId: lessonId, ...rest } = attach;
      await attachUpload(app, { ...rest, lessonId, stored, actor: c.get("user")! });
    }
    return c.json({ data: stored });
  },
);

implement(
  adminUploadsApi,
  defineRoute({
    method: "post",
    path: "/abort",
    audience: "admin",
    summary: "Abandon a multipart upload.",
    request: { body: jsonBody(uploadRef) },
    responses: { ...ok() },
  }),
  async (c) => c.json({ data: await abortMultipartUpload(c.get("app"), c.req.valid("json")) }),
);
