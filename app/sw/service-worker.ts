/// <reference lib="webworker" />
/**
 * Ahla's service worker (docs/offline.md, ADR 043), bundled by scripts/build-service-worker.mjs at the end of
 * `npm run build` with this build's asset list, and served as /sw.js (scope /).
 *
 * - `/assets/*` (hashed, immutable): precached at install, served from the cache.
 * - Page navigations: always the network first (a member never gets a stale page online); offline, a
 *   downloaded lesson's page, a kept copy of the Downloads page, or /offline.html.
 * - `/media/*`: a downloaded file from the cache, keyed without the URL's signature, with Range answered
 *   (206) so the video seeks offline; a premium download only while the member's access is confirmed
 *   (core/offline.ts).
 * - A downloaded lesson's captions, glosses and word statuses: the network first, the kept copy offline.
 * - Background Sync (`sync`, Chromium): the outbox is sent when the network is back, by a visible page or, with
 *   none, by the worker itself (docs/offline.md "Background Sync").
 */
import { downloadVerdict, VERDICT_MESSAGES, type OfflineAccessRecord } from "#core/offline";
import {
  ACCESS_API,
  ACCESS_RECORD_URL,
  DOWNLOAD_RECORD_PREFIX,
  DOWNLOADS_CACHE,
  META_CACHE,
  OFFLINE_PAGE,
  OFFLINE_PAGES,
  OUTBOX_OWNER_URL,
  PAGES_CACHE,
  SPEAKING_DB,
  PRECACHE_PREFIX,
  RUNTIME_ASSETS_CACHE,
  SYNC_TAG,
  glossKey,
  type DownloadRecord,
  type OutboxOwner,
  type PageMessage,
  type WorkerMessage,
} from "./protocol";
import {
  confirmStretchInDb,
  EVENTS_PER_REQUEST,
  openOutboxDb,
  postSyncBatch,
  readOutboxDb,
  removeEventsFromDb,
  toProgressEvent,
} from "./outbox-store";
import { answerWithRange } from "./range";

declare const self: ServiceWorkerGlobalScope;
/** Filled in at build time: this build's precache list and its version (a hash of the list). */
declare const __PRECACHE_MANIFEST__: string[];
declare const __PRECACHE_VERSION__: string;

const PRECACHE = `${PRECACHE_PREFIX}${__PRECACHE_VERSION__}`;
/** Signing out: the page's form (a document POST, or Remix's fetch of its data URL) and the API's. */
const SIGN_OUT_PATHS = ["/auth/logout", "/auth/logout.data", "/api/auth/logout"];
/** Ask the server again about the member's access at most this often while pages are opened online. */
const ACCESS_REFRESH_MS = 60 * 60 * 1000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll(__PRECACHE_MANIFEST__);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PRECACHE_PREFIX) && name !== PRECACHE)
          .map((name) => caches.delete(name)),
      );
      // Navigations start their network request while the worker boots.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && SIGN_OUT_PATHS.includes(url.pathname)) {
    // Signing out takes the member's downloads, kept pages and shadowing recordings off the device.
    event.waitUntil(clearMemberData());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") return event.respondWith(navigate(event, url));
  if (url.pathname.startsWith("/assets/")) return event.respondWith(asset(request));
  if (url.pathname.startsWith("/media/")) return event.respondWith(media(request, url));
  if (url.pathname === ACCESS_API) return event.respondWith(accessAnswer(request));
  if (url.pathname.endsWith(".data") || /^\/api\/lessons\/\d+\/(words|word-statuses|captions\.vtt)$/.test(url.pathname))
    return event.respondWith(networkThenDownload(request, url));
});

// Background Sync's event is not in TypeScript's worker types: an ExtendableEvent with the registered tag. A
// rejected waitUntil makes the browser fire it again later (with backoff), so a failed send is retried.
self.addEventListener("sync", (syncEvent) => {
  const event = syncEvent as ExtendableEvent & { tag?: string };
  if (event.tag === SYNC_TAG) event.waitUntil(backgroundSync());
});

self.addEventListener("message", (event) => {
  const data = event.data as PageMessage | null;
  if (data?.type === "ahla:online") event.waitUntil(broadcast({ type: "ahla:sync", reason: "online" }));
  if (data?.type === "ahla:refresh-access") event.waitUntil(refreshAccess().then(() => undefined));
  if (data?.type === "ahla:outbox-owner" && Number.isSafeInteger(data.userId) && typeof data.device === "string") {
    const owner: OutboxOwner = { userId: data.userId, device: data.device };
    event.waitUntil(caches.open(META_CACHE).then((meta) => meta.put(OUTBOX_OWNER_URL, Response.json(owner))));
  }
});

/**
 * The network is back after the outbox got something offline. A visible page sends it itself (it shows the answers
 * where they were given); with none, the worker sends it and tells any page what the server answered.
 */
async function backgroundSync() {
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.some((client) => client.visibilityState === "visible")) {
    await broadcast({ type: "ahla:sync", reason: "background-sync" });
    return;
  }
  await sendOutbox();
}

/**
 * The page's sync (app/lib/sync.ts) without a page: the member's outbox in batches, each answered event removed
 * and each confirmed stretch shrunk, so a send cut off half way loses nothing. Only under the member's own
 * sign-in: the server's access answer must name the member whose outbox it is. Throws when the network or the
 * server failed (the browser retries).
 */
async function sendOutbox() {
  const stored = await caches.match(OUTBOX_OWNER_URL, { cacheName: META_CACHE });
  if (!stored) return; // signed out since (the records went with the downloads)
  const owner = (await stored.json()) as OutboxOwner;
  const response = await fetch(ACCESS_API, { credentials: "same-origin", cache: "no-store" });
  if (response.status === 401) return; // no sign-in: nothing may be sent
  const access = response.ok ? await recordAccess(response) : null;
  if (!access) throw new Error("The member's sign-in could not be checked; the browser tries again later.");
  if (access.userId !== owner.userId) return;
  const db = await openOutboxDb(owner.userId, { create: false });
  if (!db) return;
  try {
    const { events, progress } = await readOutboxDb(db);
    const stretches = new Map(progress.map((stretch) => [toProgressEvent(stretch).id, stretch]));
    const all = [...events, ...progress.map(toProgressEvent)];
    for (let index = 0; index < all.length; index += EVENTS_PER_REQUEST) {
      const answer = await postSyncBatch(owner.device, all.slice(index, index + EVENTS_PER_REQUEST));
      if (!answer) throw new Error("The outbox could not be sent; the browser tries again later.");
      const answered = answer.results.map((result) => result.id);
      await removeEventsFromDb(
        db,
        answered.filter((id) => !stretches.has(id)),
      );
      for (const id of answered) {
        const stretch = stretches.get(id);
        if (stretch) await confirmStretchInDb(db, stretch);
      }
      await broadcast({ type: "ahla:synced", results: answer.results });
    }
  } finally {
    db.close();
  }
}

async function broadcast(message: WorkerMessage) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

async function asset(request: Request): Promise<Response> {
  const cached = (await caches.match(request, { cacheName: PRECACHE })) ?? (await caches.match(request));
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(RUNTIME_ASSETS_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function navigate(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    const response = preloaded ?? (await fetch(event.request));
    if (response.ok && OFFLINE_PAGES.includes(url.pathname)) {
      const copy = response.clone();
      event.waitUntil(caches.open(PAGES_CACHE).then((cache) => cache.put(url.pathname, copy)));
    }
    event.waitUntil(refreshAccessIfDue());
    return response;
  } catch {
    const record = await findDownload((download) => download.path === url.pathname);
    if (record) {
      const verdict = await verdictFor(record);
      const page = verdict.playable ? await caches.match(url.pathname, { cacheName: DOWNLOADS_CACHE }) : undefined;
      if (page) return page;
    }
    const kept = await caches.match(url.pathname, { cacheName: PAGES_CACHE });
    if (kept) return kept;
    const offline = await caches.match(OFFLINE_PAGE);
    // A copy of a response that followed a redirect cannot answer a navigation: answer with its body.
    return offline ? new Response(offline.body, offline) : new Response("You are offline.", { status: 503 });
  }
}

async function media(request: Request, url: URL): Promise<Response> {
  const cached = await caches.match(url.pathname, { cacheName: DOWNLOADS_CACHE });
  if (!cached) return fetch(request);
  const record = await findDownload(
    (download) => download.mediaPath === url.pathname || download.posterPath === url.pathname,
  );
  if (record && record.mediaPath === url.pathname) {
    const verdict = await verdictFor(record);
    if (!verdict.playable) {
      // Online, the server decides (a member who subscribed again plays before the record catches up).
      try {
        return await fetch(request);
      } catch {
        return Response.json({ errors: [VERDICT_MESSAGES[verdict.reason]] }, { status: 403 });
      }
    }
  }
  return answerWithRange(request, cached);
}

/** Captions, glosses, word statuses and Remix's page data: the network first, a downloaded lesson's copy offline. */
async function networkThenDownload(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const key = offlineKey(url);
    const cached = await caches.match(key, { cacheName: DOWNLOADS_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/**
 * The key a downloaded lesson's file is kept under: Remix's page data by path (its `_routes` query varies), a
 * word's gloss by line and place (the word itself is sent with or without tashkeel, as the learner reads).
 */
function offlineKey(url: URL): string {
  if (url.pathname.endsWith(".data")) return url.pathname;
  if (url.pathname.endsWith("/words"))
    return glossKey(url.pathname, url.searchParams.get("cue"), url.searchParams.get("i"));
  return url.pathname + url.search;
}

/** The page's own question about access passes through, and the worker records the answer. */
async function accessAnswer(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) await recordAccess(response.clone());
  return response;
}

async function recordAccess(response: Response): Promise<OfflineAccessRecord | null> {
  const body = (await response.json().catch(() => null)) as { data?: { userId?: unknown; premium?: unknown } } | null;
  if (typeof body?.data?.userId !== "number" || typeof body.data.premium !== "boolean") return null;
  const record: OfflineAccessRecord = { userId: body.data.userId, premium: body.data.premium, confirmedAt: Date.now() };
  const meta = await caches.open(META_CACHE);
  await meta.put(ACCESS_RECORD_URL, Response.json(record));
  if (!record.premium) await broadcast({ type: "ahla:access", premium: false });
  return record;
}

async function readAccess(): Promise<OfflineAccessRecord | null> {
  const stored = await caches.match(ACCESS_RECORD_URL, { cacheName: META_CACHE });
  return stored ? ((await stored.json()) as OfflineAccessRecord) : null;
}

async function refreshAccess(): Promise<OfflineAccessRecord | null> {
  try {
    const response = await fetch(ACCESS_API, { credentials: "same-origin", cache: "no-store" });
    return response.ok ? await recordAccess(response) : null;
  } catch {
    return null; // offline: the last answer stands, for the grace period
  }
}

/** After an online navigation: ask again when there is something downloaded and the last answer is old. */
async function refreshAccessIfDue() {
  if (!(await findDownload(() => true))) return;
  const access = await readAccess();
  if (access && Date.now() - access.confirmedAt < ACCESS_REFRESH_MS) return;
  await refreshAccess();
}

async function verdictFor(record: DownloadRecord) {
  return downloadVerdict(record, await readAccess(), Date.now());
}

async function findDownload(test: (record: DownloadRecord) => boolean): Promise<DownloadRecord | null> {
  // Opening a cache creates it: after sign-out there is none to look in, and none is made.
  if (!(await caches.has(META_CACHE))) return null;
  const meta = await caches.open(META_CACHE);
  for (const key of await meta.keys()) {
    if (!new URL(key.url).pathname.startsWith(DOWNLOAD_RECORD_PREFIX)) continue;
    const stored = await meta.match(key);
    const record = stored ? ((await stored.json()) as DownloadRecord) : null;
    if (record && test(record)) return record;
  }
  return null;
}

async function clearMemberData() {
  await Promise.all([
    caches.delete(DOWNLOADS_CACHE),
    caches.delete(META_CACHE),
    caches.delete(PAGES_CACHE),
    deleteSpeakingRecordings(),
  ]);
}

/** The shadowing recordings (IndexedDB): the learner's voice leaves the device's storage with the sign-out. */
function deleteSpeakingRecordings(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(SPEAKING_DB);
    // Blocked by a page holding it open: the deletion still happens once that page closes it.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
