import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { splitArabicWords, stripTashkeel } from "#core/arabic";
import { cn } from "~/lib/cn";
import { formatDuration } from "#core/format";
import { formatTransliteration, type TransliterationScheme } from "#core/transliteration";
import type { WordStatus } from "#core/schemas/lexicon";
import { LoopIcon } from "~/components/icons";
import { STATUS_LABELS, STATUS_TINT, StatusLegend } from "~/features/words/components/word-status";
import type { PlayerPreferences } from "./use-player-preferences";
import { SaveLineButton } from "./save-line-button";

export interface TranscriptCue {
  id: number;
  startMs: number;
  endMs: number;
  arabic: string;
  transliteration: string;
  english: string;
}

export interface WordClick {
  word: string;
  cue: TranscriptCue;
  /** The word's place among the line's words, from 0 (what `cue_tokens.position` counts). */
  position: number;
  anchor: HTMLElement;
  /** The line's whole block (Arabic, transliteration, English): what the word's popup must not cover. */
  block: HTMLElement | null;
}

/**
 * The transcript's tint (docs/words.md "The popup"): each line's lemma ids by word place, and the status of
 * each lemma for this member; null while it is off or loading.
 */
export interface WordTint {
  lines: Record<string, Array<number | null>>;
  statusOf: (lemmaId: number) => WordStatus;
}

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** A toggle chip with aria-pressed. */
export function ToggleChip({
  pressed,
  onChange,
  children,
  className,
  ...props
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "onChange"> & {
  pressed: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-[13px] font-medium transition-colors",
        pressed
          ? "border-primary-600 bg-primary-700 text-white hover:bg-primary-800"
          : "border-line bg-white text-muted hover:border-primary-300 hover:text-ink",
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", pressed ? "bg-accent-300" : "bg-line")} />
      {children}
    </button>
  );
}

interface TranscriptProps {
  cues: TranscriptCue[];
  activeIndex: number;
  loopIndex: number | null;
  preferences: PlayerPreferences;
  scheme: TransliterationScheme;
  openWordKey: string | null;
  tint: WordTint | null;
  onPreferences: (patch: Partial<PlayerPreferences>) => void;
  onSeekCue: (index: number) => void;
  onToggleLoop: (index: number) => void;
  onWord: (click: WordClick) => void;
  className?: string;
}

/**
 * The interactive transcript: one list item per line with Arabic (every word a button that opens its
 * meaning), transliteration and English, each line type togglable. The active line is highlighted and
 * kept in view by scrolling this panel only; scrolling it by hand detaches that until asked back.
 */
export function Transcript({
  cues,
  activeIndex,
  loopIndex,
  preferences,
  scheme,
  openWordKey,
  tint,
  onPreferences,
  onSeekCue,
  onToggleLoop,
  onWord,
  className,
}: TranscriptProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const [detached, setDetached] = useState(false);
  const noLines = !preferences.showArabic && !preferences.showTransliteration && !preferences.showEnglish;

  const scrollToActive = useCallback((index: number, smooth: boolean) => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>(`[data-cue-index="${index}"]`);
    if (!list || !item) return;
    const top = item.offsetTop - list.clientHeight / 3;
    list.scrollTo({ top: Math.max(0, top), behavior: smooth && !prefersReducedMotion() ? "smooth" : "auto" });
  }, []);

  useEffect(() => {
    if (activeIndex < 0 || detached || !preferences.followActiveLine) return;
    scrollToActive(activeIndex, true);
  }, [activeIndex, detached, preferences.followActiveLine, scrollToActive]);

  const detach = useCallback(() => {
    if (preferences.followActiveLine) setDetached(true);
  }, [preferences.followActiveLine]);

  const seek = useCallback(
    (index: number) => {
      setDetached(false);
      onSeekCue(index);
    },
    [onSeekCue],
  );

  return (
    <section
      aria-labelledby="transcript-heading"
      className={cn(
        "flex min-h-0 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm",
        className,
      )}
    >
      <header className="space-y-2.5 border-b border-line px-4 pt-3.5 pb-3">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="transcript-heading" className="text-base font-semibold">
            Transcript
          </h2>
          <p className="text-xs text-muted">
            {cues.length} {cues.length === 1 ? "line" : "lines"} · click a word for its meaning
          </p>
        </div>
        <div role="group" aria-label="Lines to show" className="flex flex-wrap gap-1.5">
          <ToggleChip pressed={preferences.showArabic} onChange={(showArabic) => onPreferences({ showArabic })}>
            Arabic
          </ToggleChip>
          <ToggleChip
            pressed={preferences.showTransliteration}
            onChange={(showTransliteration) => onPreferences({ showTransliteration })}
          >
            Transliteration
          </ToggleChip>
          <ToggleChip pressed={preferences.showEnglish} onChange={(showEnglish) => onPreferences({ showEnglish })}>
            English
          </ToggleChip>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <ToggleChip
            pressed={preferences.tashkeel}
            onChange={(tashkeel) => onPreferences({ tashkeel })}
            title="Vowel marks (tashkeel) on the Arabic"
          >
            Tashkeel
          </ToggleChip>
          <div
            role="group"
            aria-label="Transliteration style"
            className="inline-flex rounded-full border border-line bg-canvas p-0.5"
          >
            {(["romanized", "arabizi"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={scheme === option}
                onClick={() => onPreferences({ scheme: option })}
                className={cn(
                  "rounded-full px-3 py-0.5 text-[13px] font-medium transition-colors",
                  scheme === option
                    ? "bg-white text-primary-800 shadow-sm ring-1 ring-line"
                    : "text-muted hover:text-ink",
                )}
              >
                {option === "romanized" ? "Romanized" : "Arabizi"}
              </button>
            ))}
          </div>
          <ToggleChip
            pressed={preferences.tintWords}
            onChange={(tintWords) => onPreferences({ tintWords })}
            title="Colour each word by what you know of it: new, learning, known or ignored"
          >
            Word status
          </ToggleChip>
        </div>
        {preferences.tintWords ? <StatusLegend /> : null}
      </header>

      <div className="relative min-h-0 flex-1">
        {/* role="list" is explicit because Safari drops list semantics from lists styled without markers. */}
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles, jsx-a11y/no-noninteractive-element-interactions -- the handlers only notice manual scrolling */}
        <ol
          ref={listRef}
          role="list"
          aria-label="Transcript lines"
          onWheel={detach}
          onTouchMove={detach}
          onKeyDown={(event) => {
            if (["PageUp", "PageDown", "Home", "End"].includes(event.key)) detach();
          }}
          className="relative h-full space-y-1 overflow-y-auto overscroll-contain p-2 [scrollbar-gutter:stable]"
        >
          {cues.map((cue, index) => (
            <CueRow
              key={cue.id}
              cue={cue}
              index={index}
              active={index === activeIndex}
              looping={index === loopIndex}
              showArabic={preferences.showArabic}
              showTransliteration={preferences.showTransliteration}
              showEnglish={preferences.showEnglish}
              tashkeel={preferences.tashkeel}
              scheme={scheme}
              openWordKey={openWordKey?.startsWith(`${cue.id}:`) ? openWordKey : null}
              lemmaIds={tint ? (tint.lines[String(cue.id)] ?? null) : null}
              statusOf={tint?.statusOf ?? null}
              onSeek={seek}
              onToggleLoop={onToggleLoop}
              onWord={onWord}
            />
          ))}
        </ol>
        {noLines ? (
          <p className="absolute inset-x-4 top-4 rounded-lg bg-accent-50 px-3 py-2 text-sm text-ink ring-1 ring-accent-300/60">
            All lines are hidden. Turn on Arabic, Transliteration or English above.
          </p>
        ) : null}
        {detached && activeIndex >= 0 ? (
          <button
            type="button"
            onClick={() => {
              setDetached(false);
              scrollToActive(activeIndex, true);
            }}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-ink px-4 py-1.5 text-sm font-medium text-white shadow-lg hover:bg-primary-900"
          >
            Back to current line
          </button>
        ) : null}
      </div>
    </section>
  );
}

interface CueRowProps {
  cue: TranscriptCue;
  index: number;
  active: boolean;
  looping: boolean;
  showArabic: boolean;
  showTransliteration: boolean;
  showEnglish: boolean;
  tashkeel: boolean;
  scheme: TransliterationScheme;
  openWordKey: string | null;
  /** With the tint on: the line's lemma ids by word place, and each lemma's status. */
  lemmaIds: Array<number | null> | null;
  statusOf: ((lemmaId: number) => WordStatus) | null;
  onSeek: (index: number) => void;
  onToggleLoop: (index: number) => void;
  onWord: (click: WordClick) => void;
}

/** The punctuation a token starts with, up to the first space ("، " → "،"). */
function leadingPunctuation(text: string) {
  return /^[^\s]*/.exec(text)?.[0] ?? "";
}

export function wordKey(cueId: number, tokenIndex: number) {
  return `${cueId}:${tokenIndex}`;
}

const CueRow = memo(function CueRow({
  cue,
  index,
  active,
  looping,
  showArabic,
  showTransliteration,
  showEnglish,
  tashkeel,
  scheme,
  openWordKey,
  lemmaIds,
  statusOf,
  onSeek,
  onToggleLoop,
  onWord,
}: CueRowProps) {
  // Split as stored (the words' places are counted on the line as written), then shown with or without tashkeel.
  const tokens = useMemo(() => {
    let position = 0;
    return splitArabicWords(cue.arabic).map((token) => ({
      ...token,
      text: tashkeel ? token.text : stripTashkeel(token.text),
      position: token.isWord ? position++ : -1,
    }));
  }, [cue.arabic, tashkeel]);
  const transliteration = useMemo(
    () => formatTransliteration(cue.transliteration, scheme),
    [cue.transliteration, scheme],
  );
  const time = formatDuration(cue.startMs / 1000);
  const label = `Line ${index + 1} at ${time}: ${cue.english || stripTashkeel(cue.arabic)}`;

  return (
    // Clicking anywhere on a line seeks to it, like the line's time button (the keyboard route).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <li
      data-cue-index={index}
      aria-label={label}
      aria-current={active ? "true" : undefined}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest("button, a")) return;
        onSeek(index);
      }}
      className={cn(
        "group relative flex cursor-pointer gap-2.5 rounded-lg px-2.5 py-2.5 transition-colors",
        active ? "bg-primary-50 ring-1 ring-primary-200" : "hover:bg-canvas",
      )}
    >
      {active ? (
        <span aria-hidden="true" className="absolute inset-y-2 start-0 w-1 rounded-full bg-primary-600" />
      ) : null}
      <button
        type="button"
        onClick={() => onSeek(index)}
        aria-label={`Play line ${index + 1} from ${time}`}
        className={cn(
          "mt-1 h-6 shrink-0 rounded-md px-1.5 font-mono text-xs tabular-nums transition-colors",
          active ? "bg-primary-700 text-white" : "bg-canvas text-muted hover:bg-primary-100 hover:text-primary-900",
        )}
      >
        {time}
      </button>
      <div className="min-w-0 flex-1 space-y-0.5">
        {showArabic ? (
          <p lang="ar" dir="rtl" className="text-[1.25rem] leading-[1.8] text-ink sm:text-[1.35rem] sm:leading-[1.9]">
            {tokens.map((token, tokenIndex) => {
              if (!token.isWord) {
                // Punctuation right after a word travels with it (see below); spaces stay breakable.
                const glued = tokenIndex > 0 ? leadingPunctuation(token.text) : "";
                return <span key={tokenIndex}>{token.text.slice(glued.length)}</span>;
              }
              const key = wordKey(cue.id, tokenIndex);
              const next = tokens[tokenIndex + 1];
              const trailing = next && !next.isWord ? leadingPunctuation(next.text) : "";
              const lemmaId = lemmaIds?.[token.position] ?? null;
              const status = lemmaId !== null && statusOf ? statusOf(lemmaId) : null;
              const button = (
                <button
                  key={tokenIndex}
                  type="button"
                  aria-haspopup="dialog"
                  aria-expanded={openWordKey === key}
                  data-word-key={key}
                  data-word-position={token.position}
                  data-word-status={status ?? undefined}
                  onClick={(event) =>
                    onWord({
                      word: token.text,
                      cue,
                      position: token.position,
                      anchor: event.currentTarget,
                      block: event.currentTarget.closest<HTMLElement>("[data-cue-index]"),
                    })
                  }
                  className={cn(
                    "rounded-md px-px transition-colors hover:bg-accent-100 hover:text-primary-900 focus-visible:outline-2 focus-visible:outline-offset-1",
                    status && STATUS_TINT[status],
                    openWordKey === key && "bg-accent-100 text-primary-900 ring-1 ring-accent-400",
                  )}
                >
                  {token.text}
                  {status ? (
                    <span lang="en" dir="ltr" className="sr-only">{` (${STATUS_LABELS[status].toLowerCase()})`}</span>
                  ) : null}
                </button>
              );
              return trailing ? (
                <span key={tokenIndex} className="whitespace-nowrap">
                  {button}
                  {trailing}
                </span>
              ) : (
                button
              );
            })}
          </p>
        ) : null}
        {showTransliteration && transliteration ? (
          <p lang="ar-Latn" className="text-[15px] leading-snug text-primary-800">
            {transliteration}
          </p>
        ) : null}
        {showEnglish && cue.english ? (
          <p data-line-part="english" className="text-[15px] leading-snug text-muted">
            {cue.english}
          </p>
        ) : null}
      </div>
      <SaveLineButton cueId={cue.id} lineNumber={index + 1} />
      <button
        type="button"
        aria-label="Loop this line"
        aria-pressed={looping}
        title={looping ? "Stop looping this line" : "Loop this line"}
        onClick={() => onToggleLoop(index)}
        className={cn(
          "mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg transition",
          looping
            ? "bg-accent-400 text-ink shadow-sm"
            : "text-muted opacity-60 group-hover:opacity-100 hover:bg-primary-100 hover:text-primary-900 focus-visible:opacity-100",
        )}
      >
        <LoopIcon className="size-4" />
      </button>
    </li>
  );
});
