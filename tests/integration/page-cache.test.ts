import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { signToken } from "../../server/lib/jwt";
import { bumpPageCache, pageCacheGeneration, publicPageCacheKey, servePublicPage } from "../../server/lib/page-cache";
import { documentSecurityHeaders } from "../../server/lib/security-headers";
import type { LoadContext } from "../../server/load-context";
import { createSession } from "../../server/services/auth";
import { createUser, testEnv } from "./helpers";

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
      // Like the real root loader, the page says who it was rendered for.
      const user = await context.getUser();
      const who = user ? `${user.name} &lt;${user.email}&gt;${user.permissions.length ? " admin" : ""}` : "a visitor";
      const headers = new Headers({
        "Content-Type": "text/html; charset=utf-8",
        ...documentSecurityHeaders({ request, config: context.app.config, nonce }),
      });
      if (options.setCookie) headers.set("Set-Cookie", "toast=hello; Path=/");
      if (status === 303) headers.set("Location", "/");
      return new Response(
        `<!DOCTYPE html><html><body><h1>${url.pathname} v${version}</h1><p>For ${who}</p><script nonce="${nonce}">window.x=1</script><script nonce="${nonce}" type="module" src="/assets/a.js"></script></body></html>`,
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

describe("a credential in any carrier keeps a request out of the shared cache", () => {
  // Outside attack: a public page asked for with `Authorization: Bearer <member token>` was rendered as that
  // member and stored for every visitor. Any credential, good or bad, in the cookie or a header, now means no
  // read and no write of the shared cache, and a page for the cache is rendered from its URL alone.
  const CACHED_PAGES = [
    "/",
    "/about",
    "/faq",
    "/privacy-policy",
    "/terms-of-use",
    "/checkout",
    "/blog",
    "/blog/3/a-post",
    "/video-library",
    "/video-library?level=beginner&q=kifak",
  ];
  type Carrier = { name: string; headers: Record<string, string> };
  let carriers: Carrier[] = [];

  beforeAll(async () => {
    const ctx = createAppContext(testEnv);
    const member = await createUser({ name: "Rana Member" });
    const admin = await createUser({ name: "Adam Admin", permissions: [ADMIN_PERMISSION] });
    const memberToken = (await createSession(ctx, member.id)).token;
    const adminToken = (await createSession(ctx, admin.id)).token;
    const { sessionId } = await createSession(ctx, member.id);
    const expired = await signToken(
      { userId: member.id, sessionId, permissions: [], expiresAt: new Date(Date.now() - 60_000) },
      testEnv.JWT_SECRET!,
    );
    const forged = await signToken(
      { userId: admin.id, sessionId, permissions: [ADMIN_PERMISSION], expiresAt: new Date(Date.now() + 60_000) },
      "not-the-secret-not-the-secret-not-the-secret",
    );
    const tokens = { member: memberToken, admin: adminToken, expired, forged, garbage: "abc.def" };
    carriers = [
      ...Object.entries(tokens).flatMap(([kind, token]): Carrier[] => [
        { name: `${kind} token in the cookie`, headers: { Cookie: `token=${token}; d1b=x` } },
        { name: `${kind} token as Bearer`, headers: { Authorization: `Bearer ${token}` } },
        { name: `${kind} token raw in Authorization`, headers: { Authorization: token } },
      ]),
      { name: "an empty session cookie", headers: { Cookie: "token=" } },
      { name: "an empty Authorization header", headers: { Authorization: "" } },
      { name: "Basic credentials", headers: { Authorization: "Basic YWRtaW46YWRtaW4=" } },
    ];
  });

  it("neither writes nor reads the cache, on every cached page, for every carrier", async () => {
    const { app, rendered } = pagesApp();
    for (const path of CACHED_PAGES) {
      for (const carrier of carriers) {
        const { response, body } = await get(app, path, carrier.headers);
        expect(response.headers.get("X-Page-Cache"), `${path}, ${carrier.name}`).toBeNull();
        expect(response.headers.get("Cache-Control"), `${path}, ${carrier.name}`).toBe("private, no-store");
        if (carrier.name.startsWith("member token")) expect(body).toContain("Rana Member");
        if (carrier.name.startsWith("admin token")) expect(body).toContain("Adam Admin");
      }
      // Nothing the carriers rendered was stored: the first visitor renders the page for a visitor.
      const first = await get(app, path);
      expect(first.response.headers.get("X-Page-Cache"), path).toBe("miss");
      expect(first.body).toContain("For a visitor");
      expect((await get(app, path)).response.headers.get("X-Page-Cache"), path).toBe("hit");
      // With a visitor's copy stored, a caller with a credential still gets their own render, never the copy.
      const before = rendered.length;
      for (const carrier of carriers) {
        const { response } = await get(app, path, carrier.headers);
        expect(response.headers.get("X-Page-Cache"), `${path}, ${carrier.name}`).toBeNull();
      }
      expect(rendered.length - before).toBe(carriers.length);
      const after = await get(app, path);
      expect(after.response.headers.get("X-Page-Cache")).toBe("hit");
      expect(after.body).not.toMatch(/Rana Member|Adam Admin|admin/);
    }
  });

  it("renders a page for the cache from its URL alone: no header of the caller's reaches the loaders", async () => {
    const seen: Request[] = [];
    const request = new Request(`${origin}/video-library?q=kifak&level=beginner`, {
      headers: {
        Cookie: "d1b=bookmark; _clck=analytics",
        "User-Agent": "Mozilla/5.0 (a visitor)",
        "Accept-Language": "ar",
        "X-Forwarded-For": "203.0.113.9",
        "If-None-Match": '"x"',
      },
    });
    const executionCtx = createExecutionContext();
    await servePublicPage(request, createAppContext(testEnv), executionCtx, { buildVersion: "bare" }, async (req) => {
      seen.push(req);
      return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
    });
    await waitOnExecutionContext(executionCtx);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${origin}/video-library?level=beginner&q=kifak`);
    expect(seen[0]!.method).toBe("GET");
    expect([...seen[0]!.headers.keys()]).toEqual([]);
  });
});
