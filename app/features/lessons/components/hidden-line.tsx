import { cn } from "~/lib/cn";

/** Which parts of which lines the learner has revealed ("3:en", "3:tr"); a line that becomes current starts hidden again. */
export type Revealed = ReadonlySet<string>;
export type RevealPart = "tr" | "en";
export const revealKey = (index: number, part: RevealPart) => `${index}:${part}`;

/**
 * A transliteration or English line under "hide until tapped": blurred, and a button that reveals it (tap,
 * click, or Enter/Space once focused). Its text is hidden from screen readers too until revealed, so the
 * button's name says what it shows. Revealed, it is plain text again.
 */
export function HiddenLine({
  hidden,
  what,
  onReveal,
  disabled,
  className,
  lang,
  children,
  ...data
}: {
  hidden: boolean;
  /** "English" or "transliteration", for the button's name. */
  what: string;
  onReveal: () => void;
  disabled?: boolean;
  className?: string;
  lang?: string;
  children: React.ReactNode;
} & { [key: `data-${string}`]: string | undefined }) {
  if (!hidden)
    return (
      <p lang={lang} className={className} {...data}>
        {children}
      </p>
    );
  return (
    <button
      type="button"
      onClick={onReveal}
      disabled={disabled}
      aria-label={`Show the ${what}`}
      title={`Show the ${what}`}
      data-hidden-line=""
      className={cn("cursor-pointer rounded-md focus-visible:outline-2 disabled:cursor-progress", className)}
      {...data}
    >
      <span aria-hidden="true" className="pointer-events-none blur-[5px] select-none">
        {children}
      </span>
    </button>
  );
}
