import { useCallback, useState } from "react";
import { sectionCard } from "../lesson-details";
import { PuzzleIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import type { ExerciseMoment, LessonExercises as Exercises } from "#server/services/exercises";
import { SolvedBadge } from "./exercise-feedback";
import { SentenceGapExercise } from "./sentence-gap-exercise";
import { SentenceOrderExercise } from "./sentence-order-exercise";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The lesson's sentence exercises, answered in place; "Hear it" plays the line in the lesson video. */
export function LessonExercises({
  lessonId,
  exercises,
  onPlayMoment,
}: {
  lessonId: number;
  exercises: Exercises;
  onPlayMoment: (moment: ExerciseMoment) => void;
}) {
  const [announcement, setAnnouncement] = useState("");
  // The same verdict twice in a row must still be a change for the live region.
  const announce = useCallback(
    (text: string) => setAnnouncement((current) => (current === text ? `${text}\u00a0` : text)),
    [],
  );
  const { sentenceOrders, sentenceGaps } = exercises;
  const [solved, setSolved] = useState(
    () =>
      new Set([
        ...sentenceOrders.filter((exercise) => exercise.solved).map((exercise) => `order-${exercise.id}`),
        ...sentenceGaps.filter((exercise) => exercise.solved).map((exercise) => `gap-${exercise.id}`),
      ]),
  );
  const markSolved = (key: string) => () => setSolved((current) => new Set(current).add(key));
  const total = sentenceOrders.length + sentenceGaps.length;
  if (total === 0) return null;
  const solvedCount = solved.size;
  const counts = [
    sentenceOrders.length ? plural(sentenceOrders.length, "word-order exercise") : null,
    sentenceGaps.length ? plural(sentenceGaps.length, "fill-the-gap exercise") : null,
  ].filter(Boolean);

  return (
    <section id="exercises" aria-labelledby="exercises-heading" className={cn(sectionCard, "scroll-mt-20")}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-50 text-accent-700 ring-1 ring-accent-300/60">
          <PuzzleIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="exercises-heading" className="text-lg font-semibold">
              Practise this lesson
            </h2>
            {solvedCount > 0 ? <SolvedBadge label={`${solvedCount} of ${total} solved`} /> : null}
          </div>
          <p className="text-sm text-muted">
            {counts.join(" and ")} built from its lines. Check your answer, then hear the line in the video.
          </p>
        </div>
      </div>
      <div className="mt-5 space-y-4">
        {sentenceOrders.map((exercise, index) => (
          <SentenceOrderExercise
            key={`order-${exercise.id}`}
            lessonId={lessonId}
            exercise={exercise}
            number={index + 1}
            onPlayMoment={onPlayMoment}
            onSolved={markSolved(`order-${exercise.id}`)}
            announce={announce}
          />
        ))}
        {sentenceGaps.map((exercise, index) => (
          <SentenceGapExercise
            key={`gap-${exercise.id}`}
            lessonId={lessonId}
            exercise={exercise}
            number={sentenceOrders.length + index + 1}
            onPlayMoment={onPlayMoment}
            onSolved={markSolved(`gap-${exercise.id}`)}
            announce={announce}
          />
        ))}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
