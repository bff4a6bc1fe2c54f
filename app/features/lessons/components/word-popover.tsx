import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "~/components/ui/button";
import { stripTashkeel } from "#core/arabic";
import { cn } from "~/lib/cn";
import { formatDuration } from "#core/format";
import { formatTransliteration, type TransliterationScheme } from "#core/transliteration";
import { useApi } from "~/lib/use-api";
import { CheckIcon, CloseIcon, PlusIcon } from "~/components/icons";
import type { WordClick } from "./transcript";
import { useSaveWord } from "./use-save-word";

export interface WordLookupResult {
  word: string;
  found: boolean;
  source: "lesson" | "global" | null;
  match: "exact" | "base" | "phrase" | null;
  entry: { arabic: string; transliteration: string; english: string; startMs: number | null } | null;
  saved: boolean;
}

type Lookup = { status: "loading" } | { status: "ready"; result: WordLookupResult } | { status: "error" };

const POPOVER_WIDTH = 320;
const GAP = 8;

/** Lookups already made on this page, by lesson and word, so reopening a word is instant. */
export type WordCache = Map<string, WordLookupResult>;

/**
 * The meaning of a clicked word, next to it: transliteration, English, where the entry comes from, and
 * "Save to my words". A non-modal dialog: focus moves in, Escape or a click outside closes it and
 * focus returns to the word.
 */
export function WordPopover({
  lessonId,
  target,
  scheme,
  cache,
  onClose,
  onSeek,
}: {
  lessonId: number;
  target: WordClick;
  scheme: TransliterationScheme;
  cache: WordCache;
  onClose: (options?: { returnFocus?: boolean }) => void;
  onSeek: (ms: number) => void;
}) {
  const api = useApi();
  const saveWord = useSaveWord(lessonId);
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cacheKey = `${lessonId}:${stripTashkeel(target.word)}`;
  const [lookup, setLookup] = useState<Lookup>(() => {
    const cached = cache.get(cacheKey);
    return cached ? { status: "ready", result: cached } : { status: "loading" };
  });
  const [saving, setSaving] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number; placement: "below" | "above" } | null>(null);

  // The popover is keyed by word, so the first state already holds a cached answer.
  useEffect(() => {
    if (cache.has(cacheKey)) return;
    let cancelled = false;
    api
      .get<WordLookupResult>(`/api/lessons/${lessonId}/words?w=${encodeURIComponent(target.word)}`)
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
  }, [api, cache, cacheKey, lessonId, target.word]);

  const place = useCallback(() => {
    const rect = target.anchor.getBoundingClientRect();
    const panelHeight = panelRef.current?.offsetHeight ?? 200;
    const width = Math.min(POPOVER_WIDTH, window.innerWidth - 2 * GAP);
    const left = Math.min(Math.max(GAP, rect.left + rect.width / 2 - width / 2), window.innerWidth - width - GAP);
    const fitsBelow = rect.bottom + GAP + panelHeight <= window.innerHeight;
    const placement = fitsBelow || rect.top < panelHeight + GAP ? "below" : "above";
    const top = placement === "below" ? rect.bottom + GAP : rect.top - GAP - panelHeight;
    setPosition({ top, left, placement });
  }, [target.anchor]);

  useLayoutEffect(() => {
    place();
  }, [place, lookup.status]);

  useEffect(() => {
    panelRef.current?.focus();
    const onScrollOrResize = () => place();
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
    return () => {
      window.removeEventListener("resize", onScrollOrResize);
      window.removeEventListener("scroll", onScrollOrResize, true);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown, true);
    };
  }, [onClose, place, target.anchor]);

  async function save(result: WordLookupResult | null) {
    setSaving(true);
    try {
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
      const next = { ...base, saved: true };
      cache.set(cacheKey, next);
      setLookup({ status: "ready", result: next });
    } catch {
      // The JSON client already told the learner (toast, sign-in or checkout).
    } finally {
      setSaving(false);
    }
  }

  const result = lookup.status === "ready" ? lookup.result : null;
  const entry = result?.entry ?? null;
  const sourceNote =
    result?.match === "phrase"
      ? "Part of an expression in this lesson"
      : result?.source === "lesson"
        ? "From this lesson's vocabulary"
        : result?.source === "global"
          ? "From the Ahla dictionary"
          : null;

  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      style={{
        top: position?.top ?? -9999,
        left: position?.left ?? -9999,
        width: `min(${POPOVER_WIDTH}px, calc(100vw - ${2 * GAP}px))`,
      }}
      className="fixed z-overlay rounded-xl border border-line bg-white p-4 shadow-2xl ring-1 ring-black/5 outline-none"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Word</p>
          <h3 id={headingId} lang="ar" dir="rtl" className="text-3xl leading-[1.6] font-semibold text-ink">
            {target.word}
          </h3>
        </div>
        <button
          type="button"
          onClick={() => onClose({ returnFocus: true })}
          aria-label="Close"
          className="-me-1.5 -mt-1 inline-flex size-8 items-center justify-center rounded-lg text-muted hover:bg-canvas hover:text-ink"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>

      <div aria-live="polite" className="mt-1 min-h-16">
        {lookup.status === "loading" ? (
          <div className="space-y-2 pt-1" aria-label="Looking up the word">
            <span className="sr-only">Looking up…</span>
            <div className="h-4 w-24 animate-pulse rounded bg-canvas" />
            <div className="h-5 w-48 animate-pulse rounded bg-canvas" />
          </div>
        ) : lookup.status === "error" ? (
          <p className="text-sm text-red-700">We couldn't look this word up just now. Try again in a moment.</p>
        ) : entry ? (
          <div className="space-y-1">
            {entry.transliteration ? (
              <p lang="ar-Latn" className="text-base font-medium text-primary-800">
                {formatTransliteration(entry.transliteration, scheme)}
              </p>
            ) : null}
            <p className="text-lg leading-snug text-ink">{entry.english}</p>
            {result?.match !== "exact" ? (
              <p className="text-sm text-muted">
                {result?.match === "phrase" ? "In the expression " : "Dictionary form: "}
                <span lang="ar" dir="rtl" className="text-base text-ink">
                  {entry.arabic}
                </span>
              </p>
            ) : null}
            {sourceNote ? <p className="pt-1 text-xs text-muted">{sourceNote}</p> : null}
          </div>
        ) : (
          <p className="text-sm leading-relaxed text-ink">
            <strong className="font-semibold">No entry for this word yet.</strong>{" "}
            <span className="text-muted">
              The English line of this sentence is your best clue. You can still save it and add the meaning later.
            </span>
          </p>
        )}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3">
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
          variant="ghost"
          onClick={() => onSeek(target.cue.startMs)}
          className="ms-auto text-primary-800"
          aria-label={`Hear the line from ${formatDuration(target.cue.startMs / 1000)}`}
        >
          Hear it
        </Button>
      </div>
    </div>,
    document.body,
  );
}
