import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { MESSAGE_BODY_MAX, messageUpdateFormSchema } from "~/lib/schemas/community";
import type { CommunityMessage } from "../../../server/services/community";
import { JsMarker } from "./js-marker";
import { Avatar, messageBodyClasses, RelativeTime } from "./parts";
import type { ThreadActionData } from "./types";

export function MessageItem({
  message,
  now,
  isOpening,
  quoteHref,
  quotedHref,
}: {
  message: CommunityMessage;
  now: Date | string;
  isOpening: boolean;
  /** Where "Quote" goes (the reply box with this message quoted); null when the viewer cannot reply. */
  quoteHref: string | null;
  /** Where the quoted block links (the original message on its page). */
  quotedHref: string | null;
}) {
  const headingId = `message-${message.id}-author`;
  return (
    <li id={`message-${message.id}`} className="scroll-mt-24">
      <article
        aria-labelledby={headingId}
        className={cn(
          "flex gap-3 rounded-xl border p-4 sm:p-5",
          message.deleted ? "border-dashed border-line bg-canvas/60" : "border-line bg-surface shadow-sm",
        )}
      >
        <Avatar name={message.author.name} url={message.author.avatarUrl} />
        <div className="min-w-0 flex-1">
          <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <h3 id={headingId} className="font-semibold text-ink">
              {message.author.name}
            </h3>
            {message.isOwn ? (
              <span className="rounded-full bg-primary-50 px-2 py-0.5 text-[11px] font-semibold text-primary-800">
                You
              </span>
            ) : null}
            {isOpening ? <span className="text-xs font-medium text-muted">started the thread</span> : null}
            <p className="text-xs text-muted">
              <RelativeTime date={message.createdAt} now={now} />
              {message.editedAt ? (
                <span title={`Edited ${new Date(message.editedAt).toISOString().slice(0, 16).replace("T", " ")} UTC`}>
                  {" "}
                  · edited
                </span>
              ) : null}
            </p>
            <a
              href={`#message-${message.id}`}
              className="ms-auto text-xs text-muted tabular-nums hover:text-primary-700 hover:underline"
              aria-label={`Link to message ${message.number}`}
            >
              #{message.number}
            </a>
          </header>

          {message.deleted ? (
            <p className="mt-1 text-[15px] text-muted italic">This message was deleted.</p>
          ) : (
            <>
              {message.quote ? (
                <blockquote className="mt-2 rounded-lg border-s-4 border-primary-300 bg-primary-50/60 px-3 py-2 text-sm">
                  <p className="font-medium text-ink/80">
                    {quotedHref ? (
                      <Link to={quotedHref} className="text-primary-700 hover:underline">
                        {message.quote.authorName} wrote:
                      </Link>
                    ) : (
                      `${message.quote.authorName} wrote:`
                    )}
                  </p>
                  {message.quote.html ? (
                    <div
                      dir="auto"
                      lang={message.quote.mostlyArabic ? "ar" : undefined}
                      className={cn(messageBodyClasses, "mt-1 line-clamp-4 text-sm text-ink/80")}
                      dangerouslySetInnerHTML={{ __html: message.quote.html }}
                    />
                  ) : (
                    <p className="mt-1 text-muted italic">The quoted message was deleted.</p>
                  )}
                </blockquote>
              ) : null}
              <div
                dir="auto"
                lang={message.mostlyArabic ? "ar" : undefined}
                className={cn(messageBodyClasses, "mt-2")}
                dangerouslySetInnerHTML={{ __html: message.html ?? "" }}
              />
            </>
          )}

          {!message.deleted && (quoteHref || message.canEdit || message.canDelete) ? (
            <div className="mt-3 flex flex-wrap items-start gap-x-4 gap-y-2">
              {quoteHref ? (
                <Link
                  to={quoteHref}
                  preventScrollReset
                  className="text-sm font-medium text-primary-700 hover:underline"
                  aria-label={`Quote message ${message.number} by ${message.author.name}`}
                >
                  Quote
                </Link>
              ) : null}
              {message.canEdit ? <EditMessage message={message} /> : null}
              {message.canDelete ? <DeleteMessage message={message} /> : null}
            </div>
          ) : null}
        </div>
      </article>
    </li>
  );
}

function DeleteMessage({ message }: { message: CommunityMessage }) {
  const fetcher = useFetcher<ThreadActionData>();
  const deleting = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm("Delete this message? A placeholder stays in the thread.")) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="message-delete" />
      <input type="hidden" name="messageId" value={message.id} />
      <JsMarker />
      <button
        type="submit"
        disabled={deleting}
        className="text-sm font-medium text-red-700 hover:underline disabled:opacity-60"
        aria-label={message.isOwn ? "Delete your message" : `Delete the message by ${message.author.name}`}
      >
        {deleting ? "Deleting…" : "Delete"}
      </button>
    </fetcher.Form>
  );
}

function EditMessage({ message }: { message: CommunityMessage }) {
  const fetcher = useFetcher<ThreadActionData>();
  const documentResult = useActionData<ThreadActionData>();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const data = fetcher.data ?? documentResult;
  const lastResult =
    data?.intent === "message-update" && data.result?.initialValue?.messageId === String(message.id)
      ? data.result
      : undefined;
  const [form, fields] = useForm({
    id: `message-update-${message.id}`,
    lastResult: fetcher.state === "idle" ? lastResult : undefined,
    defaultValue: { body: message.body },
    constraint: getZodConstraint(messageUpdateFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageUpdateFormSchema }),
  });

  // A saved edit closes the editor; the new text arrives with the revalidated page data.
  useEffect(() => {
    if (fetcher.state === "idle" && lastResult?.status === "success" && detailsRef.current) {
      detailsRef.current.open = false;
    }
  }, [fetcher.state, lastResult]);

  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });
  return (
    <details ref={detailsRef} open={lastResult?.status === "error" ? true : undefined} className="group open:w-full">
      <summary className="cursor-pointer list-none text-sm font-medium text-primary-700 hover:underline [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">Edit</span>
        <span className="hidden group-open:inline">Cancel editing</span>
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="message-update" />
        <input type="hidden" name="messageId" value={message.id} />
        <JsMarker />
        <FormErrors errors={form.errors} />
        <label htmlFor={fields.body.id} className="sr-only">
          Edit your message
        </label>
        <textarea
          key={key}
          {...textareaProps}
          rows={4}
          maxLength={MESSAGE_BODY_MAX}
          dir="auto"
          aria-invalid={fields.body.errors ? true : undefined}
          aria-describedby={fields.body.errors ? fields.body.errorId : undefined}
          className={cn(inputClasses, "min-h-24 resize-y")}
        />
        <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving…" : "Save changes"}
        </Button>
      </fetcher.Form>
    </details>
  );
}
