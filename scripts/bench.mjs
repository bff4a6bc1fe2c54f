#!/usr/bin/env node
// `npm run bench`: prints figures, asserts nothing. Starts the built app on a scratch state (port 8798),
// then measures server time per page and API call, and the client JS each page loads (gzipped).
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";

const port = Number(process.env.BENCH_PORT ?? 8798);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 40);
rmSync(".bench-state", { recursive: true, force: true });

const server = spawn("node", ["scripts/start.mjs"], {
  env: { ...process.env, PORT: String(port), PERSIST_TO: ".bench-state" },
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

async function time(label, request) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await request();
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(40)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms`,
  );
}

async function clientJs(path, cookie) {
  const html = await (await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  // Module preloads list the route's static imports; count each file once.
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(`build/client${file}`)).length;
  console.log(`${`client JS ${path}`.padEnd(40)} ${(total / 1024).toFixed(1).padStart(7)} KB gz (${files.size} files)`);
}

await waitForServer();
const login = await fetch(`${base}/api/auth/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ email: "learner@ahla.dev", password: "ahla-learner-2026" }),
});
const token = (await login.json()).data.token;
const cookie = `token=${token}`;

console.log(`\nAhla bench — ${runs} sequential requests each, local wrangler dev\n`);
await time("GET / (landing, visitor)", () => fetch(`${base}/`));
await time("GET /video-library (visitor)", () => fetch(`${base}/video-library`));
await time("GET /video-library (member)", () => fetch(`${base}/video-library`, { headers: { Cookie: cookie } }));
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
await clientJs("/");
await clientJs("/video-library", cookie);
await clientJs("/auth/login");
stop();
process.exit(0);
