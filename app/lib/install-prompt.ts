/**
 * The browser's install offer (`beforeinstallprompt`), kept by the document's boot script (app/root.tsx) and
 * offered by the app once, after a finished lesson (app/features/offline/components/install-prompt.tsx).
 */

/** Chromium's event; not in TypeScript's DOM types. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

declare global {
  interface Window {
    __ahlaInstallPrompt?: InstallPromptEvent;
  }
}

/** Remembered on the device: the learner answered the offer (installed or "Not now"), so it is not made again. */
export const INSTALL_ANSWERED_KEY = "ahla:install-answered";

export function pendingInstallPrompt(): InstallPromptEvent | null {
  if (typeof window === "undefined") return null;
  try {
    if (window.localStorage.getItem(INSTALL_ANSWERED_KEY)) return null;
  } catch {
    return null;
  }
  return window.__ahlaInstallPrompt ?? null;
}

export function rememberInstallAnswer(outcome: string) {
  try {
    window.localStorage.setItem(INSTALL_ANSWERED_KEY, `${outcome}:${new Date().toISOString()}`);
  } catch {
    // Storage off: the offer may come back after the next finished lesson.
  }
  window.__ahlaInstallPrompt = undefined;
}
