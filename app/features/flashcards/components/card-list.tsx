import { cn } from "~/lib/cn";
import { formatDate } from "#core/format";
import type { BrowsedCard, CardStatus } from "#server/services/flashcards";

const statusLabels: Record<CardStatus, { label: string; className: string }> = {
  new: { label: "New", className: "bg-sky-50 text-sky-900" },
  learning: { label: "Learning", className: "bg-amber-50 text-amber-900" },
  due: { label: "Due", className: "bg-red-50 text-red-800" },
  learned: { label: "Learned", className: "bg-primary-50 text-primary-900" },
};

/** Every card of a collection, front and back: what a visitor browses and a learner looks up. */
export function CardList({ cards }: { cards: BrowsedCard[] }) {
  return (
    <ol
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
      data-testid="card-list"
    >
      {cards.map((card) => (
        <li
          key={card.id}
          className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] items-center gap-4 px-4 py-3 sm:px-5"
        >
          <p lang="ar" dir="rtl" className="text-2xl font-semibold text-ink">
            {card.arabic}
          </p>
          <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <div className="min-w-0">
              {card.transliteration ? <p className="text-sm text-muted italic">{card.transliteration}</p> : null}
              <p className="font-medium text-ink">{card.english}</p>
            </div>
            {card.suspended ? (
              <span className="rounded-full bg-canvas px-2.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">
                Suspended
              </span>
            ) : null}
            {card.status ? (
              <span
                className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", statusLabels[card.status].className)}
                title={card.due && card.status === "learned" ? `Next review ${formatDate(card.due)}` : undefined}
              >
                {statusLabels[card.status].label}
                {card.due && card.status === "learned" ? (
                  <span className="font-normal"> · {formatDate(card.due)}</span>
                ) : null}
              </span>
            ) : null}
          </div>
          {card.audioUrl ? (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- a single spoken word; the row is its caption
            <audio
              controls
              preload="none"
              src={card.audioUrl}
              className="col-span-2 h-9 w-full max-w-xs"
              aria-label={`Hear ${card.arabic}`}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
