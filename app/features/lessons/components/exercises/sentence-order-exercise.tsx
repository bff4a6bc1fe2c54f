import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { ExerciseMoment, SentenceOrderExercise as Exercise } from "#server/services/exercises";
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

/** Which chip should have the keyboard after a move: a word in the bank or in the answer, by index. */
type FocusTarget = { area: "bank" | "answer"; index: number } | { area: "check" } | null;

const DRAG_TYPE = "application/x-ahla-word";

/**
 * "Put the words in order" (Duolingo's word bank). Tapping a word in the bank appends it to the answer,
 * tapping a word in the answer sends it back; both rows read right to left. Every chip is a button, so
 * the keyboard works the same way, and focus stays on a neighbouring chip after each move. Dragging a
 * word (pointer) into the answer, or onto another answered word to insert before it, is an extra.
 */
export function SentenceOrderExercise({
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
  const { submit, pending, waiting } = useExerciseAttempt("sentence-order", exercise.id, lessonId);
  /** Indices into `exercise.words`, in the learner's order. */
  const [answer, setAnswer] = useState<number[]>([]);
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const [solved, setSolved] = useState(exercise.solved);
  const [dragOver, setDragOver] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const verdictAction = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<FocusTarget>(null);
  const headingId = `order-${exercise.id}-heading`;
  const used = new Set(answer);
  const hydrated = useHydrated();
  const locked = outcome !== null || pending || waiting || !hydrated;

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target || !rootRef.current) return;
    if (target.area === "check") {
      rootRef.current.querySelector<HTMLButtonElement>("[data-order-check]")?.focus();
      return;
    }
    const chips = [
      ...rootRef.current.querySelectorAll<HTMLButtonElement>(`[data-order-${target.area}]:not(:disabled)`),
    ];
    const chip = chips[Math.min(target.index, chips.length - 1)];
    if (chip) chip.focus();
    else
      rootRef.current
        .querySelector<HTMLButtonElement>(`[data-order-${target.area === "bank" ? "answer" : "bank"}]:not(:disabled)`)
        ?.focus();
  });

  useEffect(() => {
    if (outcome) verdictAction.current?.focus();
  }, [outcome]);

  useEffect(() => {
    if (waiting) announce(WAITING_FOR_NETWORK);
  }, [waiting, announce]);

  function place(wordIndex: number, before?: number) {
    if (locked || used.has(wordIndex)) return;
    const remainingBefore = exercise.words.filter((_, index) => index < wordIndex && !used.has(index)).length;
    setAnswer((current) => {
      const next = [...current];
      next.splice(before ?? next.length, 0, wordIndex);
      return next;
    });
    const left = exercise.words.length - used.size - 1;
    focusNext.current = left === 0 ? { area: "check" } : { area: "bank", index: remainingBefore };
  }

  function unplace(position: number) {
    if (locked) return;
    setAnswer((current) => current.filter((_, index) => index !== position));
    focusNext.current = { area: "answer", index: Math.max(0, position - (position === answer.length - 1 ? 1 : 0)) };
  }

  function move(wordIndex: number, before: number) {
    if (locked) return;
    setAnswer((current) => {
      const without = current.filter((index) => index !== wordIndex);
      const from = current.indexOf(wordIndex);
      const target = from >= 0 && from < before ? before - 1 : before;
      without.splice(Math.min(target, without.length), 0, wordIndex);
      return without;
    });
  }

  async function check() {
    if (answer.length === 0 || locked) return;
    const result = await submit(answer.map((index) => exercise.words[index]!));
    if (!result) return;
    const next = { correct: result.correct, line: result.line };
    setOutcome(next);
    if (result.correct) {
      setSolved(true);
      onSolved();
    }
    announce(verdictAnnouncement(next));
  }

  function retry() {
    setOutcome(null);
    setAnswer([]);
    focusNext.current = { area: "bank", index: 0 };
  }

  function onDrop(event: React.DragEvent, before?: number) {
    event.preventDefault();
    event.stopPropagation();
    setDragOver(false);
    const data = event.dataTransfer.getData(DRAG_TYPE);
    if (!/^\d+$/.test(data)) return;
    const wordIndex = Number(data);
    if (used.has(wordIndex)) move(wordIndex, before ?? answer.length);
    else place(wordIndex, before);
  }

  const dragProps = (wordIndex: number) => ({
    draggable: !locked,
    onDragStart: (event: React.DragEvent) => {
      event.dataTransfer.setData(DRAG_TYPE, String(wordIndex));
      event.dataTransfer.effectAllowed = "move";
    },
  });

  return (
    <article
      ref={rootRef}
      aria-labelledby={headingId}
      className="rounded-xl border border-line bg-canvas/60 p-4 sm:p-5"
      data-exercise="sentence-order"
    >
      <ExerciseHeader
        id={headingId}
        number={number}
        title="Put the words in order"
        translation={exercise.translation}
        solved={solved}
      />
      {exercise.solution && !outcome ? <SolvedLine line={exercise.solution} /> : null}

      <div
        role="group"
        aria-label="Your sentence"
        onDragOver={(event) => {
          if (locked) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => onDrop(event)}
        className={cn(
          "mt-4 flex min-h-16 flex-wrap content-start items-center gap-2 border-b-2 pb-3",
          dragOver ? "border-primary-500 bg-primary-50/60" : "border-line",
          outcome && (outcome.correct ? "border-primary-600" : "border-accent-500"),
        )}
        dir="rtl"
      >
        {answer.length === 0 ? (
          <p dir="ltr" className="w-full text-center text-sm text-muted">
            Tap the words below in the order you hear them.
          </p>
        ) : (
          answer.map((wordIndex, position) => (
            <button
              key={wordIndex}
              type="button"
              data-order-answer
              disabled={locked}
              onClick={() => unplace(position)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, position)}
              {...dragProps(wordIndex)}
              className={chipClasses}
            >
              <span lang="ar">{exercise.words[wordIndex]}</span>
              <span className="sr-only">
                {`, word ${position + 1} of your sentence.${locked ? "" : " Press to put it back."}`}
              </span>
            </button>
          ))
        )}
      </div>

      <div role="group" aria-label="Words to use" className="mt-4 flex flex-wrap justify-center gap-2" dir="rtl">
        {exercise.words.map((word, wordIndex) =>
          used.has(wordIndex) ? (
            // The empty slot keeps the bank from reflowing under the learner's finger.
            <span
              key={wordIndex}
              aria-hidden="true"
              className="inline-flex min-h-11 items-center rounded-xl bg-line/70 px-3.5 py-1 text-xl leading-normal text-transparent select-none"
            >
              {word}
            </span>
          ) : (
            <button
              key={wordIndex}
              type="button"
              data-order-bank
              disabled={locked}
              onClick={() => place(wordIndex)}
              {...dragProps(wordIndex)}
              className={chipClasses}
            >
              <span lang="ar">{word}</span>
              <span className="sr-only">{locked ? "" : ", add to your sentence"}</span>
            </button>
          ),
        )}
      </div>

      {waiting ? <WaitingForNetwork /> : null}
      {outcome ? (
        <ExerciseVerdict
          ref={verdictAction}
          outcome={outcome}
          moment={exercise.moment}
          onPlayMoment={onPlayMoment}
          onRetry={retry}
        />
      ) : (
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
          {answer.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setAnswer([]);
                focusNext.current = { area: "bank", index: 0 };
              }}
            >
              Clear
            </Button>
          ) : null}
          <Button
            data-order-check
            size="md"
            onClick={() => void check()}
            disabled={answer.length === 0 || pending || waiting}
          >
            {pending ? "Checking…" : "Check"}
          </Button>
        </div>
      )}
    </article>
  );
}
