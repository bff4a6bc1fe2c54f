import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { deferScripts } from "./lib/deferred-scripts.server";
import { NonceProvider } from "./lib/nonce";
import { documentSecurityHeaders } from "../server/lib/security-headers";

/**
 * An error a loader or action threw: Remix answers it with the error page, so the Worker never sees it;
 * report it through the request's reporter (Sentry when configured). A request the browser gave up on is
 * not an error.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  console.error(error);
  context.reportError(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const nonce = loadContext.cspNonce;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      signal: request.signal,
      nonce,
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );
  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // `npm run dev` gets the same enforced policy: Remix's dev scripts carry the nonce too, and Vite's client
  // only adds <style> elements and a same-origin websocket, so a violation shows up while developing.
  const securityHeaders = documentSecurityHeaders({ request, config: loadContext.app.config, nonce });
  for (const [name, value] of Object.entries(securityHeaders)) responseHeaders.set(name, value);
  const response = new Response(body, { headers: responseHeaders, status });
  // Vite's dev client must run at once; a build loads its scripts after the first paint.
  return import.meta.env.DEV ? response : deferScripts(response, nonce);
}
