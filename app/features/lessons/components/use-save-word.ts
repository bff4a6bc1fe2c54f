import { useCallback } from "react";
import { showToast } from "~/components/toaster";
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
 * Saves a word into the learner's "My words" list and says so; errors follow docs/product-rules.md#errors-and-toasts
 * through the JSON client.
 */
export function useSaveWord(lessonId: number) {
  const api = useApi();
  return useCallback(
    async (word: SaveWordRequest) => {
      const result = await api.post<{ created: boolean }>(`/api/lessons/${lessonId}/words`, word);
      showToast(createToast(result.created ? "Saved to My words" : "Already in My words"));
      return result;
    },
    [api, lessonId],
  );
}
