import { useCallback, useMemo, useSyncExternalStore } from "react";
import { DEFAULT_PREFERENCES, parseStoredPreferences, type PlayerPreferences } from "#core/player";

export { DEFAULT_PREFERENCES, parseStoredPreferences, type PlayerPreferences };

/** One key since the first player: parseStoredPreferences reads its older shapes (the single `captions` language). */
const STORAGE_KEY = "ahla.player.v1";

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
