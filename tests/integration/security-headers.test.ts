import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import type { LoadContext } from "../../server/load-context";
import { signMediaUrl } from "../../server/services/media";
import { testApp, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);
const HSTS = "max-age=63072000; includeSubDomains";

beforeAll(async () => {
  await testEnv.MEDIA.put("videos/headers.mp4", new Uint8Array(64), { httpMetadata: { contentType: "video/mp4" } });
  await testEnv.MEDIA.put("attachments/headers.pdf", new Uint8Array(32), {
    httpMetadata: { contentType: "application/pdf" },
  });
});

describe("security headers on the Worker's non-HTML responses", () => {
  const app = testApp();

  it("give JSON API answers nosniff, the referrer policy and, on https only, HSTS", async () => {
    const secure = await app.request("https://ahla.test/api/me", {}, testEnv);
    expect(secure.status).toBe(401);
    expect(secure.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(secure.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(secure.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(secure.headers.get("Strict-Transport-Security")).toBe(HSTS);

    const plain = await app.request("http://127.0.0.1:8787/api/me", {}, testEnv);
    expect(plain.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(plain.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("keep a media object's Content-Type and add nosniff, the referrer policy and HSTS", async () => {
    const url = await signMediaUrl(ctx, { key: "videos/headers.mp4" });
    const response = await app.request(`https://ahla.test${url}`, { headers: { Range: "bytes=0-9" } }, testEnv);
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Strict-Transport-Security")).toBe(HSTS);
    expect(response.headers.get("Content-Disposition")).toBeNull();
  });

  it("keep an attachment a download: Content-Type, nosniff and Content-Disposition survive", async () => {
    const url = await signMediaUrl(ctx, { key: "attachments/headers.pdf", downloadName: "درس ١.pdf" });
    const response = await app.request(`https://ahla.test${url}`, {}, testEnv);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+"; filename\*=UTF-8''/);
    expect(response.headers.get("Strict-Transport-Security")).toBe(HSTS);
  });
});

describe("the Remix side of the Worker", () => {
  it("gives every request its own CSP nonce in the load context", async () => {
    const nonces: string[] = [];
    const app = createApp({
      remix: async (_request, context: LoadContext) => {
        nonces.push(context.cspNonce);
        return new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    });
    // A lesson page: never served from the public page cache, so both requests render.
    await app.request("https://ahla.test/video/1/a-lesson", {}, testEnv, createExecutionContext());
    await app.request("https://ahla.test/video/1/a-lesson", {}, testEnv, createExecutionContext());
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("fills in the baseline headers without overriding a route's own choice, even on immutable responses", async () => {
    const app = createApp({
      remix: async (request) =>
        new URL(request.url).pathname === "/feed"
          ? new Response("<rss/>", {
              headers: { "Content-Type": "application/rss+xml", "Referrer-Policy": "no-referrer" },
            })
          : Response.redirect("https://ahla.test/video-library", 302),
    });
    const feed = await app.request("https://ahla.test/feed", {}, testEnv, createExecutionContext());
    expect(feed.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(feed.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(feed.headers.get("Strict-Transport-Security")).toBe(HSTS);

    const redirect = await app.request("https://ahla.test/old", {}, testEnv, createExecutionContext());
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("https://ahla.test/video-library");
    expect(redirect.headers.get("Strict-Transport-Security")).toBe(HSTS);
    expect(redirect.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
