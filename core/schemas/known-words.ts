import { z } from "zod";
import { BATCH_ID_PATTERN, KNOWN_INTENTS } from "../known-words";

export { BATCH_ID_PATTERN, KNOWN_INTENTS };

// "Mark the rest as known" and its undo, from the lesson page's forms (docs/words.md "What the learner knows").

export const undoKnownFormSchema = z.object({
  batchId: z.string({ error: "Choose what to undo." }).trim().regex(BATCH_ID_PATTERN, "Choose what to undo."),
});
