import { useCallback, useState } from "react";
import { useApi } from "~/lib/use-api";
import type { ExerciseAttemptResult, SentenceExerciseKind } from "#server/services/exercises";

const PATHS: Record<SentenceExerciseKind, string> = {
  "sentence-order": "sentence-orders",
  "sentence-gap": "sentence-gaps",
};

/**
 * Sends one answer to the server, which checks it and keeps the attempt. Errors are shown by the JSON client
 * (docs/product-rules.md#errors-and-toasts: a lapsed session goes to sign in, 402 to /checkout); the caller just gets
 * null.
 */
export function useExerciseAttempt(kind: SentenceExerciseKind, exerciseId: number) {
  const api = useApi();
  const [pending, setPending] = useState(false);
  const submit = useCallback(
    async (answer: string | string[]): Promise<ExerciseAttemptResult | null> => {
      setPending(true);
      try {
        return await api.post<ExerciseAttemptResult>(`/api/exercises/${PATHS[kind]}/${exerciseId}/attempts`, {
          answer,
        });
      } catch {
        return null;
      } finally {
        setPending(false);
      }
    },
    [api, kind, exerciseId],
  );
  return { submit, pending };
}
