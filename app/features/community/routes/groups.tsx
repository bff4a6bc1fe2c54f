import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { countLabel } from "../components/format";
import { RelativeTime } from "../components/parts";
import { ChatIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { scriptProps } from "~/lib/text-format";
import { communityGroupHref, communityThreadHref } from "#core/community-paths";
import { titleMeta } from "~/lib/route-meta";
import { listGroups } from "#server/services/community";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const user = await context.getUser();
  const groups = await listGroups(context.app);
  return { groups, signedIn: Boolean(user), now: context.app.now() };
});

export default function CommunityPage() {
  const { groups, signedIn, now } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="max-w-2xl">
        <p className="text-lg font-semibold text-primary-700">
          <span lang="ar" dir="rtl">
            المجتمع
          </span>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Community</h1>
        <p className="mt-2 text-muted">
          Ask about a word, compare how people say things from Beirut to Amman, and help each other along.
          {signedIn ? null : (
            <>
              {" "}
              Anyone can read;{" "}
              <Link to="/auth/login?redirect=%2Fcommunity" className="font-medium text-primary-700 hover:underline">
                sign in
              </Link>{" "}
              to post.
            </>
          )}
        </p>
      </header>

      {groups.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center text-muted">
          No groups yet. The Ahla team opens them from the admin area.
        </p>
      ) : (
        <ul className="mt-8 space-y-4" aria-label="Groups">
          {groups.map((group) => (
            <li key={group.id}>
              <article
                aria-labelledby={`group-${group.id}`}
                className="relative grid gap-4 rounded-xl border border-line bg-surface p-5 shadow-sm transition-colors focus-within:border-primary-300 hover:border-primary-300 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-start"
              >
                <span className="hidden size-12 place-items-center rounded-xl bg-primary-50 text-primary-700 sm:grid">
                  <ChatIcon className="size-6" />
                </span>
                <div className="min-w-0">
                  <h2 id={`group-${group.id}`} className="text-xl font-semibold text-ink">
                    <Link
                      to={communityGroupHref(group)}
                      className="after:absolute after:inset-0 after:rounded-xl hover:text-primary-800 focus-visible:outline-none"
                    >
                      <span {...scriptProps(group.title)}>{group.title}</span>
                    </Link>
                  </h2>
                  {group.description ? <p className="mt-1 text-ink/80">{group.description}</p> : null}
                  {group.latest ? (
                    <p className="relative z-10 mt-3 text-sm text-muted">
                      Latest:{" "}
                      <Link
                        to={communityThreadHref(group, {
                          id: group.latest.threadId,
                          title: group.latest.threadTitle,
                          slug: group.latest.threadSlug,
                        })}
                        className="font-medium text-primary-700 hover:underline"
                      >
                        <span {...scriptProps(group.latest.threadTitle)}>{group.latest.threadTitle}</span>
                      </Link>{" "}
                      · <RelativeTime date={group.latest.at} now={now} />
                    </p>
                  ) : (
                    <p className="mt-3 text-sm text-muted">No threads yet. Be the first to start one.</p>
                  )}
                </div>
                <dl className="flex gap-6 text-sm sm:flex-col sm:gap-1 sm:text-end">
                  <div>
                    <dt className="sr-only">Threads</dt>
                    <dd className="font-semibold text-ink tabular-nums">{countLabel(group.threadsCount, "thread")}</dd>
                  </div>
                  <div>
                    <dt className="sr-only">Messages</dt>
                    <dd className="text-muted tabular-nums">{countLabel(group.messagesCount, "message")}</dd>
                  </div>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => titleMeta(matches, "Community");
