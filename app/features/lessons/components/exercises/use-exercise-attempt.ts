import { useCallback, useState } from "react";
import { showToast } from "~/components/toaster";
import { addEvent } from "~/lib/outbox";
import { whenAnswered } from "~/lib/sync";
import { createToast } from "~/lib/toast";
import { useApi } from "~/lib/use-api";
import { useGuestPrompt } from "../guest-prompt";
import { exerciseAnswerEventSchema } from "#core/schemas/sync";
import type { ExerciseAttemptResult, SentenceExerciseKind } from "#server/services/exercises";

const PATHS: Record<SentenceExerciseKind, string> = {
  "sentence-order": "sentence-orders",
  "sentence-gap": "sentence-gaps",
};

/**
 * Sends one answer to the server, which checks it and keeps the attempt. Errors are shown by the JSON client
 * (docs/product-rules.md#errors-and-toasts: a lapsed session goes to sign in, 402 to /checkout); the caller just gets
 * null.
 *
 * Offline, the page cannot check it (the expected answer is not on the device until the learner found it, ADR 049):
 * the answer goes into the outbox, `waiting` is true, and the promise resolves with the server's verdict when a sync
 * of this page sends it (docs/offline.md "Sync").
 */
export function useExerciseAttempt(kind: SentenceExerciseKind, exerciseId: number, lessonId: number) {
  const api = useApi();
  const [pending, setPending] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const guest = useGuestPrompt();
  const submit = useCallback(
    async (answer: string | string[]): Promise<ExerciseAttemptResult | null> => {
      // A visitor tries the exercise; checking it keeps an attempt, which needs an account (ADR 038).
      if (guest) {
        guest.ask("check your answer");
        return null;
      }
      if (!navigator.onLine) {
        const event = exerciseAnswerEventSchema.safeParse({
          kind: "exercise-answer",
          id: crypto.randomUUID(),
          at: Date.now(),
          lessonId,
          exercise: kind,
          exerciseId,
          answer,
        });
        if (!event.success) {
          showToast(createToast(event.error.issues[0]?.message ?? "That answer cannot be checked.", "error"));
          return null;
        }
        setWaiting(true);
        try {
          const answered = whenAnswered(event.data.id);
          await addEvent(event.data);
          const result = await answered;
          if (result.status !== 200 || !result.exercise) {
            showToast(createToast(result.error ?? "Your answer could not be checked.", "error"));
            return null;
          }
          return { ...result.exercise, moment: null };
        } finally {
          setWaiting(false);
        }
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
    [api, guest, kind, exerciseId, lessonId],
  );
  return { submit, pending, waiting };
}
