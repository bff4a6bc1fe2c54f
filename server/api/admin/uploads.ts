import { Hono } from "hono";
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
import { readJson, requireAdmin } from "../helpers";
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
export const adminUploadsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .post("/", async (c) => {
    const input = await readJson(c, createUploadSchema);
    return c.json({ data: await createMultipartUpload(c.get("app"), input) }, 201);
  })
  .put("/part", async (c) => {
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
  })
  .post("/complete", async (c) => {
    const { attach, ...input } = await readJson(c, completeSchema);
    const app = c.get("app");
    const stored = await completeMultipartUpload(app, { ...input, userId: c.get("user")!.id });
    if (attach) await attachUpload(app, { ...attach, stored, actor: c.get("user")! });
    return c.json({ data: stored });
  })
  .post("/abort", async (c) => {
    const input = await readJson(c, uploadRef);
    return c.json({ data: await abortMultipartUpload(c.get("app"), input) });
  });
