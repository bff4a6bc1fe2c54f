import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { MarkdownHint } from "~/components/discussion/post-composer";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { MESSAGE_BODY_MAX, THREAD_TITLE_MAX, threadCreateFormSchema } from "#core/schemas/community";

/** Title and first message; a plain form, so it works before (and without) JavaScript. */
export function NewThreadForm({
  groupTitle,
  cancelTo,
  lastResult,
}: {
  groupTitle: string;
  cancelTo: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === "thread-create";
  const [form, fields] = useForm({
    id: "thread-create",
    lastResult,
    constraint: getZodConstraint(threadCreateFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: threadCreateFormSchema }),
  });
  const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  const { key: bodyKey, ...bodyProps } = getTextareaProps(fields.body, { ariaAttributes: false });
  const titleHint = `${fields.title.id}-hint`;
  const bodyHint = `${fields.body.id}-hint`;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="thread-create" />
      <h2 id="new-thread-heading" className="text-xl font-semibold text-ink">
        New thread in {groupTitle}
      </h2>
      <FormErrors errors={form.errors} />
      <div className="space-y-1.5">
        <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
          Title
        </label>
        <input
          key={titleKey}
          {...titleProps}
          maxLength={THREAD_TITLE_MAX}
          dir="auto"
          aria-invalid={fields.title.errors ? true : undefined}
          aria-describedby={cn(fields.title.errors && fields.title.errorId, titleHint)}
          className={inputClasses}
        />
        <p id={titleHint} className="text-xs text-muted">
          A question or topic others can recognise, up to {THREAD_TITLE_MAX} characters.
        </p>
        <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={fields.body.id} className="block text-sm font-medium text-ink">
          Message
        </label>
        <textarea
          key={bodyKey}
          {...bodyProps}
          rows={7}
          maxLength={MESSAGE_BODY_MAX}
          dir="auto"
          aria-invalid={fields.body.errors ? true : undefined}
          aria-describedby={cn(fields.body.errors && fields.body.errorId, bodyHint)}
          className={cn(inputClasses, "min-h-40 resize-y")}
        />
        <p id={bodyHint} className="text-xs text-muted">
          <MarkdownHint /> Write Arabic with a transliteration so everyone can follow.
        </p>
        <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={posting}>
          {posting ? "Posting…" : "Post thread"}
        </Button>
        <Link to={cancelTo} className="text-sm font-medium text-muted hover:text-ink hover:underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
