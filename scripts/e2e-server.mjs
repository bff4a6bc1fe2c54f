#!/usr/bin/env node
// Starts the app for Playwright on a fresh local state, so every e2e run begins from the demo seed.
//
// The first worker's server migrates and seeds its state, then keeps a copy of it (SEEDED) before it serves;
// the servers of the other workers (E2E_COPY_SEED=1) start from a copy of that instead of migrating and
// seeding again (about 40 s each on a busy 2-core machine). A copy is taken before any test has run, so every
// worker begins from the same demo seed as before.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

const target = process.env.PERSIST_TO || ".e2e-state";
const SEEDED = ".e2e-state-seeded";
const COMPLETE = `${SEEDED}/.complete`;
/** The Playwright run the seed was made for (playwright.config.ts sets it). */
const RUN = process.env.E2E_RUN ?? "";
const seededForThisRun = () => existsSync(COMPLETE) && readFileSync(COMPLETE, "utf8") === RUN;

// Whatever .dev.vars says, the suite runs against the local test checkout and the outbox it reads.
process.env.ENVIRONMENT = process.env.ENVIRONMENT || "development";
process.env.PAYMENTS_PROVIDER = "local";
process.env.MAIL_PROVIDER = "outbox";
// wrangler's warnings and errors, not a line for each of the run's ~20,000 requests (each passed through
// Playwright's runner to the log). WRANGLER_LOG=log shows them again.
process.env.WRANGLER_LOG ||= "warn";

rmSync(target, { recursive: true, force: true });

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.E2E_COPY_SEED === "1") {
  // Playwright starts the servers one after another; should one start early, it waits for the seed.
  for (let waited = 0; !seededForThisRun(); waited += 1) {
    if (waited > 240) throw new Error(`no seeded state in ${SEEDED} after 240 s`);
    await sleep(1000);
  }
  cpSync(SEEDED, target, { recursive: true });
} else {
  rmSync(SEEDED, { recursive: true, force: true });
  // The seed applies the migrations in its own runtime (one start instead of two).
  run("node_modules/.bin/tsx", ["scripts/seed.ts", "--persist-to", target, "--migrate"]);
  cpSync(target, SEEDED, { recursive: true });
  writeFileSync(COMPLETE, RUN);
}
process.env.PERSIST_TO = target;
process.env.SKIP_DB_SETUP = "1";
await import("./start.mjs");
