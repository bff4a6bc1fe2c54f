import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PostBodyRules } from "#core/post-body";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { JsMarker } from "./js-marker";
import { postBodyConstraint, validatePostBody } from "./post-body-validation";
import type { DiscussionActionData, PostRef } from "./types";
import { useSubmissionResult } from "./use-submission-result";

// Apart from the other controls (./post-controls.tsx) because it validates in the browser: pages that only
// list posts (a blog post for visitors) do not load it.

/**
 * "Edit" opens the author's text in place; a saved edit closes it again (the new text arrives with the
 * revalidated page data). Without JavaScript the form posts and the action redirects back.
 */
export function EditPost({
  intent,
  post,
  body,
  noun,
  rules,
}: {
  intent: string;
  post: PostRef;
  body: string;
  /** "comment", "message": names the text box ("Edit your comment"). */
  noun: string;
  /** The text's rules, checked in the browser as on the server. */
  rules: PostBodyRules;
}) {
  const fetcher = useFetcher<DiscussionActionData>();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const lastResult = useSubmissionResult(fetcher.data, intent, post);
  const [form, fields] = useForm({
    id: `${intent}-${post.id}`,
    lastResult: fetcher.state === "idle" ? lastResult : undefined,
    defaultValue: { body },
    constraint: postBodyConstraint(rules),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validatePostBody(formData, rules),
  });

  useEffect(() => {
    if (fetcher.state === "idle" && lastResult?.status === "success" && detailsRef.current) {
      detailsRef.current.open = false;
    }
  }, [fetcher.state, lastResult]);

  const saving = fetcher.state !== "idle";
  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });
  return (
    <details ref={detailsRef} open={lastResult?.status === "error" ? true : undefined} className="group open:w-full">
      <summary className="cursor-pointer list-none text-sm font-medium text-primary-700 hover:underline [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">Edit</span>
        <span className="hidden group-open:inline">Cancel editing</span>
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={post.name} value={post.id} />
        <JsMarker />
        <FormErrors errors={form.errors} />
        <label htmlFor={fields.body.id} className="sr-only">
          Edit your {noun}
        </label>
        <textarea
          key={key}
          {...textareaProps}
          rows={4}
          maxLength={rules.maxLength}
          dir="auto"
          aria-invalid={fields.body.errors ? true : undefined}
          aria-describedby={fields.body.errors ? fields.body.errorId : undefined}
          className={cn(inputClasses, "min-h-24 resize-y")}
        />
        <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? "Saving…" : "Save changes"}
        </Button>
      </fetcher.Form>
    </details>
  );
}
