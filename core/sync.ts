// What a page needs of the outbox's one request (docs/offline.md "Sync") without the schemas: its limits and the
// server's answer. Kept apart from core/schemas/sync.ts so that every page (the app's header shows the sync status)
// does not load zod with it (ADR 020, docs/player.md "Budget"); the schemas re-export all of it.

/** The most events one request carries; the page sends a longer outbox in several requests. */
export const MAX_SYNC_EVENTS = 200;

/**
 * While a lesson plays, the page sends its progress this often (and at once on pause, on leaving the page and when
 * the network returns, never twice within `MIN_SYNC_GAP_MS` except on leaving). One sync costs four D1 statements
 * (two for the sign-in check, two for the write), so a minute of playback costs four: docs/scaling.md.
 */
export const PROGRESS_SYNC_INTERVAL_MS = 60_000;
/** No two syncs closer than this (leaving the page excepted: that one may be the last chance). */
export const MIN_SYNC_GAP_MS = 30_000;

/** What the server did with one event: stored (or already stored), or refused for good (not to be sent again). */
export interface SyncEventResult {
  id: string;
  /**
   * 200 stored now or before (or overtaken by a later setting); 402 a premium lesson without a subscription; 404 not
   * the member's card, lesson, word or exercise; 422 refused (a card type the note lacks, a line not of the lesson).
   */
  status: 200 | 402 | 404 | 422;
  error?: string;
  /** An exercise answer's verdict, as the exercise's own endpoint gives it (the moment is on the page already). */
  exercise?: SyncExerciseVerdict;
}

export interface SyncExerciseVerdict {
  correct: boolean;
  /** The right answer: the words in order, or the missing word. */
  expected: string | string[];
  /** The whole line with the right answer in place. */
  line: string;
}

export interface SyncAnswer {
  results: SyncEventResult[];
  /** The server's clock when it answered (epoch ms). */
  serverTime: number;
}
