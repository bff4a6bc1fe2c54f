import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { ExerciseMoment, SentenceGapExercise as Exercise } from "#server/services/exercises";
import {
  chipClasses,
  ExerciseHeader,
  ExerciseVerdict,
  SolvedLine,
  verdictAnnouncement,
  WAITING_FOR_NETWORK,
  WaitingForNetwork,
  type ExerciseOutcome,
} from "./exercise-feedback";
import { useExerciseAttempt } from "./use-exercise-attempt";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * "Fill the gap": the line with one word missing. The learner picks one of the choices or types the
 * word (Arabic, transliteration or Arabizi); the server accepts the configured variants.
 */
export function SentenceGapExercise({
  lessonId,
  exercise,
  number,
  onPlayMoment,
  onSolved,
  announce,
}: {
  lessonId: number;
  exercise: Exercise;
  number: number;
  onPlayMoment: (moment: ExerciseMoment) => void;
  onSolved: () => void;
  announce: (text: string) => void;
}) {
  const { submit, pending, waiting } = useExerciseAttempt("sentence-gap", exercise.id, lessonId);
  const [value, setValue] = useState("");
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const [solved, setSolved] = useState(exercise.solved);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const verdictAction = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const headingId = `gap-${exercise.id}-heading`;
  const hydrated = useHydrated();
  const locked = outcome !== null || pending || waiting || !hydrated;

  useEffect(() => {
    if (outcome) verdictAction.current?.focus();
  }, [outcome]);

  useEffect(() => {
    if (waiting) announce(WAITING_FOR_NETWORK);
  }, [waiting, announce]);

  async function check(event: React.FormEvent) {
    event.preventDefault();
    if (locked) return;
    if (value.trim() === "") {
      setError("Choose a word or type it first.");
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const result = await submit(value);
    if (!result) return;
    const next = { correct: result.correct, line: result.line, missingWord: String(result.expected) };
    setOutcome(next);
    if (result.correct) {
      setSolved(true);
      onSolved();
    }
    announce(verdictAnnouncement(next));
  }

  function retry() {
    setOutcome(null);
    setValue("");
    // After the re-render enables the field again.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  const filled = value.trim();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-line bg-canvas/60 p-4 sm:p-5"
      data-exercise="sentence-gap"
    >
      <ExerciseHeader
        id={headingId}
        number={number}
        title="Fill the gap"
        translation={exercise.translation}
        solved={solved}
      />
      {exercise.solution && !outcome ? (
        <SolvedLine line={`${exercise.before}${exercise.solution}${exercise.after}`} />
      ) : null}

      <p lang="ar" dir="rtl" className="mt-4 text-2xl leading-loose text-ink">
        {exercise.before}
        <span
          className={cn(
            "mx-0.5 inline-block min-w-20 border-b-2 px-1 text-center leading-tight",
            outcome
              ? outcome.correct
                ? "border-primary-600 text-primary-800"
                : "border-accent-500 text-muted line-through"
              : "border-dashed border-accent-500",
          )}
        >
          {/* A correct answer typed in Latin letters shows as the Arabic word it stands for. */}
          {outcome?.correct && outcome.missingWord ? outcome.missingWord : filled || null}
          {filled ? null : <span aria-hidden="true">{"\u00a0"}</span>}
          {filled ? null : <span className="sr-only">(gap)</span>}
        </span>
        {exercise.after}
      </p>

      <form onSubmit={(event) => void check(event)} className="mt-4" noValidate>
        {exercise.options.length > 0 ? (
          <div role="group" aria-label="Choices" className="flex flex-wrap gap-2" dir="rtl">
            {exercise.options.map((option) => {
              const chosen = value === option;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={chosen}
                  disabled={locked}
                  onClick={() => {
                    setValue(option);
                    setError(null);
                  }}
                  className={cn(chipClasses, chosen && "border-primary-600 bg-primary-50 ring-2 ring-primary-600")}
                >
                  <span lang="ar">{option}</span>
                </button>
              );
            })}
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <label htmlFor={inputId} className="block text-sm font-medium text-ink">
              {exercise.options.length > 0 ? "Or type the missing word" : "Type the missing word"}
            </label>
            <p id={`${inputId}-hint`} className="text-xs text-muted">
              Arabic script, transliteration or Arabizi (e.g. 7, 3, 2) are all fine.
            </p>
            <input
              ref={inputRef}
              id={inputId}
              name="answer"
              dir="auto"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              value={value}
              readOnly={locked}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-hint ${errorId}` : `${inputId}-hint`}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
              className="mt-1 w-full rounded-xl border border-line bg-white px-3 py-2 text-lg text-ink outline-none focus-visible:border-primary-500 focus-visible:ring-2 focus-visible:ring-primary-300 read-only:bg-canvas"
            />
            {error ? (
              <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          {outcome ? null : (
            <Button type="submit" disabled={pending || waiting || !hydrated}>
              {pending ? "Checking…" : "Check"}
            </Button>
          )}
        </div>
      </form>

      {waiting ? <WaitingForNetwork /> : null}
      {outcome ? (
        <ExerciseVerdict
          ref={verdictAction}
          outcome={outcome}
          moment={exercise.moment}
          onPlayMoment={onPlayMoment}
          onRetry={retry}
        />
      ) : null}
    </article>
  );
}
