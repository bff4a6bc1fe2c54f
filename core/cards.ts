import { answersMatch } from "./answers";

// The cards a note makes (docs/cards.md, ADR 036). Pure: the review page checks a typed answer with the same
// function the server grades it with.

/** What a note of "My words" holds: one word, or one whole line of a lesson. */
export const NOTE_KINDS = ["word", "sentence"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/**
 * The cards of a note: recognition (Arabic → meaning), production (meaning → Arabic, typed) and listening (its
 * line's audio → meaning). Each has its own FSRS state.
 */
export const CARD_TYPES = ["recognition", "production", "listening"] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_TYPE_LABELS: Record<CardType, string> = {
  recognition: "Arabic → meaning",
  production: "Meaning → Arabic (typed)",
  listening: "Listening",
};

export const WORD_CARD_TYPES: readonly CardType[] = ["recognition"];
export const SENTENCE_CARD_TYPES: readonly CardType[] = ["recognition", "listening"];

/** The daily limits of the review when a member has set none. */
export const DEFAULT_NEW_PER_DAY = 20;
export const DEFAULT_REVIEWS_PER_DAY = 200;
export const MAX_PER_DAY = 9999;

/** The card types a note really makes: listening only with a line to play, recognition when nothing else is left. */
export function noteCardTypes(note: { cardTypes: readonly CardType[]; hasAudio: boolean }): CardType[] {
  const types = CARD_TYPES.filter((type) => note.cardTypes.includes(type) && (type !== "listening" || note.hasAudio));
  return types.length > 0 ? types : ["recognition"];
}

/**
 * A typed production answer, as tolerant as the exercises (core/answers.ts): tashkeel, hamza seats, ة/ه and
 * spacing never make it wrong, and the transliteration or Arabizi of the note counts too.
 */
export function checkProductionAnswer(note: { arabic: string; transliteration: string }, given: string): boolean {
  return answersMatch(given, note.arabic, {
    variants: note.transliteration ? [note.transliteration] : [],
    acceptLatin: true,
  });
}
