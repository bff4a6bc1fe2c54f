/**
 * The outbox's IndexedDB database (docs/offline.md "Sync"), as both its users open it: the pages
 * (app/lib/outbox.ts, which keeps a mirror and tells the sync status) and the service worker, which sends it on a
 * Background Sync when no page is there to do it (app/sw/service-worker.ts). Nothing here touches the DOM or the
 * worker's scope.
 */
import type { ProgressEvent, SyncAnswer, SyncEvent } from "#core/schemas/sync";

/** One database per member (`ahla-outbox-u<id>`): what one member did is never sent under another's sign-in. */
export const OUTBOX_DB_PREFIX = "ahla-outbox-u";
const OUTBOX_DB_VERSION = 1;

/** A lesson's playback not confirmed yet. `version` grows with every change, so a sync knows what it sent. */
export interface ProgressStretch {
  lessonId: number;
  from: number;
  to: number;
  positionSeconds: number;
  durationSeconds?: number;
  watchedSeconds: number;
  version: number;
}

/** An append-only event as kept (every kind but progress, which has a store of its own). */
export type StoredEvent = Exclude<SyncEvent, ProgressEvent>;

/**
 * Opens a member's outbox; null where IndexedDB refuses (private modes) or, with `create: false`, where the member
 * has none (the worker never creates one).
 */
export function openOutboxDb(userId: number, { create }: { create: boolean }): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(`${OUTBOX_DB_PREFIX}${userId}`, OUTBOX_DB_VERSION);
    request.onupgradeneeded = () => {
      if (!create) {
        request.transaction?.abort();
        return;
      }
      const db = request.result;
      if (!db.objectStoreNames.contains("events")) db.createObjectStore("events", { keyPath: "id" });
      if (!db.objectStoreNames.contains("progress")) db.createObjectStore("progress", { keyPath: "lessonId" });
    };
    request.onsuccess = () => {
      // Another page deleting this database (the member was signed out there) must not wait on this one.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => resolve(null);
  });
}

export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB failed"));
  });
}

function all<T>(request: IDBRequest<T[]>): Promise<T[]> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB failed"));
  });
}

/** Everything waiting, events in time order. */
export async function readOutboxDb(db: IDBDatabase): Promise<{ events: StoredEvent[]; progress: ProgressStretch[] }> {
  const transaction = db.transaction(["events", "progress"], "readonly");
  const [events, progress] = await Promise.all([
    all<StoredEvent>(transaction.objectStore("events").getAll()),
    all<ProgressStretch>(transaction.objectStore("progress").getAll()),
  ]);
  return { events: events.sort((a, b) => a.at - b.at), progress };
}

export async function removeEventsFromDb(db: IDBDatabase, ids: readonly string[]): Promise<void> {
  const transaction = db.transaction("events", "readwrite");
  const store = transaction.objectStore("events");
  for (const id of ids) store.delete(id);
  await transactionDone(transaction);
}

/**
 * What a sync confirmed of a lesson's stretch: gone when nothing was added meanwhile (null), otherwise only what came
 * after (its start moves to the confirmed end, its count loses the confirmed seconds), which is returned; undefined
 * when there was none.
 */
export async function confirmStretchInDb(
  db: IDBDatabase,
  sent: ProgressStretch,
): Promise<ProgressStretch | null | undefined> {
  const transaction = db.transaction("progress", "readwrite");
  const store = transaction.objectStore("progress");
  const request = store.get(sent.lessonId);
  let outcome: ProgressStretch | null | undefined;
  request.onsuccess = () => {
    const current = request.result as ProgressStretch | undefined;
    if (!current) return;
    if (current.version === sent.version) {
      store.delete(sent.lessonId);
      outcome = null;
      return;
    }
    outcome = {
      ...current,
      from: Math.max(current.from, sent.to),
      watchedSeconds: Math.max(0, current.watchedSeconds - sent.watchedSeconds),
    };
    store.put(outcome);
  };
  await transactionDone(transaction);
  return outcome;
}

export function toProgressEvent(stretch: ProgressStretch): ProgressEvent {
  return {
    kind: "progress",
    // One id per state of the stretch: the server does not need it to be idempotent, the results do.
    id: `p-${stretch.lessonId}-${stretch.version}-${stretch.from}`,
    lessonId: stretch.lessonId,
    positionSeconds: stretch.positionSeconds,
    durationSeconds: stretch.durationSeconds,
    watchedSeconds: Math.round(stretch.watchedSeconds * 1000) / 1000,
    from: stretch.from,
    to: Math.max(stretch.from, stretch.to),
  };
}

/** Keepalive requests may carry 64 KB: 100 events a request stay well under it (the server takes 200). */
export const EVENTS_PER_REQUEST = 100;

/** The whole request body of one batch. */
export function syncBody(device: string, events: SyncEvent[]): string {
  return JSON.stringify({ device, sentAt: Date.now(), events });
}

/** `POST /api/sync` with one batch; null when it was not answered (network, server, sign-in). */
export async function postSyncBatch(
  device: string,
  events: SyncEvent[],
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<SyncAnswer | null> {
  const response = await fetch("/api/sync", {
    method: "POST",
    credentials: "same-origin",
    keepalive,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: syncBody(device, events),
  });
  if (!response.ok) return null;
  return ((await response.json()) as { data: SyncAnswer }).data;
}
