import { Hono } from "hono";
import { serveMedia, verifyMediaSignature } from "../services/media";
import type { AppEnv } from "./types";

/**
 * `/media/<key>?exp=&sig=`: signed R2 objects (docs/product-rules.md#media-signing). No cookie needed: the signature
 * is the grant.
 */
export function createMediaApp() {
  const media = new Hono<AppEnv>();
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
