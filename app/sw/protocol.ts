/**
 * What the service worker (app/sw/service-worker.ts) and the pages share: the caches' names, the addresses of
 * the records kept in Cache Storage, and the messages they exchange (docs/offline.md). Nothing here touches
 * the DOM or the worker's scope, so both programs compile it.
 */
import type { SyncEventResult } from "#core/schemas/sync";

/** A downloaded lesson's files, each keyed by its URL without the media signature (`/media/<key>`). */
export const DOWNLOADS_CACHE = "ahla-downloads-v1";
/** The records: one per downloaded lesson (`DOWNLOAD_RECORD_PREFIX` + id) and the last access answer. */
export const META_CACHE = "ahla-offline-meta-v1";
/** Pages kept for offline use besides the lessons (the Downloads page). */
export const PAGES_CACHE = "ahla-pages-v1";
/** Hashed assets fetched at run time (the ones too big to precache, `/assets/*` only: immutable names). */
export const RUNTIME_ASSETS_CACHE = "ahla-assets-v1";
/** The precache of one build: this prefix and the build's version. */
export const PRECACHE_PREFIX = "ahla-precache-";

/** The shadowing recordings kept on the device (IndexedDB, app/features/speaking/recordings-store.ts). */
export const SPEAKING_DB = "ahla-speaking";

export const DOWNLOAD_RECORD_PREFIX = "/__offline/downloads/";
export const ACCESS_RECORD_URL = "/__offline/access";
/** Whose outbox the worker may send on a Background Sync, and under which device id (`OutboxOwner`). */
export const OUTBOX_OWNER_URL = "/__offline/outbox-owner";

/** Told by a page when it registers a Background Sync; deleted with the member's records at sign-out. */
export interface OutboxOwner {
  userId: number;
  device: string;
}
export const ACCESS_API = "/api/offline/access";
/** public/offline.html, at the address static assets serve it (without `.html`). */
export const OFFLINE_PAGE = "/offline";
/** Pages the worker keeps a copy of when a member opens them online, to show offline. */
export const OFFLINE_PAGES = ["/downloads"];

/** One downloaded lesson, as the Downloads page lists it and the worker checks it. */
export interface DownloadRecord {
  lessonId: number;
  title: string;
  titleAr: string;
  /** The lesson's canonical path: its page is kept under it. */
  path: string;
  isFree: boolean;
  /** The member who downloaded it: downloads belong to their membership. */
  userId: number;
  /** `/media/<key>` of the video, without the signature. */
  mediaPath: string;
  posterPath: string | null;
  /** Every URL kept for the lesson (page, media, poster, captions, glosses), to delete them together. */
  urls: string[];
  /** Bytes kept, the video's and the rest's. */
  bytes: number;
  downloadedAt: number;
}

/** Messages between the pages and the worker (`postMessage`). */
export type WorkerMessage =
  /** Worker → pages: the network is back or a background sync fired; send what waits (the outbox). */
  | { type: "ahla:sync"; reason: "background-sync" | "online" }
  /** Worker → pages: the worker sent the outbox itself (no page was visible); the server answered these events. */
  | { type: "ahla:synced"; results: SyncEventResult[] }
  /** Worker → pages: a premium download stopped (the access ended or could not be confirmed). */
  | { type: "ahla:access"; premium: boolean };

/** Page → worker. */
export type PageMessage =
  { type: "ahla:online" } | { type: "ahla:refresh-access" } | ({ type: "ahla:outbox-owner" } & OutboxOwner);

/**
 * The Background Sync tag a page registers when the outbox gets something while offline (or a sync failed): on
 * it, the worker asks a visible page to send, or sends the outbox itself (docs/offline.md "Background Sync").
 */
export const SYNC_TAG = "ahla-outbox";

/** `/media/<key>?exp=&sig=` → `/media/<key>`: downloads are kept without the expiring signature. */
export function unsignedMediaPath(url: string, base: string): string {
  return new URL(url, base).pathname;
}

/** Where a downloaded word lookup (`/api/lessons/<id>/words?w=&cue=&i=`) is kept: by line and place only. */
export function glossKey(wordsPath: string, cue: string | null, position: string | null): string {
  return `${wordsPath}?cue=${cue ?? ""}&i=${position ?? ""}`;
}
