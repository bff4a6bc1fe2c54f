import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/format";
import { COMMENT_MAX_LENGTH, commentCreateFormSchema, commentUpdateFormSchema } from "~/lib/schemas/lessons";
import type { LessonComment } from "../../../server/services/comments";
import { sectionCard } from "./lesson-details";

type CommentActionData = { intent: string; result?: SubmissionResult<string[]> | null };

/** Rendered comment markdown (links, lists, code, quotes) in the page's type. */
const commentBodyClasses =
  "text-[15px] leading-relaxed text-ink break-words [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_a:hover]:text-primary-900 [&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-canvas [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:ps-5 [&_p+*]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-canvas [&_pre]:p-3 [&_ul]:list-disc [&_ul]:ps-5 [&_*+p]:mt-2";

const noSubscription = () => () => {};

/** Marks a form as sent by a fetcher (JavaScript on): the action answers with data instead of redirecting. */
function JsMarker() {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? <input type="hidden" name="_js" value="1" /> : null;
}

export function LessonComments({
  comments,
  viewerName,
}: {
  comments: { items: LessonComment[]; hasMore: boolean; total: number };
  viewerName: string;
}) {
  const location = useLocation();
  const showingOlder = new URLSearchParams(location.search).has("before");
  const last = comments.items[comments.items.length - 1];
  const olderHref = (() => {
    const params = new URLSearchParams(location.search);
    if (last) params.set("before", String(last.id));
    return `?${params.toString()}#comments`;
  })();
  const newestHref = (() => {
    const params = new URLSearchParams(location.search);
    params.delete("before");
    const query = params.toString();
    return `${query ? `?${query}` : location.pathname}#comments`;
  })();

  return (
    <section id="comments" aria-labelledby="comments-heading" className={cn(sectionCard, "scroll-mt-20")}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-semibold">
          Comments <span className="font-normal text-muted">({comments.total})</span>
        </h2>
      </div>
      <NewCommentForm viewerName={viewerName} />
      {comments.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-canvas px-4 py-6 text-center text-sm text-muted">
          No comments yet. Ask about a word, share a tip, or say which line made you smile.
        </p>
      ) : (
        <ol className="mt-6 space-y-5">
          {comments.items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {comments.hasMore || showingOlder ? (
        <div className="mt-6 flex flex-wrap gap-3 border-t border-line pt-4 text-sm">
          {showingOlder ? (
            <Link to={newestHref} preventScrollReset className="font-medium text-primary-700 hover:underline">
              Back to the newest comments
            </Link>
          ) : null}
          {comments.hasMore ? (
            <Link to={olderHref} preventScrollReset className="font-medium text-primary-700 hover:underline">
              Show older comments
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** The last answer to this form: from its fetcher, or from a document post when JavaScript is off. */
function useLastResult(fetcher: { data?: CommentActionData }, intent: string, commentId?: number) {
  const documentResult = useActionData<CommentActionData>();
  const data = fetcher.data ?? documentResult;
  if (data?.intent !== intent || !data.result) return undefined;
  if (commentId !== undefined && data.result.initialValue?.commentId !== String(commentId)) return undefined;
  return data.result;
}

function NewCommentForm({ viewerName }: { viewerName: string }) {
  const fetcher = useFetcher<CommentActionData>();
  const lastResult = useLastResult(fetcher, "comment-create");
  const [form, fields] = useForm({
    id: "comment-create",
    lastResult: fetcher.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(commentCreateFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: commentCreateFormSchema }),
  });
  const hintId = `${fields.body.id}-hint`;
  const posting = fetcher.state !== "idle";
  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-2">
      <input type="hidden" name="intent" value="comment-create" />
      <JsMarker />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.body.id} className="block text-sm font-medium text-ink">
        Add a comment as {viewerName}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        dir="auto"
        placeholder="Ask about a word or share a tip…"
        aria-invalid={fields.body.errors ? true : undefined}
        aria-describedby={cn(fields.body.errors && fields.body.errorId, hintId)}
        className={cn(inputClasses, "min-h-24 resize-y")}
      />
      <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-muted">
          Markdown works: **bold**, _italic_, `code`, lists and links.
        </p>
        <Button type="submit" disabled={posting}>
          {posting ? "Posting…" : "Post comment"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) return <img src={url} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  const letters =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?";
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-100 text-sm font-semibold text-accent-700"
    >
      {letters}
    </span>
  );
}

function CommentItem({ comment }: { comment: LessonComment }) {
  const deleter = useFetcher<CommentActionData>();
  const deleting = deleter.state !== "idle";
  if (deleting) return null;
  return (
    <li className="flex gap-3">
      <Avatar name={comment.author.name} url={comment.author.avatarUrl} />
      <article className="min-w-0 flex-1" aria-label={`Comment by ${comment.author.name}`}>
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <p className="font-semibold text-ink">{comment.author.name}</p>
          {comment.isOwn ? (
            <span className="rounded-full bg-primary-50 px-2 py-0.5 text-[11px] font-semibold text-primary-800">
              You
            </span>
          ) : null}
          <p className="text-xs text-muted">
            <time dateTime={new Date(comment.createdAt).toISOString()}>{formatDate(comment.createdAt)}</time>
            {comment.editedAt ? " · edited" : ""}
          </p>
        </header>
        <div dir="auto" className={cn(commentBodyClasses, "mt-1")} dangerouslySetInnerHTML={{ __html: comment.html }} />
        {comment.isOwn || comment.canDelete ? (
          <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-2">
            {comment.isOwn ? <EditComment comment={comment} /> : null}
            {comment.canDelete ? (
              <deleter.Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm("Delete this comment? This can't be undone.")) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="comment-delete" />
                <input type="hidden" name="commentId" value={comment.id} />
                <JsMarker />
                <button
                  type="submit"
                  className="text-sm font-medium text-red-700 hover:underline"
                  aria-label={comment.isOwn ? "Delete your comment" : `Delete the comment by ${comment.author.name}`}
                >
                  Delete
                </button>
              </deleter.Form>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

function EditComment({ comment }: { comment: LessonComment }) {
  const fetcher = useFetcher<CommentActionData>();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const lastResult = useLastResult(fetcher, "comment-update", comment.id);
  const [form, fields] = useForm({
    id: `comment-update-${comment.id}`,
    lastResult: fetcher.state === "idle" ? lastResult : undefined,
    defaultValue: { body: comment.body },
    constraint: getZodConstraint(commentUpdateFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: commentUpdateFormSchema }),
  });

  // A saved edit closes the editor (the list shows the new text once the page data is revalidated).
  useEffect(() => {
    if (fetcher.state === "idle" && lastResult?.status === "success" && detailsRef.current)
      detailsRef.current.open = false;
  }, [fetcher.state, lastResult]);

  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });
  return (
    <details
      ref={detailsRef}
      open={lastResult?.status === "error" ? true : undefined}
      className="group w-full sm:w-auto sm:flex-1 [&:not([open])]:sm:flex-none"
    >
      <summary className="cursor-pointer list-none text-sm font-medium text-primary-700 hover:underline [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">Edit</span>
        <span className="hidden group-open:inline">Cancel editing</span>
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="comment-update" />
        <input type="hidden" name="commentId" value={comment.id} />
        <JsMarker />
        <FormErrors errors={form.errors} />
        <label htmlFor={fields.body.id} className="sr-only">
          Edit your comment
        </label>
        <textarea
          key={key}
          {...textareaProps}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          dir="auto"
          aria-invalid={fields.body.errors ? true : undefined}
          aria-describedby={fields.body.errors ? fields.body.errorId : undefined}
          className={cn(inputClasses, "min-h-20 resize-y")}
        />
        <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving…" : "Save changes"}
        </Button>
      </fetcher.Form>
    </details>
  );
}
