import { Hono } from "hono";
import { serveHls } from "../services/hls";
import { serveMedia, verifyMediaSignature } from "../services/media";
import type { AppEnv } from "./types";

/** The edge cache (Cloudflare's `caches.default`); absent where the runtime has none. */
function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/**
 * `/media/<key>?exp=&sig=`: signed R2 objects (docs/product-rules.md#media-signing). No cookie needed: the signature
 * is the grant. `/media/hls/…`: a lesson's adaptive-streaming package, signed for one viewer (docs/video.md).
 */
export function createMediaApp() {
  const media = new Hono<AppEnv>();
  media.on(["GET", "HEAD"], "/hls/*", async (c) => {
    let waitUntil: ((promise: Promise<unknown>) => void) | undefined;
    try {
      const executionCtx = c.executionCtx;
      waitUntil = (promise) => executionCtx.waitUntil(promise);
    } catch {
      // No execution context (Hono's app.request in tests): the cache write simply runs on its own.
    }
    return serveHls(c.get("app"), c.req.raw, { cache: edgeCache(), waitUntil });
  });
  media.on(["GET", "HEAD"], "/*", async (c) => {
    const ctx = c.get("app");
    const url = new URL(c.req.url);
    let key: string;
    try {
      key = decodeURIComponent(url.pathname.replace(/^\/media\//, ""));
    } catch {
      return c.json({ errors: ["Unknown media."] }, 404);
    }
    const check = await verifyMediaSignature(ctx, { key, params: url.searchParams });
    if (!check.ok) return c.json({ errors: [check.reason] }, 403);
    return serveMedia(ctx, { request: c.req.raw, key, check });
  });
  return media;
}
