#!/usr/bin/env node
// `npm run bench`: prints figures, asserts nothing. Builds a scratch state (.bench-state) with the demo seed
// plus the bench catalogue (10,000 lessons, 200,000 transcript lines, search index, a 50 MB object), measures
// what needs no server through the platform proxy (scripts/bench-queries.ts: FTS, EXPLAIN QUERY PLAN, R2;
// scripts/bench-import.ts: the admin's 5,000-row CSV vocabulary import),
// then starts the built app on it (port 8798) and measures server time per page and API call, streaming
// through /media, the client JS each page loads (gzipped), and Lighthouse's mobile figures for the first
// pages learners open (scripts/bench-lighthouse.mjs).
import { spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";

const port = Number(process.env.BENCH_PORT ?? 8798);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 40);
const state = ".bench-state";
const bin = (name) => `node_modules/.bin/${name}`;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

rmSync(state, { recursive: true, force: true });
console.log("\n> bench state: migrations, demo seed, bench catalogue");
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
run(bin("tsx"), ["scripts/seed.ts", "--persist-to", state]);
run(bin("tsx"), ["scripts/bench-seed.ts", "--persist-to", state]);
run(bin("tsx"), ["scripts/bench-queries.ts", "--persist-to", state]);
console.log("\n> admin CSV import: 5,000 lesson vocabulary rows (preview, apply, re-import)");
run(bin("tsx"), ["scripts/bench-import.ts", "--persist-to", state]);
const probe = JSON.parse(readFileSync(`${state}/bench-probe.json`, "utf8"));

const server = spawn("node", ["scripts/start.mjs"], {
  env: { ...process.env, PORT: String(port), PERSIST_TO: state },
  stdio: ["ignore", "pipe", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(label, request, { target, count = runs } = {}) {
  let status = 0;
  for (let i = 0; i < 3; i++) await (await request()).arrayBuffer(); // warm the isolate and caches
  const samples = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await request();
    await response.arrayBuffer();
    samples.push(performance.now() - start);
    status = response.status;
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  console.log(
    `${label.padEnd(58)} ${String(status).padStart(3)}  p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms` +
      (target ? `   target p50 ≤ ${target} ms ${p50 <= target ? "✓" : "✗"}` : ""),
  );
  return p50;
}

async function clientJs(path, cookie, target) {
  const html = await (await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  // Module preloads list the route's static imports; count each file once.
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(`build/client${file}`)).length;
  const kb = total / 1024;
  console.log(
    `${`client JS ${path}`.padEnd(58)} ${kb.toFixed(1).padStart(7)} KB gz (${files.size} files)` +
      (target ? `   target ≤ ${target} KB ${kb <= target ? "✓" : "✗"}` : ""),
  );
}

/** The signing secret wrangler dev uses: MEDIA_SIGNING_SECRET from the env or .dev.vars, else config's local default. */
function mediaSecret() {
  if (process.env.MEDIA_SIGNING_SECRET) return process.env.MEDIA_SIGNING_SECRET;
  if (existsSync(".dev.vars")) {
    const match = /^MEDIA_SIGNING_SECRET\s*=\s*"?([^"\n]+)"?/m.exec(readFileSync(".dev.vars", "utf8"));
    if (match) return match[1];
  }
  return "ahla-local-development-secret-not-for-production";
}

/** Same scheme as server/services/media.ts signMediaUrl: HMAC-SHA256 over "key\nexpires\n". */
function signMediaPath(key) {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const sig = createHmac("sha256", mediaSecret()).update(`${key}\n${expires}\n`).digest("hex");
  return `/media/${key.split("/").map(encodeURIComponent).join("/")}?exp=${expires}&sig=${sig}`;
}

await waitForServer();
const login = await fetch(`${base}/api/auth/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ email: "learner@ahla.dev", password: "ahla-learner-2026" }),
});
const token = (await login.json()).data.token;
const cookie = `token=${token}`;
const member = { headers: { Cookie: cookie } };
const searchAndFilters = "/video-library?q=kifak&level=beginner&country=sy";
const lessonPath = probe.lesson ? `/video/${probe.lesson.id}/${probe.lesson.slug}` : "/video/1/greetings-in-damascus";

console.log(`\nAhla bench — HTTP, ${runs} sequential requests each after 3 warm-up requests, local wrangler dev\n`);
await time("GET / (landing, visitor)", () => fetch(`${base}/`));
await time("GET /video-library (visitor)", () => fetch(`${base}/video-library`));
await time("GET /video-library (member)", () => fetch(`${base}/video-library`, member));
await time(`GET ${searchAndFilters} (visitor)`, () => fetch(`${base}${searchAndFilters}`), { target: 50 });
await time(`GET ${searchAndFilters} (member)`, () => fetch(`${base}${searchAndFilters}`, member), { target: 50 });
await time("GET /video-library?q=قهوة&duration=1-3&sort=popular (member)", () =>
  fetch(`${base}/video-library?q=${encodeURIComponent("قهوة")}&duration=1-3&sort=popular`, member),
);
await time("GET /video-library?level=beginner&free=1&page=3 (member)", () =>
  fetch(`${base}/video-library?level=beginner&free=1&page=3`, member),
);
await time("GET /api/library/search?q=kifak", () => fetch(`${base}/api/library/search?q=kifak`));
await time(`GET ${lessonPath} (lesson page, member)`, () =>
  fetch(`${base}${lessonPath}`, { ...member, redirect: "manual" }),
);
await time("GET /api/me (member)", () => fetch(`${base}/api/me`, { headers: { Authorization: token } }));
await time("POST /api/auth/login (PBKDF2 100k)", () =>
  fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email: "learner@ahla.dev", password: "ahla-learner-2026" }),
  }),
);

console.log("");
const mediaUrl = `${base}${signMediaPath(probe.mediaKey)}`;
const mediaMs = await time(
  `GET /media/${probe.mediaKey} (${(probe.mediaBytes / 1048576).toFixed(0)} MB, whole object)`,
  () => fetch(mediaUrl),
  {
    count: 5,
  },
);
const mb = probe.mediaBytes / 1048576;
const rate = (ms) => `${(mb / (ms / 1000)).toFixed(0)} MB/s`;
const ratio = probe.r2InWorkerMs / mediaMs;
// /media's figure includes the HTTP transfer to this client; the baseline is the binding read alone.
console.log(
  `${"throughput: /media vs the R2 binding read inside a Worker".padEnd(58)}      ${rate(mediaMs)} vs ${rate(probe.r2InWorkerMs)}` +
    ` = ratio ${ratio.toFixed(2)}   target ≥ 0.8 ${ratio >= 0.8 ? "✓" : "✗"}`,
);

console.log("");
await clientJs("/");
await clientJs("/video-library", cookie, 130);
await clientJs(searchAndFilters, cookie, 130);
await clientJs(lessonPath, cookie, 170);
await clientJs("/auth/login");

// Lighthouse last: it drives Chromium against the same server (skip with BENCH_LIGHTHOUSE=0).
if (process.env.BENCH_LIGHTHOUSE !== "0") {
  spawnSync(process.execPath, ["scripts/bench-lighthouse.mjs", base, token], { stdio: "inherit", env: process.env });
}
stop();
process.exit(0);
