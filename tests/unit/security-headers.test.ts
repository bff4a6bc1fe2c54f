import { describe, expect, it } from "vitest";
import {
  buildContentSecurityPolicy,
  createCspNonce,
  documentSecurityHeaders,
  PERMISSIONS_POLICY,
  sentryIngestOrigin,
  type SecurityHeadersConfig,
} from "../../server/lib/security-headers";

const NOTHING: SecurityHeadersConfig = { paymentsProvider: "local" };
const NONCE = "bm9uY2Utbm9uY2Utbm9uYw==";

/** directive name → its sources, e.g. "script-src" → ["'self'", "'nonce-…'"]. */
function parsePolicy(policy: string) {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} appears once`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

function policyFor(config: Partial<SecurityHeadersConfig> = {}, https = true) {
  return parsePolicy(buildContentSecurityPolicy({ nonce: NONCE, https, config: { ...NOTHING, ...config } }));
}

describe("Content-Security-Policy of HTML documents", () => {
  it("allows scripts only from the origin or with this request's nonce, never inline or eval", () => {
    const policy = policyFor();
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect(policy.has("script-src-elem") || policy.has("script-src-attr")).toBe(false);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("locks down plugins, framing, <base> and form targets, and keeps every other fetch on the origin", () => {
    const policy = policyFor({}, false);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("media-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("font-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.has("worker-src")).toBe(false);
  });

  it("names no third party when nothing is configured", () => {
    const policy = buildContentSecurityPolicy({ nonce: NONCE, https: true, config: NOTHING });
    expect(policy).not.toMatch(/https?:\/\/|\*/);
  });

  it("upgrades insecure requests only on https", () => {
    expect(policyFor({}, true).has("upgrade-insecure-requests")).toBe(true);
    expect(policyFor({}, false).has("upgrade-insecure-requests")).toBe(false);
  });

  it("lets the browser error reporter post to its ingest origin, and start its replay worker, only with a DSN", () => {
    const policy = policyFor({ sentryBrowserDsn: "https://0123abcd@o4501.ingest.us.sentry.io/4502" });
    expect(policy.get("connect-src")).toEqual(["'self'", "https://o4501.ingest.us.sentry.io"]);
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect([...policy.values()].flat().join(" ")).not.toContain("0123abcd");
    expect(sentryIngestOrigin("http://key@127.0.0.1:9000/1")).toBe("http://127.0.0.1:9000");
  });

  it("ignores a DSN that is not a URL or would smuggle a directive into the policy", () => {
    for (const dsn of [
      "not a url",
      "ftp://key@host/1",
      "https://key@evil;script-src *;x/1",
      "https://e'vil.example/1",
    ]) {
      expect(sentryIngestOrigin(dsn)).toBeNull();
      expect(policyFor({ sentryBrowserDsn: dsn }).get("connect-src")).toEqual(["'self'"]);
    }
  });

  it("lets the analytics tag, its recorder and its beacons through only with an analytics id", () => {
    const policy = policyFor({ analyticsId: "abc123" });
    expect(policy.get("script-src")).toEqual([
      "'self'",
      `'nonce-${NONCE}'`,
      "https://www.clarity.ms",
      "https://scripts.clarity.ms",
    ]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://*.clarity.ms", "https://c.bing.com"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://*.clarity.ms", "https://c.bing.com"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("allows Stripe's checkout and billing portal as form targets only with Stripe payments", () => {
    expect(policyFor({ paymentsProvider: "stripe" }).get("form-action")).toEqual([
      "'self'",
      "https://checkout.stripe.com",
      "https://billing.stripe.com",
    ]);
    expect(policyFor({ paymentsProvider: "local" }).get("form-action")).toEqual(["'self'"]);
  });

  it("allows Google's accounts host as a form target only with Google sign-in", () => {
    expect(policyFor({ googleClientId: "client.apps.example" }).get("form-action")).toEqual([
      "'self'",
      "https://accounts.google.com",
    ]);
  });
});

describe("document security headers", () => {
  const https = new Request("https://ahla.test/video-library");
  const http = new Request("http://127.0.0.1:8787/video-library");

  it("send HSTS for two years with subdomains on https, and never on plain http", () => {
    const headers = documentSecurityHeaders({ request: https, config: NOTHING, nonce: NONCE });
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    const local = documentSecurityHeaders({ request: http, config: NOTHING, nonce: NONCE });
    expect(local["Strict-Transport-Security"]).toBeUndefined();
    expect(local["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
  });

  it("enforce the policy with the given nonce and keep nosniff, the referrer policy and DENY framing", () => {
    const headers = documentSecurityHeaders({ request: https, config: NOTHING, nonce: NONCE });
    expect(headers["Content-Security-Policy"]).toContain(`'nonce-${NONCE}'`);
    expect(headers).not.toHaveProperty("Content-Security-Policy-Report-Only");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  it("deny powerful features and allow fullscreen for the player", () => {
    const headers = documentSecurityHeaders({ request: https, config: NOTHING, nonce: NONCE });
    expect(headers["Permissions-Policy"]).toBe(PERMISSIONS_POLICY);
    const features = new Map(PERMISSIONS_POLICY.split(", ").map((entry) => entry.split("=") as [string, string]));
    for (const denied of ["camera", "geolocation", "payment", "usb", "serial", "hid", "display-capture"]) {
      expect(features.get(denied), denied).toBe("()");
    }
    expect(features.get("fullscreen")).toBe("(self)");
    // Shadowing records the learner on our own pages; nothing embedded may (docs/speaking.md).
    expect(features.get("microphone")).toBe("(self)");
  });

  it("use a fresh 128-bit base64 nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createCspNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
