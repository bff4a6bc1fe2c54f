import { SYNC_TAG, type OutboxOwner, type PageMessage, type WorkerMessage } from "~/sw/protocol";

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
  const online: PageMessage = { type: "ahla:online" };
  window.addEventListener("online", () => navigator.serviceWorker.controller?.postMessage(online));
}

/** Messages from the worker (`ahla:sync`, `ahla:synced`, `ahla:access`); returns the unsubscribe function. */
export function onWorkerMessage(listener: (message: WorkerMessage) => void): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => {};
  const fromWorker = (event: MessageEvent) => {
    const message = event.data as WorkerMessage | null;
    if (message && typeof message.type === "string") listener(message);
  };
  navigator.serviceWorker.addEventListener("message", fromWorker);
  return () => navigator.serviceWorker.removeEventListener("message", fromWorker);
}

/**
 * Asks the browser to wake the worker when the network is back, even with the tab closed (Chromium's Background
 * Sync), and tells the worker whose outbox it is (`OutboxOwner`). A no-op without a worker (`npm run dev`) or where
 * unsupported: the pages' own triggers (app/lib/sync.ts) still send it.
 */
export async function requestBackgroundSync(owner: OutboxOwner): Promise<boolean> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return false;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as
    (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  if (!registration?.active || !registration.sync) return false;
  const message: PageMessage = { type: "ahla:outbox-owner", ...owner };
  registration.active.postMessage(message);
  try {
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
