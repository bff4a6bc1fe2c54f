import { useSyncExternalStore } from "react";
import type { SyncEvent } from "#core/schemas/sync";
import { MAX_SYNC_EVENTS, MIN_SYNC_GAP_MS, type SyncAnswer, type SyncEventResult } from "#core/sync";
import { onWorkerMessage } from "./service-worker";
import { EVENTS_PER_REQUEST, postSyncBatch } from "~/sw/outbox-store";
import {
  confirmPlayback,
  deviceId,
  onOutboxChange,
  outboxSnapshot,
  readOutbox,
  removeEvents,
  toProgressEvent,
  waitingCount,
  wakeWhenOnline,
  type ProgressStretch,
} from "./outbox";

// Sending the outbox (app/lib/outbox.ts) to POST /api/sync (docs/offline.md "Sync"). Nothing here needs the
// service worker: the page sends when the network returns (`online`), when it becomes visible again, when it is
// left (`pagehide`, with a keepalive request), and when a caller asks (a lesson's timer, a pause, a review made
// offline). Where there is one, the worker adds Background Sync: it asks the pages to send (`ahla:sync`), or sends
// the outbox itself when no page is visible and tells them what was answered (`ahla:synced`). An event leaves the outbox only once the server answered it; everything the server does with a
// batch is idempotent, so a batch cut off half way, sent twice, or by two tabs at once is harmless.

export type SyncState = "synced" | "waiting" | "syncing" | "offline" | "failed";

export interface SyncStatus {
  state: SyncState;
  /** Things on this device the server has not confirmed yet. */
  waiting: number;
}

let status: SyncStatus = { state: "synced", waiting: 0 };
const watchers = new Set<() => void>();
function setStatus(next: Partial<SyncStatus>) {
  status = { ...status, ...next };
  for (const watcher of watchers) watcher();
}

const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

async function recount(failed = false) {
  const waiting = await waitingCount().catch(() => status.waiting);
  const state: SyncState = !isOnline() ? "offline" : failed ? "failed" : waiting > 0 ? "waiting" : "synced";
  setStatus({ waiting, state: flushing && state !== "offline" ? "syncing" : state });
}

/** Callers waiting for the server's answer to one event (an exercise answer's verdict). */
const waiters = new Map<string, (result: SyncEventResult) => void>();

/**
 * Resolves with the server's answer to this event when a sync of this page sends it. (Another tab's sync, or the
 * leave-time request, answers nobody here: the page then shows what the server stored when it is next loaded.)
 */
export function whenAnswered(id: string): Promise<SyncEventResult> {
  return new Promise((resolve) => waiters.set(id, resolve));
}

let flushing: Promise<void> | null = null;
let lastSync = 0;

function batches(events: SyncEvent[]): SyncEvent[][] {
  const chunks: SyncEvent[][] = [];
  const size = Math.min(EVENTS_PER_REQUEST, MAX_SYNC_EVENTS);
  for (let index = 0; index < events.length; index += size) chunks.push(events.slice(index, index + size));
  return chunks;
}

function send(events: SyncEvent[], keepalive: boolean): Promise<SyncAnswer | null> {
  return postSyncBatch(deviceId(), events, { keepalive });
}

/** Whoever sent them (this page or the worker): the events' callers hear their answers. */
function settleWaiters(results: readonly SyncEventResult[]) {
  for (const result of results) {
    waiters.get(result.id)?.(result);
    waiters.delete(result.id);
  }
}

async function flushNow(): Promise<void> {
  const { events, progress } = await readOutbox();
  if (events.length + progress.length === 0) return;
  const stretches = new Map<string, ProgressStretch>();
  const all: SyncEvent[] = [...events];
  for (const stretch of progress) {
    const event = toProgressEvent(stretch);
    stretches.set(event.id, stretch);
    all.push(event);
  }
  lastSync = Date.now();
  let failed = false;
  for (const chunk of batches(all)) {
    let answer: SyncAnswer | null = null;
    try {
      answer = await send(chunk, false);
    } catch {
      answer = null;
    }
    if (!answer) {
      failed = true;
      break;
    }
    // Every answered event is settled: stored (200) or refused for good (404, 422: the card or lesson is gone).
    const settled = answer.results.map((result) => result.id);
    await removeEvents(settled.filter((id) => !stretches.has(id)));
    settleWaiters(answer.results);
    for (const id of settled) {
      const stretch = stretches.get(id);
      if (stretch) await confirmPlayback(stretch);
    }
  }
  // Sent again on the next trigger, or by the worker when the browser sees the network (Background Sync).
  if (failed) wakeWhenOnline(true);
  await recount(failed);
}

/**
 * Sends the outbox now, unless a sync is running or (`respectGap`) the last one was under `MIN_SYNC_GAP_MS` ago.
 * Resolves when done; never throws.
 */
export function syncNow({ respectGap = false }: { respectGap?: boolean } = {}): Promise<void> {
  if (!isOnline()) {
    void recount();
    return Promise.resolve();
  }
  if (flushing) return flushing;
  if (respectGap && Date.now() - lastSync < MIN_SYNC_GAP_MS) return Promise.resolve();
  setStatus({ state: "syncing" });
  flushing = flushNow()
    .catch(() => recount(true))
    .finally(() => {
      flushing = null;
      void recount();
    });
  return flushing;
}

/**
 * The page is going away: the whole outbox in one request that outlives it (fetch keepalive), built at once from
 * what the page knows (`outboxSnapshot`; IndexedDB may not answer before the page is gone). Nothing is removed
 * here (no answer will be read): the next sync sends it again, which the server takes as a retry.
 */
export function syncOnLeave(): void {
  if (!isOnline()) return;
  const { events, progress } = outboxSnapshot();
  const all: SyncEvent[] = [...events, ...progress.map(toProgressEvent)];
  if (all.length === 0) return;
  lastSync = Date.now();
  send(all.slice(0, 100), true).catch(() => undefined);
}

let started = false;

/** Once per page: sync at start, when the network returns, when the page is shown again; leave-time request. */
export function startSync(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  onOutboxChange(() => void recount());
  window.addEventListener("online", () => void syncNow());
  window.addEventListener("offline", () => void recount());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void syncNow({ respectGap: true });
  });
  window.addEventListener("pagehide", syncOnLeave);
  onWorkerMessage((message) => {
    if (message.type === "ahla:sync") void syncNow();
    if (message.type === "ahla:synced") {
      settleWaiters(message.results);
      void recount();
    }
  });
  void syncNow();
}

function subscribe(watcher: () => void): () => void {
  startSync();
  watchers.add(watcher);
  void recount();
  return () => {
    watchers.delete(watcher);
  };
}

const SERVER_STATUS: SyncStatus = { state: "synced", waiting: 0 };

/** The sync status, kept current (for the status in the app's header). */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => SERVER_STATUS,
  );
}
