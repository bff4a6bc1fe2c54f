import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin, ViteDevServer } from "vite";
import { getPlatformProxy } from "wrangler";
import type * as ServerApp from "../server/app";

/**
 * `npm run dev` only: Vite serves the Remix UI with HMR; this middleware hands /api/* to the same
 * Hono app the Worker uses, with the same local D1/R2 bindings that wrangler gives the Remix loaders.
 */
export function devApiProxy(persist: { path: string } | true = true, overrides: Record<string, string> = {}): Plugin {
  return {
    name: "ahla-dev-api",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      const proxy = getPlatformProxy({ persist });
      server.middlewares.use(async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!req.url?.startsWith("/api/") && !req.url?.startsWith("/media/")) return next();
        try {
          const { env, ctx } = await proxy;
          const { createApp } = (await server.ssrLoadModule("/server/app.ts")) as typeof ServerApp;
          const request = await toRequest(req);
          const response = await createApp().fetch(request, { ...env, ...overrides } as never, ctx as never);
          res.statusCode = response.status;
          response.headers.forEach((value, key) => res.setHeader(key, value));
          const body = Buffer.from(await response.arrayBuffer());
          res.end(body);
        } catch (error) {
          server.ssrFixStacktrace(error as Error);
          next();
        }
      });
    },
  };
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const chunks: Buffer[] = [];
  if (req.method !== "GET" && req.method !== "HEAD") {
    for await (const chunk of req) chunks.push(chunk as Buffer);
  }
  return new Request(url, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
}
