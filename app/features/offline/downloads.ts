import { splitArabicWords } from "#core/arabic";
import { downloadVerdict, type DownloadVerdict, type OfflineAccessRecord } from "#core/offline";
import {
  ACCESS_API,
  ACCESS_RECORD_URL,
  DOWNLOAD_RECORD_PREFIX,
  DOWNLOADS_CACHE,
  glossKey,
  META_CACHE,
  type DownloadRecord,
} from "~/sw/protocol";
import { formatBytes } from "./format-bytes";

/**
 * Downloading a lesson for offline use (docs/offline.md), in the page: loaded on demand by the lesson's
 * Download button and the Downloads page, never with the lesson page's first scripts. Everything goes to
 * Cache Storage, which the service worker (app/sw/service-worker.ts) answers from.
 */

/** What the lesson page knows of the lesson to download: what its record keeps, and where to fetch it. */
export interface DownloadSource extends Pick<
  DownloadRecord,
  "lessonId" | "title" | "titleAr" | "path" | "isFree" | "userId"
> {
  /** The signed URL the player uses. */
  videoUrl: string;
  posterUrl: string | null;
  captionUrls: string[];
  cues: Array<{ id: number; arabic: string }>;
}

export interface DownloadProgress {
  /** The video's bytes received, and its size when the server said it. */
  received: number;
  total: number | null;
  step: "video" | "extras" | "done";
}

/** A failed download, with the reason in the learner's words. */
export class DownloadError extends Error {}

const GLOSS_CONCURRENCY = 4;

export function offlineSupported(): boolean {
  return typeof window !== "undefined" && "caches" in window && "serviceWorker" in navigator;
}

export async function downloadLesson(
  source: DownloadSource,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadRecord> {
  if (!offlineSupported()) throw new DownloadError("This browser cannot keep lessons for offline use.");
  // Persistent storage keeps downloads from being evicted when the device runs short (granted or not, go on).
  void navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(DOWNLOADS_CACHE);
  const kept: string[] = [];
  let bytes = 0;
  const keep = async (key: string, response: Response) => {
    const copy = response.clone();
    await cache.put(key, response);
    kept.push(key);
    bytes += (await copy.blob()).size;
  };
  try {
    const mediaPath = new URL(source.videoUrl, location.href).pathname;
    const videoBytes = await keepVideo(cache, mediaPath, source.videoUrl, onProgress, signal);
    kept.push(mediaPath);
    bytes += videoBytes;
    onProgress({ received: videoBytes, total: videoBytes, step: "extras" });

    let posterPath: string | null = null;
    if (source.posterUrl) {
      posterPath = new URL(source.posterUrl, location.href).pathname;
      await keep(posterPath, await must(fetch(source.posterUrl, { signal }), "the poster"));
    }
    for (const url of source.captionUrls) await keep(url, await must(fetch(url, { signal }), "the captions"));
    await keepGlosses(source, keep, signal);
    const statuses = `/api/lessons/${source.lessonId}/word-statuses`;
    await keep(statuses, await must(fetch(statuses, { signal }), "your word statuses"));
    // The page itself and Remix's data for it, so it opens offline by address and by a link.
    await keep(source.path, await must(fetch(source.path, { signal }), "the lesson page"));
    const dataPath = `${source.path}.data`;
    await keep(dataPath, await must(fetch(dataPath, { signal }), "the lesson page"));

    const record: DownloadRecord = {
      lessonId: source.lessonId,
      title: source.title,
      titleAr: source.titleAr,
      path: source.path,
      isFree: source.isFree,
      userId: source.userId,
      mediaPath,
      posterPath,
      urls: kept,
      bytes,
      downloadedAt: Date.now(),
    };
    const meta = await caches.open(META_CACHE);
    await meta.put(`${DOWNLOAD_RECORD_PREFIX}${source.lessonId}`, Response.json(record));
    await confirmAccess();
    onProgress({ received: videoBytes, total: videoBytes, step: "done" });
    return record;
  } catch (error) {
    await Promise.all(kept.map((key) => cache.delete(key)));
    throw toDownloadError(error);
  }
}

/** The whole video, streamed into the cache under its unsigned path, counting the bytes as they arrive. */
async function keepVideo(
  cache: Cache,
  mediaPath: string,
  signedUrl: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<number> {
  const response = await must(fetch(signedUrl, { signal, cache: "no-store" }), "the video");
  if (response.status !== 200 || !response.body) throw new DownloadError("The server did not send the whole video.");
  const total = Number(response.headers.get("Content-Length")) || null;
  if (total !== null) await assertRoomFor(total);
  let received = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        onProgress({ received, total, step: "video" });
        controller.enqueue(chunk);
      },
    }),
  );
  const headers = new Headers({ "Content-Type": response.headers.get("Content-Type") ?? "video/mp4" });
  if (total !== null) headers.set("Content-Length", String(total));
  await cache.put(mediaPath, new Response(counted, { status: 200, headers }));
  return received;
}

/** Every word's gloss of the transcript, kept by line and place (what the popover asks for offline). */
async function keepGlosses(
  source: DownloadSource,
  keep: (key: string, response: Response) => Promise<void>,
  signal?: AbortSignal,
) {
  const wordsPath = `/api/lessons/${source.lessonId}/words`;
  const lookups = source.cues.flatMap((cue) =>
    splitArabicWords(cue.arabic)
      .filter((token) => token.isWord)
      .map((token, position) => ({ word: token.text, cue: String(cue.id), position: String(position) })),
  );
  let next = 0;
  const worker = async () => {
    while (next < lookups.length) {
      const lookup = lookups[next++]!;
      const query = new URLSearchParams({ w: lookup.word, cue: lookup.cue, i: lookup.position });
      const response = await must(fetch(`${wordsPath}?${query}`, { signal }), "the glosses");
      await keep(glossKey(wordsPath, lookup.cue, lookup.position), response);
    }
  };
  await Promise.all(Array.from({ length: Math.min(GLOSS_CONCURRENCY, lookups.length) }, worker));
}

async function must(pending: Promise<Response>, what: string): Promise<Response> {
  const response = await pending;
  if (response.ok) return response;
  if (response.status === 401) throw new DownloadError("Sign in again to download this lesson.");
  if (response.status === 402) throw new DownloadError("This lesson needs a subscription.");
  if (response.status === 403) throw new DownloadError("The video link has expired. Reload the page and try again.");
  throw new DownloadError(`The server could not send ${what} (error ${response.status}). Try again later.`);
}

async function assertRoomFor(bytes: number) {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate?.quota) return;
  const free = estimate.quota - (estimate.usage ?? 0);
  if (free < bytes) {
    throw new DownloadError(
      `Not enough space on this device: the video needs ${formatBytes(bytes)}, ${formatBytes(free)} is free.`,
    );
  }
}

function toDownloadError(error: unknown): DownloadError {
  if (error instanceof DownloadError) return error;
  if (error instanceof DOMException && error.name === "QuotaExceededError")
    return new DownloadError("Not enough space on this device. Delete a download and try again.");
  if (error instanceof DOMException && error.name === "AbortError")
    return new DownloadError("The download was cancelled.");
  if (typeof navigator !== "undefined" && !navigator.onLine)
    return new DownloadError("The connection dropped. Try again when you are online.");
  return new DownloadError("The download stopped: the connection failed. Try again.");
}

export async function listDownloads(): Promise<DownloadRecord[]> {
  if (!offlineSupported()) return [];
  const meta = await caches.open(META_CACHE);
  const records: DownloadRecord[] = [];
  for (const key of await meta.keys()) {
    if (!new URL(key.url).pathname.startsWith(DOWNLOAD_RECORD_PREFIX)) continue;
    const stored = await meta.match(key);
    if (stored) records.push((await stored.json()) as DownloadRecord);
  }
  return records.sort((a, b) => b.downloadedAt - a.downloadedAt);
}

export async function findDownload(lessonId: number): Promise<DownloadRecord | null> {
  if (!offlineSupported()) return null;
  const stored = await caches.match(`${DOWNLOAD_RECORD_PREFIX}${lessonId}`, { cacheName: META_CACHE });
  return stored ? ((await stored.json()) as DownloadRecord) : null;
}

export async function deleteDownload(record: DownloadRecord) {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all(record.urls.map((key) => cache.delete(key)));
  await (await caches.open(META_CACHE)).delete(`${DOWNLOAD_RECORD_PREFIX}${record.lessonId}`);
}

export async function readAccess(): Promise<OfflineAccessRecord | null> {
  const stored = await caches.match(ACCESS_RECORD_URL, { cacheName: META_CACHE });
  return stored ? ((await stored.json()) as OfflineAccessRecord) : null;
}

/**
 * Asks the server what the member may watch and records the answer (the worker records it too when it
 * controls the page). Offline, the last answer stands.
 */
export async function confirmAccess(): Promise<OfflineAccessRecord | null> {
  try {
    const response = await fetch(ACCESS_API, { cache: "no-store" });
    if (!response.ok) return readAccess();
    const { data } = (await response.json()) as { data: { userId: number; premium: boolean } };
    const record: OfflineAccessRecord = { userId: data.userId, premium: data.premium, confirmedAt: Date.now() };
    await (await caches.open(META_CACHE)).put(ACCESS_RECORD_URL, Response.json(record));
    return record;
  } catch {
    return readAccess();
  }
}

export function verdictOf(record: DownloadRecord, access: OfflineAccessRecord | null): DownloadVerdict {
  return downloadVerdict(record, access, Date.now());
}

/** Space used and left for this site (`navigator.storage.estimate()`), and whether it is persistent. */
export interface StorageSummary {
  usage: number | null;
  quota: number | null;
  persisted: boolean;
}

export async function storageSummary(): Promise<StorageSummary> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

export async function requestPersistence(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}
