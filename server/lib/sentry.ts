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
