/** Bundles build/client/sw.js with the build's precache list (scripts/build-service-worker.mjs). */
export function buildServiceWorker(options?: { root?: string; clientDir?: string }): Promise<void>;
