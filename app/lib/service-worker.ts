import { SYNC_TAG, type WorkerMessage } from "~/sw/protocol";

/**
 * The page's side of the service worker (app/sw/service-worker.ts, docs/offline.md): registration, and the
 * hook the outbox uses to know when to send.
 */

/** Registers /sw.js for the whole site, in a build only (`npm run dev` serves no worker). */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      // A browser that refuses (private mode, storage off) still has the whole site online.
      console.warn("The service worker could not be registered", error);
    });
  // Its install downloads the precache: after the page has loaded, not beside hydration.
  if (document.readyState === "complete") setTimeout(register, 1000);
  else window.addEventListener("load", () => setTimeout(register, 1000), { once: true });
  // The worker cannot see the network come back; the page tells it, and it tells every open page.
  window.addEventListener("online", () => navigator.serviceWorker.controller?.postMessage({ type: "ahla:online" }));
}

/**
 * The outbox's hook: `send` runs when the network comes back (in this tab or another) and when a background
 * sync registered with `requestBackgroundSync` fires. Returns the unsubscribe function.
 */
export function onSyncRequested(send: (reason: "online" | "background-sync") => void): () => void {
  if (typeof window === "undefined") return () => {};
  const fromWorker = (event: MessageEvent) => {
    const message = event.data as WorkerMessage | null;
    if (message?.type === "ahla:sync") send(message.reason);
  };
  const online = () => send("online");
  navigator.serviceWorker?.addEventListener("message", fromWorker);
  window.addEventListener("online", online);
  return () => {
    navigator.serviceWorker?.removeEventListener("message", fromWorker);
    window.removeEventListener("online", online);
  };
}

/**
 * Asks the browser to wake the worker when the network is back, even with the tab closed (Chromium's
 * Background Sync); the worker then sends `ahla:sync` to the open pages. A no-op where unsupported.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!("serviceWorker" in navigator)) return false;
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync?: { register(tag: string): Promise<void> };
  };
  if (!registration.sync) return false;
  try {
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
