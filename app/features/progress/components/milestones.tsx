import type { Milestone } from "#server/services/study-progress";
import { CheckIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { formatHours } from "./format";

/** The listening milestones as a ladder: reached ones ticked, the next one with what is left. */
export function Milestones({
  milestones,
  totalSeconds,
  next,
}: {
  milestones: ReadonlyArray<Milestone>;
  totalSeconds: number;
  next: Milestone | null;
}) {
  return (
    <ol className="space-y-3" data-testid="milestones">
      {milestones.map((milestone) => {
        const isNext = next?.hours === milestone.hours;
        return (
          <li
            key={milestone.hours}
            className={cn(
              "flex gap-3 rounded-lg border p-3",
              milestone.reached
                ? "border-primary-200 bg-primary-50/70"
                : isNext
                  ? "border-accent-300 bg-accent-50/60"
                  : "border-line",
            )}
          >
            <span
              className={cn(
                "mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums",
                milestone.reached ? "bg-primary-700 text-white" : "bg-canvas text-ink ring-1 ring-line",
              )}
              aria-hidden="true"
            >
              {milestone.reached ? <CheckIcon className="size-4" /> : milestone.hours}
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-ink">
                {milestone.title} <span className="font-normal text-muted">· {milestone.hours} hours</span>
                <span className="sr-only">
                  {milestone.reached ? " (reached)" : isNext ? " (your next milestone)" : " (not reached yet)"}
                </span>
              </p>
              <p className="text-sm text-muted">{milestone.description}</p>
              {isNext ? (
                <p className="mt-1 text-xs font-medium text-accent-700">
                  {formatHours(Math.max(0, milestone.hours * 3600 - totalSeconds))} hours to go
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
