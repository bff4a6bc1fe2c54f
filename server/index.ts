import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// Resolved by wrangler's [alias] to the Remix server bundle that `remix vite:build` writes.
import * as build from "virtual:remix-build";
import { createApp } from "./app";
import type { Env } from "./env";
import { configErrorResponse, getConfig } from "./lib/config";
import { createErrorReporter, reportError, trackErrors } from "./lib/sentry";
import { runReminderQueue, runScheduledJobs } from "./services/scheduled";

const remixHandler = createRequestHandler(build as unknown as ServerBuild);

const app = createApp({
  remix: (request, context) => remixHandler(request, context),
  // Cached public pages name this build's hashed assets: a new deploy must not serve the old ones.
  buildVersion: (build as unknown as ServerBuild).assets.version,
  // Hono answers a thrown error with a 500 inside app.fetch: the request's reporter is reached from here.
  onError: (error, request) => reportError(error, request),
});

export default {
  async fetch(request, env, ctx) {
    const refused = configErrorResponse(env);
    if (refused) return refused;
    const reporter = createErrorReporter(getConfig(env), request, ctx);
    trackErrors(request, reporter);
    try {
      return await app.fetch(request, env, ctx);
    } catch (error) {
      reporter?.captureException(error);
      throw error;
    }
  },
  async scheduled(controller, env, ctx) {
    // Throws ConfigError when the configuration fails closed, so the failed run shows in the dashboard.
    getConfig(env);
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
  },
  async queue(batch, env) {
    // The reminder fan-out (docs/reminders.md): each message names up to 100 members the cron found due.
    getConfig(env);
    await runReminderQueue(env, batch);
  },
} satisfies ExportedHandler<Env>;
