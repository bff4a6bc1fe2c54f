import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/icons";

export const PLAYER_SHORTCUTS: Array<{ keys: string[]; label: string }> = [
  { keys: ["Space"], label: "Play or pause" },
  { keys: ["←"], label: "Previous line (or the start of this one)" },
  { keys: ["→"], label: "Next line" },
  { keys: ["R"], label: "Repeat the current line" },
  { keys: ["L"], label: "Loop the current line on or off (how it loops: the player settings button)" },
  { keys: ["S"], label: "Slow down: 1× → 0.75× → 0.5× → 1×" },
  { keys: ["A"], label: "Pause after each line on or off" },
  { keys: ["T"], label: "Tashkeel (vowel marks) on or off" },
  { keys: ["E"], label: "Show the current line's hidden transliteration and English" },
  { keys: ["?"], label: "Show these shortcuts" },
  { keys: ["Esc"], label: "Close this window or a word's meaning" },
];

/**
 * The keyboard help: a native modal `<dialog>` (focus stays inside, the page behind is inert, Escape
 * closes) in the overlay layer.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // A click on the backdrop lands on the dialog element itself; Escape is handled natively by <dialog>.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-heading"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="z-overlay m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-[2px]"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="shortcuts-heading" className="text-lg font-semibold">
              Keyboard shortcuts
            </h2>
            <p className="mt-1 text-sm text-muted">They work anywhere on the lesson page, except while you type.</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close shortcuts"
            className="-me-2 -mt-1 inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-canvas hover:text-ink"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <dl className="mt-5 divide-y divide-line rounded-xl border border-line">
          {PLAYER_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.label} className="flex items-center justify-between gap-4 px-4 py-2.5">
              <dt className="text-sm text-ink">{shortcut.label}</dt>
              <dd className="flex shrink-0 gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-7 rounded-md border border-line border-b-2 bg-canvas px-2 py-0.5 text-center font-mono text-xs font-semibold text-ink"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </dialog>
  );
}
