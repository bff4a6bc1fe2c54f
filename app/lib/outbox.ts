import type {
  ExerciseAnswerEvent,
  ProgressEvent,
  ReviewEvent,
  SaveWordEvent,
  WordStatusEvent,
} from "#core/schemas/sync";

// The device's outbox (docs/offline.md "Sync"): what the learner did that the server has not confirmed yet, kept in
// IndexedDB (one database per member) so a closed tab, a dead network or a failed sync loses nothing. Two stores:
// - `events`: append-only events (reviews, word statuses, saved words, exercise answers), keyed by their random id, deleted only once the server answered them;
// - `progress`: one playback stretch per lesson, grown while it plays, shrunk by what a sync confirmed.
// Browser only; every function is a no-op answer where IndexedDB is missing (a visitor's old browser).

/** One database per member (`ahla-outbox-u<id>`): what one member did is never sent under another's sign-in. */
const DB_PREFIX = "ahla-outbox-u";
const DB_VERSION = 1;

let owner: number | null = null;

/** The signed-in member whose outbox this page uses (set by the app's header as it renders; null: none). */
export function setOutboxOwner(userId: number | null): void {
  owner = userId;
}

/** The append-only kinds (progress has a store of its own). */
export type OutboxEvent = ReviewEvent | WordStatusEvent | SaveWordEvent | ExerciseAnswerEvent;

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

const opened = new Map<number, Promise<IDBDatabase | null>>();

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined" || owner === null) return Promise.resolve(null);
  const existing = opened.get(owner);
  if (existing) return existing;
  const opening = new Promise<IDBDatabase | null>((resolve) => {
    const request = indexedDB.open(`${DB_PREFIX}${owner}`, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains("events")) db.createObjectStore("events", { keyPath: "id" });
      if (!db.objectStoreNames.contains("progress")) db.createObjectStore("progress", { keyPath: "lessonId" });
    };
    request.onsuccess = () => {
      // Another page deleting this database (the member was signed out there) must not wait on this one.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    // Private modes may refuse IndexedDB: then nothing is kept, and the page says so by never counting.
    request.onerror = () => resolve(null);
  });
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
    const request = indexedDB.deleteDatabase(`${DB_PREFIX}${userId}`);
    request.onsuccess = request.onerror = () => resolve();
    // Another tab still has it open and was asked to close (onversionchange): it goes when that tab lets go.
    request.onblocked = () => resolve();
  });
  changed();
}

function done(transaction: IDBTransaction): Promise<void> {
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
  await done(transaction);
  changed();
}

export async function readOutbox(): Promise<{ events: OutboxEvent[]; progress: ProgressStretch[] }> {
  const db = await open();
  if (!db) return { events: [], progress: [] };
  const transaction = db.transaction(["events", "progress"], "readonly");
  const [events, progress] = await Promise.all([
    all<OutboxEvent>(transaction.objectStore("events").getAll()),
    all<ProgressStretch>(transaction.objectStore("progress").getAll()),
  ]);
  mirror.events = new Map(events.map((event) => [event.id, event]));
  mirror.progress = new Map(progress.map((stretch) => [stretch.lessonId, stretch]));
  return { events: events.sort((a, b) => a.at - b.at), progress };
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
  await done(transaction);
  changed();
}

/** Drops events the server answered (stored, or refused for good). */
export async function removeEvents(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const id of ids) mirror.events.delete(id);
  const db = await open();
  if (!db) return;
  const transaction = db.transaction("events", "readwrite");
  const store = transaction.objectStore("events");
  for (const id of ids) store.delete(id);
  await done(transaction);
  changed();
}

/**
 * What a sync confirmed of a lesson's stretch: gone when nothing was added meanwhile, otherwise only what came
 * after (its start moves to the confirmed end, its count loses the confirmed seconds).
 */
export async function confirmPlayback(sent: ProgressStretch): Promise<void> {
  const db = await open();
  if (!db) return;
  const transaction = db.transaction("progress", "readwrite");
  const store = transaction.objectStore("progress");
  const request = store.get(sent.lessonId);
  request.onsuccess = () => {
    const current = request.result as ProgressStretch | undefined;
    if (!current) return;
    if (current.version === sent.version) {
      store.delete(sent.lessonId);
      mirror.progress.delete(sent.lessonId);
      return;
    }
    const rest = {
      ...current,
      from: Math.max(current.from, sent.to),
      watchedSeconds: Math.max(0, current.watchedSeconds - sent.watchedSeconds),
    };
    store.put(rest);
    mirror.progress.set(sent.lessonId, rest);
  };
  await done(transaction);
  changed();
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
