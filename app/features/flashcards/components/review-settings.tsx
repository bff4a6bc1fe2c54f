import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { SentenceBadge } from "~/components/sentence-badge";
import { cn } from "~/lib/cn";
import { CARD_TYPE_LABELS, CARD_TYPES, type CardType, type NoteKind } from "#core/cards";
import type { ReviewSettings, ReviewSource } from "#server/services/flashcards";

const SOURCE_LABELS: Record<ReviewSource, string> = {
  words: "Words",
  sentences: "Sentences",
  collections: "Collections",
};

/** The daily review's filters by source: links, so they work without JavaScript and can be bookmarked. */
export function SourceFilter({ active }: { active: ReviewSource | null }) {
  const options: Array<[ReviewSource | null, string]> = [
    [null, "Everything"],
    ...(Object.keys(SOURCE_LABELS) as ReviewSource[]).map((source): [ReviewSource, string] => [
      source,
      SOURCE_LABELS[source],
    ]),
  ];
  return (
    <nav aria-label="Review only" className="flex flex-wrap gap-2">
      {options.map(([source, label]) => (
        <Link
          key={label}
          to={source ? `?source=${source}` : "?"}
          aria-current={source === active ? "page" : undefined}
          className={cn(
            "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium",
            source === active ? "border-primary-700 bg-primary-700 text-white" : "border-line bg-white text-ink",
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** New cards and reviews per day (counted on the member's own calendar day). */
export function DailyLimitsForm({ settings, sessionStart }: { settings: ReviewSettings; sessionStart: number }) {
  return (
    <details className="rounded-xl border border-line bg-surface p-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-ink">
        Daily limits: {settings.newPerDay} new, {settings.reviewsPerDay} reviews
      </summary>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="limits" />
        <input type="hidden" name="session" value={sessionStart} />
        <label className="grid gap-1">
          <span className="font-medium">New cards per day</span>
          <input
            type="number"
            name="newPerDay"
            min={0}
            max={9999}
            required
            defaultValue={settings.newPerDay}
            className="min-h-11 w-32 rounded-lg border border-line px-3"
          />
        </label>
        <label className="grid gap-1">
          <span className="font-medium">Reviews per day</span>
          <input
            type="number"
            name="reviewsPerDay"
            min={0}
            max={9999}
            required
            defaultValue={settings.reviewsPerDay}
            className="min-h-11 w-32 rounded-lg border border-line px-3"
          />
        </label>
        <button type="submit" className={buttonClasses("primary", "md", "min-h-11")}>
          Save limits
        </button>
      </Form>
    </details>
  );
}

/** Suspended cards (the member's notes and curated cards), each with a way back into the review. */
export function SuspendedNotes({
  notes,
  sessionStart,
}: {
  notes: Array<{ source: "word" | "flashcard"; id: number; kind: NoteKind; arabic: string; english: string }>;
  sessionStart: number;
}) {
  if (notes.length === 0) return null;
  return (
    <details className="rounded-xl border border-line bg-surface p-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-ink">
        {`Suspended cards (${notes.length})`}
      </summary>
      <ul className="mt-2 divide-y divide-line">
        {notes.map((note) => (
          <li key={`${note.source}-${note.id}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {note.kind === "sentence" ? <SentenceBadge /> : null}
              <span lang="ar" dir="rtl" className="text-base text-ink">
                {note.arabic}
              </span>{" "}
              <span className="text-muted">{note.english}</span>
            </span>
            <Form method="post">
              {note.source === "word" ? (
                <>
                  <input type="hidden" name="intent" value="note-suspend" />
                  <input type="hidden" name="noteId" value={note.id} />
                </>
              ) : (
                <>
                  <input type="hidden" name="intent" value="card-suspend" />
                  <input type="hidden" name="flashcardId" value={note.id} />
                </>
              )}
              <input type="hidden" name="suspended" value="0" />
              <input type="hidden" name="session" value={sessionStart} />
              <button
                type="submit"
                className={buttonClasses("secondary", "sm", "min-h-11")}
                aria-label={`Unsuspend ${note.arabic}`}
              >
                Unsuspend
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Which card types a curated collection's cards make for this member (ADR 042); each keeps its own schedule. A
 * plain form, so it works before the scripts arrive.
 */
export function CollectionCardTypes({
  cardTypes,
  withAudio,
  sessionStart,
}: {
  cardTypes: CardType[];
  withAudio: number;
  sessionStart: number;
}) {
  return (
    <details className="rounded-xl border border-line bg-surface p-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-ink">
        {`Card types: ${cardTypes.map((type) => CARD_TYPE_LABELS[type]).join(", ")}`}
      </summary>
      <Form method="post" className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value="card-types" />
        <input type="hidden" name="session" value={sessionStart} />
        <fieldset className="grid gap-1">
          <legend className="text-muted">
            Each card of this collection makes these cards, each on its own schedule.
          </legend>
          {CARD_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="cardTypes" value={type} defaultChecked={cardTypes.includes(type)} />
              {CARD_TYPE_LABELS[type]}
              {type === "listening"
                ? withAudio > 0
                  ? ` (the ${withAudio === 1 ? "card" : `${withAudio} cards`} with a recording)`
                  : " (no card here has a recording yet)"
                : ""}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={buttonClasses("primary", "md", "min-h-11 justify-self-start")}>
          Save card types
        </button>
      </Form>
    </details>
  );
}
