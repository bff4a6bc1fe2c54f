import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleBody } from "../components/article-body";
import { BlogComments } from "../components/blog-comments";
import { DraftBadge, PostCard, PostMeta } from "../components/post-card";
import { PostCover } from "../components/post-cover";
import { ArrowRightIcon } from "~/components/icons";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { pageTitle, rootAppName } from "~/lib/meta";
import { blogCommentCreateFormSchema, blogCommentDeleteFormSchema } from "#core/schemas/blog";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import {
  createBlogComment,
  deleteBlogComment,
  getBlogPost,
  listBlogComments,
  listSuggestedPosts,
} from "#server/services/blog";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const blogId = requireId(params.blogId);
  const viewer = await context.getViewer();
  const { user } = viewer;
  // Drafts answer exactly like unknown ids for everyone but admins.
  const post = await getBlogPost(context.app, { viewer, blogId });
  if (!post) throw notFoundResponse("We couldn't find that post.");
  requireCanonicalPath(request, post.path);
  const [comments, suggested] = await Promise.all([
    listBlogComments(context.app, { blogId, viewer }),
    listSuggestedPosts(context.app, { blogId }),
  ]);
  const origin = context.app.config.appUrl.replace(/\/+$/, "");
  return {
    post,
    comments,
    suggested,
    viewer: user ? { name: user.name } : null,
    canonicalUrl: `${origin}${post.path}`,
    // Posts without a cover share the site card (public/og-image.jpg, 1200×630).
    ogImage: `${origin}${post.coverUrl ?? "/og-image.jpg"}`,
  };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const blogId = requireId(params.blogId);
  const viewer = await requireMember(context, request);
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "comment-create") {
    const submission = parseWithZod(formData, { schema: blogCommentCreateFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      const { id } = await createBlogComment(context.app, { viewer, blogId, body: submission.value.body });
      return redirectWithToast(`${here}#comment-${id}`, { text: "Your comment is posted." }, { status: 303 });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
  }
  if (intent === "comment-delete") {
    const parsed = blogCommentDeleteFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Choose a comment to delete.", { status: 400 });
    try {
      await deleteBlogComment(context.app, { viewer, blogId, commentId: parsed.data.commentId });
      return redirectWithToast(`${here}#comments`, { text: "Comment deleted." }, { status: 303 });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return redirectWithToast(`${here}#comments`, { text: error.messages[0] ?? "", status: "error" }, { status: 303 });
    }
  }
  throw new Response("Unknown action.", { status: 400 });
});

export default function BlogPostPage() {
  const { post, comments, suggested, viewer } = useLoaderData<typeof loader>();
  const loginHref = `/auth/login?redirect=${encodeURIComponent(`${post.path}#comments`)}`;
  return (
    <main>
      <article aria-labelledby="post-title">
        <header className="border-b border-line bg-gradient-to-b from-primary-50 to-canvas">
          <div className="mx-auto max-w-3xl px-4 pt-8 pb-10 sm:px-6 md:pt-12">
            <Link
              to="/blog"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-800 hover:underline"
            >
              <ArrowRightIcon className="size-4 rotate-180" /> All posts
            </Link>
            {post.status === "draft" ? (
              <div className="mt-6">
                <DraftBadge />
              </div>
            ) : null}
            <h1
              id="post-title"
              className="mt-5 text-[2.1rem] leading-[1.15] font-bold tracking-tight text-balance text-ink sm:text-5xl"
            >
              {post.title}
            </h1>
            {post.excerpt ? (
              <p className="mt-5 text-lg leading-relaxed text-pretty text-ink/75 sm:text-xl">{post.excerpt}</p>
            ) : null}
            <div className="mt-6 flex items-center gap-3">
              {post.author ? (
                <span
                  aria-hidden="true"
                  className="grid size-11 place-items-center rounded-full bg-primary-700 text-sm font-bold text-white"
                >
                  {post.author.name
                    .split(/\s+/)
                    .slice(0, 2)
                    .map((part) => part[0])
                    .join("")}
                </span>
              ) : null}
              <div>
                {post.author ? <p className="font-semibold text-ink">{post.author.name}</p> : null}
                <PostMeta post={post} />
              </div>
            </div>
          </div>
        </header>
        <div className="mx-auto max-w-4xl px-4 pt-8 sm:px-6">
          <PostCover post={post} size="hero" className="rounded-xl shadow-sm" />
        </div>
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14">
          <ArticleBody html={post.html} />
        </div>
      </article>

      <div className="mx-auto max-w-3xl space-y-14 px-4 pb-16 sm:px-6">
        <NewsletterForm source="blog-post" heading="Enjoyed this? Get the next one by email" />
        {post.status === "published" ? (
          <BlogComments comments={comments} viewer={viewer} loginHref={loginHref} />
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-sm text-muted">
            Comments open once the post is published.
          </p>
        )}
      </div>

      {suggested.length > 0 ? (
        <section aria-labelledby="suggested-heading" className="border-t border-line bg-surface/60">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="suggested-heading" className="text-2xl font-bold tracking-tight text-ink">
              Keep reading
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {suggested.map((item) => (
                <li key={item.id}>
                  <PostCard post={item} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  if (!data) return [{ title: pageTitle(rootAppName(matches), "Post not found") }];
  const { post } = data;
  const title = pageTitle(rootAppName(matches), post.title);
  const description = post.excerpt || `${post.title} — from the Ahla blog about Levantine Arabic.`;
  return [
    { title },
    { name: "description", content: description },
    ...(post.status === "draft" ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:site_name", content: rootAppName(matches) ?? "Ahla" },
    { property: "og:image", content: data.ogImage },
    ...(post.publishedAt
      ? [{ property: "article:published_time", content: new Date(post.publishedAt).toISOString() }]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
  ];
};
