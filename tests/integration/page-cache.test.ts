import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { bumpPageCache, pageCacheGeneration, publicPageCacheKey } from "../../server/lib/page-cache";
import { documentSecurityHeaders } from "../../server/lib/security-headers";
import type { LoadContext } from "../../server/load-context";
import { testEnv } from "./helpers";

const origin = "https://ahla.test";

/** A Remix stand-in that renders a document the way entry.server does: a nonce on its scripts and in its policy. */
function pagesApp(options: { status?: (request: Request) => number; setCookie?: boolean; buildVersion?: string } = {}) {
  const rendered: string[] = [];
  let version = 1;
  const app = createApp({
    buildVersion: options.buildVersion ?? "build-1",
    remix: async (request: Request, context: LoadContext) => {
      const url = new URL(request.url);
      rendered.push(url.pathname + url.search);
      const status = options.status?.(request) ?? (request.method === "POST" ? 303 : 200);
      if (status === 303) version += 1; // a successful change
      const nonce = context.cspNonce;
      const headers = new Headers({
        "Content-Type": "text/html; charset=utf-8",
        ...documentSecurityHeaders({ request, config: context.app.config, nonce }),
      });
      if (options.setCookie) headers.set("Set-Cookie", "toast=hello; Path=/");
      if (status === 303) headers.set("Location", "/");
      return new Response(
        `<!DOCTYPE html><html><body><h1>${url.pathname} v${version}</h1><script nonce="${nonce}">window.x=1</script><script nonce="${nonce}" type="module" src="/assets/a.js"></script></body></html>`,
        { status, headers },
      );
    },
  });
  return { app, rendered };
}

async function get(app: ReturnType<typeof createApp>, path: string, headers: Record<string, string> = {}) {
  const executionCtx = createExecutionContext();
  const response = await app.request(`${origin}${path}`, { headers }, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { response, body };
}

async function post(app: ReturnType<typeof createApp>, path: string) {
  const executionCtx = createExecutionContext();
  const response = await app.request(
    `${origin}${path}`,
    { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" },
    testEnv,
    executionCtx,
  );
  await waitOnExecutionContext(executionCtx);
  return response;
}

const scriptNonces = (html: string) => [...html.matchAll(/<script nonce="([^"]+)"/g)].map((match) => match[1]);
const policyNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

beforeEach(async () => {
  // Each test starts from its own generation, so no page another test stored is read.
  await bumpPageCache(createAppContext(testEnv));
});

describe("anonymous public pages from the Cache API", () => {
  it("renders a visitor's landing page once, then serves the stored copy with a fresh nonce", async () => {
    const { app, rendered } = pagesApp();
    const first = await get(app, "/");
    const second = await get(app, "/");

    expect(rendered).toEqual(["/"]);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.body.replace(/nonce="[^"]+"/g, "")).toBe(first.body.replace(/nonce="[^"]+"/g, ""));
    // The browser still revalidates: only the edge keeps the page.
    expect(second.response.headers.get("Cache-Control")).toBe("no-cache");
    // No two responses share a nonce, and the hit's policy names the nonce its scripts carry.
    const nonce = policyNonce(second.response);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(policyNonce(first.response));
    expect(scriptNonces(second.body)).toEqual([nonce, nonce]);
    expect(second.response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("never serves a page stored by another build (its hashed assets are gone after a deploy)", async () => {
    const before = pagesApp({ buildVersion: "build-1" });
    await get(before.app, "/");
    expect((await get(before.app, "/")).response.headers.get("X-Page-Cache")).toBe("hit");
    const after = pagesApp({ buildVersion: "build-2" });
    expect((await get(after.app, "/")).response.headers.get("X-Page-Cache")).toBe("miss");
    expect(after.rendered).toEqual(["/"]);
  });

  it("caches every public page a visitor opens first, and the library per query in any parameter order", async () => {
    const { app, rendered } = pagesApp();
    for (const path of ["/faq", "/about", "/privacy-policy", "/terms-of-use", "/checkout", "/blog", "/blog/3/a-post"]) {
      await get(app, path);
      expect((await get(app, path)).response.headers.get("X-Page-Cache")).toBe("hit");
    }
    await get(app, "/video-library?level=beginner&q=kifak");
    expect((await get(app, "/video-library?q=kifak&level=beginner")).response.headers.get("X-Page-Cache")).toBe("hit");
    expect((await get(app, "/video-library?q=kifak")).response.headers.get("X-Page-Cache")).toBe("miss");
    expect(rendered.filter((path) => path.startsWith("/video-library"))).toHaveLength(2);
  });

  it("never stores or serves a stored page for a signed-in member, a pending message or any other cookie", async () => {
    const { app, rendered } = pagesApp();
    await get(app, "/faq");
    for (const cookie of ["token=abc", "toast=eyJ9", "google_oauth_state=x", "something=1"]) {
      const { response } = await get(app, "/faq", { Cookie: cookie });
      expect(response.headers.get("X-Page-Cache")).toBeNull();
    }
    expect(rendered).toHaveLength(5);
    // Cookies that cannot change the page (the D1 bookmark, the analytics ids) still get the stored copy.
    expect((await get(app, "/faq", { Cookie: "d1b=abc; _clck=1" })).response.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("leaves member, admin and data requests, errors and pages that set cookies to Remix every time", async () => {
    const { app, rendered } = pagesApp();
    for (const path of [
      "/courses",
      "/video/1/a-lesson",
      "/admin",
      "/auth/login",
      "/blog.data",
      "/video-library?_data=root",
    ]) {
      await get(app, path);
      expect((await get(app, path)).response.headers.get("X-Page-Cache")).toBeNull();
    }
    expect(rendered).toHaveLength(12);

    const missing = pagesApp({ status: () => 404 });
    await get(missing.app, "/blog/99/gone");
    await get(missing.app, "/blog/99/gone");
    expect(missing.rendered).toHaveLength(2);

    const flashing = pagesApp({ setCookie: true });
    await get(flashing.app, "/faq");
    const again = await get(flashing.app, "/faq");
    expect(again.response.headers.get("Set-Cookie")).toContain("toast=");
    expect(flashing.rendered).toHaveLength(2);
  });
});

describe("purge on publish", () => {
  it("a successful change in the admin area or on the blog shows on the next visitor request", async () => {
    const { app, rendered } = pagesApp();
    const before = (await get(app, "/faq")).body;
    expect(before).toContain("v1");

    expect((await post(app, "/admin/faqs/new")).status).toBe(303);
    const after = await get(app, "/faq");
    expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(after.body).toContain("v2");

    expect((await post(app, "/blog/3/a-post")).status).toBe(303);
    expect((await get(app, "/faq")).body).toContain("v3");
    expect(rendered.filter((path) => path === "/faq")).toHaveLength(3);
  });

  it("bumps the generation for admin API changes, but not for failed changes, reads or other members' writes", async () => {
    const ctx = createAppContext(testEnv);
    const start = await pageCacheGeneration(ctx);
    const failing = pagesApp({ status: () => 400 });
    await post(failing.app, "/admin/faqs/new");
    await post(failing.app, "/blog/3/a-post");
    const { app } = pagesApp();
    await post(app, "/flashcards/review");
    await get(app, "/admin/faqs");
    expect(await pageCacheGeneration(ctx)).toBe(start);

    // A cross-site attempt is refused before it reaches anything, and purges nothing.
    const executionCtx = createExecutionContext();
    const refused = await app.request(
      `${origin}/admin/faqs/new`,
      { method: "POST", headers: { Origin: "https://evil.example" } },
      testEnv,
      executionCtx,
    );
    expect(refused.status).toBe(403);
    expect(await pageCacheGeneration(ctx)).toBe(start);

    await post(app, "/admin/blogs/4");
    expect(await pageCacheGeneration(ctx)).toBe(start + 1);
  });

  it("keys only GET documents of the public pages", () => {
    expect(publicPageCacheKey(new Request(`${origin}/`, { method: "POST" }))).toBeNull();
    expect(publicPageCacheKey(new Request(`${origin}/blog/3/a-post/extra`))).toBeNull();
    expect(publicPageCacheKey(new Request(`${origin}/video-library?b=2&a=1&a=0`))?.toString()).toBe(
      `${origin}/video-library?a=0&a=1&b=2`,
    );
  });
});
