import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  RESTORE_SCRIPTS,
  deferScripts,
} from "../../app/lib/deferred-scripts.server";

// Shaped like Remix's <Scripts>: module preloads in the body, classic inline scripts, then the module script.
const document = (nonce: string) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/></head><body><main>Hello</main>` +
  `<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>` +
  `<script nonce="${nonce}">window.__remixContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">import "/assets/manifest.js"; import("/assets/entry.client.js");</script>` +
  `</body></html>`;

async function rewrite(nonce: string) {
  const response = deferScripts(
    new Response(document(nonce), { headers: { "Content-Type": "text/html; charset=utf-8" }, status: 200 }),
    nonce,
  );
  return { response, html: await response.text() };
}

describe("scripts after the first paint", () => {
  it("leaves no module preload or module script live in the document", async () => {
    const { html } = await rewrite("n0nce");
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<link rel="${DEFERRED_PRELOAD_REL}" href="/assets/entry.client.js" />`);
    expect(html).toContain(`<link rel="${DEFERRED_PRELOAD_REL}" href="/assets/root.js" />`);
    // The module script keeps its nonce and its text, so the loader can put it back exactly.
    expect(html).toContain(
      `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}" async="">import "/assets/manifest.js"; import("/assets/entry.client.js");</script>`,
    );
  });

  it("keeps the classic scripts and the stylesheet as they were", async () => {
    const { html } = await rewrite("n0nce");
    expect(html).toContain('<script nonce="n0nce">window.__remixContext = {};</script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("adds one loader, under the page's nonce, as the last thing in the body", async () => {
    const { html, response } = await rewrite("abc+/=");
    expect(html.endsWith(`<script nonce="abc+/=">${RESTORE_SCRIPTS}</script></body></html>`)).toBe(true);
    expect(html.split(RESTORE_SCRIPTS)).toHaveLength(2);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("the loader restores the same selectors it was given", () => {
    expect(RESTORE_SCRIPTS).toContain(`link[rel="${DEFERRED_PRELOAD_REL}"]`);
    expect(RESTORE_SCRIPTS).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    expect(RESTORE_SCRIPTS).toContain('l.rel="modulepreload"');
    expect(RESTORE_SCRIPTS).toContain('s.type="module"');
    expect(RESTORE_SCRIPTS).toContain("s.nonce=o.nonce");
  });
});
