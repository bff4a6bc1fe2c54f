import { useState } from "react";
import type { IntelligibilityResult } from "#core/intelligibility";
import { INTELLIGIBILITY_MAX_SECONDS, INTELLIGIBILITY_RATE } from "#core/schemas/speaking";
import { encodeWav } from "#core/wav";
import { cn } from "~/lib/cn";
import { useApi } from "~/lib/use-api";

// "Was I understood?" (docs/speaking.md): the attempt as 16 kHz mono WAV to the Worker, which asks Whisper
// through Workers AI and answers which of the line's words came through. Offered only when the AI is bound.

interface Checked extends IntelligibilityResult {
  heard: string;
}

export function IntelligibilityCheck({
  lessonId,
  cueId,
  samples,
  disabled,
}: {
  lessonId: number;
  cueId: number;
  /** The attempt at 16 kHz mono. */
  samples: Float32Array;
  disabled: boolean;
}) {
  const api = useApi();
  const [state, setState] = useState<"idle" | "checking" | "failed">("idle");
  const [result, setResult] = useState<Checked | null>(null);

  const run = async () => {
    setState("checking");
    const wav = encodeWav(
      samples.subarray(0, INTELLIGIBILITY_RATE * INTELLIGIBILITY_MAX_SECONDS),
      INTELLIGIBILITY_RATE,
    );
    try {
      const checked = await api.request<Checked>(`/api/speaking/lessons/${lessonId}/lines/${cueId}/intelligibility`, {
        method: "POST",
        headers: { "Content-Type": "audio/wav" },
        body: new Blob([wav], { type: "audio/wav" }),
      });
      setResult(checked);
      setState("idle");
    } catch {
      // The client has already shown the reason as a toast.
      setState("failed");
    }
  };

  return (
    <div className="rounded-lg border border-line px-3 py-2" data-testid="intelligibility-check">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">Intelligibility check</p>
        <button
          type="button"
          onClick={() => void run()}
          disabled={disabled || state === "checking"}
          className="min-h-11 rounded-xl border border-line bg-white px-4 text-sm font-medium text-ink hover:border-primary-300 disabled:opacity-60 lg:min-h-9"
        >
          {state === "checking" ? "Checking…" : result ? "Check again" : "Was I understood?"}
        </button>
      </div>
      <p className="mt-1 text-xs text-muted">
        A speech recogniser (Whisper) writes down what it hears in your attempt, without being told the line; we show
        which of the line&apos;s words came through. Your attempt is sent for this check only and not kept.
      </p>
      <div role="status" aria-live="polite">
        {result ? (
          <div className="mt-2 space-y-1.5">
            <p className="text-sm">
              <strong data-testid="intelligibility-count">
                {result.heardCount} of {result.total}
              </strong>{" "}
              {result.total === 1 ? "word" : "words"} came through.
            </p>
            <p lang="ar" dir="rtl" className="flex flex-wrap gap-1.5 text-lg leading-relaxed">
              {result.words.map((word, index) => (
                <span
                  key={`${index}-${word.text}`}
                  className={cn(
                    "rounded px-1",
                    word.heard ? "bg-green-100 text-green-900" : "bg-red-50 text-red-900 line-through",
                  )}
                >
                  {word.text}
                  <span className="sr-only" lang="en" dir="ltr">
                    {word.heard ? " (heard)" : " (not heard)"}
                  </span>
                </span>
              ))}
            </p>
            <p className="text-xs text-muted">
              Heard:{" "}
              <span lang="ar" dir="rtl">
                {result.heard || "nothing"}
              </span>
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
