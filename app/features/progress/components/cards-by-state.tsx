import { plural } from "./format";

const STATES = [
  { key: "new", label: "New", hint: "saved, not reviewed yet", swatch: "bg-primary-200" },
  { key: "learning", label: "Learning", hint: "in the first short steps", swatch: "bg-accent-400" },
  { key: "review", label: "Review", hint: "spaced out over days", swatch: "bg-primary-700" },
  { key: "relearning", label: "Relearning", hint: "forgotten, back in short steps", swatch: "bg-accent-700" },
] as const;

type StateKey = (typeof STATES)[number]["key"];

/**
 * Flashcards and saved words by FSRS state: a stacked bar (decoration) over a list that carries the numbers.
 */
export function CardsByState({ counts }: { counts: Record<StateKey, number> }) {
  const total = STATES.reduce((sum, state) => sum + counts[state.key], 0);
  return (
    <div>
      <div className="flex h-3 overflow-hidden rounded-full bg-canvas" aria-hidden="true">
        {total > 0
          ? STATES.map((state) =>
              counts[state.key] > 0 ? (
                <span
                  key={state.key}
                  className={state.swatch}
                  style={{ width: `${(counts[state.key] / total) * 100}%` }}
                />
              ) : null,
            )
          : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3" data-testid="cards-by-state">
        {STATES.map((state) => (
          <div key={state.key}>
            <dt className="flex items-center gap-2 text-sm font-medium text-ink">
              <span className={`size-2.5 shrink-0 rounded-sm ${state.swatch}`} aria-hidden="true" />
              {state.label}
            </dt>
            <dd className="ps-4.5 text-lg leading-tight font-semibold text-ink tabular-nums">{counts[state.key]}</dd>
            <dd className="ps-4.5 text-xs text-muted">{state.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">
        {plural(total, "card")} in all: flashcards you have studied and your saved words.
      </p>
    </div>
  );
}
