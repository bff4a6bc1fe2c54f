import { forwardRef } from "react";
import { CheckIcon, PlayIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import type { ExerciseMoment } from "#server/services/exercises";

export interface ExerciseOutcome {
  correct: boolean;
  /** The whole line, answer in place. */
  line: string;
  /** For a gap: the missing word (shown when the learner's answer was wrong). */
  missingWord?: string;
}

export const chipClasses =
  "inline-flex min-h-11 items-center rounded-xl border border-line bg-white px-3.5 py-1 text-xl leading-normal text-ink shadow-[0_2px_0_0] shadow-line transition-colors hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400 disabled:cursor-default disabled:hover:border-line disabled:hover:bg-white";

export function SolvedBadge({ label = "Solved" }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
      <CheckIcon className="size-3.5" /> {label}
    </span>
  );
}

export function ExerciseHeader({
  id,
  number,
  title,
  translation,
  solved,
}: {
  id: string;
  number: number;
  title: string;
  translation: string;
  solved: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
      <div className="min-w-0">
        <h3 id={id} className="text-sm font-semibold text-primary-800">
          <span className="text-muted">{number}.</span> {title}
        </h3>
        {translation ? <p className="mt-0.5 text-base text-ink/90">“{translation}”</p> : null}
      </div>
      {solved ? <SolvedBadge /> : null}
    </div>
  );
}

/** The verdict after "Check", with the right answer, the line's moment and a way to go again. */
export const ExerciseVerdict = forwardRef<
  HTMLButtonElement,
  {
    outcome: ExerciseOutcome;
    moment: ExerciseMoment | null;
    onPlayMoment: (moment: ExerciseMoment) => void;
    onRetry: () => void;
  }
>(function ExerciseVerdict({ outcome, moment, onPlayMoment, onRetry }, firstAction) {
  return (
    <div
      className={cn(
        "mt-4 rounded-xl border-s-4 p-3.5",
        outcome.correct ? "border-primary-600 bg-primary-50" : "border-accent-500 bg-accent-50",
      )}
    >
      <p className={cn("font-semibold", outcome.correct ? "text-primary-800" : "text-ink")}>
        {outcome.correct ? (
          "Correct!"
        ) : outcome.missingWord ? (
          <>
            Not quite. The missing word is{" "}
            <span lang="ar" dir="rtl" className="text-lg">
              {outcome.missingWord}
            </span>
            .
          </>
        ) : (
          "Not quite. The words go in this order:"
        )}
      </p>
      <p lang="ar" dir="rtl" className="mt-1 text-xl leading-relaxed text-ink">
        {outcome.line}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {moment ? (
          <button
            ref={firstAction}
            type="button"
            onClick={() => onPlayMoment(moment)}
            className="inline-flex items-center gap-1.5 rounded-xl bg-primary-700 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-primary-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400"
          >
            <PlayIcon className="size-3.5" /> Hear it
          </button>
        ) : null}
        <button
          ref={moment ? undefined : firstAction}
          type="button"
          onClick={onRetry}
          className="inline-flex items-center rounded-xl border border-line bg-white px-3.5 py-2 text-sm font-medium text-ink hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400"
        >
          {outcome.correct ? "Practise again" : "Try again"}
        </button>
      </div>
    </div>
  );
});

export const WAITING_FOR_NETWORK = "Kept on this device: your answer will be checked when you are back online.";

/** An answer given offline, kept in the outbox: the server checks it once the device is back online (ADR 049). */
export function WaitingForNetwork() {
  return (
    <p
      data-testid="exercise-waiting"
      className="mt-4 rounded-xl border-s-4 border-line bg-white/70 p-3.5 text-sm font-medium text-ink ring-1 ring-line"
    >
      {WAITING_FOR_NETWORK}
    </p>
  );
}

/** What a screen reader hears after "Check" (the visible verdict carries the same words). */
export function verdictAnnouncement(outcome: ExerciseOutcome) {
  if (outcome.correct) return `Correct! ${outcome.line}`;
  return outcome.missingWord
    ? `Not quite. The missing word is ${outcome.missingWord}. ${outcome.line}`
    : `Not quite. The words go in this order: ${outcome.line}`;
}

/** A solved exercise (from an earlier visit) shows the line it was about. */
export function SolvedLine({ line }: { line: string }) {
  return (
    <div className="mt-3 rounded-lg bg-white/70 px-3 py-2 ring-1 ring-line">
      <p className="text-xs font-medium text-muted">You solved this:</p>
      <p lang="ar" dir="rtl" className="text-lg leading-relaxed text-ink">
        {line}
      </p>
    </div>
  );
}
