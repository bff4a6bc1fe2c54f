import { Hono } from "hono";
import { z } from "zod";
import { AppError, notFound } from "../../lib/errors";
import { MAX_IMPORT_BYTES, importTemplateCsv, type ImportKind } from "../../lib/vocabulary-csv";
import {
  applyImportDraft,
  createImportDraft,
  getImportDraftPreview,
  templateParentExample,
} from "../../services/vocabulary-import";
import { readJson, requireAdmin } from "../helpers";
import type { ApiEnv } from "../types";

/** URL names of the two imports, as in their admin pages. */
const KINDS: Record<string, ImportKind> = { vocabulary: "lesson", "global-vocabulary": "deck" };

function kindParam(value: string): ImportKind {
  const kind = KINDS[value];
  if (!kind) throw notFound("There is no such import.");
  return kind;
}

export const applySchema = z.strictObject({
  draftId: z.string({ error: "Send the draftId of a preview." }).min(1).max(100),
});

/** The CSV from a multipart field "file", or a raw text/csv body. */
async function readUpload(request: Request): Promise<{ fileName: string; bytes: Uint8Array }> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_IMPORT_BYTES + 64 * 1024) throw new AppError(413, ["The file is too large (at most 4 MB)."]);
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => {
      throw new AppError(400, ["The upload could not be read. Send the CSV in a field named “file”."]);
    });
    const file = form.get("file");
    if (!(file instanceof File)) {
      throw new AppError(400, ["Send the CSV in a field named “file”."], { file: ["Choose a CSV file."] });
    }
    return { fileName: file.name || "upload.csv", bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  if (type.startsWith("text/csv") || type.startsWith("text/plain") || type.startsWith("application/octet-stream")) {
    return { fileName: "upload.csv", bytes: new Uint8Array(await request.arrayBuffer()) };
  }
  throw new AppError(400, ["Send the CSV as multipart/form-data (field “file”) or as a text/csv body."]);
}

/**
 * /api/admin/imports/{vocabulary|global-vocabulary}: GET /template (the CSV template), POST /preview (upload →
 * `{ draftId, preview }`), GET /drafts/:draftId (the preview again, re-diffed), POST /apply `{ draftId }`
 * (→ counts). Columns and rules: docs/admin-imports.md.
 */
export const adminImportsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/:kind/template", async (c) => {
    const kind = kindParam(c.req.param("kind"));
    const csv = importTemplateCsv(kind, await templateParentExample(c.get("app"), kind));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ahla-${c.req.param("kind")}-template.csv"`,
    });
  })
  .post("/:kind/preview", async (c) => {
    const kind = kindParam(c.req.param("kind"));
    const upload = await readUpload(c.req.raw);
    const result = await createImportDraft(c.get("app"), { kind, userId: c.get("user")!.id, ...upload });
    return c.json({ data: result }, 201);
  })
  .get("/:kind/drafts/:draftId", async (c) => {
    const kind = kindParam(c.req.param("kind"));
    const draft = await getImportDraftPreview(c.get("app"), {
      kind,
      userId: c.get("user")!.id,
      draftId: c.req.param("draftId"),
    });
    return c.json({ data: draft });
  })
  .post("/:kind/apply", async (c) => {
    const kind = kindParam(c.req.param("kind"));
    const { draftId } = await readJson(c, applySchema);
    const report = await applyImportDraft(c.get("app"), { kind, userId: c.get("user")!.id, draftId });
    return c.json({ data: report });
  });
