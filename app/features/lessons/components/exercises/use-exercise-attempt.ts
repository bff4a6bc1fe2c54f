import { useCallback, useEffect, useState } from "react";
import { showToast } from "~/components/toaster";
import { addEvent } from "~/lib/outbox";
import { whenAnswered } from "~/lib/sync";
import { createToast } from "~/lib/toast";
import { useApi } from "~/lib/use-api";
import { useGuestPrompt } from "../guest-prompt";
import type { exerciseAnswerEventSchema } from "#core/schemas/sync";
import type { ExerciseAttemptResult, SentenceExerciseKind } from "#server/services/exercises";

const PATHS: Record<SentenceExerciseKind, string> = {
  "sentence-order": "sentence-orders",
  "sentence-gap": "sentence-gaps",
};

// The offline answer's schema (and zod with it) is not part of the lesson page's first load (docs/player.md
// "Budget"): it is fetched once an exercise is on the page, so it is there if the network goes (and the service
// worker keeps it for a page opened offline).
let answerSchema: Promise<typeof exerciseAnswerEventSchema> | null = null;
function loadAnswerSchema() {
  answerSchema ??= import("#core/schemas/sync").then((module) => module.exerciseAnswerEventSchema);
  return answerSchema;
}

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
  useEffect(() => {
    if (!guest) loadAnswerSchema().catch(() => (answerSchema = null));
  }, [guest]);
  const submit = useCallback(
    async (answer: string | string[]): Promise<ExerciseAttemptResult | null> => {
      // A visitor tries the exercise; checking it keeps an attempt, which needs an account (ADR 038).
      if (guest) {
        guest.ask("check your answer");
        return null;
      }
      if (!navigator.onLine) {
        const schema = await loadAnswerSchema().catch(() => {
          answerSchema = null;
          return null;
        });
        if (!schema) {
          showToast(createToast("Your answer could not be kept offline. Try again when you are online.", "error"));
          return null;
        }
        const event = schema.safeParse({
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
