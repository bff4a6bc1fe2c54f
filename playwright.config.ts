import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// e2e drives the built app in Debian's Chromium. Its files are shared out between E2E_WORKERS workers (2 by
// default), and each worker has a server of its own, on its own port and its own fresh local D1/R2 state
// (.e2e-state, .e2e-state-1, …): two files never meet in one database, as when they ran one after another.
// A test reaches its worker's server through the `baseURL` fixture of tests/e2e/test.ts.
const firstPort = Number(process.env.E2E_PORT ?? 8799);
// E2E_BASE_URL points the suite at a server that is already running (e.g. `npm run dev` on its own
// state) instead of building and starting fresh ones: then there is one worker.
const externalBaseURL = process.env.E2E_BASE_URL;
const servers = externalBaseURL ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** This run, so a server copies only the seed made for it. */
const run = (process.env.E2E_RUN ??= String(Date.now()));
export const baseURLs = externalBaseURL
  ? [externalBaseURL]
  : Array.from({ length: servers }, (_, index) => `http://127.0.0.1:${firstPort + index}`);

/**
 * Debian's Chromium. Its headless shell (package chromium-headless-shell, the same build without the browser's
 * windowing) when installed: the suite's browser CPU fell by about a third with it. `.ci/run` installs both.
 */
const CHROMIUM = existsSync("/usr/bin/chromium-headless-shell")
  ? "/usr/bin/chromium-headless-shell"
  : "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: servers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // How long a test may hang: on 2 cores beside the other lane, two workers, their servers and browsers,
  // a step that takes a second alone can wait many (not a measure of speed; `npm run bench` is).
  timeout: 120_000,
  // How long an expectation waits for the page: one answer from a busy server can take seconds.
  expect: { timeout: 20_000 },
  use: {
    baseURL: baseURLs[0],
    // Recording a trace (DOM snapshots and screenshots of every step) took two fifths of the browser's CPU
    // time in a run that kept none: off unless asked for, e.g. E2E_TRACE=retain-on-failure for a failing spec.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    // The service worker (ADR 043) answers assets and downloads before Playwright's page.route sees them: the
    // specs that are not about it run without it; tests/e2e/offline.spec.ts turns it on.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // Started one after another: the first builds (unless SKIP_BUILD=1) and seeds, the others serve that build
  // on a copy of the first one's freshly seeded state (scripts/e2e-server.mjs).
  webServer: externalBaseURL
    ? undefined
    : baseURLs.map((url, index) => ({
        command: "node scripts/e2e-server.mjs",
        url: `${url}/`,
        timeout: 240_000,
        reuseExistingServer: false,
        env: {
          PORT: String(firstPort + index),
          PERSIST_TO: index === 0 ? ".e2e-state" : `.e2e-state-${index}`,
          E2E_RUN: run,
          ...(index > 0 ? { SKIP_BUILD: "1", E2E_COPY_SEED: "1" } : {}),
        },
        stdout: "pipe" as const,
      })),
});
