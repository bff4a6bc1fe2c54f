import { Link } from "@remix-run/react";
import { CheckIcon, HeadphonesIcon, LockIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import { cn } from "~/lib/cn";
import { FREE_TIER_LABELS } from "#core/free-tier";
import type { ListeningActivityCard as Card, ListeningScore } from "#server/services/listening";

export function scorePercent(score: ListeningScore) {
  return score.total > 0 ? Math.round((score.score / score.total) * 100) : 0;
}

export function ScoreText({ score }: { score: ListeningScore }) {
  return (
    <>
      {score.score}/{score.total}
      <span className="sr-only"> correct</span>
    </>
  );
}

/** The "Free" badge of the first activity of a group (docs/product-rules.md#free-and-paid). */
export function FreeBadge() {
  return (
    <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink uppercase">
      {FREE_TIER_LABELS.free}
    </span>
  );
}

/**
 * One activity on /listening-activity: level, questions, and the learner's best score. Without a
 * subscription the group's first activity says "Free" and the others "Subscribe to open", in text (the
 * lock icon only adds to it); a best score already earned stays shown either way.
 */
export function ListeningActivityCard({
  activity,
  signedIn,
  showFree,
}: {
  activity: Card;
  signedIn: boolean;
  /** Mark the free activity (for visitors and members without a subscription). */
  showFree: boolean;
}) {
  const perfect = activity.best !== null && activity.best.score === activity.best.total && activity.best.total > 0;
  const href = signedIn ? activity.href : `/auth/login?redirect=${encodeURIComponent(activity.href)}`;
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary-400 hover:shadow-md">
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-200">
          <HeadphonesIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-semibold text-ink">
            <Link to={href} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
              {activity.title}
              {signedIn ? null : <span className="sr-only"> (sign in to start)</span>}
              {activity.locked ? (
                <span className="sr-only"> ({FREE_TIER_LABELS.subscribeToOpen.toLowerCase()})</span>
              ) : null}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            {showFree && activity.isFree ? <FreeBadge /> : null}
            <LevelBadge level={activity.level} />
            <span>
              {activity.questionCount} {activity.questionCount === 1 ? "question" : "questions"}
            </span>
            <span aria-hidden="true">·</span>
            <span>{activity.mediaType === "video" ? "Video" : "Audio"}</span>
          </div>
        </div>
        {signedIn && !activity.locked ? null : <LockIcon className="size-4 shrink-0 text-muted" />}
      </div>
      {activity.description ? <p className="mt-3 text-sm leading-relaxed text-ink/85">{activity.description}</p> : null}
      <div className="mt-auto space-y-2 pt-4">
        {activity.locked ? (
          <p className="flex items-center gap-1.5 text-sm font-semibold text-ink" data-testid="activity-lock">
            <LockIcon className="size-4 shrink-0 text-muted" />
            {FREE_TIER_LABELS.subscribeToOpen}
          </p>
        ) : null}
        {activity.best ? (
          <div className="flex items-center gap-3">
            <div
              className="h-2 flex-1 overflow-hidden rounded-full bg-line"
              role="img"
              aria-label={`Best score ${activity.best.score} of ${activity.best.total}`}
            >
              <div
                className={cn("h-full rounded-full", perfect ? "bg-primary-600" : "bg-accent-500")}
                style={{ width: `${scorePercent(activity.best)}%` }}
              />
            </div>
            <p className="shrink-0 text-sm font-semibold text-ink" data-testid="best-score">
              {perfect ? <CheckIcon className="me-1 inline size-4 text-primary-700" /> : null}
              Best <ScoreText score={activity.best} />
            </p>
          </div>
        ) : activity.locked ? null : (
          <p className="text-sm font-medium text-primary-800">
            {signedIn ? "Not tried yet. Start listening →" : "Sign in to start"}
          </p>
        )}
      </div>
    </article>
  );
}
