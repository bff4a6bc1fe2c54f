import { Link } from "@remix-run/react";
import { scriptProps } from "~/lib/text-format";
import { Avatar } from "~/components/discussion/avatar";
import { communityThreadHref } from "#core/community-paths";
import type { GroupRef, ThreadSummary } from "#server/services/community";
import { countLabel } from "./format";
import { RelativeTime, ThreadBadges } from "./parts";

export function ThreadList({ group, threads, now }: { group: GroupRef; threads: ThreadSummary[]; now: Date | string }) {
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      {threads.map((thread) => (
        <li
          key={thread.id}
          className="relative flex gap-3 px-4 py-4 transition-colors focus-within:bg-primary-50/50 hover:bg-primary-50/50 sm:px-5"
        >
          <Avatar name={thread.author.name} url={thread.author.avatarUrl} />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-ink">
              <Link
                to={communityThreadHref(group, thread)}
                className="after:absolute after:inset-0 hover:text-primary-800 focus-visible:outline-none"
              >
                <span {...scriptProps(thread.title)}>{thread.title}</span>
              </Link>{" "}
              <ThreadBadges pinned={thread.pinned} locked={thread.locked} />
            </h3>
            <p className="mt-1 text-sm text-muted">
              Started by <span className="font-medium text-ink/80">{thread.author.name}</span> ·{" "}
              <RelativeTime date={thread.createdAt} now={now} />
            </p>
          </div>
          <div className="shrink-0 text-end text-sm">
            <p className="font-semibold text-ink tabular-nums">{countLabel(thread.repliesCount, "reply", "replies")}</p>
            <p className="text-muted">
              <span className="sr-only">Last activity </span>
              <RelativeTime date={thread.lastActivityAt} now={now} />
            </p>
            {thread.lastPosterName && thread.repliesCount > 0 ? (
              <p className="hidden text-xs text-muted sm:block">by {thread.lastPosterName}</p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
