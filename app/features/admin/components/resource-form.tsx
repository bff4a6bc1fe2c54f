import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { DatePicker } from "~/components/ui/date-picker";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { AdminRow } from "#server/admin/types";
import { UploadIcon } from "~/components/icons";
import { OrderedRelationList, RelationChecklist, RelationSelect } from "./relation-pickers";
import type { AdminFieldView, AdminRecord, AdminRelationLabel, AdminResourceView } from "./types";

type Submitted = Record<string, unknown> | null | undefined;

/** The value a field starts with: what was just submitted (after an error), else the stored row, else the defaults. */
function startValue(
  field: AdminFieldView,
  submitted: Submitted,
  record: AdminRecord | null | undefined,
  defaults: AdminRow,
) {
  if (submitted) {
    const value = submitted[field.name];
    if (field.widget.type === "boolean") return value === "on" || value === true;
    if (field.widget.type === "relation-many")
      return Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
    if (field.widget.type === "string-list") return Array.isArray(value) ? value.join("\n") : String(value ?? "");
    return value === undefined || value === null ? "" : String(value);
  }
  const value = record ? record.values[field.name] : defaults[field.name];
  switch (field.widget.type) {
    case "boolean":
      // A checkbox over a timestamp column (pinned, locked, removed) is ticked when a time is stored.
      return (
        value === true || value instanceof Date || (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value))
      );
    case "relation-many":
      return Array.isArray(value) ? value.map(String) : [];
    case "string-list":
      return Array.isArray(value) ? value.join("\n") : "";
    case "date":
      return typeof value === "string" || value instanceof Date ? new Date(value).toISOString().slice(0, 10) : "";
    default:
      return value === undefined || value === null ? "" : String(value);
  }
}

interface ResourceFormProps {
  view: AdminResourceView;
  record?: AdminRecord | null;
  options: Record<string, AdminRelationLabel[]>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  cancelTo: string;
}

/** The create/edit form of any resource: one control per declared field, errors at each field. */
export function ResourceForm({ view, record, options, lastResult, submitLabel, cancelTo }: ResourceFormProps) {
  const pending = useIsPending();
  const submitted = lastResult?.initialValue as Submitted;
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null | undefined>;
  const formErrors = errors[""] ?? null;
  const sections: Array<{ title: string | null; fields: AdminFieldView[] }> = [];
  for (const field of view.fields) {
    const title = field.section ?? null;
    const section = sections.find((candidate) => candidate.title === title);
    if (section) section.fields.push(field);
    else sections.push({ title, fields: [field] });
  }
  const errorCount = Object.entries(errors).filter(([name, messages]) => name !== "" && messages?.length).length;

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      {errorCount > 0 ? (
        <FormErrors
          errors={[`Please fix ${errorCount === 1 ? "the field" : `the ${errorCount} fields`} marked below.`]}
        />
      ) : null}
      <FormErrors errors={formErrors} />
      {sections.map((section) => (
        <section
          key={section.title ?? "main"}
          className="space-y-5 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
          aria-label={section.title ?? "Details"}
        >
          {section.title ? <h2 className="text-lg font-semibold text-ink">{section.title}</h2> : null}
          {section.fields.map((field) => (
            <FieldControl
              key={field.name}
              field={field}
              value={startValue(field, submitted, record, view.defaultValues)}
              errors={errors[field.name] ?? undefined}
              options={"resource" in field.widget ? (options[field.widget.resource] ?? []) : []}
              record={record}
            />
          ))}
        </section>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="save" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
        <Link to={cancelTo} className={buttonClasses("ghost")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function Label({ htmlFor, field }: { htmlFor: string; field: AdminFieldView }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-ink">
      {field.label}
      {field.required ? (
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

function FieldControl({
  field,
  value,
  errors,
  options,
  record,
}: {
  field: AdminFieldView;
  value: string | boolean | string[];
  errors?: string[];
  options: AdminRelationLabel[];
  record?: AdminRecord | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const hasErrors = Boolean(errors?.length);
  const described = cn(hasErrors && errorId, field.help && helpId) || undefined;
  const langProps = field.lang === "ar" ? { lang: "ar", dir: "rtl" as const } : {};
  const widget = field.widget;
  const common = {
    id,
    name: field.name,
    "aria-invalid": hasErrors || undefined,
    "aria-describedby": described,
    "aria-required": field.required || undefined,
    readOnly: field.readOnly,
    ...langProps,
  };
  const help = field.help ? (
    <p id={helpId} className="text-sm text-muted">
      {field.help}
    </p>
  ) : null;

  switch (widget.type) {
    case "boolean":
      return (
        <div className="space-y-1">
          <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name={field.name}
              defaultChecked={value === true}
              aria-describedby={described}
              disabled={field.readOnly}
              className="size-5 accent-primary-700"
            />
            {field.label}
          </label>
          {help}
          <FieldErrors id={errorId} errors={errors} />
        </div>
      );
    case "date":
      return (
        <DatePicker
          name={field.name}
          label={field.label}
          defaultValue={String(value)}
          errors={errors}
          hint={field.help}
        />
      );
    case "relation-one":
      return (
        <RelationSelect
          name={field.name}
          label={field.label}
          resource={widget.resource}
          options={options}
          errors={errors}
          help={field.help}
          required={field.required}
          defaultValue={String(value)}
        />
      );
    case "relation-many": {
      const Picker = widget.ordered ? OrderedRelationList : RelationChecklist;
      return (
        <Picker
          name={field.name}
          label={field.label}
          resource={widget.resource}
          options={options}
          errors={errors}
          help={field.help}
          defaultValue={value as string[]}
        />
      );
    }
    case "upload":
      return <UploadControl field={field} value={String(value)} errors={errors} url={record?.mediaUrls[field.name]} />;
    default:
      break;
  }

  let control: React.ReactNode;
  if (widget.type === "textarea" || widget.type === "markdown" || widget.type === "string-list") {
    control = (
      <textarea
        {...common}
        defaultValue={String(value)}
        rows={"rows" in widget && widget.rows ? widget.rows : widget.type === "string-list" ? 4 : 5}
        maxLength={"maxLength" in widget ? widget.maxLength : undefined}
        className={cn(inputClasses, widget.type === "markdown" && "font-mono text-sm")}
      />
    );
  } else if (widget.type === "select") {
    control = (
      <select {...common} defaultValue={String(value)} className={inputClasses}>
        {field.required ? null : <option value="">None</option>}
        {widget.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (widget.type === "number") {
    control = (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        defaultValue={String(value)}
        min={widget.min}
        max={widget.max}
        step={widget.step ?? "any"}
        className={cn(inputClasses, "max-w-xs")}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        defaultValue={String(value)}
        maxLength={widget.type === "text" ? widget.maxLength : undefined}
        placeholder={widget.type === "text" ? widget.placeholder : undefined}
        className={inputClasses}
      />
    );
  }
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} field={field} />
      {control}
      {widget.type === "markdown" ? (
        <p className="text-xs text-muted">Markdown: **bold**, *italic*, lists, links.</p>
      ) : null}
      {help}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

const ACCEPT: Record<string, string> = {
  image: "image/png,image/jpeg,image/webp,image/gif",
  audio: "audio/*",
  video: "video/mp4,video/webm",
  file: ".pdf,.doc,.docx,.xls,.xlsx,.zip,.txt,image/*,audio/*",
};

function UploadControl({
  field,
  value,
  errors,
  url,
}: {
  field: AdminFieldView;
  value: string;
  errors?: string[];
  url?: string;
}) {
  const id = useId();
  const widget = field.widget;
  if (widget.type !== "upload") return null;
  const hasErrors = Boolean(errors?.length);
  return (
    <div className="space-y-2">
      <Label htmlFor={id} field={field} />
      <input type="hidden" name={field.name} value={value} />
      {value ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-canvas/60 p-3">
          {url && widget.kind === "image" ? (
            <img
              src={url}
              alt={`Current ${field.label.toLowerCase()}`}
              className="h-20 w-32 rounded-lg object-cover ring-1 ring-line"
            />
          ) : null}
          {url && widget.kind === "audio" ? (
            <audio controls src={url} className="h-10 max-w-full">
              <track kind="captions" />
            </audio>
          ) : null}
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-ink">Current file</p>
            {url ? (
              <a href={url} className="break-all text-primary-800 underline" target="_blank" rel="noreferrer">
                {value}
              </a>
            ) : (
              <p className="break-all text-muted">{value}</p>
            )}
          </div>
          {field.required ? null : (
            <label className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" name={`${field.name}__remove`} className="size-4 accent-primary-700" /> Remove
            </label>
          )}
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        <UploadIcon className="size-5 shrink-0 text-muted" />
        <input
          id={id}
          type="file"
          name={`${field.name}__file`}
          accept={ACCEPT[widget.kind]}
          aria-invalid={hasErrors || undefined}
          aria-describedby={cn(hasErrors && `${id}-error`, field.help && `${id}-help`) || undefined}
          className="block w-full text-sm text-ink file:me-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-ink hover:file:bg-primary-50"
        />
      </div>
      <p id={`${id}-help`} className="text-sm text-muted">
        {field.help ?? (value ? "Choose a file to replace the current one." : "Choose a file to upload.")}
      </p>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
