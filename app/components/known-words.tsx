import { cn } from "~/lib/cn";
import { isRightForMe, knownDescription, knownLabel, type LessonKnowledge } from "#core/words/knowledge";

/**
 * "82 % of words known" for a member, on a library card, a "For you" card and the lesson page's header: a
 * short bar and the figure, with the counts for screen readers. Nothing for a lesson without words to count
 * (or for visitors, who get no knowledge at all).
 */
export function KnownWords({
  knowledge,
  className,
}: {
  knowledge: LessonKnowledge | null | undefined;
  className?: string;
}) {
  if (!knowledge || knowledge.percent === null) return null;
  const fits = isRightForMe(knowledge);
  return (
    <p className={cn("inline-flex items-center gap-2 text-xs font-medium text-ink/80", className)} data-known-words>
      <span aria-hidden="true" className="h-1.5 w-12 shrink-0 overflow-hidden rounded-full bg-line">
        <span
          className={cn("block h-full rounded-full", fits ? "bg-accent-600" : "bg-primary-600")}
          style={{ width: `${knowledge.percent}%` }}
        />
      </span>
      <span aria-hidden="true" className="tabular-nums">
        {knownLabel(knowledge)}
      </span>
      <span className="sr-only">{knownDescription(knowledge)}</span>
      {fits ? (
        <span className="rounded-full bg-accent-50 px-2 py-0.5 text-[11px] font-semibold text-accent-700 ring-1 ring-accent-300/60">
          Right for you
        </span>
      ) : null}
    </p>
  );
}
