import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/format";
import { BLOG_COMMENT_MAX_LENGTH, blogCommentCreateFormSchema } from "~/lib/schemas/blog";
import type { BlogComment } from "../../../server/services/blog";

export type BlogCommentActionData = { intent: string; result?: SubmissionResult<string[]> | null };

const commentBodyClasses =
  "text-[15px] leading-relaxed text-ink/90 break-words [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-canvas [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:ps-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-canvas [&_pre]:p-3 [&_ul]:list-disc [&_ul]:ps-5 [&_*+p]:mt-2";

export function BlogComments({
  comments,
  viewer,
  loginHref,
}: {
  comments: BlogComment[];
  viewer: { name: string } | null;
  loginHref: string;
}) {
  return (
    <section id="comments" aria-labelledby="comments-heading" className="scroll-mt-24">
      <h2 id="comments-heading" className="text-2xl font-bold tracking-tight text-ink">
        Comments <span className="font-normal text-muted">({comments.length})</span>
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-muted">No comments yet. Share an expression from your city, or ask about one.</p>
      ) : (
        <ol className="mt-6 divide-y divide-line border-y border-line">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      <div className="mt-8">
        {viewer ? (
          // A fresh form (empty, no stale errors) once the posted comment is in the list.
          <NewCommentForm key={comments.map((comment) => comment.id).join(",")} viewerName={viewer.name} />
        ) : (
          <div className="rounded-xl border border-line bg-surface p-6 text-center shadow-sm">
            <p className="font-semibold text-ink">Join the conversation</p>
            <p className="mt-1 text-sm text-muted">Sign in or create a free account to leave a comment.</p>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              <Link to={loginHref} className={buttonClasses("primary", "md")}>
                Sign in to comment
              </Link>
              <Link to="/auth/signup" className={buttonClasses("secondary", "md")}>
                Create a free account
              </Link>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

function Initials({ name }: { name: string }) {
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

function CommentItem({ comment }: { comment: BlogComment }) {
  const navigation = useNavigation();
  const deleting =
    navigation.formData?.get("intent") === "comment-delete" &&
    navigation.formData.get("commentId") === String(comment.id);
  return (
    <li id={`comment-${comment.id}`} className={cn("flex scroll-mt-24 gap-3 py-5", deleting && "opacity-50")}>
      {comment.author.avatarUrl ? (
        <img src={comment.author.avatarUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />
      ) : (
        <Initials name={comment.author.name} />
      )}
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
          </p>
        </header>
        {/* Member markdown, rendered by the server without raw HTML (server/lib/markdown.ts). */}
        <div dir="auto" className={cn(commentBodyClasses, "mt-1")} dangerouslySetInnerHTML={{ __html: comment.html }} />
        {comment.canDelete ? (
          <Form
            method="post"
            preventScrollReset
            className="mt-2"
            onSubmit={(event) => {
              if (!window.confirm("Delete this comment? This can't be undone.")) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="comment-delete" />
            <input type="hidden" name="commentId" value={comment.id} />
            <button
              type="submit"
              className="rounded text-sm font-medium text-red-700 hover:underline"
              aria-label={comment.isOwn ? "Delete your comment" : `Delete the comment by ${comment.author.name}`}
            >
              Delete
            </button>
          </Form>
        ) : null}
      </article>
    </li>
  );
}

function NewCommentForm({ viewerName }: { viewerName: string }) {
  const actionData = useActionData<BlogCommentActionData>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "comment-create" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "blog-comment-create",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(blogCommentCreateFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogCommentCreateFormSchema }),
  });
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === "comment-create";
  const hintId = `${fields.body.id}-hint`;
  const { key, ...textareaProps } = getTextareaProps(fields.body, { ariaAttributes: false });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="comment-create" />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.body.id} className="block text-sm font-medium text-ink">
        Add a comment as {viewerName}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        rows={4}
        maxLength={BLOG_COMMENT_MAX_LENGTH}
        dir="auto"
        placeholder="How do they say it where you're from?"
        aria-invalid={fields.body.errors ? true : undefined}
        aria-describedby={cn(fields.body.errors && fields.body.errorId, hintId)}
        className={cn(inputClasses, "min-h-28 resize-y")}
      />
      <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-muted">
          Up to {BLOG_COMMENT_MAX_LENGTH.toLocaleString("en")} characters. Markdown works: **bold**, _italic_, lists and
          links.
        </p>
        <Button type="submit" disabled={posting}>
          {posting ? "Posting…" : "Post comment"}
        </Button>
      </div>
    </Form>
  );
}
