import type { MiddlewareHandler } from "hono";
import type { Config } from "./config";

/** The settings that widen the page policy: each third party is allowed only when it is configured. */
export type SecurityHeadersConfig = Pick<
  Config,
  "sentryBrowserDsn" | "analyticsId" | "paymentsProvider" | "googleClientId"
>;

export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";

// The analytics tag (www) inserts its recorder from scripts.clarity.ms, which posts to per-region
// *.clarity.ms collectors and syncs its visitor id through c.bing.com.
const ANALYTICS_SCRIPT_HOSTS = ["https://www.clarity.ms", "https://scripts.clarity.ms"];
const ANALYTICS_BEACON_HOSTS = ["https://*.clarity.ms", "https://c.bing.com"];
// Chrome checks form-action against the redirect that answers a form POST too: checkout and the billing
// portal are such redirects when a form works without JavaScript.
const STRIPE_FORM_HOSTS = ["https://checkout.stripe.com", "https://billing.stripe.com"];
const GOOGLE_FORM_HOSTS = ["https://accounts.google.com"];

/**
 * Browser features no page of the app uses are switched off for it and anything it might embed. The
 * lesson player needs fullscreen; native video controls (shown before hydration) offer picture-in-picture;
 * shadowing a line records the learner (docs/speaking.md): the microphone, for our own pages only.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=(self)",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=(self)",
  "midi=()",
  "payment=()",
  "picture-in-picture=(self)",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** 128 random bits, base64: a fresh one for every HTML response. */
export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function isHttpsRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * Where the browser SDK sends its envelopes: the scheme, host and port of the DSN. A DSN whose host
 * could smuggle a directive into the policy (`;`, quotes, spaces…) is ignored rather than trusted.
 */
export function sentryIngestOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null;
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!/^[a-z0-9.-]+$/i.test(url.hostname)) return null;
  return url.origin;
}

export function buildContentSecurityPolicy(options: {
  nonce: string;
  https: boolean;
  config: SecurityHeadersConfig;
}): string {
  const { nonce, https, config } = options;
  const analytics = Boolean(config.analyticsId);
  const sentry = sentryIngestOrigin(config.sentryBrowserDsn);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, ...(analytics ? ANALYTICS_SCRIPT_HOSTS : [])],
    // React renders style attributes (progress bars, z-index); styles cannot run script.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...(analytics ? ANALYTICS_BEACON_HOSTS : [])],
    ["media-src", "'self'", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(sentry ? [sentry] : []), ...(analytics ? ANALYTICS_BEACON_HOSTS : [])],
    // Session replay compresses in a worker that the SDK starts from a blob: URL.
    ...(sentry ? [["worker-src", "'self'", "blob:"] as [string, ...string[]]] : []),
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["frame-ancestors", "'none'"],
    [
      "form-action",
      "'self'",
      ...(config.paymentsProvider === "stripe" ? STRIPE_FORM_HOSTS : []),
      ...(config.googleClientId ? GOOGLE_FORM_HOSTS : []),
    ],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** What every response of the Worker carries, whatever its type. */
export function baselineSecurityHeaders(request: Request): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    ...(isHttpsRequest(request) ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** The headers of an HTML document rendered with `nonce` on every script it emits. */
export function documentSecurityHeaders(options: {
  request: Request;
  config: SecurityHeadersConfig;
  nonce: string;
}): Record<string, string> {
  const { request, config, nonce } = options;
  return {
    ...baselineSecurityHeaders(request),
    "Content-Security-Policy": buildContentSecurityPolicy({ nonce, https: isHttpsRequest(request), config }),
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
  };
}

/**
 * Hono middleware: fills in the baseline headers on any response that lacks them (the JSON API, media,
 * Remix data and resource routes). A handler's own value wins, except HSTS, which is the same everywhere.
 */
export function secureResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = baselineSecurityHeaders(c.req.raw);
    const missing = Object.entries(headers).filter(
      ([name]) => name === "Strict-Transport-Security" || !c.res.headers.has(name),
    );
    if (missing.length === 0) return;
    let response = c.res;
    try {
      for (const [name, value] of missing) response.headers.set(name, value);
    } catch {
      // Headers of a fetched or Response.redirect() response are immutable: answer with a copy.
      response = new Response(response.body, response);
      for (const [name, value] of missing) response.headers.set(name, value);
      c.res = response;
    }
  };
}
