interface PublicConfig {
  sentryDsn?: string;
  release?: string;
  environment?: string;
}

declare global {
  interface Window {
    __AHLA_CONFIG__?: PublicConfig;
  }
}

/**
 * Browser error reporting per docs/product-rules.md#error-reporting (traces 1, replay 0.1, replay on error 1,
 * personal data on). Loaded only when a DSN is configured, so the SDK costs nothing otherwise.
 */
export async function initErrorReporting() {
  const config = window.__AHLA_CONFIG__;
  if (!config?.sentryDsn) return;
  const Sentry = await import("@sentry/react");
  Sentry.init({
    dsn: config.sentryDsn,
    release: config.release,
    environment: config.environment,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    // "Personal data on": the SDK fills in the user from what it sees (its default, stated here).
    dataCollection: { userInfo: true },
  });
}
