import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { PencilIcon, PlusIcon, TrashIcon } from "~/components/icons";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";

// Create / rename / delete of something a learner names and owns (playlists, vocabulary lists). They are
// plain posts to the page's own action, told apart by `intent`, so they work before JavaScript loads;
// Remix enhances them into fetch submissions once it has.

type TitleSchema = z.ZodObject<{ title: z.ZodString }>;

interface TitleField {
  schema: TitleSchema;
  maxLength: number;
}

function useTitleForm({
  id,
  schema,
  lastResult,
  title,
}: {
  id: string;
  schema: TitleSchema;
  lastResult?: SubmissionResult<string[]> | null;
  title?: string;
}) {
  return useForm({
    id,
    lastResult,
    defaultValue: title === undefined ? undefined : { title },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** "New <thing>": a name field and a create button. */
export function CreateNamedForm({
  formId,
  intent,
  field,
  label,
  placeholder,
  submitLabel,
  lastResult,
}: {
  formId: string;
  intent: string;
  field: TitleField;
  label: string;
  placeholder: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const pending = useIsPending(intent);
  const [form, fields] = useTitleForm({ id: formId, schema: field.schema, lastResult });
  const { key, ...inputProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1.5">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          key={key}
          {...inputProps}
          maxLength={field.maxLength}
          placeholder={placeholder}
          aria-invalid={fields.title.errors ? true : undefined}
          aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
          className={cn(inputClasses, "sm:flex-1")}
        />
        <Button type="submit" disabled={pending} className="shrink-0">
          <PlusIcon className="size-4" />
          {submitLabel}
        </Button>
      </div>
      <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
    </Form>
  );
}

/** The rename field, shown in place of the owner's actions. */
export function RenameNamedForm({
  formId,
  intent,
  idName,
  item,
  field,
  cancelTo,
  lastResult,
  className,
}: {
  formId: string;
  intent: string;
  /** The hidden input that carries the id (e.g. "playlistId"). */
  idName: string;
  item: { id: number; title: string };
  field: TitleField;
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  className?: string;
}) {
  const pending = useIsPending(intent);
  const inputRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useTitleForm({ id: formId, schema: field.schema, lastResult, title: item.title });
  // The learner just asked to rename: put them in the field, text selected.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const { key, ...inputProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className={cn("space-y-1.5", className)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={item.id} />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
        New name
      </label>
      <input
        key={key}
        ref={inputRef}
        {...inputProps}
        maxLength={field.maxLength}
        aria-invalid={fields.title.errors ? true : undefined}
        aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
        className={inputClasses}
      />
      <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" size="sm" disabled={pending}>
          Save name
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("ghost", "sm")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** "Delete <thing>?" with the consequence spelled out; shown after the first click, works without JS. */
export function DeleteNamedConfirm({
  noun,
  intent,
  idName,
  item,
  consequence,
  cancelTo,
  className,
}: {
  noun: string;
  intent: string;
  idName: string;
  item: { id: number; title: string };
  consequence: string;
  cancelTo: string;
  className?: string;
}) {
  const pending = useIsPending(intent);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const headingId = `delete-${noun}-${item.id}`;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={headingId}
      className={cn(
        "rounded-xl border border-red-200 bg-red-50 p-4 outline-none focus-visible:ring-3 focus-visible:ring-red-200",
        className,
      )}
    >
      <p id={headingId} className="font-semibold text-red-900">
        Delete “{item.title}”?
      </p>
      <p className="mt-1 text-sm text-red-900/80">{consequence}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={idName} value={item.id} />
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          <TrashIcon className="size-4" />
          Yes, delete {noun}
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("secondary", "sm")}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

/**
 * "Rename" and "Delete": GET forms that add `?rename=` / `?delete=` to the address, so the inline form
 * or confirmation appears with or without JavaScript (and the back button undoes it).
 */
export function NamedOwnerActions({
  noun,
  item,
  size = "sm",
  className,
}: {
  noun: string;
  item: { id: number; title: string };
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Form method="get" preventScrollReset>
        <button
          type="submit"
          name="rename"
          value={item.id}
          className={buttonClasses("secondary", size)}
          aria-label={`Rename ${noun}: ${item.title}`}
        >
          <PencilIcon className="size-4" />
          Rename
        </button>
      </Form>
      <Form method="get" preventScrollReset>
        <button
          type="submit"
          name="delete"
          value={item.id}
          className={cn(
            "inline-flex items-center justify-center gap-2 rounded-xl font-medium text-red-800 transition-colors hover:bg-red-50",
            size === "sm" ? "px-3 py-1.5 text-sm" : "px-4 py-2.5 text-sm",
          )}
          aria-label={`Delete ${noun}: ${item.title}`}
        >
          <TrashIcon className="size-4" />
          Delete
        </button>
      </Form>
    </div>
  );
}
