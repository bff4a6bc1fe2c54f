#!/usr/bin/env node
// `npm run dev`: migrate and seed local D1/R2 (same state as `npm start`, or PERSIST_TO), then Vite with HMR.
// Remix loaders get the bindings through wrangler's platform proxy; /api and /media go to the same Hono app.
import { spawn, spawnSync } from "node:child_process";

const bin = (name) => `node_modules/.bin/${name}`;
const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
for (const [command, args] of [
  [bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]],
  [bin("tsx"), ["scripts/seed.ts", ...persist]],
]) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const vite = spawn(bin("remix"), ["vite:dev", "--port", process.env.PORT || "5173", "--host", "127.0.0.1"], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
vite.on("exit", (code) => process.exit(code ?? 0));
