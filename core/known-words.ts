// The lesson page's "mark the rest as known" constants, without zod: the page's panel imports them, and zod
// must not ship to the lesson page for two constants (core/schemas/known-words.ts re-exports them).

/** A batch id: 12 digits (server/services/words/known.ts makes them; the API's path reads one as an id). */
export const BATCH_ID_PATTERN = /^\d{12}$/;

/** The lesson page's two intents for the words of the lesson. */
export const KNOWN_INTENTS = { markRest: "known-mark-rest", undo: "known-undo" } as const;
