import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { splitArabicWords, stripTashkeel } from "#core/arabic";
import { cn } from "~/lib/cn";
import { formatDuration } from "#core/format";
import { formatTransliteration, type TransliterationScheme } from "#core/transliteration";
import type { WordStatus } from "#core/schemas/lexicon";
import { LoopIcon, MicrophoneIcon } from "~/components/icons";
import { STATUS_LABELS, STATUS_TINT, StatusLegend } from "~/features/words/components/word-status";
import { useGuestPrompt } from "./guest-prompt";
import { HiddenLine, revealKey, type Revealed, type RevealPart } from "./hidden-line";
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
        "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-[13px] font-medium transition-colors max-lg:min-h-11 disabled:cursor-progress disabled:opacity-60",
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
  /** False until the scripts have hydrated: every control is drawn, disabled (no tap is lost silently). */
  interactive: boolean;
  playing: boolean;
  revealed: Revealed;
  onReveal: (index: number, part: RevealPart) => void;
  onPreferences: (patch: Partial<PlayerPreferences>) => void;
  onSeekCue: (index: number) => void;
  onToggleLoop: (index: number) => void;
  /** Opens the shadowing panel on a line (docs/speaking.md). */
  onShadow: (index: number) => void;
  onWord: (click: WordClick) => void;
  className?: string;
}

/** Whether the list scrolls itself (beside the video), or the page scrolls it under the pinned video (phones). */
function scrollsItself(list: HTMLElement) {
  return getComputedStyle(list).overflowY !== "visible";
}

/** The bottom of the pinned video when it is stuck at the top of the screen (0 when nothing is pinned). */
function pinnedBottom() {
  const player = document.getElementById("player");
  if (!player || getComputedStyle(player).position !== "sticky") return 0;
  return (Number.parseFloat(getComputedStyle(player).top) || 0) + player.offsetHeight;
}

/**
 * The interactive transcript: one list item per line with Arabic (every word a button that opens its
 * meaning), transliteration and English, each line type togglable. The active line is highlighted and
 * kept in view: beside the video by scrolling this panel, on a phone by scrolling the page under the pinned
 * video (only while playing). Scrolling by hand detaches that; "Back to now" brings it back.
 */
export function Transcript({
  cues,
  activeIndex,
  loopIndex,
  preferences,
  scheme,
  openWordKey,
  tint,
  interactive,
  playing,
  revealed,
  onReveal,
  onPreferences,
  onSeekCue,
  onToggleLoop,
  onShadow,
  onWord,
  className,
}: TranscriptProps) {
  const guest = useGuestPrompt();
  const listRef = useRef<HTMLOListElement>(null);
  const [detached, setDetached] = useState(false);
  const [activeInView, setActiveInView] = useState(true);
  const noLines = !preferences.showArabic && !preferences.showTransliteration && !preferences.showEnglish;

  const scrollToActive = useCallback((index: number, smooth: boolean) => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>(`[data-cue-index="${index}"]`);
    if (!list || !item) return;
    const behavior = smooth && !prefersReducedMotion() ? "smooth" : "auto";
    if (scrollsItself(list)) {
      const top = item.offsetTop - list.clientHeight / 3;
      list.scrollTo({ top: Math.max(0, top), behavior });
    } else {
      // Just under the pinned video, so the lines to come follow below it.
      const top = window.scrollY + item.getBoundingClientRect().top - pinnedBottom() - 8;
      window.scrollTo({ top: Math.max(0, top), behavior });
    }
  }, []);

  useEffect(() => {
    if (activeIndex < 0 || detached || !preferences.followActiveLine) return;
    const list = listRef.current;
    // The page itself is scrolled only while playing: never a jump on arrival or when a paused learner reads on.
    if (list && !scrollsItself(list) && !playing) return;
    scrollToActive(activeIndex, true);
  }, [activeIndex, detached, playing, preferences.followActiveLine, scrollToActive]);

  const detach = useCallback(() => {
    if (preferences.followActiveLine) setDetached(true);
  }, [preferences.followActiveLine]);

  // Under the pinned video the page is what scrolls: a learner's scroll anywhere detaches the follow.
  useEffect(() => {
    const list = listRef.current;
    if (!list || detached || !preferences.followActiveLine || scrollsItself(list)) return;
    const onKey = (event: KeyboardEvent) => {
      if (["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown"].includes(event.key)) detach();
    };
    window.addEventListener("wheel", detach, { passive: true });
    window.addEventListener("touchmove", detach, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("wheel", detach);
      window.removeEventListener("touchmove", detach);
      window.removeEventListener("keydown", onKey);
    };
  }, [detach, detached, preferences.followActiveLine]);

  // Whether the current line is on screen (below the pinned video), for the "Back to now" chip.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>(`[data-cue-index="${activeIndex}"]`);
    if (!list || !item || typeof IntersectionObserver === "undefined") return;
    const own = scrollsItself(list);
    const observer = new IntersectionObserver(([entry]) => setActiveInView(Boolean(entry?.isIntersecting)), {
      root: own ? list : null,
      rootMargin: own ? "0px" : `-${Math.round(pinnedBottom())}px 0px 0px 0px`,
    });
    observer.observe(item);
    return () => observer.disconnect();
  }, [activeIndex, detached]);

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
            {cues.length} {cues.length === 1 ? "line" : "lines"} ·{" "}
            <span className="hidden pointer-fine:inline">click</span>
            <span className="pointer-fine:hidden">tap</span> a word for its meaning
          </p>
        </div>
        <div role="group" aria-label="Lines to show" className="flex flex-wrap gap-1.5">
          <ToggleChip
            pressed={preferences.showArabic}
            disabled={!interactive}
            onChange={(showArabic) => onPreferences({ showArabic })}
          >
            Arabic
          </ToggleChip>
          <ToggleChip
            pressed={preferences.showTransliteration}
            disabled={!interactive}
            onChange={(showTransliteration) => onPreferences({ showTransliteration })}
          >
            Transliteration
          </ToggleChip>
          <ToggleChip
            pressed={preferences.showEnglish}
            disabled={!interactive}
            onChange={(showEnglish) => onPreferences({ showEnglish })}
          >
            English
          </ToggleChip>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <ToggleChip
            pressed={preferences.tashkeel}
            disabled={!interactive}
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
                disabled={!interactive}
                onClick={() => onPreferences({ scheme: option })}
                className={cn(
                  "rounded-full px-3 py-0.5 text-[13px] font-medium transition-colors max-lg:min-h-10 disabled:cursor-progress",
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
            pressed={preferences.tintWords && !guest}
            disabled={!interactive}
            // The statuses are a member's own: a visitor is asked to sign up instead (ADR 038).
            onChange={(tintWords) => (guest ? guest.ask("see which words you know") : onPreferences({ tintWords }))}
            title="Colour each word by what you know of it: new, learning, known or ignored"
          >
            Word status
          </ToggleChip>
        </div>
        {preferences.tintWords && !guest ? <StatusLegend /> : null}
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
          className="relative h-full space-y-1 overflow-y-auto overscroll-contain p-2 [scrollbar-gutter:stable] pinned:h-auto pinned:overflow-visible pinned:px-0"
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
              interactive={interactive}
              blurTransliteration={preferences.blurTransliteration && !revealed.has(revealKey(index, "tr"))}
              blurEnglish={preferences.blurEnglish && !revealed.has(revealKey(index, "en"))}
              reserveTransliteration={preferences.blurTransliteration}
              reserveEnglish={preferences.blurEnglish}
              onReveal={onReveal}
              onSeek={seek}
              onToggleLoop={onToggleLoop}
              onShadow={onShadow}
              onWord={onWord}
            />
          ))}
        </ol>
        {noLines ? (
          <p className="absolute inset-x-4 top-4 rounded-lg bg-accent-50 px-3 py-2 text-sm text-ink ring-1 ring-accent-300/60">
            All lines are hidden. Turn on Arabic, Transliteration or English above.
          </p>
        ) : null}
        {detached && activeIndex >= 0 && !activeInView ? (
          <button
            type="button"
            onClick={() => {
              setDetached(false);
              scrollToActive(activeIndex, true);
            }}
            className="absolute bottom-3 left-1/2 z-30 min-h-11 -translate-x-1/2 rounded-full bg-ink px-5 text-sm font-medium text-white shadow-lg hover:bg-primary-900 lg:min-h-9 pinned:fixed pinned:bottom-[calc(1rem+env(safe-area-inset-bottom))]"
          >
            Back to now
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
  interactive: boolean;
  blurTransliteration: boolean;
  blurEnglish: boolean;
  /** Which parts have "hide until tapped" on: they keep a 44 px tap height revealed or not, so nothing moves. */
  reserveTransliteration: boolean;
  reserveEnglish: boolean;
  onReveal: (index: number, part: RevealPart) => void;
  onSeek: (index: number) => void;
  onToggleLoop: (index: number) => void;
  onShadow: (index: number) => void;
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
  interactive,
  blurTransliteration,
  blurEnglish,
  reserveTransliteration,
  reserveEnglish,
  onReveal,
  onSeek,
  onToggleLoop,
  onShadow,
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
        "group relative flex cursor-pointer gap-2.5 rounded-lg px-2.5 py-2.5 transition-colors pinned:scroll-mt-[calc(var(--pinned-player)+4.5rem)]",
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
        disabled={!interactive}
        className={cn(
          "mt-1 h-6 shrink-0 rounded-md px-1.5 font-mono text-xs tabular-nums transition-colors max-lg:mt-0 max-lg:h-11 max-lg:min-w-11 disabled:cursor-progress",
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
                  disabled={!interactive}
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
                    // Until hydration a word is visibly disabled (a tap then would do nothing); 44 px tall on phones.
                    "rounded-md px-px transition-colors hover:bg-accent-100 hover:text-primary-900 focus-visible:outline-2 focus-visible:outline-offset-1 disabled:cursor-progress disabled:text-ink/55 max-lg:inline-block max-lg:min-h-11 max-lg:px-0.5",
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
          <HiddenLine
            hidden={blurTransliteration}
            what="transliteration"
            onReveal={() => onReveal(index, "tr")}
            disabled={!interactive}
            lang="ar-Latn"
            data-line-part="transliteration"
            className={cn(
              "block w-full text-start text-[15px] leading-snug text-primary-800",
              reserveTransliteration && "max-lg:min-h-11 max-lg:content-center",
            )}
          >
            {transliteration}
          </HiddenLine>
        ) : null}
        {showEnglish && cue.english ? (
          <HiddenLine
            hidden={blurEnglish}
            what="English"
            onReveal={() => onReveal(index, "en")}
            disabled={!interactive}
            data-line-part="english"
            className={cn(
              "block w-full text-start text-[15px] leading-snug text-muted",
              reserveEnglish && "max-lg:min-h-11 max-lg:content-center",
            )}
          >
            {cue.english}
          </HiddenLine>
        ) : null}
      </div>
      {/* The line's actions, one small group (more per-line actions, such as saving the line as a card, go here). */}
      <div data-line-actions="" className="flex shrink-0 flex-col items-center gap-1">
        <button
          type="button"
          aria-label="Loop this line"
          aria-pressed={looping}
          title={looping ? "Stop looping this line" : "Loop this line"}
          disabled={!interactive}
          onClick={() => onToggleLoop(index)}
          className={cn(
            "mt-0.5 inline-flex size-11 shrink-0 items-center justify-center rounded-lg transition disabled:cursor-progress lg:size-8",
            looping
              ? "bg-accent-400 text-ink shadow-sm"
              : "text-muted opacity-60 group-hover:opacity-100 hover:bg-primary-100 hover:text-primary-900 focus-visible:opacity-100 max-lg:opacity-100",
          )}
        >
          <LoopIcon className="size-4" />
        </button>
        <SaveLineButton cueId={cue.id} lineNumber={index + 1} disabled={!interactive} />
        <button
          type="button"
          aria-label={`Shadow line ${index + 1}: hear it, say it, compare`}
          title="Shadow: hear the line, say it, compare"
          disabled={!interactive}
          onClick={() => onShadow(index)}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted opacity-60 transition group-hover:opacity-100 hover:bg-primary-100 hover:text-primary-900 focus-visible:opacity-100 disabled:cursor-progress max-lg:opacity-100 lg:size-8"
        >
          <MicrophoneIcon className="size-4" />
        </button>
      </div>
    </li>
  );
});
