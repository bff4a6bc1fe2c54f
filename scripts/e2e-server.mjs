#!/usr/bin/env node
// Starts the app for Playwright on a fresh local state, so every e2e run begins from the demo seed.
import { rmSync } from "node:fs";

rmSync(process.env.PERSIST_TO || ".e2e-state", { recursive: true, force: true });
process.env.ENVIRONMENT = process.env.ENVIRONMENT || "development";
await import("./start.mjs");
