import { useParams } from "@remix-run/react";
import { useState } from "react";
import { showToast } from "~/components/toaster";
import { createToast } from "~/lib/toast";
import { useApi } from "~/lib/use-api";
import { cn } from "~/lib/cn";
import { useGuestPrompt } from "./guest-prompt";

/**
 * "Save line": the whole line becomes a sentence card in My words, with its sound and the way back to this
 * moment (docs/cards.md). The lesson is the page's own (every lesson URL has `:videoId`).
 */
export function SaveLineButton({
  cueId,
  lineNumber,
  disabled = false,
}: {
  cueId: number;
  lineNumber: number;
  /** Until the page's scripts run (docs/architecture.md "No dead taps"). */
  disabled?: boolean;
}) {
  const { videoId } = useParams();
  const api = useApi();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const guest = useGuestPrompt();
  if (!videoId) return null;

  async function save() {
    if (guest) return guest.ask("save this line as a sentence card");
    setBusy(true);
    try {
      const result = await api.post<{ created: boolean }>(`/api/lessons/${videoId}/lines`, { cueId });
      setSaved(true);
      showToast(createToast(result.created ? "Line saved as a sentence card" : "This line is already in My words"));
    } catch {
      // The JSON client has already said what went wrong (docs/product-rules.md#errors-and-toasts).
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={save}
      disabled={busy || disabled}
      aria-label={saved ? `Line ${lineNumber} saved to My words` : `Save line ${lineNumber} as a sentence card`}
      title="Save this line as a sentence card"
      data-testid="save-line"
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-lg transition disabled:cursor-progress lg:size-8",
        saved
          ? "bg-primary-100 text-primary-900"
          : "text-muted opacity-60 group-hover:opacity-100 hover:bg-primary-100 hover:text-primary-900 focus-visible:opacity-100 max-lg:opacity-100",
      )}
    >
      <svg
        viewBox="0 0 20 20"
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        className="size-4"
        aria-hidden="true"
      >
        <path strokeWidth="1.6" strokeLinejoin="round" d="M5 3h10v14l-5-3.5L5 17z" />
      </svg>
    </button>
  );
}
