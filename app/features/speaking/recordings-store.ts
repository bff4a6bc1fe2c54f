// The learner's shadowing recordings, kept on this device only (IndexedDB) unless the learner shares one for
// feedback (docs/speaking.md). Signing out deletes the database (the service worker does, as for downloads).
import { SPEAKING_DB as DB_NAME } from "~/sw/protocol";

const STORE = "recordings";

export interface Recording {
  id: string;
  /** The member who recorded it (null for a visitor): a shared device lists each member's own only. */
  ownerId: number | null;
  lessonId: number;
  lessonTitle: string;
  lessonPath: string;
  cueId: number;
  lineNumber: number;
  /** The line as written (Arabic), and its English, for the list. */
  arabic: string;
  english: string;
  startMs: number;
  /** The attempt's rhythm-and-melody match (0–100), when one could be computed. */
  match: number | null;
  mode: "repeat" | "overlap";
  createdAt: number;
  mimeType: string;
  audio: Blob;
  /** The community thread it was shared to for feedback, once shared (docs/speaking.md). */
  sharedHref?: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("This browser keeps no local recordings."));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: "id" });
      store.createIndex("createdAt", "createdAt");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("The recordings could not be opened."));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("The recordings could not be changed."));
    });
  } finally {
    db.close();
  }
}

export function saveRecording(recording: Recording): Promise<IDBValidKey> {
  return run("readwrite", (store) => store.put(recording));
}

/** One owner's recordings, newest first. */
export async function listRecordings(ownerId: number | null): Promise<Recording[]> {
  const all = await run<Recording[]>("readonly", (store) => store.getAll() as IDBRequest<Recording[]>);
  return all.filter((recording) => recording.ownerId === ownerId).sort((a, b) => b.createdAt - a.createdAt);
}

export function deleteRecording(id: string): Promise<undefined> {
  return run("readwrite", (store) => store.delete(id));
}

/** Every recording of this device (sign-out and account deletion leave nothing of the learner's voice). */
export function clearRecordings(): Promise<undefined> {
  return run("readwrite", (store) => store.clear());
}
