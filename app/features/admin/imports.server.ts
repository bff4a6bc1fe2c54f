import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { AppError } from "#server/lib/errors";
import { IMPORT_SPECS, type ImportKind } from "#server/lib/vocabulary-csv";
import { applyImportDraft, createImportDraft, getImportDraftPreview } from "#server/services/vocabulary-import";
import { requireAdmin } from "~/lib/auth.server";
import { redirectWithToast } from "~/lib/toast.server";

// Loader and action shared by /admin/mass-vocabulary-update, /admin/mass-global-vocabulary-update and
// /admin/mass-lemma-update.

/** How many changed rows and errors the page lists; the counts always cover the whole file. */
export const PREVIEW_LIST_LIMIT = 300;

const REPORT_KEYS = ["created", "updated", "unchanged", "skipped"] as const;

export async function importPageLoader(kind: ImportKind, { request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(context, request);
  const url = new URL(request.url);
  const draftId = url.searchParams.get("draft");
  const report = url.searchParams.has("created")
    ? Object.fromEntries(REPORT_KEYS.map((key) => [key, Math.max(0, Number(url.searchParams.get(key)) || 0)]))
    : null;
  let draft = null;
  let draftError: string | null = null;
  if (draftId) {
    try {
      const found = await getImportDraftPreview(context.app, { kind, userId: user.id, draftId });
      const changed = found.preview.changes.filter((change) => change.action !== "unchanged");
      draft = {
        draftId,
        fileName: found.fileName,
        totalRows: found.preview.totalRows,
        counts: found.preview.counts,
        errors: found.preview.errors.slice(0, PREVIEW_LIST_LIMIT),
        changes: changed.slice(0, PREVIEW_LIST_LIMIT),
        changedTotal: changed.length,
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      draftError = error.messages[0] ?? null;
    }
  }
  const spec = IMPORT_SPECS[kind];
  return {
    kind,
    spec: {
      title: spec.title,
      parentColumn: spec.parentColumn,
      parentHeading: spec.parentHeading,
      parentDescription: spec.parentDescription,
      parentExample: spec.parentExample,
      matchRule: spec.matchRule,
      newLabel: spec.newLabel,
      fields: spec.fields,
    },
    draft,
    draftError,
    report: report as Record<(typeof REPORT_KEYS)[number], number> | null,
  };
}

export async function importPageAction(kind: ImportKind, path: string, { request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(context, request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ fileErrors: ["The upload could not be read. Choose the CSV file again."] }, { status: 400 });
  }
  const intent = formData.get("intent");
  if (intent === "apply") {
    const draftId = String(formData.get("draftId") ?? "");
    try {
      const report = await applyImportDraft(context.app, { kind, userId: user.id, draftId });
      const query = new URLSearchParams(REPORT_KEYS.map((key) => [key, String(report[key])]));
      return redirectWithToast(`${path}?${query}`, {
        text: `Import applied: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged.`,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return redirectWithToast(path, { text: error.messages[0] ?? "", status: "error" });
    }
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ fileErrors: ["Choose a CSV file to upload."] }, { status: 400 });
  }
  try {
    const { draftId } = await createImportDraft(context.app, {
      kind,
      userId: user.id,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return redirectWithToast(`${path}?draft=${draftId}`, { text: "File read. Check the preview, then apply." });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ fileErrors: error.messages }, { status: error.status });
  }
}
