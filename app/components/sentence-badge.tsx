import { cn } from "~/lib/cn";

/**
 * Marks a sentence card (a whole saved line) wherever cards and saved items are listed and in the review, so the
 * two kinds of note look the same everywhere (docs/cards.md). Visible text, so screen readers read it as is.
 */
export function SentenceBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "me-2 inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 align-middle text-xs font-semibold text-violet-900 ring-1 ring-violet-200",
        className,
      )}
      data-testid="sentence-badge"
    >
      Sentence
    </span>
  );
}
