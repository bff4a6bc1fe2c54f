import { getFormProps, getTextareaProps, useForm, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import type { Ref } from "react";
import type { PostBodyRules } from "#core/post-body";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { JsMarker } from "./js-marker";
import { postBodyConstraint, validatePostBody } from "./post-body-validation";
import type { DiscussionActionData } from "./types";
import { useSubmissionResult } from "./use-submission-result";

/** Every discussion takes the same member markdown (server/lib/markdown.ts). */
export function MarkdownHint({ maxLength }: { maxLength?: number }) {
  return (
    <>
      {maxLength ? `Up to ${maxLength.toLocaleString("en")} characters. ` : null}
      Markdown works: **bold**, _italic_, `code`, lists, &gt; quotes and links.
    </>
  );
}

/**
 * The box a member writes a new post in. With a fetcher it posts in place (the action answers data);
 * without one it is a plain form whose action redirects, so it works before and without JavaScript.
 */
export function PostComposer({
  formId,
  intent,
  rules,
  fetcher,
  header,
  label,
  labelHidden = false,
  placeholder,
  hint,
  submitLabel,
  rows = 4,
  textareaRef,
  className,
  children,
}: {
  formId: string;
  intent: string;
  /** The text's rules, checked in the browser as on the server. */
  rules: PostBodyRules;
  fetcher?: FetcherWithComponents<DiscussionActionData>;
  /** Above the errors, e.g. a heading. */
  header?: React.ReactNode;
  label: string;
  labelHidden?: boolean;
  placeholder?: string;
  hint: React.ReactNode;
  submitLabel: string;
  rows?: number;
  textareaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
  /** Between the errors and the text box (hidden fields, a quoted post), given the form's errors by field. */
  children?: (errors: FormMetadata<Record<string, unknown>, string[]>["allErrors"]) => React.ReactNode;
}) {
  const navigation = useNavigation();
  const lastResult = useSubmissionResult(fetcher?.data, intent);
  const idle = (fetcher ? fetcher.state : navigation.state) === "idle";
  const posting = fetcher ? !idle : !idle && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: formId,
    lastResult: idle ? lastResult : undefined,
    constraint: postBodyConstraint(rules),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validatePostBody(formData, rules),
  });
  const hintId = `${fields.body.id}-hint`;
  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });

  const content = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {fetcher ? <JsMarker /> : null}
      {header}
      <FormErrors errors={form.errors} />
      {children?.(form.allErrors)}
      <label htmlFor={fields.body.id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-ink"}>
        {label}
      </label>
      <textarea
        key={key}
        ref={textareaRef}
        {...textareaProps}
        rows={rows}
        maxLength={rules.maxLength}
        dir="auto"
        placeholder={placeholder}
        aria-invalid={fields.body.errors ? true : undefined}
        aria-describedby={cn(fields.body.errors && fields.body.errorId, hintId)}
        className={cn(inputClasses, rows > 3 ? "min-h-28 resize-y" : "min-h-24 resize-y")}
      />
      <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
        <Button type="submit" disabled={posting}>
          {posting ? "Posting…" : submitLabel}
        </Button>
      </div>
    </>
  );
  const formProps = { method: "post" as const, ...getFormProps(form), className: cn("space-y-2", className) };
  return fetcher ? (
    <fetcher.Form {...formProps}>{content}</fetcher.Form>
  ) : (
    <Form preventScrollReset {...formProps}>
      {content}
    </Form>
  );
}
