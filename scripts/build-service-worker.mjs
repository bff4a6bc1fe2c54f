// Bundles the service worker (app/sw/service-worker.ts) into build/client/sw.js with this build's precache
// list, at the end of `remix vite:build` (vite.config.ts `buildEnd`). ADR 043: a hand-written worker, no
// Workbox; the list is every hashed file of build/client/assets below PRECACHE_MAX_BYTES plus the offline
// page, the web app manifest and its icons. A file left out (the Anki reader's SQLite engine) is cached the
// first time a page loads it.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const PRECACHE_MAX_BYTES = 400 * 1024;
const ALWAYS = ["/offline", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];

export async function buildServiceWorker({ root = process.cwd(), clientDir = path.join(root, "build/client") } = {}) {
  const assetsDir = path.join(clientDir, "assets");
  const assets = readdirSync(assetsDir)
    .filter((name) => statSync(path.join(assetsDir, name)).size <= PRECACHE_MAX_BYTES)
    .sort()
    .map((name) => `/assets/${name}`);
  const manifest = [...ALWAYS, ...assets];
  const version = createHash("sha256").update(manifest.join("\n")).digest("hex").slice(0, 12);
  await build({
    entryPoints: [path.join(root, "app/sw/service-worker.ts")],
    outfile: path.join(clientDir, "sw.js"),
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    tsconfig: path.join(root, "app/sw/tsconfig.json"),
    define: { __PRECACHE_MANIFEST__: JSON.stringify(manifest), __PRECACHE_VERSION__: JSON.stringify(version) },
    logLevel: "warning",
  });
  const bytes = statSync(path.join(clientDir, "sw.js")).size;
  const precached = assets.reduce((sum, name) => sum + statSync(path.join(clientDir, name)).size, 0);
  console.log(
    `sw.js ${(bytes / 1024).toFixed(1)} KB, precache ${version}: ${manifest.length} files, ${(precached / 1024).toFixed(0)} KB of assets`,
  );
}
