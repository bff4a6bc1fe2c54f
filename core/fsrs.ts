import { createEmptyCard, fsrs, Rating, State, type Card, type FSRS, type Grade } from "ts-fsrs";

// Spaced repetition for flashcards and saved words: ts-fsrs does all the scheduling; this module only
// maps our rows to its Card and back and words the intervals shown on the rating buttons.

export { Rating, State };
export type { Grade };

/** The four answers, in button order (keys 1–4), as Anki names them. */
export const RATINGS = [
  { value: Rating.Again, name: "again", label: "Again", key: "1" },
  { value: Rating.Hard, name: "hard", label: "Hard", key: "2" },
  { value: Rating.Good, name: "good", label: "Good", key: "3" },
  { value: Rating.Easy, name: "easy", label: "Easy", key: "4" },
] as const;

export type RatingName = (typeof RATINGS)[number]["name"];

/** New cards a learner meets per collection (or in their saved words) per UTC day, like Anki's daily limit. */
export const NEW_CARDS_PER_DAY = 20;

/**
 * When nothing else is waiting, cards still in (re)learning that come due within this window are shown
 * now rather than ending the session, as Anki's "learn ahead limit" does.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/**
 * ts-fsrs defaults (FSRS-6 weights, 90% retention, learning steps 1m/10m, relearning 10m) with fuzz off:
 * the same review at the same moment always gives the same due date, so the interval on a button is
 * the one the card gets and tests can assert exact dates.
 */
export const scheduler: FSRS = fsrs({ enable_fuzz: false });

/** The FSRS columns of `flashcard_states` / `vocabulary_review_states` (ts-fsrs field names, camel-cased). */
export interface ReviewState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: State;
  lastReview: Date | null;
}

export function toCard(row: ReviewState | null, now: Date): Card {
  if (!row) return createEmptyCard(now);
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.lastReview ?? undefined,
  };
}

export function fromCard(card: Card): ReviewState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    // Deprecated in ts-fsrs 5 but still filled in; kept because the column mirrors ts-fsrs' Card.
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** The state after answering `rating` at `now`; `null` state means the card has never been reviewed. */
export function reviewCard(state: ReviewState | null, rating: Grade, now: Date): ReviewState {
  return fromCard(scheduler.next(toCard(state, now), now, rating).card);
}

export interface RatingPreview {
  rating: Grade;
  name: RatingName;
  label: string;
  key: string;
  due: Date;
  /** Short interval as on Anki's buttons: "<1m", "10m", "1d", "3.2mo". */
  interval: string;
}

/** What each answer would do to the card now, for the buttons. */
export function previewRatings(state: ReviewState | null, now: Date): RatingPreview[] {
  const outcomes = scheduler.repeat(toCard(state, now), now);
  return RATINGS.map(({ value, name, label, key }) => {
    const due = outcomes[value].card.due;
    return { rating: value, name, label, key, due, interval: formatInterval(due.getTime() - now.getTime()) };
  });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** Anki-style short interval: "<1m", "10m", "5h", "4d", "1.5mo", "2.1y". */
export function formatInterval(ms: number): string {
  if (ms < MINUTE) return "<1m";
  if (ms < HOUR) return `${Math.round(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.round(ms / HOUR)}h`;
  const days = ms / DAY;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${oneDecimal(days / 30)}mo`;
  return `${oneDecimal(days / 365)}y`;
}

/** Spoken form of an interval for screen readers ("in 10 minutes", "in 2 days"). */
export function describeInterval(interval: string): string {
  if (interval === "<1m") return "in under a minute";
  const match = /^([\d.]+)(m|h|d|mo|y)$/.exec(interval);
  if (!match) return interval;
  const amount = Number(match[1]);
  const unit = { m: "minute", h: "hour", d: "day", mo: "month", y: "year" }[match[2] as "m" | "h" | "d" | "mo" | "y"];
  return `in ${match[1]} ${unit}${amount === 1 ? "" : "s"}`;
}

export function isGrade(value: number): value is Grade {
  return value === Rating.Again || value === Rating.Hard || value === Rating.Good || value === Rating.Easy;
}

/** Start of the UTC day containing `now`: the daily new-card limit resets here. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
