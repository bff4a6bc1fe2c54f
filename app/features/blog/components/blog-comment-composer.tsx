import { MarkdownHint, PostComposer } from "~/components/discussion/post-composer";
import { BLOG_COMMENT_BODY } from "#core/post-body";

/**
 * The comment form under a blog post, for members. Its own module, loaded only when a member is reading
 * (./blog-comments.tsx): it validates with zod in the browser, and visitors never need it.
 */
export default function BlogCommentComposer({ viewerName, formKey }: { viewerName: string; formKey: string }) {
  return (
    // Plain posts that redirect: a fresh form (empty, no stale errors) once the comment is in the list.
    <PostComposer
      key={formKey}
      formId="blog-comment-create"
      intent="comment-create"
      rules={BLOG_COMMENT_BODY}
      label={`Add a comment as ${viewerName}`}
      placeholder="How do they say it where you're from?"
      hint={<MarkdownHint maxLength={BLOG_COMMENT_BODY.maxLength} />}
      submitLabel="Post comment"
    />
  );
}
