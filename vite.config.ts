import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { buildServiceWorker } from "./scripts/build-service-worker.mjs";
import { localVarOverrides } from "./scripts/local-vars.mjs";
import { devApiProxy } from "./scripts/vite-dev-api";

// PERSIST_TO=<dir> gives `npm run dev` its own local D1/R2 state (wrangler keeps it under <dir>/v3).
const persist = process.env.PERSIST_TO ? { path: `${process.env.PERSIST_TO}/v3` } : true;
// `remix vite:build` starts a Vite dev server of its own to read the routes; the local bindings are for
// `npm run dev` only, and two platform proxies opening a fresh state at once race on its SQLite files.
const building = process.argv.includes("vite:build");
// APP_URL follows the dev server's own port (scripts/dev.mjs: $PORT or 5173).
const localVars = () => localVarOverrides({ port: process.env.PORT || "5173" });

export default defineConfig({
  // Several dev servers on one checkout each need their own dependency-optimizer cache.
  cacheDir: process.env.VITE_CACHE_DIR ?? "node_modules/.vite",
  plugins: [
    building ? null : devApiProxy(persist, localVars()),
    building
      ? null
      : remixCloudflareDevProxy({
          persist,
          getLoadContext: async ({ request, context }) => {
            const { createLoadContext } = await import("./server/load-context");
            // Vite's platform proxy binds the reminders queue's producer but runs no consumer: without the
            // binding the cron delivers reminders itself (server/services/reminders/cron.ts).
            const { REMINDERS: _noConsumer, ...bindings } = context.cloudflare.env as Record<string, unknown>;
            const env = { ...bindings, ...localVars() };
            return createLoadContext(request, env as never, context.cloudflare.ctx);
          },
        }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
      // The service worker is bundled once the client build is written: it precaches its hashed files (ADR 043).
      buildEnd: () => buildServiceWorker(),
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: { sourcemap: false },
});
