/**
 * What a member knows of a lesson's words, as numbers both sides show (docs/words.md "What the learner
 * knows"). Pure: the server counts the rows, the pages word them.
 */

/**
 * A lemma is known once one of the member's saved words for it has an FSRS stability of at least this many
 * days: FSRS expects it still to be remembered three weeks on (Anki's "mature" line; the progress page's
 * "learned" words use the same line).
 */
export const KNOWN_STABILITY_DAYS = 21;

/** "Right for me": a lesson where the member knows 80 to 95 % of the words (both ends included). */
export const RIGHT_FOR_ME = { min: 80, max: 95 } as const;

/** A lesson's words as this member knows them; `counted` leaves out the lemmas they marked ignored. */
export interface LessonKnowledge {
  /** Distinct lemmas of the lesson (names left out: `lesson_lemmas`). */
  lemmas: number;
  known: number;
  learning: number;
  ignored: number;
  /** No status yet. */
  new: number;
  /** What the percentage is of: every lemma but the ignored ones. */
  counted: number;
  /** Whole percent known, rounded down (100 only when every counted word is known); null with nothing counted. */
  percent: number | null;
}

export function lessonKnowledge(counts: { lemmas: number; known: number; learning: number; ignored: number }) {
  const counted = Math.max(0, counts.lemmas - counts.ignored);
  const known = Math.min(counts.known, counted);
  return {
    lemmas: counts.lemmas,
    known,
    learning: counts.learning,
    ignored: counts.ignored,
    new: Math.max(0, counts.lemmas - counts.known - counts.learning - counts.ignored),
    counted,
    percent: counted > 0 ? Math.floor((known / counted) * 100) : null,
  } satisfies LessonKnowledge;
}

/** Whether the share known (exact, not the rounded percent) is in the "right for me" band. */
export function isRightForMe(knowledge: Pick<LessonKnowledge, "known" | "counted">): boolean {
  if (knowledge.counted === 0) return false;
  const share = (knowledge.known / knowledge.counted) * 100;
  return share >= RIGHT_FOR_ME.min && share <= RIGHT_FOR_ME.max;
}

/** "82 % of words known" */
export function knownLabel(knowledge: Pick<LessonKnowledge, "percent">): string {
  return `${knowledge.percent ?? 0} % of words known`;
}

/** The same with the counts, for screen readers: "82 % of words known: 41 of 50 words, 5 learning". */
export function knownDescription(knowledge: LessonKnowledge): string {
  const words = knowledge.counted === 1 ? "word" : "words";
  const learning = knowledge.learning > 0 ? `, ${knowledge.learning} learning` : "";
  return `${knownLabel(knowledge)}: ${knowledge.known} of ${knowledge.counted} ${words}${learning}`;
}
