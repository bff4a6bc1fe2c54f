import { cn } from "~/lib/cn";
import type { StudyCounts } from "#server/services/flashcards";

/** Due / new / learned as Anki shows them under a deck, with words for screen readers. */
export function StudyCountList({ counts, className }: { counts: StudyCounts; className?: string }) {
  const items = [
    { key: "due", label: "Due now", value: counts.due, tone: "text-red-800" },
    { key: "new", label: "New", value: counts.new, tone: "text-sky-800" },
    { key: "learned", label: "Learned", value: counts.learned, tone: "text-primary-800" },
  ];
  return (
    <dl className={cn("grid grid-cols-3 gap-2 text-center", className)}>
      {items.map((item) => (
        <div key={item.key} className="rounded-lg bg-canvas px-2 py-2" data-testid={`count-${item.key}`}>
          <dt className="text-xs font-medium text-muted">{item.label}</dt>
          <dd className={cn("text-xl font-bold", item.tone)}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How many cards a session would show now: everything due plus today's new allowance. */
export function studyNowCount(counts: StudyCounts): number {
  return counts.due + counts.newToday;
}
