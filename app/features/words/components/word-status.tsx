import { cn } from "~/lib/cn";
import type { WordStatus } from "#core/schemas/lexicon";

/** What each status is called on a button and in the legend. */
export const STATUS_LABELS: Record<WordStatus, string> = {
  new: "New",
  learning: "Learning",
  known: "Known",
  ignored: "Ignored",
};

/** The buttons' order: the reset first, then as a word moves along. */
const BUTTONS: ReadonlyArray<{ status: WordStatus; label: string; hint: string }> = [
  { status: "new", label: "New", hint: "Not started: forget any status" },
  { status: "learning", label: "Learning", hint: "Still learning it" },
  { status: "known", label: "Known", hint: "I know this word" },
  { status: "ignored", label: "Ignore", hint: "A name or a sound: leave it out of what I know" },
];

/**
 * The transcript's tint of a word by its status: a colour AND an underline style, so the status never rests
 * on colour alone (new: dotted, learning: wavy, known: plain, ignored: plain and quieter). Underlines sit
 * below the Arabic letters' descenders; the colours keep the text at AA contrast.
 */
export const STATUS_TINT: Record<WordStatus, string> = {
  new: "bg-sky-100 underline decoration-sky-700 decoration-dotted decoration-2 underline-offset-[0.45em]",
  learning: "bg-amber-100 underline decoration-amber-700 decoration-wavy decoration-1 underline-offset-[0.45em]",
  known: "",
  ignored: "text-muted",
};

/** The legend under the transcript's settings, in the tint's own styles. */
export function StatusLegend({ className }: { className?: string }) {
  return (
    <ul aria-label="Word colours" className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-xs", className)}>
      {(Object.keys(STATUS_LABELS) as WordStatus[]).map((status) => (
        <li key={status} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("rounded px-1 leading-5 text-ink", STATUS_TINT[status])}>
            Aa
          </span>
          <span className="text-muted">
            {STATUS_LABELS[status]}
            {status === "known" ? " (plain)" : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * New / Learning / Known / Ignore, the current one pressed. As plain buttons (`onChange`, the popup) or as
 * submit buttons named `status` (`submit`, a form that works before scripts load: the lemma page).
 */
export function WordStatusButtons({
  status,
  onChange,
  submit = false,
  pending = null,
  disabled = false,
  className,
}: {
  status: WordStatus;
  onChange?: (status: WordStatus) => void;
  submit?: boolean;
  /** The status being saved: its button says so. */
  pending?: WordStatus | null;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div role="group" aria-label="My status for this word" className={cn("flex flex-wrap gap-1.5", className)}>
      {BUTTONS.map((button) => {
        const pressed = status === button.status;
        return (
          <button
            key={button.status}
            type={submit ? "submit" : "button"}
            name={submit ? "status" : undefined}
            value={submit ? button.status : undefined}
            aria-pressed={pressed}
            title={button.hint}
            disabled={disabled || pending !== null}
            onClick={submit ? undefined : () => onChange?.(button.status)}
            className={cn(
              "inline-flex min-h-9 items-center rounded-full border px-3 text-[13px] font-medium transition-colors disabled:cursor-not-allowed",
              pressed
                ? "border-primary-700 bg-primary-700 text-white"
                : "border-line bg-white text-ink hover:border-primary-300 hover:bg-primary-50",
              pending === button.status && "cursor-progress",
            )}
          >
            {pending === button.status ? `${button.label}…` : button.label}
          </button>
        );
      })}
    </div>
  );
}
