import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { Badge, type BadgeTone } from "../people/parts";
import { useIsPending } from "~/components/form-fields";
import { buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import type { importPageLoader } from "~/features/admin/imports.server";
import { formatTimestamp } from "#core/import-format";
import type { FieldValue } from "#server/lib/vocabulary-csv";

type LoaderData = Awaited<ReturnType<typeof importPageLoader>>;

const ACTIONS: Record<string, { label: string; tone: BadgeTone }> = {
  create: { label: "New", tone: "success" },
  update: { label: "Update", tone: "info" },
  unchanged: { label: "Unchanged", tone: "neutral" },
};

function show(value: FieldValue, field: string) {
  if (value === null || value === "") return <span className="text-muted italic">empty</span>;
  if (field === "startMs" && typeof value === "number") return formatTimestamp(value);
  const arabic = field === "exampleArabic";
  return (
    <span lang={arabic ? "ar" : undefined} dir={arabic ? "rtl" : "auto"}>
      {String(value)}
    </span>
  );
}

/** The whole mass-update page: columns and template, upload, preview with errors and diff, apply, report. */
export function ImportPage({
  label,
  description,
  apiName,
}: {
  label: string;
  description: string;
  /** The import's name in /api/admin/imports/<apiName>. */
  apiName: string;
}) {
  const { spec, draft, draftError, report } = useLoaderData<LoaderData>();
  const actionData = useActionData<{ fileErrors?: string[] }>();
  const uploading = useIsPending("preview");
  const applying = useIsPending("apply");
  const parentLabel = spec.parentColumn;
  const toApply = draft ? draft.counts.create + draft.counts.update : 0;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Tools" }, { label }]} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">{label}</h1>
      <p className="mt-1 max-w-3xl text-muted">{description}</p>

      {report ? (
        <section
          aria-labelledby="report-heading"
          className="mt-6 rounded-xl border border-primary-200 bg-primary-50 p-5"
        >
          <h2 id="report-heading" className="font-semibold text-ink">
            Import applied
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ["Created", report.created],
                ["Updated", report.updated],
                ["Unchanged", report.unchanged],
                ["Skipped (errors)", report.skipped],
              ] as const
            ).map(([name, value]) => (
              <div key={name} className="rounded-lg bg-surface p-3">
                <dt className="text-sm text-muted">{name}</dt>
                <dd className="text-2xl font-bold text-ink tabular-nums">{value.toLocaleString("en-US")}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {draftError ? (
        <div className="mt-6">
          <FormErrors errors={[draftError]} />
        </div>
      ) : null}

      {draft ? (
        <section aria-labelledby="preview-heading" className="mt-6 space-y-6">
          <div className="rounded-xl border border-line bg-surface p-5 shadow-sm">
            <h2 id="preview-heading" className="text-xl font-semibold text-ink">
              Preview of {draft.fileName}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {draft.totalRows.toLocaleString("en-US")} rows read. Nothing is saved until you apply.
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  [spec.newLabel, draft.counts.create, "text-primary-800"],
                  ["Updates", draft.counts.update, "text-sky-800"],
                  ["Unchanged", draft.counts.unchanged, "text-ink"],
                  ["Rows with errors", draft.counts.errors, draft.counts.errors ? "text-red-700" : "text-ink"],
                ] as const
              ).map(([name, value, tone]) => (
                <div key={name} className="rounded-lg border border-line p-3">
                  <dt className="text-sm text-muted">{name}</dt>
                  <dd className={`text-2xl font-bold tabular-nums ${tone}`}>{value.toLocaleString("en-US")}</dd>
                </div>
              ))}
            </dl>
            <Form method="post" className="mt-5 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="draftId" value={draft.draftId} />
              <button type="submit" className={buttonClasses("primary", "md")} disabled={toApply === 0 || applying}>
                {applying
                  ? "Applying…"
                  : toApply === 0
                    ? "Nothing to apply"
                    : `Apply ${toApply.toLocaleString("en-US")} change${toApply === 1 ? "" : "s"}`}
              </button>
              <Link to="?" className={buttonClasses("secondary", "md")}>
                Upload another file
              </Link>
              {draft.counts.errors > 0 ? (
                <p className="text-sm text-red-800">
                  {draft.counts.errors} row{draft.counts.errors === 1 ? "" : "s"} with errors will be skipped. Fix and
                  upload again to include {draft.counts.errors === 1 ? "it" : "them"}.
                </p>
              ) : null}
            </Form>
          </div>

          {draft.errors.length > 0 ? (
            <section aria-labelledby="errors-heading" className="rounded-xl border border-red-200 bg-surface shadow-sm">
              <h3 id="errors-heading" className="border-b border-red-200 px-5 py-3 font-semibold text-red-800">
                Errors ({draft.errors.length})
              </h3>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable, so keyboard users must reach it */}
              <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Error list">
                <table className="w-full text-sm">
                  <thead className="sticky top-0 bg-surface">
                    <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Row
                      </th>
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Column
                      </th>
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Problem
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {draft.errors.map((error, index) => (
                      <tr key={`${error.row}-${error.column}-${index}`}>
                        <td className="px-5 py-2 tabular-nums">{error.row}</td>
                        <td className="px-5 py-2 font-mono text-xs">{error.column}</td>
                        <td className="px-5 py-2 text-ink" dir="auto">
                          {error.message}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}

          <section aria-labelledby="changes-heading" className="rounded-xl border border-line bg-surface shadow-sm">
            <h3 id="changes-heading" className="border-b border-line px-5 py-3 font-semibold text-ink">
              Changes{" "}
              {draft.changedTotal > draft.changes.length
                ? `(first ${draft.changes.length} of ${draft.changedTotal})`
                : `(${draft.changedTotal})`}
            </h3>
            {draft.changes.length > 0 ? (
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable, so keyboard users must reach it
              <div className="max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-label="Change list">
                <table className="w-full text-sm">
                  <thead className="sticky top-0 bg-surface">
                    <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Row
                      </th>
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Change
                      </th>
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        {spec.parentHeading}
                      </th>
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Arabic
                      </th>
                      <th scope="col" className="px-5 py-2 text-start font-semibold">
                        Fields (old → new)
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {draft.changes.map((change) => (
                      <tr key={change.row} className="align-top">
                        <td className="px-5 py-2 tabular-nums">{change.row}</td>
                        <td className="px-5 py-2">
                          <Badge tone={ACTIONS[change.action]!.tone}>{ACTIONS[change.action]!.label}</Badge>
                        </td>
                        <td className="px-5 py-2 text-ink/80">{change.parentTitle}</td>
                        <td className="px-5 py-2 font-arabic text-base text-ink" lang="ar" dir="rtl">
                          {change.arabic}
                        </td>
                        <td className="px-5 py-2">
                          <ul className="space-y-0.5">
                            {change.changes.map((fieldChange) => (
                              <li key={fieldChange.field}>
                                <span className="font-mono text-xs text-muted">{fieldChange.column}</span>{" "}
                                {change.action === "update" ? (
                                  <>
                                    <del className="text-red-800">{show(fieldChange.from, fieldChange.field)}</del>{" "}
                                    <span aria-hidden="true">→</span>
                                    <span className="sr-only">becomes</span>{" "}
                                    <ins className="text-primary-800 no-underline">
                                      {show(fieldChange.to, fieldChange.field)}
                                    </ins>
                                  </>
                                ) : (
                                  show(fieldChange.to, fieldChange.field)
                                )}
                              </li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="px-5 py-6 text-sm text-muted">
                No word would change: every valid row matches what is stored.
              </p>
            )}
          </section>
        </section>
      ) : (
        <section
          aria-labelledby="upload-heading"
          className="mt-6 rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id="upload-heading" className="text-lg font-semibold text-ink">
            Upload a CSV
          </h2>
          <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
            <FormErrors errors={actionData?.fileErrors} />
            <input type="hidden" name="intent" value="preview" />
            <div className="space-y-1.5">
              <label htmlFor="import-file" className="block text-sm font-medium text-ink">
                CSV file (UTF-8)
              </label>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                className="block w-full text-sm text-ink file:me-4 file:rounded-xl file:border-0 file:bg-primary-50 file:px-4 file:py-2.5 file:font-medium file:text-primary-800 hover:file:bg-primary-100"
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={buttonClasses("primary", "md")} disabled={uploading}>
                {uploading ? "Reading…" : "Preview"}
              </button>
              <a href={`/api/admin/imports/${apiName}/template`} className={buttonClasses("secondary", "md")} download>
                Download the template
              </a>
            </div>
          </Form>
        </section>
      )}

      <section aria-labelledby="columns-heading" className="mt-8 rounded-xl border border-line bg-surface shadow-sm">
        <h2 id="columns-heading" className="border-b border-line px-5 py-3 text-lg font-semibold text-ink">
          Columns
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="px-5 py-2 text-start font-semibold">
                  Column
                </th>
                <th scope="col" className="px-5 py-2 text-start font-semibold">
                  Required
                </th>
                <th scope="col" className="px-5 py-2 text-start font-semibold">
                  Meaning
                </th>
                <th scope="col" className="px-5 py-2 text-start font-semibold">
                  Example
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              <tr>
                <td className="px-5 py-2 font-mono">{parentLabel}</td>
                <td className="px-5 py-2">Yes</td>
                <td className="px-5 py-2">{spec.parentDescription}</td>
                <td className="px-5 py-2 font-mono text-xs">{spec.parentExample}</td>
              </tr>
              {spec.fields.map((field) => (
                <tr key={field.column}>
                  <td className="px-5 py-2 font-mono">{field.column}</td>
                  <td className="px-5 py-2">{field.required ? "Yes" : "No"}</td>
                  <td className="px-5 py-2">{field.description}</td>
                  <td className="px-5 py-2">
                    <span
                      lang={/[\u0600-\u06FF]/.test(field.example) ? "ar" : undefined}
                      dir={/[\u0600-\u06FF]/.test(field.example) ? "rtl" : undefined}
                    >
                      {field.example}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="list-disc space-y-1 px-10 py-4 text-sm text-ink/85">
          <li>
            Save as <strong>CSV UTF-8</strong> (Excel: “CSV UTF-8 (Comma delimited)”). The first row is the header;
            column names are case-insensitive.
          </li>
          <li>
            {spec.matchRule} Nothing is ever deleted.
            {spec.parentColumn === "key" ? null : " To fix the Arabic itself, edit the word in its admin page."}
          </li>
          <li>Leave an optional column out of the file to keep the stored values; an empty cell clears it.</li>
          <li>
            Rows with errors are listed with their row number and skipped; the other rows can be applied. Applying the
            same file twice changes nothing the second time.
          </li>
          <li>Up to 20,000 rows and 4 MB per file. The preview is kept for an hour.</li>
        </ul>
      </section>
    </main>
  );
}
