import { Link, useNavigation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { DiscussionPost } from "~/components/discussion/discussion-post";
import { DiscussionEmpty } from "~/components/discussion/empty-state";
import { PostBody } from "~/components/discussion/post-body";
import { DeletePost, PostControls } from "~/components/discussion/post-controls";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "#core/format";
import type { BlogComment } from "#server/services/blog";

const BlogCommentComposer = lazy(() => import("./blog-comment-composer"));

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
        <DiscussionEmpty>No comments yet. Share an expression from your city, or ask about one.</DiscussionEmpty>
      ) : (
        <ol className="mt-6 divide-y divide-line border-y border-line">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      <div className="mt-8">
        {viewer ? (
          <Suspense fallback={null}>
            <BlogCommentComposer viewerName={viewer.name} formKey={comments.map((comment) => comment.id).join(",")} />
          </Suspense>
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

function CommentItem({ comment }: { comment: BlogComment }) {
  const navigation = useNavigation();
  const deleting =
    navigation.formData?.get("intent") === "comment-delete" &&
    navigation.formData.get("commentId") === String(comment.id);
  return (
    <DiscussionPost
      anchorId={`comment-${comment.id}`}
      author={comment.author}
      isOwn={comment.isOwn}
      label={`Comment by ${comment.author.name}`}
      className={deleting ? "py-5 opacity-50" : "py-5"}
      meta={<time dateTime={new Date(comment.createdAt).toISOString()}>{formatDate(comment.createdAt)}</time>}
      controls={
        comment.canDelete ? (
          <PostControls>
            <DeletePost
              intent="comment-delete"
              post={{ name: "commentId", id: comment.id }}
              noun="comment"
              authorName={comment.author.name}
              isOwn={comment.isOwn}
              confirmText="Delete this comment? This can't be undone."
            />
          </PostControls>
        ) : null
      }
    >
      <PostBody html={comment.html} mostlyArabic={comment.mostlyArabic} className="mt-1" />
    </DiscussionPost>
  );
}
