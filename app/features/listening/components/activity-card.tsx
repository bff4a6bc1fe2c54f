import { Link } from "@remix-run/react";
import { CheckIcon, HeadphonesIcon, LockIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import { cn } from "~/lib/cn";
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

/** One activity on /listening-activity: level, questions, and the learner's best score. */
export function ListeningActivityCard({ activity, signedIn }: { activity: Card; signedIn: boolean }) {
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
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <LevelBadge level={activity.level} />
            <span>
              {activity.questionCount} {activity.questionCount === 1 ? "question" : "questions"}
            </span>
            <span aria-hidden="true">·</span>
            <span>{activity.mediaType === "video" ? "Video" : "Audio"}</span>
          </div>
        </div>
        {signedIn ? null : <LockIcon className="size-4 shrink-0 text-muted" />}
      </div>
      {activity.description ? <p className="mt-3 text-sm leading-relaxed text-ink/85">{activity.description}</p> : null}
      <div className="mt-auto pt-4">
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
        ) : (
          <p className="text-sm font-medium text-primary-800">
            {signedIn ? "Not tried yet. Start listening →" : "Sign in to start"}
          </p>
        )}
      </div>
    </article>
  );
}
