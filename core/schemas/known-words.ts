import { z } from "zod";

// "Mark the rest as known" and its undo, from the lesson page's forms (docs/words.md "What the learner knows").

/** A batch id: 12 digits (server/services/words/known.ts makes them; the API's path reads one as an id). */
export const BATCH_ID_PATTERN = /^\d{12}$/;

export const undoKnownFormSchema = z.object({
  batchId: z.string({ error: "Choose what to undo." }).trim().regex(BATCH_ID_PATTERN, "Choose what to undo."),
});

/** The lesson page's two intents for the words of the lesson. */
export const KNOWN_INTENTS = { markRest: "known-mark-rest", undo: "known-undo" } as const;
