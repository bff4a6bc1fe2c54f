import { Toucan } from "toucan-js";
import type { Config } from "./config";

/**
 * Error reporting per docs/product-rules.md#error-reporting: traces sampled at 1, personal data sent; off when no DSN
 * is set.
 */
export function createErrorReporter(config: Config, request: Request, ctx: ExecutionContext) {
  if (!config.sentryDsn) return null;
  return new Toucan({
    dsn: config.sentryDsn,
    context: ctx,
    request,
    release: config.release,
    environment: config.environment,
    tracesSampleRate: 1,
    sendDefaultPii: true,
    // "Personal data sent" means who hit the error, not their credentials: the session cookie, the
    // Authorization header and signed or one-time URL parameters never leave the Worker.
    requestDataOptions: {
      allowedHeaders: ["user-agent", "referer", "accept-language", "content-type", "cf-ray", "cf-ipcountry"],
      allowedCookies: false,
      allowedSearchParams: /^(?!(token|sig|exp|code|state)$)/,
    },
  });
}

export type ErrorReporter = NonNullable<ReturnType<typeof createErrorReporter>>;

/**
 * The reporter of each request the Worker is serving (server/index.ts). Hono turns an error thrown by a route,
 * a page or a middleware into a 500 inside `app.fetch`, so a catch around `app.fetch` never sees it: the app's
 * `onError` (server/app.ts, server/api) finds the request's reporter here instead, through `reportError`.
 */
const reporters = new WeakMap<Request, ErrorReporter>();

export function trackErrors(request: Request, reporter: ErrorReporter | null) {
  if (reporter) reporters.set(request, reporter);
}

/** Sends `error` to the reporter of the request that hit it, if error reporting is on. */
export function reportError(error: unknown, request: Request) {
  reporters.get(request)?.captureException(error);
}
