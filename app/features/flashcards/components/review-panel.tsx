import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { describeInterval, formatInterval, type RatingPreview } from "#core/fsrs";
import type { ReviewSession, SessionSummary, StudyCard } from "#server/services/flashcards";

export interface ReviewPanelProps {
  session: ReviewSession;
  now: Date;
  requestId: string;
  sessionStart: number;
  /** Where "Back" and the end-of-session links lead. */
  backTo: { href: string; label: string };
  /** What this session is over, for the summary ("Everyday Essentials", "your saved words"). */
  subject: string;
  emptyHint?: React.ReactNode;
}

const ratingStyles: Record<RatingPreview["name"], string> = {
  again: "border-red-200 bg-red-50 text-red-900 hover:bg-red-100",
  hard: "border-amber-200 bg-amber-50 text-amber-950 hover:bg-amber-100",
  good: "border-primary-200 bg-primary-50 text-primary-900 hover:bg-primary-100",
  easy: "border-sky-200 bg-sky-50 text-sky-950 hover:bg-sky-100",
};

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && Boolean(target.closest("button, a, summary, audio"));
}

/** One review session: the card, the reveal, the four answers, and the summary once nothing is left. */
export function ReviewPanel(props: ReviewPanelProps) {
  const { session } = props;
  return (
    <section
      aria-labelledby="review-heading"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-heading" className="text-lg font-semibold text-ink">
          {session.current
            ? "Review"
            : session.summary && session.summary.reviewed > 0
              ? "Session complete"
              : "All caught up"}
        </h2>
        <RemainingCounts remaining={session.remaining} />
      </div>
      {session.current ? (
        <CardReview key={props.requestId} {...props} current={session.current} />
      ) : (
        <SessionEnd {...props} />
      )}
    </section>
  );
}

function RemainingCounts({ remaining }: { remaining: ReviewSession["remaining"] }) {
  return (
    <p className="flex flex-wrap gap-2 text-sm">
      <span className="sr-only">Left in this session:</span>
      <span className="rounded-full bg-red-50 px-2.5 py-0.5 font-medium text-red-800">
        {remaining.due} due<span className="sr-only">,</span>
      </span>
      <span className="rounded-full bg-sky-50 px-2.5 py-0.5 font-medium text-sky-900">
        {remaining.new} new<span className="sr-only">,</span>
      </span>
      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900">
        {remaining.learning} learning
      </span>
    </p>
  );
}

function CardFace({ card, revealed }: { card: StudyCard; revealed: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {card.imageUrl ? (
        <img src={card.imageUrl} alt="" className="max-h-48 rounded-xl object-contain" loading="lazy" />
      ) : null}
      <p
        lang="ar"
        dir="rtl"
        className="text-5xl leading-relaxed font-semibold text-ink sm:text-6xl"
        data-testid="card-front"
      >
        {card.arabic}
      </p>
      {card.audioUrl ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a single spoken word; the card itself is its caption
        <audio
          controls
          preload="none"
          src={card.audioUrl}
          className="w-full max-w-xs"
          aria-label={`Hear ${card.arabic}`}
        />
      ) : null}
      {revealed ? null : <p className="sr-only">Answer hidden.</p>}
    </div>
  );
}

function CardReview({
  current,
  requestId,
  sessionStart,
  session,
}: ReviewPanelProps & { current: NonNullable<ReviewSession["current"]> }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [revealed, setRevealed] = useState(false);
  const revealButton = useRef<HTMLElement>(null);
  const ratingButtons = useRef<Array<HTMLButtonElement | null>>([]);
  const undoButton = useRef<HTMLButtonElement>(null);

  // A new card (the panel is keyed by request id) puts the keyboard back on "Show answer".
  useEffect(() => {
    revealButton.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    // Good is the usual answer, so Enter on the revealed card means Good, as in Anki.
    if (revealed) ratingButtons.current[2]?.focus({ preventScroll: true });
  }, [revealed]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey || isTyping(event.target) || busy) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
        if (undoButton.current) {
          event.preventDefault();
          undoButton.current.click();
        }
        return;
      }
      if (event.ctrlKey || event.metaKey) return;
      if (!revealed && (event.key === " " || event.key === "Enter") && !isControl(event.target)) {
        event.preventDefault();
        setRevealed(true);
        return;
      }
      if (revealed && /^[1-4]$/.test(event.key)) {
        event.preventDefault();
        ratingButtons.current[Number(event.key) - 1]?.click();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [revealed, busy]);

  return (
    <div className="mt-5">
      <div className="min-h-56 rounded-xl border border-line bg-canvas/60 px-4 py-8 sm:px-8">
        <CardFace card={current.card} revealed={revealed} />
        {current.isNew ? (
          <p className="mt-3 text-center text-xs font-medium tracking-wide text-sky-800 uppercase">New card</p>
        ) : null}
        {/* <details> reveals the answer without JavaScript; with it, Space/Enter anywhere does the same. */}
        <details
          open={revealed}
          onToggle={(event) => setRevealed((event.currentTarget as HTMLDetailsElement).open)}
          className="group mt-6"
        >
          <summary
            ref={revealButton}
            className={buttonClasses(
              "primary",
              "lg",
              "mx-auto flex w-full max-w-xs cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden",
            )}
          >
            Show answer <kbd className="rounded border border-white/40 px-1.5 text-xs font-normal">Space</kbd>
          </summary>
          <div className="border-t border-line pt-6 text-center" aria-live="polite" data-testid="card-back">
            {current.card.transliteration ? (
              <p className="text-lg text-ink/80 italic">{current.card.transliteration}</p>
            ) : null}
            <p className="mt-1 text-2xl font-semibold text-ink">{current.card.english}</p>
          </div>
          <Form method="post" className="mt-6" aria-label="Rate this card">
            <input type="hidden" name="intent" value="rate" />
            <input type="hidden" name="cardId" value={current.card.id} />
            <input type="hidden" name="requestId" value={requestId} />
            <input type="hidden" name="session" value={sessionStart} />
            <fieldset disabled={busy} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <legend className="sr-only">How well did you remember it?</legend>
              {current.previews.map((preview, index) => (
                <button
                  key={preview.name}
                  ref={(element) => {
                    ratingButtons.current[index] = element;
                  }}
                  type="submit"
                  name="rating"
                  value={preview.rating}
                  aria-label={`${preview.label}: next review ${describeInterval(preview.interval)} (key ${preview.key})`}
                  className={cn(
                    "flex flex-col items-center gap-0.5 rounded-xl border px-3 py-3 font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400 disabled:opacity-60",
                    ratingStyles[preview.name],
                  )}
                >
                  <span className="text-xs font-medium opacity-80">{preview.interval}</span>
                  <span>{preview.label}</span>
                  <kbd className="hidden text-xs font-normal opacity-70 sm:inline">{preview.key}</kbd>
                </button>
              ))}
            </fieldset>
          </Form>
        </details>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
        <p>
          Keys: <kbd className="font-mono">Space</kbd> show · <kbd className="font-mono">1</kbd>–
          <kbd className="font-mono">4</kbd> rate
          {session.canUndo ? (
            <>
              {" "}
              · <kbd className="font-mono">Ctrl Z</kbd> undo
            </>
          ) : null}
        </p>
        {session.canUndo ? (
          <Form method="post">
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="session" value={sessionStart} />
            <button ref={undoButton} type="submit" className={buttonClasses("ghost", "sm")} disabled={busy}>
              Undo last answer
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

function nextDueText(nextDue: Date | null, now: Date): string | null {
  if (!nextDue) return null;
  return `The next card comes due ${describeInterval(formatInterval(nextDue.getTime() - now.getTime()))}.`;
}

function SummaryCounts({ summary }: { summary: SessionSummary }) {
  const items = [
    { label: "Again", value: summary.ratings.again, className: "bg-red-50 text-red-900" },
    { label: "Hard", value: summary.ratings.hard, className: "bg-amber-50 text-amber-950" },
    { label: "Good", value: summary.ratings.good, className: "bg-primary-50 text-primary-900" },
    { label: "Easy", value: summary.ratings.easy, className: "bg-sky-50 text-sky-950" },
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="session-summary">
      {items.map((item) => (
        <div key={item.label} className={cn("rounded-xl px-4 py-3", item.className)}>
          <dt className="text-sm font-medium">{item.label}</dt>
          <dd className="text-2xl font-bold">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SessionEnd({ session, now, backTo, subject, emptyHint, sessionStart }: ReviewPanelProps) {
  const summary = session.summary;
  const next = nextDueText(session.nextDue, now);
  const reviewed = summary?.reviewed ?? 0;
  return (
    <div className="mt-4" role="status">
      {reviewed > 0 && summary ? (
        <>
          <p className="text-ink">
            You reviewed <strong>{reviewed === 1 ? "1 card" : `${reviewed} cards`}</strong> from {subject}.{" "}
            {next ?? "Nothing else is scheduled yet."}
          </p>
          <SummaryCounts summary={summary} />
        </>
      ) : (
        <p className="text-ink">
          Nothing is due in {subject} right now. {next ?? ""}
        </p>
      )}
      {emptyHint && session.nextDue === null && reviewed === 0 ? (
        <div className="mt-3 text-sm text-muted">{emptyHint}</div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        <Link to={backTo.href} className={buttonClasses("primary", "md")}>
          {backTo.label}
        </Link>
        {session.canUndo ? (
          <Form method="post">
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="session" value={sessionStart} />
            <button type="submit" className={buttonClasses("ghost", "md")}>
              Undo last answer
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
