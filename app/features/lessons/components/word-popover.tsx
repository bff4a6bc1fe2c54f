import { Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "~/components/ui/button";
import { stripTashkeel } from "#core/arabic";
import type { WordStatus } from "#core/schemas/lexicon";
import type { ExplainedAffix } from "#core/words/explain";
import { cn } from "~/lib/cn";
import { formatDuration } from "#core/format";
import { formatTransliteration, type TransliterationScheme } from "#core/transliteration";
import { addEvent } from "~/lib/outbox";
import { useApi } from "~/lib/use-api";
import { ArrowRightIcon, CheckIcon, CloseIcon, PlayIcon, PlusIcon } from "~/components/icons";
import { LemmaFacts, partOfSpeechLabel, type LemmaView } from "~/features/words/components/lemma-facts";
import { WordStatusButtons } from "~/features/words/components/word-status";
import { lemmaHref } from "~/features/words/lemma-href";
import type { WordClick } from "./transcript";
import { useSaveWord } from "./use-save-word";
import { useGuestPrompt } from "./guest-prompt";

/** The lookup by the word alone (no line): the lesson's vocabulary, then the decks. */
export interface WordLookupResult {
  word: string;
  found: boolean;
  source: "lesson" | "global" | null;
  match: "exact" | "base" | "phrase" | null;
  entry: { arabic: string; transliteration: string; english: string; startMs: number | null } | null;
  saved: boolean;
}

/** The lookup of the word at its place in the line (server/services/words/lookup.ts `TokenLookup`). */
export interface TokenLookupResult {
  word: string;
  found: boolean;
  token: { cueId: number; position: number; surface: string; gloss: string; source: string };
  breakdown: { prefixes: ExplainedAffix[]; stem: string; suffixes: ExplainedAffix[] };
  lemma: LemmaView | null;
  moment: { startMs: number; endMs: number };
  status: WordStatus;
  saved: boolean;
}

export type LookupResult = WordLookupResult | TokenLookupResult;

export function isTokenResult(result: LookupResult): result is TokenLookupResult {
  return "token" in result;
}

type Lookup = { status: "loading" } | { status: "ready"; result: LookupResult } | { status: "error" };

/** Lookups already made on this page, by lesson and word (and place), so reopening a word is instant. */
export type WordCache = Map<string, LookupResult>;

const POPOVER_WIDTH = 360;
const GAP = 8;
/** Narrower than this, the popup is a sheet at the bottom of the screen. */
const SHEET_BELOW_WIDTH = 640;
/** Less room than this beside the line, and the page is scrolled to make some. */
const MIN_USEFUL_HEIGHT = 240;

type Position =
  | { mode: "sheet"; maxHeight: number }
  | { mode: "float"; top: number; left: number; maxHeight: number | null; side: "below" | "above" | "left" | "right" };

/** The bottom of the sticky site header, which nothing should sit under. */
function headerBottom(): number {
  const header = document.querySelector<HTMLElement>("body > div header.sticky, header.sticky");
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/** Scrolls the page (then the line's own scroller, if the page cannot go further) by `delta` pixels. */
function scrollContentBy(block: HTMLElement, delta: number) {
  if (Math.abs(delta) < 1) return;
  const before = block.getBoundingClientRect().top;
  window.scrollBy({ top: delta, behavior: "instant" });
  const left = delta - (before - block.getBoundingClientRect().top);
  if (Math.abs(left) < 1) return;
  for (let node = block.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) {
      node.scrollBy({ top: left, behavior: "instant" });
      return;
    }
  }
}

/**
 * A clicked word's meaning, as close to the word as possible without ever covering its line: the line's
 * whole block (Arabic, transliteration, English) stays in view, with the popup below it, above it or beside
 * it; on a phone it is a sheet at the bottom and the line is scrolled above the sheet. First the meaning in
 * this sentence, then how the word is built (each prefix and ending explained), the dictionary entry with
 * its other meanings, "Hear it", Save, and the member's status for the word. A non-modal dialog: focus moves
 * in, Escape or a click outside closes it, and focus returns to the word.
 */
export function WordPopover({
  lessonId,
  target,
  scheme,
  cache,
  statusOverrides,
  onClose,
  onHear,
  onStatus,
}: {
  lessonId: number;
  target: WordClick;
  scheme: TransliterationScheme;
  cache: WordCache;
  /** Statuses set on this page since the lookups, by lemma id (from another word of the same lemma too). */
  statusOverrides: ReadonlyMap<number, WordStatus>;
  onClose: (options?: { returnFocus?: boolean }) => void;
  onHear: (moment: { startMs: number; endMs: number }) => void;
  onStatus: (lemmaId: number, status: WordStatus) => void;
}) {
  const api = useApi();
  const saveWord = useSaveWord(lessonId);
  const guest = useGuestPrompt();
  // The lesson page's figures ("% known" in its header, "Words in this lesson") come from its loader: a status
  // set here, or a saved word (which the server makes "learning"), reloads them.
  const { revalidate } = useRevalidator();
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const cacheKey = `${lessonId}:${target.cue.id}:${target.position}:${stripTashkeel(target.word)}`;
  const [lookup, setLookup] = useState<Lookup>(() => {
    const cached = cache.get(cacheKey);
    return cached ? { status: "ready", result: cached } : { status: "loading" };
  });
  const [saving, setSaving] = useState(false);
  const [pendingStatus, setPendingStatus] = useState<WordStatus | null>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const madeRoom = useRef<string | null>(null);

  // The popover is keyed by word, so the first state already holds a cached answer.
  useEffect(() => {
    if (cache.has(cacheKey)) return;
    let cancelled = false;
    const query = new URLSearchParams({ w: target.word, cue: String(target.cue.id), i: String(target.position) });
    api
      .get<LookupResult>(`/api/lessons/${lessonId}/words?${query}`)
      .then((result) => {
        cache.set(cacheKey, result);
        if (!cancelled) setLookup({ status: "ready", result });
      })
      .catch(() => {
        if (!cancelled) setLookup({ status: "error" });
      });
    return () => {
      cancelled = true;
    };
  }, [api, cache, cacheKey, lessonId, target.word, target.cue.id, target.position]);

  /**
   * Where the panel goes. `makeRoom`: scroll the page so the line and the panel both fit (when the popup opens
   * and when its content arrives; never on the learner's own scrolling).
   */
  const place = useCallback(
    (makeRoom: boolean) => {
      const panel = panelRef.current;
      if (!panel) return;
      const block = target.block ?? target.anchor;
      // Its whole height, however much of the body scrolls inside it right now.
      const body = bodyRef.current;
      const natural = panel.offsetHeight + (body ? body.scrollHeight - body.clientHeight : 0);
      const top = headerBottom() + GAP;
      const bottom = window.innerHeight - GAP;

      if (window.innerWidth < SHEET_BELOW_WIDTH) {
        const maxHeight = Math.round(window.innerHeight * 0.58);
        const sheetTop = window.innerHeight - Math.min(natural, maxHeight);
        if (makeRoom) {
          const rect = block.getBoundingClientRect();
          if (rect.bottom > sheetTop - GAP)
            scrollContentBy(block, Math.min(rect.bottom - (sheetTop - GAP), rect.top - top));
          else if (rect.top < top) scrollContentBy(block, rect.top - top);
        }
        setPosition({ mode: "sheet", maxHeight });
        return;
      }

      let rect = block.getBoundingClientRect();
      const width = Math.min(POPOVER_WIDTH, window.innerWidth - 2 * GAP);
      const anchorRect = target.anchor.getBoundingClientRect();
      const centred = Math.min(
        Math.max(GAP, anchorRect.left + anchorRect.width / 2 - width / 2),
        window.innerWidth - width - GAP,
      );
      const below = bottom - (rect.bottom + GAP);
      const above = rect.top - GAP - top;
      if (natural <= below) {
        setPosition({ mode: "float", side: "below", top: rect.bottom + GAP, left: centred, maxHeight: null });
        return;
      }
      if (natural <= above) {
        setPosition({ mode: "float", side: "above", top: rect.top - GAP - natural, left: centred, maxHeight: null });
        return;
      }
      const sideTop = Math.min(Math.max(top, rect.top), Math.max(top, bottom - natural));
      const sideHeight = bottom - sideTop;
      if (rect.left - GAP - width >= GAP) {
        setPosition({
          mode: "float",
          side: "left",
          top: sideTop,
          left: rect.left - GAP - width,
          maxHeight: sideHeight,
        });
        return;
      }
      if (window.innerWidth - rect.right - GAP - width >= GAP) {
        setPosition({ mode: "float", side: "right", top: sideTop, left: rect.right + GAP, maxHeight: sideHeight });
        return;
      }
      // Neither fits whole: bring the line up (when asked) and use the room below it, scrolling inside.
      if (makeRoom && below < Math.min(natural, MIN_USEFUL_HEIGHT) && above < Math.min(natural, MIN_USEFUL_HEIGHT)) {
        scrollContentBy(block, rect.top - top);
        rect = block.getBoundingClientRect();
      }
      const roomBelow = bottom - (rect.bottom + GAP);
      const roomAbove = rect.top - GAP - top;
      if (roomBelow >= roomAbove) {
        setPosition({ mode: "float", side: "below", top: rect.bottom + GAP, left: centred, maxHeight: roomBelow });
      } else {
        const height = Math.min(natural, roomAbove);
        setPosition({ mode: "float", side: "above", top: rect.top - GAP - height, left: centred, maxHeight: height });
      }
    },
    [target.anchor, target.block],
  );

  useLayoutEffect(() => {
    // Room is made once per state of the content (loading, then the answer), not again on every render.
    const makeRoom = madeRoom.current !== lookup.status;
    madeRoom.current = lookup.status;
    place(makeRoom);
  }, [place, lookup.status]);

  useEffect(() => {
    panelRef.current?.focus({ preventScroll: true });
    const onScrollOrResize = () => place(false);
    const onPointerDown = (event: PointerEvent) => {
      const node = event.target as Node;
      if (panelRef.current?.contains(node) || target.anchor.contains(node)) return;
      onClose({ returnFocus: false });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      onClose({ returnFocus: true });
    };
    window.addEventListener("resize", onScrollOrResize);
    window.addEventListener("scroll", onScrollOrResize, true);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown, true);
    // The panel's content or the line's block can change size without a scroll or a resize (fonts, a reloaded
    // lesson figure, the player's layout): place it again then too.
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => place(false));
    if (resized) {
      if (panelRef.current) resized.observe(panelRef.current);
      resized.observe(target.block ?? target.anchor);
    }
    // …and the line can move without changing size (something above it grows as the page settles): one box
    // read a frame while the popup is open, placing it again when the line has moved.
    const block = target.block ?? target.anchor;
    let last = block.getBoundingClientRect();
    let frame = requestAnimationFrame(function follow() {
      const now = block.getBoundingClientRect();
      if (Math.abs(now.top - last.top) > 0.5 || Math.abs(now.left - last.left) > 0.5) place(false);
      last = now;
      frame = requestAnimationFrame(follow);
    });
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      window.removeEventListener("resize", onScrollOrResize);
      window.removeEventListener("scroll", onScrollOrResize, true);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown, true);
    };
  }, [onClose, place, target.anchor, target.block]);

  const update = (next: LookupResult) => {
    cache.set(cacheKey, next);
    setLookup({ status: "ready", result: next });
  };

  async function setStatus(result: TokenLookupResult, status: WordStatus, { refresh = true } = {}) {
    if (!result.lemma) return;
    if (guest) return guest.ask("keep track of the words you know");
    setPendingStatus(status);
    try {
      // Offline, the setting waits in the device's outbox; the latest setting by time wins (docs/offline.md).
      const offline = !navigator.onLine;
      if (offline) {
        await addEvent({
          kind: "word-status",
          id: crypto.randomUUID(),
          at: Date.now(),
          lemmaId: result.lemma.id,
          status,
        });
      } else {
        await api.put(`/api/words/${result.lemma.id}/status`, { status });
      }
      update({ ...result, status });
      onStatus(result.lemma.id, status);
      if (refresh && !offline) revalidate();
    } catch {
      // The JSON client already told the learner.
    } finally {
      setPendingStatus(null);
    }
  }

  async function save(result: LookupResult | null) {
    if (guest) return guest.ask("save this word");
    setSaving(true);
    try {
      if (result && isTokenResult(result)) {
        const { lemma, token } = result;
        await saveWord({
          arabic: lemma ? lemma.arabic : stripTashkeel(token.surface),
          transliteration: lemma?.transliteration ?? "",
          english: lemma?.meanings[0] ?? token.gloss,
          cueId: target.cue.id,
          startMs: target.cue.startMs,
        });
        const saved = { ...result, saved: true };
        update(saved);
        // A saved word is one being learned (docs/words.md "The popup").
        const current = lemma ? (statusOverrides.get(lemma.id) ?? result.status) : null;
        if (lemma && current === "new") await setStatus(saved, "learning", { refresh: false });
        revalidate();
        return;
      }
      const entry = result?.entry;
      const own = entry && result.match !== "phrase" ? entry : null;
      await saveWord({
        arabic: own ? own.arabic : stripTashkeel(target.word),
        transliteration: own?.transliteration ?? "",
        english: own?.english ?? "",
        cueId: target.cue.id,
        startMs: target.cue.startMs,
      });
      const base = result ?? { word: target.word, found: false, source: null, match: null, entry: null, saved: true };
      update({ ...base, saved: true });
      revalidate();
    } catch {
      // The JSON client already told the learner (toast, sign-in or checkout).
    } finally {
      setSaving(false);
    }
  }

  const result = lookup.status === "ready" ? lookup.result : null;
  const token = result && isTokenResult(result) ? result : null;
  const moment = token?.moment ?? { startMs: target.cue.startMs, endMs: target.cue.endMs };
  const sheet = position?.mode === "sheet";

  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-placement={position ? (position.mode === "sheet" ? "sheet" : position.side) : undefined}
      style={
        position?.mode === "sheet"
          ? { maxHeight: position.maxHeight }
          : {
              top: position?.top ?? -9999,
              left: position?.left ?? -9999,
              width: `min(${POPOVER_WIDTH}px, calc(100vw - ${2 * GAP}px))`,
              maxHeight: position?.maxHeight ?? undefined,
            }
      }
      className={cn(
        "fixed z-overlay flex flex-col overflow-hidden border border-line bg-white shadow-2xl ring-1 ring-black/5 outline-none",
        sheet ? "inset-x-0 bottom-0 rounded-t-2xl" : "rounded-xl",
      )}
    >
      {sheet ? (
        <div aria-hidden="true" className="absolute top-1.5 left-1/2 h-1 w-10 -translate-x-1/2 rounded-full bg-line" />
      ) : null}
      <div className={cn("flex shrink-0 items-start justify-between gap-3 px-4", "pt-3")}>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Word</p>
          <h3 id={headingId} lang="ar" dir="rtl" className="text-3xl leading-[1.5] font-semibold text-ink">
            {target.word}
          </h3>
        </div>
        <button
          type="button"
          onClick={() => onClose({ returnFocus: true })}
          aria-label="Close"
          className="-me-1.5 mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-canvas hover:text-ink"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>

      {/* The answer scrolls between the word and the buttons, which always stay in reach. */}
      <div ref={bodyRef} aria-live="polite" className="min-h-16 flex-1 overflow-y-auto overscroll-contain px-4 pb-3">
        {lookup.status === "loading" ? (
          <div className="space-y-2 pt-1" aria-label="Looking up the word">
            <span className="sr-only">Looking up…</span>
            <div className="h-4 w-24 animate-pulse rounded bg-canvas" />
            <div className="h-5 w-48 animate-pulse rounded bg-canvas" />
          </div>
        ) : lookup.status === "error" ? (
          <p className="text-sm text-red-700">We couldn't look this word up just now. Try again in a moment.</p>
        ) : token ? (
          <TokenAnswer result={token} scheme={scheme} />
        ) : result && !isTokenResult(result) ? (
          <WordAnswer result={result} scheme={scheme} />
        ) : null}
      </div>

      <div
        className={cn(
          "shrink-0 space-y-2.5 border-t border-line px-4 pt-3",
          sheet ? "pb-[max(0.75rem,env(safe-area-inset-bottom))]" : "pb-3",
        )}
      >
        <div className="flex flex-wrap items-center gap-2">
          {result?.saved ? (
            <p role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-800">
              <CheckIcon className="size-4" /> Saved in My words
            </p>
          ) : (
            <Button
              size="sm"
              onClick={() => void save(result)}
              disabled={saving || lookup.status === "loading"}
              className={cn(saving && "cursor-progress")}
            >
              <PlusIcon className="size-4" />
              {saving ? "Saving…" : "Save to my words"}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onHear(moment)}
            className="ms-auto"
            aria-label={`Hear it: play the line from ${formatDuration(moment.startMs / 1000)}`}
          >
            <PlayIcon className="size-3.5" />
            Hear it
          </Button>
        </div>
        {token?.lemma ? (
          <WordStatusButtons
            status={statusOverrides.get(token.lemma.id) ?? token.status}
            pending={pendingStatus}
            onChange={(status) => void setStatus(token, status)}
          />
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

/** A piece of the word: the Arabic as written, and what it does. */
function Piece({ form, kind, meaning }: { form: string; kind: string; meaning: string }) {
  return (
    <li className="flex min-w-0 flex-col items-center rounded-lg bg-canvas px-2 py-1 text-center ring-1 ring-line">
      <span lang="ar" dir="rtl" className="text-xl leading-8 text-ink">
        {form}
      </span>
      {meaning ? (
        <span dir="ltr" className="text-[12px] leading-snug text-ink">
          {meaning}
        </span>
      ) : null}
      <span dir="ltr" className="text-[11px] leading-snug text-muted">
        {kind}
      </span>
    </li>
  );
}

function TokenAnswer({ result, scheme }: { result: TokenLookupResult; scheme: TransliterationScheme }) {
  const { token, breakdown, lemma } = result;
  const split = breakdown.prefixes.length + breakdown.suffixes.length > 0;
  return (
    <div className="space-y-3">
      <section aria-label="In this sentence">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">In this sentence</p>
        {token.gloss ? (
          <p className="text-lg leading-snug font-medium text-ink" data-testid="word-gloss">
            {token.gloss}
          </p>
        ) : (
          <p className="text-sm leading-relaxed text-ink" data-testid="word-gloss-missing">
            <strong className="font-semibold">Not glossed in this sentence yet.</strong>{" "}
            <span className="text-muted">
              {lemma ? "Its meanings in the dictionary are below." : "The English line is your best clue."}
            </span>
          </p>
        )}
      </section>

      {split ? (
        <section aria-label="How the word is built">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">How it's built</p>
          {/* Right to left, as the word is written: the first prefix is on the right. */}
          <ol dir="rtl" className="mt-1 flex flex-wrap items-stretch gap-1.5">
            {breakdown.prefixes.map((piece, index) => (
              <Piece key={`p${index}`} form={`${piece.form}ـ`} kind="prefix" meaning={piece.meaning} />
            ))}
            <Piece form={breakdown.stem} kind="stem" meaning={lemma?.meanings[0] ?? ""} />
            {breakdown.suffixes.map((piece, index) => (
              <Piece key={`s${index}`} form={`ـ${piece.form}`} kind="ending" meaning={piece.meaning} />
            ))}
          </ol>
        </section>
      ) : null}

      {lemma ? (
        <section aria-label="In the dictionary" className="space-y-1.5">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">In the dictionary</p>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span lang="ar" dir="rtl" className="text-2xl leading-[1.6] text-ink">
              {lemma.arabic}
            </span>
            <span lang="ar-Latn" className="font-medium text-primary-800">
              {formatTransliteration(lemma.transliteration, scheme)}
            </span>
            <span className="text-xs text-muted">{partOfSpeechLabel(lemma)}</span>
          </p>
          {lemma.meanings.length > 0 ? (
            <ul aria-label="Meanings" className="flex flex-wrap gap-1.5 text-sm">
              {lemma.meanings.map((meaning) => (
                <li key={meaning} className="rounded-md bg-primary-50 px-2 py-0.5 text-ink">
                  {meaning}
                </li>
              ))}
            </ul>
          ) : null}
          <LemmaFacts lemma={lemma} compact />
          <Link
            to={lemmaHref(lemma)}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 underline-offset-2 hover:underline"
          >
            Where else you hear{" "}
            <span lang="ar" dir="rtl">
              {lemma.arabic}
            </span>
            <ArrowRightIcon className="size-3.5" />
          </Link>
        </section>
      ) : (
        <p className="text-sm text-muted">This word is not in the dictionary yet.</p>
      )}
    </div>
  );
}

function WordAnswer({ result, scheme }: { result: WordLookupResult; scheme: TransliterationScheme }) {
  const entry = result.entry;
  const sourceNote =
    result.match === "phrase"
      ? "Part of an expression in this lesson"
      : result.source === "lesson"
        ? "From this lesson's vocabulary"
        : result.source === "global"
          ? "From the Ahla dictionary"
          : null;
  if (!entry) {
    return (
      <p className="text-sm leading-relaxed text-ink">
        <strong className="font-semibold">No entry for this word yet.</strong>{" "}
        <span className="text-muted">
          The English line of this sentence is your best clue. You can still save it and add the meaning later.
        </span>
      </p>
    );
  }
  return (
    <div className="space-y-1">
      {entry.transliteration ? (
        <p lang="ar-Latn" className="text-base font-medium text-primary-800">
          {formatTransliteration(entry.transliteration, scheme)}
        </p>
      ) : null}
      <p className="text-lg leading-snug text-ink">{entry.english}</p>
      {result.match !== "exact" ? (
        <p className="text-sm text-muted">
          {result.match === "phrase" ? "In the expression " : "Dictionary form: "}
          <span lang="ar" dir="rtl" className="text-base text-ink">
            {entry.arabic}
          </span>
        </p>
      ) : null}
      {sourceNote ? <p className="pt-1 text-xs text-muted">{sourceNote}</p> : null}
    </div>
  );
}
