// A learner's progress through a lesson and through an ordered list of lessons (pure).

export interface LessonProgress {
  positionSeconds: number;
  completed: boolean;
  /** 0–100; 100 only once the lesson counts as completed. */
  percent: number;
}

export type ProgressState = "not-started" | "in-progress" | "completed";

export interface CollectionProgress {
  completed: number;
  total: number;
  percent: number;
  state: ProgressState;
}

export function toLessonProgress(
  durationSeconds: number,
  row: { positionSeconds: number | null; completedAt: Date | null },
): LessonProgress | null {
  if (row.positionSeconds === null && row.completedAt === null) return null;
  const positionSeconds = row.positionSeconds ?? 0;
  const completed = row.completedAt !== null;
  if (!completed && positionSeconds <= 0) return null;
  const percent = completed
    ? 100
    : durationSeconds > 0
      ? Math.min(99, Math.max(1, Math.round((positionSeconds / durationSeconds) * 100)))
      : 1;
  return { positionSeconds, completed, percent };
}

export function summarizeProgress(lessons: ReadonlyArray<{ progress: LessonProgress | null }>): CollectionProgress {
  const total = lessons.length;
  const completed = lessons.filter((lesson) => lesson.progress?.completed).length;
  const started = lessons.some((lesson) => lesson.progress !== null);
  const state: ProgressState = total > 0 && completed === total ? "completed" : started ? "in-progress" : "not-started";
  return { completed, total, percent: total ? Math.round((completed / total) * 100) : 0, state };
}

export function pickNextLesson<T extends { progress: LessonProgress | null }>(lessons: readonly T[]): T | null {
  return lessons.find((lesson) => !lesson.progress?.completed) ?? lessons[0] ?? null;
}
