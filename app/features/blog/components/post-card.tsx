import { Link } from "@remix-run/react";
import { ClockIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { formatDate } from "#core/format";
import type { BlogPostSummary } from "#server/services/blog";
import { PostCover } from "./post-cover";

type CardPost = Pick<
  BlogPostSummary,
  | "id"
  | "title"
  | "path"
  | "excerpt"
  | "status"
  | "publishedAt"
  | "coverUrl"
  | "coverPhrase"
  | "readingMinutes"
  | "author"
>;

export function DraftBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-accent-700 uppercase ring-1 ring-accent-300/70 ring-inset">
      Draft · only admins see this
    </span>
  );
}

/** Date and reading time, the byline under every post title. */
export function PostMeta({ post, className }: { post: CardPost; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted", className)}>
      {post.publishedAt ? (
        <time dateTime={new Date(post.publishedAt).toISOString()}>{formatDate(post.publishedAt, "long")}</time>
      ) : (
        <span>Not published yet</span>
      )}
      <span aria-hidden="true">·</span>
      <span className="inline-flex items-center gap-1">
        <ClockIcon className="size-4" /> {post.readingMinutes} min read
      </span>
    </p>
  );
}

export function PostCard({
  post,
  featured = false,
  headingLevel = "h2",
}: {
  post: CardPost;
  featured?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:-translate-y-0.5 hover:shadow-md",
        featured && "md:grid md:grid-cols-[1.25fr_1fr]",
      )}
    >
      <PostCover post={post} className={featured ? "md:aspect-auto md:h-full" : undefined} />
      <div className={cn("flex flex-1 flex-col p-5 sm:p-6", featured && "md:p-8 md:justify-center")}>
        {post.status === "draft" ? (
          <div className="mb-3">
            <DraftBadge />
          </div>
        ) : null}
        <PostMeta post={post} />
        <Heading
          className={cn(
            "mt-2 font-bold tracking-tight text-ink",
            featured ? "text-2xl leading-tight sm:text-3xl" : "text-xl leading-snug",
          )}
        >
          <Link
            to={post.path}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-primary-800 [&:focus-visible]:after:rounded-xl [&:focus-visible]:after:outline-3 [&:focus-visible]:after:outline-primary-400"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? (
          <p className={cn("mt-3 leading-relaxed text-ink/75", featured ? "text-lg" : "text-[15px]")}>{post.excerpt}</p>
        ) : null}
        {post.author ? <p className="mt-auto pt-4 text-sm font-medium text-ink/80">By {post.author.name}</p> : null}
      </div>
    </article>
  );
}
