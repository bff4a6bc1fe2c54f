import { useCallback } from "react";
import { showToast } from "~/components/toaster";
import { addEvent } from "~/lib/outbox";
import { createToast } from "~/lib/toast";
import { useApi } from "~/lib/use-api";

export interface SaveWordRequest {
  arabic: string;
  transliteration: string;
  english: string;
  cueId: number | null;
  startMs: number | null;
}

/**
 * Saves a word into the learner's "My words" list (offline: into the outbox, app/lib/outbox.ts) and says so; errors follow docs/product-rules.md#errors-and-toasts
 * through the JSON client.
 */
export function useSaveWord(lessonId: number) {
  const api = useApi();
  return useCallback(
    async (word: SaveWordRequest) => {
      // Offline, the word waits in the device's outbox and is saved when the network returns (docs/offline.md).
      if (!navigator.onLine) {
        await addEvent({ kind: "save-word", id: crypto.randomUUID(), at: Date.now(), lessonId, word });
        showToast(createToast("Kept on this device: it reaches My words when you are back online"));
        return { created: true };
      }
      const result = await api.post<{ created: boolean }>(`/api/lessons/${lessonId}/words`, word);
      showToast(createToast(result.created ? "Saved to My words" : "Already in My words"));
      return result;
    },
    [api, lessonId],
  );
}
