#!/usr/bin/env node
// `npm start`: migrate local D1, seed demo data, build, and serve with wrangler dev on $PORT (default 8787).
// PERSIST_TO=<dir> keeps the local D1/R2 state somewhere else (the e2e suite uses its own). SKIP_BUILD=1 serves
// the build already in build/; SKIP_DB_SETUP=1 serves the state as it is (`npm run bench` prepares its own).
// wrangler.toml's top level is production; this local server opts into development, the test checkout
// and the outbox (ENVIRONMENT=production npm start shows the fail-closed answer instead).
import { spawnSync, spawn } from "node:child_process";
import { localVarOverrides } from "./local-vars.mjs";

const port = process.env.PORT || "8787";
// Loopback unless HOST says otherwise: the local server has open development pages (/dev/mailbox).
const host = process.env.HOST || "127.0.0.1";
const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
const skipBuild = process.env.SKIP_BUILD === "1";
const skipDbSetup = process.env.SKIP_DB_SETUP === "1";

const bin = (name) => `node_modules/.bin/${name}`;

function run(command, args) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!skipDbSetup) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]);
  run(bin("tsx"), ["scripts/seed.ts", ...persist]);
}
if (!skipBuild) run(bin("remix"), ["vite:build"]);

console.log(`\nAhla is starting at http://localhost:${port} (listening on ${host})`);
const localVars = Object.entries(localVarOverrides({ port })).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
// wrangler bundles the Worker with NODE_ENV "development" under `wrangler dev` and "production" under
// `wrangler deploy`; this serves the production build, so it bundles React's production server renderer
// as a deploy does (the development one renders a page about twice as slowly and checks every prop).
const server = spawn(bin("wrangler"), ["dev", "--port", port, "--ip", host, ...localVars, ...persist], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production", WRANGLER_SEND_METRICS: "false" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
