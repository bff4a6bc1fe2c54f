import {
  confirmStretchInDb,
  OUTBOX_DB_PREFIX,
  openOutboxDb,
  readOutboxDb,
  removeEventsFromDb,
  transactionDone,
  type ProgressStretch,
  type StoredEvent,
} from "~/sw/outbox-store";
import { requestBackgroundSync } from "./service-worker";

export { toProgressEvent, type ProgressStretch } from "~/sw/outbox-store";

// The device's outbox (docs/offline.md "Sync"): what the learner did that the server has not confirmed yet, kept in
// IndexedDB (one database per member) so a closed tab, a dead network or a failed sync loses nothing. Two stores:
// - `events`: append-only events (reviews, word statuses, saved words, exercise answers), keyed by their random id, deleted only once the server answered them;
// - `progress`: one playback stretch per lesson, grown while it plays, shrunk by what a sync confirmed.
// Browser only; every function is a no-op answer where IndexedDB is missing (a visitor's old browser).

let owner: number | null = null;

/** The signed-in member whose outbox this page uses (set by the app's header as it renders; null: none). */
export function setOutboxOwner(userId: number | null): void {
  owner = userId;
}

/** The append-only kinds (progress has a store of its own). */
export type OutboxEvent = StoredEvent;

const opened = new Map<number, Promise<IDBDatabase | null>>();

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined" || owner === null) return Promise.resolve(null);
  const existing = opened.get(owner);
  if (existing) return existing;
  // Private modes may refuse IndexedDB: then nothing is kept, and the page says so by never counting.
  const opening = openOutboxDb(owner, { create: true });
  opened.set(owner, opening);
  return opening;
}

/**
 * Deletes a member's outbox: what they did on this device and the server has not confirmed is dropped (their
 * sign-out, docs/offline.md "How to clear"). Resolves once deleted, or at once where there is no IndexedDB.
 */
export async function deleteOutbox(userId: number): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  const open = await opened.get(userId);
  opened.delete(userId);
  open?.close();
  if (owner === userId) {
    // Nothing of theirs is written again (a count on this page would otherwise reopen the database).
    owner = null;
    mirror = { events: new Map(), progress: new Map() };
  }
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(`${OUTBOX_DB_PREFIX}${userId}`);
    request.onsuccess = request.onerror = () => resolve();
    // Another tab still has it open and was asked to close (onversionchange): it goes when that tab lets go.
    request.onblocked = () => resolve();
  });
  changed();
}

/**
 * Written while offline: the browser is asked to wake the worker when the network is back (Background Sync), so the
 * outbox is sent even if every tab is closed by then. Also called when a sync fails.
 */
export function wakeWhenOnline(force = false): void {
  if (owner === null || (!force && (typeof navigator === "undefined" || navigator.onLine !== false))) return;
  void requestBackgroundSync({ userId: owner, device: deviceId() });
}

const listeners = new Set<() => void>();
/** Called whenever the outbox changes (the sync status counts again). */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed() {
  for (const listener of listeners) listener();
}

/**
 * What this page knows of the outbox, kept in step synchronously with every change it makes (and refreshed from
 * IndexedDB by `readOutbox`, which sees other tabs' too): the leave-time request is built from it at once, without
 * waiting for IndexedDB while the page goes away.
 */
let mirror = { events: new Map<string, OutboxEvent>(), progress: new Map<number, ProgressStretch>() };

export function outboxSnapshot(): { events: OutboxEvent[]; progress: ProgressStretch[] } {
  return { events: [...mirror.events.values()], progress: [...mirror.progress.values()] };
}

function merged(
  current: ProgressStretch | undefined,
  lessonId: number,
  update: { at: number; positionSeconds: number; durationSeconds?: number; watchedSeconds: number; since: number },
): ProgressStretch {
  return {
    lessonId,
    from: current ? Math.min(current.from, update.since) : update.since,
    to: Math.max(current?.to ?? 0, update.at),
    positionSeconds: update.positionSeconds,
    durationSeconds: update.durationSeconds ?? current?.durationSeconds,
    watchedSeconds: (current?.watchedSeconds ?? 0) + update.watchedSeconds,
    version: (current?.version ?? 0) + 1,
  };
}

export async function addEvent(event: OutboxEvent): Promise<void> {
  if (owner !== null) mirror.events.set(event.id, event);
  const db = await open();
  if (!db) return;
  const transaction = db.transaction("events", "readwrite");
  transaction.objectStore("events").put(event);
  await transactionDone(transaction);
  changed();
  wakeWhenOnline();
}

export async function readOutbox(): Promise<{ events: OutboxEvent[]; progress: ProgressStretch[] }> {
  const db = await open();
  if (!db) return { events: [], progress: [] };
  const { events, progress } = await readOutboxDb(db);
  mirror.events = new Map(events.map((event) => [event.id, event]));
  mirror.progress = new Map(progress.map((stretch) => [stretch.lessonId, stretch]));
  return { events, progress };
}

/** How many things wait: each event, and each lesson with playback not confirmed. */
export async function waitingCount(): Promise<number> {
  const { events, progress } = await readOutbox();
  return events.length + progress.length;
}

/** Adds playback to a lesson's stretch (in one transaction, so two tabs of one lesson add up). */
export async function addPlayback(
  lessonId: number,
  update: { at: number; positionSeconds: number; durationSeconds?: number; watchedSeconds: number; since: number },
): Promise<void> {
  if (owner !== null) mirror.progress.set(lessonId, merged(mirror.progress.get(lessonId), lessonId, update));
  const db = await open();
  if (!db) return;
  const transaction = db.transaction("progress", "readwrite");
  const store = transaction.objectStore("progress");
  const request = store.get(lessonId);
  request.onsuccess = () => {
    const next = merged(request.result as ProgressStretch | undefined, lessonId, update);
    store.put(next);
    mirror.progress.set(lessonId, next);
  };
  await transactionDone(transaction);
  changed();
  wakeWhenOnline();
}

/** Drops events the server answered (stored, or refused for good). */
export async function removeEvents(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const id of ids) mirror.events.delete(id);
  const db = await open();
  if (!db) return;
  await removeEventsFromDb(db, ids);
  changed();
}

/** What a sync confirmed of a lesson's stretch (`confirmStretchInDb`), in the mirror too. */
export async function confirmPlayback(sent: ProgressStretch): Promise<void> {
  const db = await open();
  if (!db) return;
  const rest = await confirmStretchInDb(db, sent);
  if (rest === null) mirror.progress.delete(sent.lessonId);
  else if (rest) mirror.progress.set(sent.lessonId, rest);
  changed();
}

const DEVICE_KEY = "ahla-device";

/** This browser's random id, chosen once: it names the device an offline review was made on. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const fresh = `d-${crypto.randomUUID()}`;
    localStorage.setItem(DEVICE_KEY, fresh);
    return fresh;
  } catch {
    return "d-unknown-device";
  }
}
