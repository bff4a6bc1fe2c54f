import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { MESSAGE_BODY_MAX, messageCreateFormSchema } from "~/lib/schemas/community";
import { JsMarker } from "./js-marker";
import { messageBodyClasses } from "./parts";
import type { ThreadActionData } from "./types";

export interface QuotedPreview {
  id: number;
  authorName: string;
  html: string;
}

/** The reply box at the end of a thread. With JavaScript it posts through a fetcher and the page updates in place. */
export function ReplyForm({
  viewerName,
  quoting,
  removeQuoteHref,
  locked,
  onPosted,
}: {
  viewerName: string;
  quoting: QuotedPreview | null;
  removeQuoteHref: string;
  /** Only moderators see the form on a locked thread. */
  locked: boolean;
  onPosted: (answer: { messageId: number; page: number }) => void;
}) {
  const fetcher = useFetcher<ThreadActionData>();
  const documentResult = useActionData<ThreadActionData>();
  const data = fetcher.data ?? documentResult;
  const lastResult = data?.intent === "message-create" ? data.result : undefined;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [form, fields] = useForm({
    id: "message-create",
    lastResult: fetcher.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(messageCreateFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageCreateFormSchema }),
  });
  const posting = fetcher.state !== "idle";
  const hintId = `${fields.body.id}-hint`;

  const answered = fetcher.state === "idle" && fetcher.data?.intent === "message-create" ? fetcher.data : null;
  const onPostedRef = useRef(onPosted);
  useEffect(() => {
    onPostedRef.current = onPosted;
  });
  useEffect(() => {
    if (answered?.result?.status === "success" && answered.messageId && answered.page) {
      onPostedRef.current({ messageId: answered.messageId, page: answered.page });
    }
  }, [answered]);

  // Choosing "Quote" lands here: put the cursor in the box.
  useEffect(() => {
    if (quoting) textareaRef.current?.focus();
  }, [quoting]);

  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="message-create" />
      {quoting ? <input type="hidden" name="quotedMessageId" value={quoting.id} /> : null}
      <JsMarker />
      <h2 id="reply-heading" className="text-lg font-semibold text-ink">
        Reply as {viewerName}
      </h2>
      {locked ? (
        <p className="text-sm text-muted">This thread is locked; as a moderator you can still post in it.</p>
      ) : null}
      <FormErrors errors={form.errors} />
      {quoting ? (
        <div className="rounded-lg border-s-4 border-primary-300 bg-primary-50/60 px-3 py-2 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-medium text-ink/80">Quoting {quoting.authorName}:</p>
            <Link
              to={removeQuoteHref}
              preventScrollReset
              className="text-xs font-medium text-primary-700 hover:underline"
            >
              Remove quote
            </Link>
          </div>
          <div
            dir="auto"
            className={cn(messageBodyClasses, "mt-1 line-clamp-3 text-sm text-ink/80")}
            dangerouslySetInnerHTML={{ __html: quoting.html }}
          />
          <FieldErrors errors={fields.quotedMessageId.errors} />
        </div>
      ) : null}
      <label htmlFor={fields.body.id} className="sr-only">
        Your reply
      </label>
      <textarea
        key={key}
        ref={textareaRef}
        {...textareaProps}
        rows={4}
        maxLength={MESSAGE_BODY_MAX}
        dir="auto"
        placeholder="Write a reply…"
        aria-invalid={fields.body.errors ? true : undefined}
        aria-describedby={cn(fields.body.errors && fields.body.errorId, hintId)}
        className={cn(inputClasses, "min-h-28 resize-y")}
      />
      <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-muted">
          Markdown works: **bold**, _italic_, `code`, lists, &gt; quotes and links.
        </p>
        <Button type="submit" disabled={posting}>
          {posting ? "Posting…" : "Post reply"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
