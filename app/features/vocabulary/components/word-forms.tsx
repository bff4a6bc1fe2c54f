import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PlusIcon, TrashIcon } from "~/components/icons";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { listItemSchema } from "#core/schemas/vocabulary";

function WordInput({
  meta,
  label,
  arabic = false,
  inputRef,
  placeholder,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  arabic?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  placeholder?: string;
}) {
  const { key, ...inputProps } = getInputProps(meta, { type: "text", ariaAttributes: false });
  return (
    <div className="space-y-1.5">
      <label htmlFor={meta.id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        key={key}
        ref={inputRef}
        {...inputProps}
        {...(arabic ? { lang: "ar", dir: "rtl" } : {})}
        placeholder={placeholder}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={meta.errors ? meta.errorId : undefined}
        className={cn(inputClasses, arabic && "text-lg")}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function useWordForm(
  id: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: { arabic: string; transliteration: string; english: string },
) {
  return useForm<{ arabic: string; transliteration: string; english: string }>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(listItemSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listItemSchema }),
  });
}

/** "Add a word" on a list page. */
export function AddWordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const pending = useIsPending("add-word");
  const [form, fields] = useWordForm("add-word", lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="add-word" />
      <FormErrors errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-3">
        <WordInput meta={fields.arabic} label="Arabic" arabic placeholder="مرحبا" />
        <WordInput meta={fields.transliteration} label="Transliteration" placeholder="marḥaba" />
        <WordInput meta={fields.english} label="Meaning" placeholder="hello" />
      </div>
      <Button type="submit" disabled={pending}>
        <PlusIcon className="size-4" />
        Add word
      </Button>
    </Form>
  );
}

export function EditWordForm({
  item,
  cancelTo,
  lastResult,
}: {
  item: { id: number; arabic: string; transliteration: string; english: string };
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const pending = useIsPending("edit-word");
  const inputRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useWordForm(`edit-word-${item.id}`, lastResult, {
    arabic: item.arabic,
    transliteration: item.transliteration,
    english: item.english,
  });
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="edit-word" />
      <input type="hidden" name="itemId" value={item.id} />
      <FormErrors errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-3">
        <WordInput meta={fields.arabic} label="Arabic" arabic inputRef={inputRef} />
        <WordInput meta={fields.transliteration} label="Transliteration" />
        <WordInput meta={fields.english} label="Meaning" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          Save word
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("ghost", "sm")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function DeleteWordConfirm({ item, cancelTo }: { item: { id: number; arabic: string }; cancelTo: string }) {
  const pending = useIsPending("delete-word");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={`delete-word-${item.id}`}
      className="rounded-xl border border-red-200 bg-red-50 p-3 outline-none focus-visible:ring-3 focus-visible:ring-red-200"
    >
      <p id={`delete-word-${item.id}`} className="text-sm font-semibold text-red-900">
        Remove{" "}
        <span lang="ar" dir="rtl">
          {item.arabic}
        </span>{" "}
        from this list?
      </p>
      <Form method="post" className="mt-2 flex flex-wrap gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="delete-word" />
        <input type="hidden" name="itemId" value={item.id} />
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          <TrashIcon className="size-4" />
          Yes, remove
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("secondary", "sm")}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

/** Move a word to another of the learner's lists: a select and a button, no JavaScript needed. */
export function MoveWordForm({
  item,
  lists,
}: {
  item: { id: number; arabic: string };
  lists: Array<{ id: number; title: string }>;
}) {
  const pending = useIsPending("move-word");
  if (lists.length === 0) return null;
  const selectId = `move-${item.id}`;
  return (
    <Form method="post" className="flex items-center gap-1.5" preventScrollReset>
      <input type="hidden" name="intent" value="move-word" />
      <input type="hidden" name="itemId" value={item.id} />
      <label htmlFor={selectId} className="sr-only">
        Move {item.arabic} to
      </label>
      <select
        id={selectId}
        name="toListId"
        className="max-w-36 rounded-lg border border-line bg-white px-2 py-1.5 text-sm text-ink focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none"
      >
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.title}
          </option>
        ))}
      </select>
      <button type="submit" disabled={pending} className={buttonClasses("secondary", "sm")}>
        Move
      </button>
    </Form>
  );
}
