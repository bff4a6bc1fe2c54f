import { useCallback, useState } from "react";
import { useApi } from "~/lib/use-api";
import { useGuestPrompt } from "../guest-prompt";
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
  const guest = useGuestPrompt();
  const submit = useCallback(
    async (answer: string | string[]): Promise<ExerciseAttemptResult | null> => {
      // A visitor tries the exercise; checking it keeps an attempt, which needs an account (ADR 038).
      if (guest) {
        guest.ask("check your answer");
        return null;
      }
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
    [api, guest, kind, exerciseId],
  );
  return { submit, pending };
}
