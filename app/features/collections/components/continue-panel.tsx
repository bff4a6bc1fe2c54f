import { Link } from "@remix-run/react";
import { CheckIcon, LoopIcon, PlayIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { COLLECTION_LABELS, type CollectionKind } from "#core/collection-paths";
import { ProgressBar } from "./progress-bar";

export interface ProgressInfo {
  completed: number;
  total: number;
  percent: number;
  state: "not-started" | "in-progress" | "completed";
}

/** "Start course", "Continue series", "Review playlist": the names the e2e tests and screen readers rely on. */
export function continueLabel(kind: CollectionKind, state: ProgressInfo["state"]): string {
  const noun = COLLECTION_LABELS[kind].singular;
  if (state === "in-progress") return `Continue ${noun}`;
  if (state === "completed") return `Review ${noun}`;
  return `Start ${noun}`;
}

export function progressText(progress: ProgressInfo): string {
  if (progress.state === "completed") return `All ${progress.total} lessons completed`;
  return `${progress.completed} of ${progress.total} ${progress.total === 1 ? "lesson" : "lessons"} completed`;
}

/** The learner's standing in a collection plus the one button that moves them on. */
export function ContinuePanel({
  kind,
  title,
  progress,
  nextLesson,
  variant = "card",
}: {
  kind: CollectionKind;
  /** The collection's title, so each button's name says which one it opens. */
  title: string;
  progress: ProgressInfo;
  nextLesson: { title: string; href: string } | null;
  variant?: "card" | "panel";
}) {
  if (!nextLesson) return null;
  const label = continueLabel(kind, progress.state);
  const started = progress.state !== "not-started";
  return (
    <div className={cn("flex flex-col gap-3", variant === "panel" && "gap-4")}>
      {started ? (
        <div className="space-y-1.5">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="inline-flex items-center gap-1.5 font-medium text-ink">
              {progress.state === "completed" ? <CheckIcon className="size-4 text-primary-700" /> : null}
              {progressText(progress)}
            </span>
            <span className="text-muted tabular-nums">{progress.percent}%</span>
          </div>
          <ProgressBar percent={progress.percent} label={`${title}: ${progressText(progress)}`} />
        </div>
      ) : null}
      <div className={cn("flex flex-col gap-1.5", variant === "card" && "sm:flex-row sm:items-center sm:gap-3")}>
        <Link
          to={nextLesson.href}
          aria-label={`${label}: ${title}`}
          className={buttonClasses(
            progress.state === "completed" ? "secondary" : "primary",
            variant === "panel" ? "lg" : "md",
            cn("relative z-10 shrink-0", variant === "panel" && "w-full"),
          )}
        >
          {progress.state === "completed" ? <LoopIcon className="size-4" /> : <PlayIcon className="size-4" />}
          {label}
        </Link>
        <p className={cn("min-w-0 truncate text-sm text-muted", variant === "panel" && "text-center")}>
          <span className="font-medium text-ink/75">
            {progress.state === "in-progress" ? "Next:" : progress.state === "completed" ? "From the top:" : "First:"}
          </span>{" "}
          {nextLesson.title}
        </p>
      </div>
    </div>
  );
}
