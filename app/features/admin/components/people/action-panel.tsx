import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Field, FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";

// The member page's support and billing actions: each is a small form reached by a plain link
// (?do=<action>), so they work without JavaScript; errors come back from the server in `result`.

export type ActionResult = SubmissionResult<string[]> | undefined;

function errorsFor(result: ActionResult, name: string) {
  const errors = result?.error?.[name];
  return errors && errors.length > 0 ? errors : undefined;
}

function previous(result: ActionResult, name: string): string | undefined {
  const value = (result?.initialValue as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

export function ActionPanel({
  id,
  title,
  intent,
  submitLabel,
  cancelTo,
  danger = false,
  result,
  hidden = {},
  children,
  description,
}: {
  id: string;
  title: string;
  intent: string;
  submitLabel: string;
  cancelTo: string;
  danger?: boolean;
  result: ActionResult;
  hidden?: Record<string, string>;
  children?: React.ReactNode;
  description?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={
        danger
          ? "rounded-xl border border-red-200 bg-red-50 p-5"
          : "rounded-xl border border-primary-200 bg-primary-50 p-5"
      }
    >
      <h2 id={`${id}-title`} className={danger ? "font-semibold text-red-900" : "font-semibold text-ink"}>
        {title}
      </h2>
      {description ? (
        <div className={danger ? "mt-1 text-sm text-red-900/90" : "mt-1 text-sm text-ink/80"}>{description}</div>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" id={id} noValidate>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrors errors={errorsFor(result, "")} />
        {children}
        <ReasonField id={`${id}-reason`} result={result} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses(danger ? "danger" : "primary", "md")}>
            {submitLabel}
          </button>
          <Link to={cancelTo} className={buttonClasses("secondary", "md")} preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

function ReasonField({ id, result }: { id: string; result: ActionResult }) {
  const errors = errorsFor(result, "reason");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Reason <span className="font-normal text-muted">(kept in the audit log)</span>
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        required
        maxLength={500}
        defaultValue={previous(result, "reason")}
        className={inputClasses}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A number of days (1–366) on the shared Field, with the server's answer for it. */
export function NumberField({
  id,
  name,
  label,
  result,
  defaultValue,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  result: ActionResult;
  defaultValue: string;
  hint?: string;
}) {
  return (
    <Field
      id={id}
      name={name}
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={1}
      max={366}
      required
      defaultValue={previous(result, name) ?? defaultValue}
      errors={errorsFor(result, name)}
      className="max-w-40"
    />
  );
}

export function SelectField({
  id,
  name,
  label,
  result,
  options,
  defaultValue,
  required = true,
}: {
  id: string;
  name: string;
  label: string;
  result: ActionResult;
  options: { value: string; label: string }[];
  defaultValue?: string;
  required?: boolean;
}) {
  const errors = errorsFor(result, name);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        defaultValue={previous(result, name) ?? defaultValue ?? ""}
        className={inputClasses}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      >
        <option value="">{required ? "Choose…" : "Not set"}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A text or email field on the shared Field, with the server's answer for it. */
export function TextField({
  id,
  name,
  label,
  result,
  defaultValue,
  type = "text",
  autoComplete = "off",
  hint,
}: {
  id: string;
  name: string;
  label: string;
  result: ActionResult;
  defaultValue?: string;
  type?: "text" | "email";
  autoComplete?: string;
  hint?: string;
}) {
  return (
    <Field
      id={id}
      name={name}
      label={label}
      hint={hint}
      type={type}
      required
      autoComplete={autoComplete}
      defaultValue={previous(result, name) ?? defaultValue}
      errors={errorsFor(result, name)}
    />
  );
}
