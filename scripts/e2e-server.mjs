#!/usr/bin/env node
// Starts the app for Playwright on a fresh local state, so every e2e run begins from the demo seed.
import { rmSync } from "node:fs";

rmSync(process.env.PERSIST_TO || ".e2e-state", { recursive: true, force: true });
// Whatever .dev.vars says, the suite runs against the local test checkout and the outbox it reads.
process.env.ENVIRONMENT = process.env.ENVIRONMENT || "development";
process.env.PAYMENTS_PROVIDER = "local";
process.env.MAIL_PROVIDER = "outbox";
await import("./start.mjs");
