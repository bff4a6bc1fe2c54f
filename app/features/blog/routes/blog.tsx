import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PostCard } from "../components/post-card";
import { PageIntro } from "~/features/landing/components/content-page";
import { ArrowRightIcon, RssIcon } from "~/components/icons";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { notFoundResponse } from "~/lib/canonical.server";
import { pageTitle, rootAppName } from "~/lib/meta";
import { listBlogPosts } from "#server/services/blog";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.getViewer();
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1) throw notFoundResponse();
  const page = Number(pageText);
  const posts = await listBlogPosts(context.app, { viewer, page });
  if (page > posts.pageCount) throw notFoundResponse("There is no such page of the blog.");
  const origin = context.app.config.appUrl.replace(/\/+$/, "");
  return {
    posts,
    canonicalUrl: `${origin}/blog${page > 1 ? `?page=${page}` : ""}`,
    feedUrl: `${origin}/blog/rss.xml`,
  };
});

export default function BlogIndexPage() {
  const { posts } = useLoaderData<typeof loader>();
  const [first, ...rest] = posts.items;
  const featured = posts.page === 1 ? first : undefined;
  const grid = featured ? rest : posts.items;
  const pageHref = (page: number) => (page > 1 ? `/blog?page=${page}` : "/blog");

  return (
    <main>
      <PageIntro
        eyebrow="Blog"
        title="Notes from the Levant"
        lead="Everyday expressions, how the dialects differ, and how to learn Arabic by ear — written by the teachers behind the lessons."
      >
        <a
          href="/blog/rss.xml"
          className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-primary-800 hover:underline"
        >
          <RssIcon className="size-4" />
          Follow with RSS
        </a>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        {posts.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-surface p-10 text-center text-muted">
            The first posts are being written. Subscribe below and we’ll send them to you.
          </p>
        ) : (
          <>
            {featured ? <PostCard post={featured} featured /> : null}
            {grid.length > 0 ? (
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {grid.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
        {posts.pageCount > 1 ? (
          <nav aria-label="Blog pages" className="mt-12 flex items-center justify-between gap-4">
            {posts.page > 1 ? (
              <Link to={pageHref(posts.page - 1)} className={buttonClasses("secondary", "md")}>
                <ArrowRightIcon className="size-4 rotate-180" /> Newer posts
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-muted">
              Page {posts.page} of {posts.pageCount}
            </p>
            {posts.page < posts.pageCount ? (
              <Link to={pageHref(posts.page + 1)} className={buttonClasses("secondary", "md")}>
                Older posts <ArrowRightIcon className="size-4" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
        <div className="mx-auto mt-16 max-w-3xl">
          <NewsletterForm source="blog" />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const title = pageTitle(rootAppName(matches), "Blog");
  const description =
    "Everyday Levantine Arabic expressions, dialect notes and study tips from the teachers behind Ahla.";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data
      ? [
          { property: "og:url", content: data.canonicalUrl },
          { tagName: "link", rel: "canonical", href: data.canonicalUrl },
          {
            tagName: "link",
            rel: "alternate",
            type: "application/rss+xml",
            title: "Ahla blog",
            href: data.feedUrl,
          },
        ]
      : []),
  ];
};
