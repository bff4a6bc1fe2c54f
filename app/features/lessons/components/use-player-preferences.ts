import { useCallback, useMemo, useSyncExternalStore } from "react";
import { CAPTION_LANGUAGES, PLAYBACK_RATES, type CaptionLanguage } from "#core/player";
import type { TransliterationScheme } from "#core/transliteration";

export interface PlayerPreferences {
  showArabic: boolean;
  showTransliteration: boolean;
  showEnglish: boolean;
  tashkeel: boolean;
  /** Null: the scheme from the learner's profile. */
  scheme: TransliterationScheme | null;
  autoPause: boolean;
  rate: number;
  /** Captions drawn on the video (useful in full screen); the transcript is beside it anyway. */
  captions: CaptionLanguage | "off";
  followActiveLine: boolean;
  /** Colour each transcript word by the member's status for it (docs/words.md "The popup"). */
  tintWords: boolean;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  showArabic: true,
  showTransliteration: true,
  showEnglish: true,
  tashkeel: true,
  scheme: null,
  autoPause: false,
  rate: 1,
  captions: "off",
  followActiveLine: true,
  tintWords: false,
};

const STORAGE_KEY = "ahla.player.v1";

/** Reads stored choices, keeping only values that are still valid (an old or hand-edited entry never breaks the player). */
export function parseStoredPreferences(raw: string | null): Partial<PlayerPreferences> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object") return {};
  const stored = value as Record<string, unknown>;
  const result: Partial<PlayerPreferences> = {};
  for (const key of [
    "showArabic",
    "showTransliteration",
    "showEnglish",
    "tashkeel",
    "autoPause",
    "followActiveLine",
    "tintWords",
  ] as const) {
    if (typeof stored[key] === "boolean") result[key] = stored[key];
  }
  if (stored.scheme === "romanized" || stored.scheme === "arabizi" || stored.scheme === null)
    result.scheme = stored.scheme;
  if (typeof stored.rate === "number" && (PLAYBACK_RATES as readonly number[]).includes(stored.rate))
    result.rate = stored.rate;
  if (stored.captions === "off" || (CAPTION_LANGUAGES as readonly unknown[]).includes(stored.captions)) {
    result.captions = stored.captions as PlayerPreferences["captions"];
  }
  return result;
}

const listeners = new Set<() => void>();
/** Choices made while storage refuses writes: kept for this page. */
let memory: string | null = null;

function readStored(): string | null {
  if (memory !== null) return memory;
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private mode, policies): the defaults are fine.
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * Display choices of the player, remembered in localStorage (and shared by open tabs). The server
 * renders the defaults; stored choices apply right after hydration.
 */
export function usePlayerPreferences() {
  const raw = useSyncExternalStore(subscribe, readStored, () => null);
  const preferences = useMemo<PlayerPreferences>(
    () => ({ ...DEFAULT_PREFERENCES, ...parseStoredPreferences(raw) }),
    [raw],
  );

  const update = useCallback((patch: Partial<PlayerPreferences>) => {
    const next = { ...DEFAULT_PREFERENCES, ...parseStoredPreferences(readStored()), ...patch };
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Not remembered: keep it for this page at least.
      memory = JSON.stringify(next);
    }
    for (const listener of listeners) listener();
  }, []);

  return [preferences, update] as const;
}
