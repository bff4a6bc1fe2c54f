import { defineConfig, devices } from "@playwright/test";

// e2e drives the built app in Debian's Chromium, on its own port and its own fresh local D1/R2 state.
const port = Number(process.env.E2E_PORT ?? 8799);
// E2E_BASE_URL points the suite at a server that is already running (e.g. `npm run dev` on its own
// state) instead of building and starting a fresh one.
const externalBaseURL = process.env.E2E_BASE_URL;
export const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: externalBaseURL
    ? undefined
    : {
        command: "node scripts/e2e-server.mjs",
        url: `${baseURL}/`,
        timeout: 240_000,
        reuseExistingServer: false,
        env: { PORT: String(port), PERSIST_TO: ".e2e-state" },
        stdout: "pipe",
      },
});
