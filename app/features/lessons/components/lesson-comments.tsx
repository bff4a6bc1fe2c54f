import { Link, useFetcher, useLocation } from "@remix-run/react";
import { DiscussionPost } from "~/components/discussion/discussion-post";
import { DiscussionEmpty } from "~/components/discussion/empty-state";
import { PostBody } from "~/components/discussion/post-body";
import { MarkdownHint, PostComposer } from "~/components/discussion/post-composer";
import { DeletePost, PostControls } from "~/components/discussion/post-controls";
import { EditPost } from "~/components/discussion/post-edit";
import type { DiscussionActionData } from "~/components/discussion/types";
import { cn } from "~/lib/cn";
import { formatDate } from "#core/format";
import { LESSON_COMMENT_BODY } from "#core/post-body";
import type { LessonComment } from "#server/services/comments";
import { sectionCard } from "./lesson-details";
import { useGuestPrompt } from "./guest-prompt";

export function LessonComments({
  comments,
  viewerName,
}: {
  comments: { items: LessonComment[]; hasMore: boolean; total: number };
  /** Null for a visitor: they read the comments and are asked to sign up to write one (ADR 038). */
  viewerName: string | null;
}) {
  const guest = useGuestPrompt();
  const location = useLocation();
  const fetcher = useFetcher<DiscussionActionData>();
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
      <h2 id="comments-heading" className="text-lg font-semibold">
        Comments <span className="font-normal text-muted">({comments.total})</span>
      </h2>
      {viewerName === null ? (
        <p className="mt-3 text-sm text-muted">
          <Link
            to={guest?.signUpHref() ?? "/auth/signup"}
            onClick={(event) => {
              if (!guest) return;
              event.preventDefault();
              guest.ask("join the discussion");
            }}
            className="font-medium text-primary-800 underline"
          >
            Sign up free
          </Link>{" "}
          to ask about a word or share a tip.
        </p>
      ) : (
        <PostComposer
          formId="comment-create"
          intent="comment-create"
          rules={LESSON_COMMENT_BODY}
          fetcher={fetcher}
          label={`Add a comment as ${viewerName}`}
          placeholder="Ask about a word or share a tip…"
          hint={<MarkdownHint />}
          submitLabel="Post comment"
          rows={3}
          className="mt-4"
        />
      )}
      {comments.items.length === 0 ? (
        <DiscussionEmpty>
          No comments yet. Ask about a word, share a tip, or say which line made you smile.
        </DiscussionEmpty>
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

function CommentItem({ comment }: { comment: LessonComment }) {
  const deleter = useFetcher<DiscussionActionData>();
  // Gone from the list at once; the revalidated page data agrees a moment later.
  if (deleter.state !== "idle") return null;
  const post = { name: "commentId", id: comment.id };
  return (
    <DiscussionPost
      author={comment.author}
      isOwn={comment.isOwn}
      label={`Comment by ${comment.author.name}`}
      meta={
        <>
          <time dateTime={new Date(comment.createdAt).toISOString()}>{formatDate(comment.createdAt)}</time>
          {comment.editedAt ? " · edited" : ""}
        </>
      }
      controls={
        comment.isOwn || comment.canDelete ? (
          <PostControls>
            {comment.isOwn ? (
              <EditPost
                intent="comment-update"
                post={post}
                body={comment.body}
                noun="comment"
                rules={LESSON_COMMENT_BODY}
              />
            ) : null}
            {comment.canDelete ? (
              <DeletePost
                intent="comment-delete"
                post={post}
                noun="comment"
                authorName={comment.author.name}
                isOwn={comment.isOwn}
                confirmText="Delete this comment? This can't be undone."
                fetcher={deleter}
              />
            ) : null}
          </PostControls>
        ) : null
      }
    >
      <PostBody html={comment.html} mostlyArabic={comment.mostlyArabic} className="mt-1" />
    </DiscussionPost>
  );
}
