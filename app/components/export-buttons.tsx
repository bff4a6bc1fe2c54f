import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type { ExportQuery, ExportResult } from "~/lib/anki-export.client";
import { CheckoutLink } from "~/components/checkout-link";

type State =
  | { kind: "idle" }
  | { kind: "working"; format: "apkg" | "csv"; step: string }
  | { kind: "done"; result: ExportResult }
  | { kind: "failed"; message: string; status: number };

function doneMessage(result: ExportResult) {
  if (result.notes < 0) return `Downloaded ${result.fileName}.`;
  const notes = `${result.notes} ${result.notes === 1 ? "card" : "cards"}`;
  const sounds = result.sounds > 0 ? `, ${result.sounds} with sound` : "";
  const missing =
    result.soundsMissing > 0
      ? ` ${result.soundsMissing} ${result.soundsMissing === 1 ? "sound" : "sounds"} could not be added (the lesson's media could not be loaded or decoded here).`
      : "";
  return `Downloaded ${result.fileName}: ${notes}${sounds}.${missing}`;
}

/**
 * "Export to Anki (.apkg)" and "Export CSV" for one deck (docs/export.md). The package is written in the
 * browser: the code that does it (sql.js among it) loads only when a member presses the button. Rendered by
 * the server disabled, enabled once the page runs (docs/decisions/023-scripts-after-first-paint.md).
 */
export function ExportButtons({
  query,
  what,
  csv = true,
  curated = false,
}: {
  query: ExportQuery;
  what: string;
  /** Whether to offer the CSV here (a page with a CSV link of its own, which works without JavaScript, does not). */
  csv?: boolean;
  /** A curated collection or deck: its cards have their own audio files, no lesson moments. */
  curated?: boolean;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [withSound, setWithSound] = useState(true);
  const soundId = useId();
  const headingId = useId();
  const busy = state.kind === "working";

  async function run(format: "apkg" | "csv") {
    setState({ kind: "working", format, step: format === "csv" ? "Preparing the CSV…" : "Loading the exporter…" });
    try {
      const exporter = await import("~/lib/anki-export.client");
      const result =
        format === "csv"
          ? await exporter.runCsvExport(query)
          : await exporter.runAnkiExport(query, {
              withSound,
              onProgress: ({ step }) => setState({ kind: "working", format, step }),
            });
      setState({ kind: "done", result });
    } catch (error) {
      const status = error instanceof Error && "status" in error ? Number(error.status) : 0;
      const message =
        error instanceof Error && error.name === "ExportRefused"
          ? error.message
          : "The export failed. Please check your connection and try again.";
      setState({ kind: "failed", message, status });
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-white p-4">
      <h2 id={headingId} className="text-base font-semibold text-ink">
        Export {what}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {curated
          ? "Download the cards for Anki or a spreadsheet: Arabic, transliteration and English, with each card’s audio where it has one."
          : "Download the cards for Anki or a spreadsheet: Arabic, transliteration, English, the sentence and a link back to the lesson."}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void run("apkg")}
          disabled={!hydrated || busy}
          aria-busy={busy && state.format === "apkg"}
          className="min-h-11"
        >
          Export to Anki (.apkg)
        </Button>
        {csv ? (
          <Button
            variant="secondary"
            onClick={() => void run("csv")}
            disabled={!hydrated || busy}
            aria-busy={busy && state.format === "csv"}
            className="min-h-11"
          >
            Export CSV
          </Button>
        ) : null}
        <label htmlFor={soundId} className="inline-flex min-h-11 items-center gap-2 text-sm text-ink">
          <input
            id={soundId}
            type="checkbox"
            className="size-5 accent-primary-700"
            checked={withSound}
            disabled={!hydrated || busy}
            onChange={(event) => setWithSound(event.target.checked)}
          />
          {curated ? "Add the cards’ audio to the Anki package" : "Add the sentence audio to the Anki package"}
        </label>
      </div>
      <p className="mt-2 text-xs text-muted">
        {curated
          ? null
          : "The audio is cut from the lessons in your browser, which can take a moment; words from lessons you can’t watch now have no audio. "}
        {csv ? "The CSV has no audio." : null}
      </p>
      <div role="status" aria-live="polite" className="mt-2 text-sm text-ink">
        {state.kind === "working" ? state.step : null}
        {state.kind === "done" ? (
          <>
            {doneMessage(state.result)}
            {state.result.notices.map((notice) => (
              <span key={notice} className="mt-1 block text-muted">
                {notice}
              </span>
            ))}
          </>
        ) : null}
      </div>
      {state.kind === "failed" ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {state.message}{" "}
          {state.status === 402 ? <CheckoutLink className="underline">See the plans</CheckoutLink> : null}
        </p>
      ) : null}
    </section>
  );
}
