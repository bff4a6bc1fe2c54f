import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PencilIcon, PlusIcon, TrashIcon } from "~/components/collections/collection-icons";
import { plural } from "~/components/collections/format";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { LIST_TITLE_MAX, listTitleSchema } from "~/lib/schemas/vocabulary";

// Plain posts to the page's own action (intent = create-list | rename-list | delete-list), so they
// work before JavaScript loads.

/** "New list" on /vocabulary-list. */
export function CreateListForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const pending = useIsPending("create-list");
  const [form, fields] = useForm({
    id: "create-list",
    lastResult,
    constraint: getZodConstraint(listTitleSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listTitleSchema }),
  });
  const { key, ...inputProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1.5">
      <input type="hidden" name="intent" value="create-list" />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
        List name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          key={key}
          {...inputProps}
          maxLength={LIST_TITLE_MAX}
          placeholder="e.g. Food and drink"
          aria-invalid={fields.title.errors ? true : undefined}
          aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
          className={cn(inputClasses, "sm:flex-1")}
        />
        <Button type="submit" disabled={pending} className="shrink-0">
          <PlusIcon className="size-4" />
          Create list
        </Button>
      </div>
      <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
    </Form>
  );
}

export function RenameListForm({
  list,
  cancelTo,
  lastResult,
}: {
  list: { id: number; title: string };
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const pending = useIsPending("rename-list");
  const inputRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: `rename-list-${list.id}`,
    lastResult,
    defaultValue: { title: list.title },
    constraint: getZodConstraint(listTitleSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listTitleSchema }),
  });
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const { key, ...inputProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1.5">
      <input type="hidden" name="intent" value="rename-list" />
      <input type="hidden" name="listId" value={list.id} />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
        New name
      </label>
      <input
        key={key}
        ref={inputRef}
        {...inputProps}
        maxLength={LIST_TITLE_MAX}
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

/** "Delete list?" with the consequence spelled out; shown after the first click, works without JS. */
export function DeleteListConfirm({
  list,
  cancelTo,
}: {
  list: { id: number; title: string; wordCount: number };
  cancelTo: string;
}) {
  const pending = useIsPending("delete-list");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={`delete-list-${list.id}`}
      className="rounded-xl border border-red-200 bg-red-50 p-4 outline-none focus-visible:ring-3 focus-visible:ring-red-200"
    >
      <p id={`delete-list-${list.id}`} className="font-semibold text-red-900">
        Delete “{list.title}”?
      </p>
      <p className="mt-1 text-sm text-red-900/80">
        {list.wordCount > 0
          ? `Its ${plural(list.wordCount, "word")} go with it. This can't be undone.`
          : "This can't be undone."}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete-list" />
        <input type="hidden" name="listId" value={list.id} />
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          <TrashIcon className="size-4" />
          Yes, delete list
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("secondary", "sm")}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

/** "Rename" and "Delete": GET forms that add `?rename=` / `?delete=`, so the inline form shows without JS. */
export function ListOwnerActions({ list }: { list: { id: number; title: string } }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="get" preventScrollReset>
        <button
          type="submit"
          name="rename"
          value={list.id}
          className={buttonClasses("secondary", "sm")}
          aria-label={`Rename list: ${list.title}`}
        >
          <PencilIcon className="size-4" />
          Rename
        </button>
      </Form>
      <Form method="get" preventScrollReset>
        <button
          type="submit"
          name="delete"
          value={list.id}
          className="inline-flex items-center justify-center gap-2 rounded-xl px-3 py-1.5 text-sm font-medium text-red-800 transition-colors hover:bg-red-50"
          aria-label={`Delete list: ${list.title}`}
        >
          <TrashIcon className="size-4" />
          Delete
        </button>
      </Form>
    </div>
  );
}
