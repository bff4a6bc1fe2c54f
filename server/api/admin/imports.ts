import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { MAX_IMPORT_BYTES, importTemplateCsv, type ImportKind } from "../../lib/vocabulary-csv";
import {
  applyImportDraft,
  createImportDraft,
  getImportDraftPreview,
  templateParentExample,
} from "../../services/vocabulary-import";
import { created, defineRoute, file, implement, jsonBody, ok, pathParam, rawBody, refused, textParam } from "../route";
import type { ApiEnv } from "../types";

/** URL names of the imports (lesson vocabulary, deck words, the lexicon). */
const KINDS: Record<string, ImportKind> = { vocabulary: "lesson", "global-vocabulary": "deck", lemmas: "lemma" };

/** The import of the path: any segment routes here, and one that names no import answers 404. */
const kindParam = pathParam(
  z
    .string()
    .refine((value) => Object.hasOwn(KINDS, value))
    .transform((value) => KINDS[value]!),
  { notFound: "There is no such import." },
);
const byKind = z.object({ kind: kindParam });

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
 * /api/admin/imports/{vocabulary|global-vocabulary|lemmas}: GET /template (the CSV template), POST /preview (upload →
 * `{ draftId, preview }`), GET /drafts/:draftId (the preview again, re-diffed), POST /apply `{ draftId }`
 * (→ counts). Columns and rules: docs/admin-imports.md.
 */
export const adminImportsApi = new OpenAPIHono<ApiEnv>();

implement(
  adminImportsApi,
  defineRoute({
    method: "get",
    path: "/{kind}/template",
    audience: "admin",
    summary: "A CSV template for an import.",
    request: { params: byKind },
    responses: { ...file("text/csv", "The template, with an example row.") },
  }),
  async (c) => {
    const kind = c.req.valid("param").kind;
    const csv = importTemplateCsv(kind, await templateParentExample(c.get("app"), { kind }));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ahla-${c.req.param("kind")}-template.csv"`,
    });
  },
);

implement(
  adminImportsApi,
  defineRoute({
    method: "post",
    path: "/{kind}/preview",
    audience: "admin",
    summary: "Upload a CSV: answers a draft with every row checked, nothing written yet.",
    request: { params: byKind, body: rawBody("multipart/form-data", "`file`: the CSV.") },
    responses: { ...created(undefined, "A draft, every row checked, nothing written."), ...refused(400, 413, 422) },
  }),
  async (c) => {
    const upload = await readUpload(c.req.raw);
    const input = { kind: c.req.valid("param").kind, userId: c.get("user")!.id, ...upload };
    return c.json({ data: await createImportDraft(c.get("app"), input) }, 201);
  },
);

implement(
  adminImportsApi,
  defineRoute({
    method: "get",
    path: "/{kind}/drafts/{draftId}",
    audience: "admin",
    summary: "A draft import's checked rows.",
    request: { params: byKind.extend({ draftId: textParam() }) },
    responses: { ...ok() },
  }),
  async (c) => {
    const { kind, draftId } = c.req.valid("param");
    const draft = await getImportDraftPreview(c.get("app"), { kind, userId: c.get("user")!.id, draftId });
    return c.json({ data: draft });
  },
);

implement(
  adminImportsApi,
  defineRoute({
    method: "post",
    path: "/{kind}/apply",
    audience: "admin",
    summary: "Write a draft import's rows, all or nothing.",
    request: { params: byKind, body: jsonBody(applySchema) },
    responses: { ...ok(), ...refused(409, 422) },
  }),
  async (c) => {
    const input = { kind: c.req.valid("param").kind, userId: c.get("user")!.id, draftId: c.req.valid("json").draftId };
    return c.json({ data: await applyImportDraft(c.get("app"), input) });
  },
);
