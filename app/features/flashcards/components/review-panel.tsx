import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { SentenceBadge } from "~/components/sentence-badge";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useBrowserLayoutEffect } from "~/lib/use-browser-layout-effect";
import { checkProductionAnswer, CARD_TYPE_LABELS, CARD_TYPES } from "#core/cards";
import {
  describeInterval,
  formatInterval,
  LEARN_AHEAD_MS,
  previewRatings,
  reviewCard,
  type Grade,
  type RatingPreview,
  type ReviewState,
} from "#core/fsrs";
import { addEvent } from "~/lib/outbox";
import { syncNow } from "~/lib/sync";
import type { ReviewSession, SessionSummary, StudyCard } from "#server/services/flashcards";
import { LinePlayer } from "./line-player";

// The shadowing panel (recorder and analysis, docs/speaking.md) loads the first time a sentence card's Shadow is pressed.
const ShadowPanel = lazy(() =>
  import("~/features/speaking/components/shadow-panel").then((module) => ({ default: module.ShadowPanel })),
);

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
  /** Workers AI is bound: shadowing from a sentence card offers the intelligibility check (docs/speaking.md). */
  intelligibilityCheck?: boolean;
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

type UpcomingCard = { card: StudyCard; state: ReviewState | null };

/**
 * Reviewing on without the network (docs/offline.md "Sync"): the session's next cards came with the page; each
 * answer is scheduled here with the same FSRS code as the server's, kept in the outbox as a review event, and
 * the next card follows. Back online the outbox is sent and the page reloads the session from the server.
 */
function useOfflineReview(upcoming: UpcomingCard[] | undefined) {
  const [run, setRun] = useState<{ queue: UpcomingCard[]; answered: number } | null>(null);
  const revalidator = useRevalidator();
  const active = run !== null;
  useEffect(() => {
    if (!active) return;
    const back = () => {
      void syncNow().then(() => {
        setRun(null);
        revalidator.revalidate();
      });
    };
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [active, revalidator]);

  function answer(rating: Grade) {
    const queue = run?.queue ?? upcoming ?? [];
    const [head, ...rest] = queue;
    if (!head) return;
    const at = new Date();
    void addEvent({
      kind: "review",
      id: crypto.randomUUID(),
      at: at.getTime(),
      source: head.card.source,
      cardId: head.card.id,
      cardType: head.card.cardType,
      rating,
    });
    const next = reviewCard(head.state, rating, at);
    // A card still being learned comes back in this session, as online (learn-ahead window).
    const again = next.due.getTime() - at.getTime() <= LEARN_AHEAD_MS;
    setRun({ queue: again ? [...rest, { card: head.card, state: next }] : rest, answered: (run?.answered ?? 0) + 1 });
  }
  return { run, answer, canStart: Boolean(upcoming?.length) };
}

/** One review session: the card, the reveal, the four answers, and the summary once nothing is left. */
export function ReviewPanel(props: ReviewPanelProps) {
  const { session } = props;
  const offline = useOfflineReview(session.upcoming);
  if (offline.run) return <OfflineReviewPanel {...props} run={offline.run} answer={offline.answer} />;
  return (
    <section
      aria-labelledby="review-heading"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-heading" className="text-lg font-semibold text-ink">
          {session.current
            ? "Review"
            : session.held.new + session.held.due + session.buried > 0
              ? "Done for today"
              : session.summary && session.summary.reviewed > 0
                ? "Session complete"
                : "All caught up"}
        </h2>
        <RemainingCounts remaining={session.remaining} />
      </div>
      {session.current ? (
        <CardReview
          key={props.requestId}
          {...props}
          current={session.current}
          onOffline={offline.canStart ? offline.answer : undefined}
        />
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

function OfflineReviewPanel({
  run,
  answer,
  ...props
}: ReviewPanelProps & { run: { queue: UpcomingCard[]; answered: number }; answer: (rating: Grade) => void }) {
  const head = run.queue[0];
  const answered = run.answered === 1 ? "1 answer" : `${run.answered} answers`;
  return (
    <section
      aria-labelledby="review-heading"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6"
      data-testid="offline-review"
    >
      <h2 id="review-heading" className="text-lg font-semibold text-ink">
        {head ? "Review (offline)" : "Reviewed offline"}
      </h2>
      <p
        className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950"
        role="status"
        data-testid="offline-note"
      >
        You are offline. {answered} kept on this device: they are sent as soon as you are back online.
      </p>
      {head ? (
        <CardReview
          key={`offline-${run.answered}`}
          {...props}
          requestId={`offline-${run.answered}`}
          session={{ ...props.session, canUndo: false }}
          current={{ card: head.card, isNew: head.state === null, previews: previewRatings(head.state, new Date()) }}
          onOffline={answer}
        />
      ) : (
        <p className="mt-4 text-ink">That was every card this page brought along. Go online to continue.</p>
      )}
    </section>
  );
}

/** The question side: what the card's type asks from (Arabic, the meaning, or the line's sound). */
function CardFront({ card }: { card: StudyCard }) {
  if (card.cardType === "listening" && card.line) {
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="text-sm font-medium text-muted">Listen: what does it mean?</p>
        <LinePlayer line={card.line} label="Play the line" />
      </div>
    );
  }
  if (card.cardType === "listening" && card.audioUrl) {
    // A curated card's own recording (it has no lesson line).
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="text-sm font-medium text-muted">Listen: what does it mean?</p>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the answer side is its caption */}
        <audio controls preload="none" src={card.audioUrl} className="w-full max-w-xs" aria-label="Play the word" />
      </div>
    );
  }
  if (card.cardType === "production") {
    return (
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-sm font-medium text-muted">Say it in Arabic</p>
        <p className="text-3xl font-semibold text-ink sm:text-4xl" data-testid="card-front">
          {card.english || card.transliteration}
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {card.imageUrl ? (
        <img src={card.imageUrl} alt="" className="max-h-48 rounded-xl object-contain" loading="lazy" />
      ) : null}
      <p
        lang="ar"
        dir="rtl"
        className={cn(
          "leading-relaxed font-semibold text-ink",
          card.kind === "sentence" ? "text-3xl sm:text-4xl" : "text-5xl sm:text-6xl",
        )}
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
    </div>
  );
}

/**
 * The answer side: everything the note holds, the line to hear again, the way back to that moment, and, on a
 * sentence card whose line can be played, Shadow: the lesson's shadowing panel on that line.
 */
function CardBack({ card, intelligibilityCheck = false }: { card: StudyCard; intelligibilityCheck?: boolean }) {
  const media = useRef<HTMLVideoElement>(null);
  const [shadowing, setShadowing] = useState(false);
  const line = card.line;
  const shadowable =
    card.kind === "sentence" &&
    card.cardType !== "listening" &&
    line?.mediaUrl &&
    line.cueId !== null &&
    line.endMs !== null
      ? line
      : null;
  return (
    <>
      {card.cardType !== "recognition" ? (
        <p lang="ar" dir="rtl" className="text-3xl leading-relaxed font-semibold text-ink sm:text-4xl">
          {card.arabic}
        </p>
      ) : null}
      {card.transliteration ? <p className="text-lg text-ink/80 italic">{card.transliteration}</p> : null}
      <p className="mt-1 text-2xl font-semibold text-ink">{card.english}</p>
      {card.line ? (
        <div className="mt-4 flex flex-col items-center gap-2">
          {card.kind === "word" && card.line.arabic ? (
            <p className="text-sm text-muted">
              <span lang="ar" dir="rtl" className="block text-lg text-ink">
                {card.line.arabic}
              </span>
              {card.line.english}
            </p>
          ) : null}
          {card.cardType !== "listening" ? (
            <LinePlayer line={card.line} label="Hear the line" mediaRef={media} />
          ) : null}
          {shadowable ? (
            <button
              type="button"
              onClick={() => setShadowing(true)}
              aria-haspopup="dialog"
              className={buttonClasses("secondary", "md", "min-h-11")}
            >
              Shadow this line
            </button>
          ) : null}
          <Link
            to={card.line.href}
            className="inline-flex min-h-11 items-center font-medium text-primary-800 underline"
            data-testid="this-moment"
          >
            This moment in “{card.line.lessonTitle}”
          </Link>
        </div>
      ) : null}
      {shadowable && shadowing ? (
        <Suspense fallback={null}>
          <ShadowPanel
            target={{
              lessonId: shadowable.lessonId,
              lessonTitle: shadowable.lessonTitle,
              lessonPath: shadowable.href.split("?")[0]!,
              cue: {
                id: shadowable.cueId!,
                startMs: shadowable.startMs,
                endMs: shadowable.endMs!,
                arabic: shadowable.arabic ?? card.arabic,
                english: shadowable.english ?? card.english,
              },
              lineNumber: shadowable.lineNumber ?? 1,
            }}
            videoRef={media}
            baseRate={1}
            member
            intelligibilityCheck={intelligibilityCheck}
            onBeforePlay={() => undefined}
            onClose={() => setShadowing(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function CardReview({
  current,
  requestId,
  sessionStart,
  session,
  onOffline,
  intelligibilityCheck,
}: ReviewPanelProps & {
  current: NonNullable<ReviewSession["current"]>;
  /** Takes the answer on the device when the network is gone (a wrong typed answer arrives as Again). */
  onOffline?: (rating: Grade) => void;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const card = current.card;
  const typed = card.cardType === "production";
  const [revealed, setRevealed] = useState(false);
  const [answer, setAnswer] = useState("");
  const [correct, setCorrect] = useState<boolean | null>(null);
  const revealButton = useRef<HTMLElement>(null);
  const answerInput = useRef<HTMLInputElement>(null);
  const ratingButtons = useRef<Array<HTMLButtonElement | null>>([]);
  const undoButton = useRef<HTMLButtonElement>(null);

  // A new card (the panel is keyed by request id) puts the keyboard on the answer box or on "Show answer".
  useEffect(() => {
    (typed ? answerInput.current : revealButton.current)?.focus({ preventScroll: true });
  }, [typed]);

  useEffect(() => {
    // Good is the usual answer, so Enter on the revealed card means Good, as in Anki; a wrong typed answer, Again.
    if (revealed) ratingButtons.current[correct === false ? 0 : 2]?.focus({ preventScroll: true });
  }, [revealed, correct]);

  function check() {
    if (answer.trim() !== "") setCorrect(checkProductionAnswer(card, answer));
    setRevealed(true);
  }

  // Before paint: a rating key pressed as soon as the answer shows meets the revealed card's handler, not the
  // hidden one's (which ignored it).
  useBrowserLayoutEffect(() => {
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

  const result = correct === null ? "" : correct ? "Correct." : "Not quite.";
  const announcement = revealed
    ? `${result} Answer: ${card.arabic}${card.transliteration ? `, ${card.transliteration}` : ""}, ${card.english}.`
    : "";

  return (
    <div className="mt-5" data-card-type={card.cardType}>
      <div className="min-h-56 rounded-xl border border-line bg-canvas/60 px-4 py-8 sm:px-8">
        <p className="mb-3 text-center text-xs font-medium tracking-wide text-muted uppercase">
          {card.kind === "sentence" ? <SentenceBadge className="normal-case" /> : null}
          {CARD_TYPE_LABELS[card.cardType]}
        </p>
        <CardFront card={card} />
        {current.isNew ? (
          <p className="mt-3 text-center text-xs font-medium tracking-wide text-sky-800 uppercase">New card</p>
        ) : null}
        {typed && !revealed ? (
          <form
            className="mx-auto mt-5 flex max-w-md flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              check();
            }}
          >
            <label htmlFor="production-answer" className="sr-only">
              Your answer in Arabic (or in Latin letters)
            </label>
            <input
              ref={answerInput}
              id="production-answer"
              name="typed"
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              autoComplete="off"
              dir="auto"
              lang="ar"
              placeholder="اكتب… or type in Latin letters"
              className="min-h-11 flex-1 rounded-xl border border-line bg-white px-3 text-lg"
            />
            <button type="submit" className={buttonClasses("primary", "md", "min-h-11")}>
              Check
            </button>
          </form>
        ) : null}
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {/* <details> reveals the answer without JavaScript; with it, Space/Enter anywhere does the same. */}
        <details
          open={revealed}
          onToggle={(event) => setRevealed((event.currentTarget as HTMLDetailsElement).open)}
          className="group mt-6"
        >
          <summary
            ref={revealButton}
            className={buttonClasses(
              typed ? "ghost" : "primary",
              "lg",
              "mx-auto flex w-full max-w-xs cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden",
            )}
          >
            {typed ? "Show the answer" : "Show answer"}{" "}
            {typed ? null : <kbd className="rounded border border-white/40 px-1.5 text-xs font-normal">Space</kbd>}
          </summary>
          <div className="border-t border-line pt-6 text-center" data-testid="card-back">
            {correct !== null ? (
              <p
                className={cn("mb-2 text-lg font-semibold", correct ? "text-primary-800" : "text-red-800")}
                data-testid="answer-result"
              >
                {correct ? "Correct" : `Not quite: you wrote “${answer}”`}
              </p>
            ) : null}
            <CardBack card={card} intelligibilityCheck={intelligibilityCheck} />
          </div>
          <Form
            method="post"
            className="mt-6"
            aria-label="Rate this card"
            onSubmit={(event) => {
              if (!onOffline || navigator.onLine) return;
              event.preventDefault();
              const submitter = (event.nativeEvent as SubmitEvent).submitter;
              const rating = Number(submitter instanceof HTMLButtonElement ? submitter.value : 0);
              if (rating >= 1 && rating <= 4) onOffline(correct === false ? 1 : (rating as Grade));
            }}
          >
            <input type="hidden" name="intent" value="rate" />
            <input type="hidden" name="cardId" value={card.id} />
            <input type="hidden" name="cardType" value={card.cardType} />
            <input type="hidden" name="source" value={card.source} />
            {typed && answer.trim() !== "" ? <input type="hidden" name="answer" value={answer} /> : null}
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
                    "flex min-h-11 flex-col items-center gap-0.5 rounded-xl border px-3 py-3 font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400 disabled:opacity-60",
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
      {requestId.startsWith("offline") ? null : card.source === "word" ? (
        <NoteTools card={card} sessionStart={sessionStart} busy={busy} />
      ) : (
        <CuratedCardTools card={card} sessionStart={sessionStart} busy={busy} />
      )}
    </div>
  );
}

/** Fixing one's own note from the review: meaning, transliteration, card types; suspend; delete. */
function NoteTools({ card, sessionStart, busy }: { card: StudyCard; sessionStart: number; busy: boolean }) {
  return (
    <details className="mt-4 rounded-xl border border-line bg-surface p-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-ink">Edit this card</summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="note-edit" />
        <input type="hidden" name="noteId" value={card.id} />
        <input type="hidden" name="session" value={sessionStart} />
        <label className="grid gap-1">
          <span className="font-medium">Meaning</span>
          <input
            name="english"
            defaultValue={card.english}
            maxLength={500}
            className="min-h-11 rounded-lg border border-line px-3"
          />
        </label>
        <label className="grid gap-1">
          <span className="font-medium">Transliteration</span>
          <input
            name="transliteration"
            defaultValue={card.transliteration}
            maxLength={300}
            className="min-h-11 rounded-lg border border-line px-3"
          />
        </label>
        <fieldset className="grid gap-1">
          <legend className="font-medium">Cards of this note</legend>
          {CARD_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="cardTypes" value={type} defaultChecked={card.enabledTypes.includes(type)} />
              {CARD_TYPE_LABELS[type]}
              {type === "listening" && !card.line ? " (needs a lesson line)" : ""}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClasses("primary", "md", "min-h-11 justify-self-start")}>
          Save card
        </button>
      </Form>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-line pt-3">
        <Form method="post">
          <input type="hidden" name="intent" value="note-suspend" />
          <input type="hidden" name="noteId" value={card.id} />
          <input type="hidden" name="suspended" value="1" />
          <input type="hidden" name="session" value={sessionStart} />
          <button type="submit" disabled={busy} className={buttonClasses("secondary", "md", "min-h-11")}>
            Suspend
          </button>
        </Form>
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm("Delete this card and its review history?")) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="note-delete" />
          <input type="hidden" name="noteId" value={card.id} />
          <input type="hidden" name="session" value={sessionStart} />
          <button type="submit" disabled={busy} className={buttonClasses("danger", "md", "min-h-11")}>
            Delete
          </button>
        </Form>
      </div>
    </details>
  );
}

/** A curated card is not the member's to edit: they can suspend it (for themselves only). */
function CuratedCardTools({ card, sessionStart, busy }: { card: StudyCard; sessionStart: number; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      <input type="hidden" name="intent" value="card-suspend" />
      <input type="hidden" name="flashcardId" value={card.id} />
      <input type="hidden" name="suspended" value="1" />
      <input type="hidden" name="session" value={sessionStart} />
      <button type="submit" disabled={busy} className={buttonClasses("secondary", "md", "min-h-11")}>
        Suspend this card
      </button>
      <span className="text-muted">Leaves your reviews, every card type of it, until you bring it back.</span>
    </Form>
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
      {session.held.new + session.held.due > 0 ? (
        <p className="mt-2 text-ink" data-testid="done-for-today">
          You have reached today&apos;s limit: {session.held.due > 0 ? `${session.held.due} more due` : null}
          {session.held.due > 0 && session.held.new > 0 ? " and " : null}
          {session.held.new > 0 ? `${session.held.new} new` : null} wait for tomorrow. The daily limits are above this
          review.
        </p>
      ) : null}
      {session.buried > 0 ? (
        <p className="mt-2 text-ink" data-testid="buried-siblings">
          {session.buried === 1 ? "1 card waits" : `${session.buried} cards wait`} for tomorrow: another card of the
          same note was answered today.
        </p>
      ) : null}
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
