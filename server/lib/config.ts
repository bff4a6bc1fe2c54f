import { z } from "zod";
import type { Env } from "../env";

/**
 * The signing secret `npm start`, `npm run dev` and the bench use when none is set. It is public (it is
 * in this repository), so production refuses it like every other value listed in PUBLISHED_SECRETS.
 */
export const LOCAL_DEVELOPMENT_SECRET = "ahla-local-development-secret-not-for-production";

/** Values that appear in this repository (local default, test settings): never acceptable in production. */
export const PUBLISHED_SECRETS: readonly string[] = [
  LOCAL_DEVELOPMENT_SECRET,
  "test-secret-test-secret-test-secret-0123",
  "test-media-secret-test-media-secret-0123",
];

/** Outbox copies of sent mail are deleted by the cron after this many days (outbox mode only). */
export const OUTBOX_RETENTION_DAYS = 3;
/** How long an Idempotency-Key answers retries of a member's write (server/api/idempotency.ts). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const ENVIRONMENTS = ["development", "test", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const configSchema = z.object({
  appName: z.string().min(1).default("Ahla"),
  appUrl: z.url().default("http://localhost:8787"),
  environment: z.enum(ENVIRONMENTS),
  jwtSecret: z.string().min(32),
  mediaSigningSecret: z.string().min(32),
  googleClientId: z.string().optional(),
  googleClientSecret: z.string().optional(),
  sentryDsn: z.string().optional(),
  sentryBrowserDsn: z.string().optional(),
  analyticsId: z.string().optional(),
  release: z.string().default("dev"),
  paymentsProvider: z.enum(["local", "stripe"]),
  stripeSecretKey: z.string().optional(),
  stripeWebhookSecret: z.string().optional(),
  /** Price ids per plan name; a plan's own `stripe_price_id` column wins over these. */
  stripePriceMonthly: z.string().optional(),
  stripePriceAnnual: z.string().optional(),
  mailProvider: z.enum(["outbox", "resend"]),
  mailFrom: z.string().default("Ahla <hello@ahla.dev>"),
  resendApiKey: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

/** A configuration the Worker must not run with; `problems` says what to set, never a secret's value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ahla is not configured for ${problems.length === 1 ? "this" : "these"} reason(s): ${problems.join(" ")}`);
    this.name = "ConfigError";
  }
}

const emptyToUndefined = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : undefined);
const isTrue = (value: string | undefined) => emptyToUndefined(value)?.toLowerCase() === "true";

const cache = new WeakMap<Env, Config>();
let lastRead: { values: string; config: Config } | null = null;

/**
 * Reads configuration from the Worker env, failing closed: with nothing set this is production, which
 * needs real secrets, a public https APP_URL, Stripe and a mail provider. Development and test are an
 * explicit opt-in (`ENVIRONMENT`, set by the npm scripts and the test config), and only they get the
 * local secret, the in-app test checkout and the outbox by default. A staging deploy may allow the test
 * checkout or the outbox with ALLOW_TEST_PAYMENTS / ALLOW_OUTBOX_MAIL; nothing else relaxes production.
 */
export function getConfig(env: Env): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  // The runtime may hand each request its own env object with the same values: compare the text
  // variables (bindings are objects and configure nothing here) before reading them all again.
  const values = JSON.stringify(Object.entries(env).filter(([, value]) => typeof value === "string"));
  if (lastRead?.values === values) {
    cache.set(env, lastRead.config);
    return lastRead.config;
  }
  const config = readConfig(env);
  lastRead = { values, config };
  cache.set(env, config);
  return config;
}

function readConfig(env: Env): Config {
  const problems: string[] = [];
  const givenEnvironment = emptyToUndefined(env.ENVIRONMENT) ?? "production";
  if (!(ENVIRONMENTS as readonly string[]).includes(givenEnvironment)) {
    throw new ConfigError([`ENVIRONMENT must be one of ${ENVIRONMENTS.join(", ")} (it is "${givenEnvironment}").`]);
  }
  const environment = givenEnvironment as Environment;
  const production = environment === "production";
  const allowTestPayments = isTrue(env.ALLOW_TEST_PAYMENTS);
  const allowOutboxMail = isTrue(env.ALLOW_OUTBOX_MAIL);

  const secret = (value: string | undefined, name: string) => {
    const given = emptyToUndefined(value);
    if (!production) return given ?? LOCAL_DEVELOPMENT_SECRET;
    if (!given) problems.push(`${name} must be set (wrangler secret put ${name}).`);
    else if (PUBLISHED_SECRETS.includes(given)) problems.push(`${name} is a value published in the repository.`);
    else if (given.length < 32) problems.push(`${name} must be at least 32 characters.`);
    return given ?? "";
  };
  const jwtSecret = secret(env.JWT_SECRET, "JWT_SECRET");
  const mediaSigningSecret = secret(env.MEDIA_SIGNING_SECRET, "MEDIA_SIGNING_SECRET");
  if (production && jwtSecret && jwtSecret === mediaSigningSecret) {
    problems.push("JWT_SECRET and MEDIA_SIGNING_SECRET must differ.");
  }

  const appUrl = emptyToUndefined(env.APP_URL);
  if (production) {
    if (!appUrl) problems.push("APP_URL must be set to the public https address.");
    else if (!/^https:\/\/[^/]+/i.test(appUrl)) problems.push("APP_URL must be an https address.");
  }

  const paymentsProvider = emptyToUndefined(env.PAYMENTS_PROVIDER) ?? (production ? "stripe" : "local");
  const stripeSecretKey = emptyToUndefined(env.STRIPE_SECRET_KEY);
  const stripeWebhookSecret = emptyToUndefined(env.STRIPE_WEBHOOK_SECRET);
  if (production && paymentsProvider === "local" && !allowTestPayments) {
    problems.push(
      "PAYMENTS_PROVIDER=local (the test checkout) is refused in production; allow it on staging only with ALLOW_TEST_PAYMENTS=true.",
    );
  }
  if (production && paymentsProvider === "stripe") {
    if (!stripeSecretKey) problems.push("STRIPE_SECRET_KEY must be set when PAYMENTS_PROVIDER=stripe.");
    else if (stripeSecretKey.startsWith("sk_test_") && !allowTestPayments) {
      problems.push("STRIPE_SECRET_KEY is a test-mode key; allow it on staging only with ALLOW_TEST_PAYMENTS=true.");
    }
    if (!stripeWebhookSecret) problems.push("STRIPE_WEBHOOK_SECRET must be set when PAYMENTS_PROVIDER=stripe.");
  }

  const mailProvider = emptyToUndefined(env.MAIL_PROVIDER) ?? (production ? "resend" : "outbox");
  const resendApiKey = emptyToUndefined(env.RESEND_API_KEY);
  if (production && mailProvider === "outbox" && !allowOutboxMail) {
    problems.push(
      "MAIL_PROVIDER=outbox keeps mail in the database instead of sending it; allow it on staging only with ALLOW_OUTBOX_MAIL=true.",
    );
  }
  if (mailProvider === "resend" && !resendApiKey && production) {
    problems.push("RESEND_API_KEY must be set when MAIL_PROVIDER=resend.");
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const parsed = configSchema.safeParse({
    appName: emptyToUndefined(env.APP_NAME),
    appUrl,
    environment,
    jwtSecret,
    mediaSigningSecret,
    googleClientId: emptyToUndefined(env.GOOGLE_CLIENT_ID),
    googleClientSecret: emptyToUndefined(env.GOOGLE_CLIENT_SECRET),
    sentryDsn: emptyToUndefined(env.SENTRY_DSN),
    sentryBrowserDsn: emptyToUndefined(env.SENTRY_BROWSER_DSN),
    analyticsId: emptyToUndefined(env.ANALYTICS_ID),
    release: emptyToUndefined(env.RELEASE),
    paymentsProvider,
    stripeSecretKey,
    stripeWebhookSecret,
    stripePriceMonthly: emptyToUndefined(env.STRIPE_PRICE_MONTHLY),
    stripePriceAnnual: emptyToUndefined(env.STRIPE_PRICE_ANNUAL),
    mailProvider,
    mailFrom: emptyToUndefined(env.MAIL_FROM),
    resendApiKey,
  });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}.`));
  }
  return parsed.data;
}

export const isGoogleEnabled = (config: Config) => Boolean(config.googleClientId && config.googleClientSecret);

/** Local tools (the /dev pages, the outbox reader, the declined-renewal switch) exist only here. */
export const hasDevelopmentTools = (config: Config) => config.environment !== "production";

/**
 * A Worker has no start-up step, so "refusing to start" means refusing every request: with a
 * configuration that fails closed this answers 503 with what to set (names, never values) and logs it
 * for `wrangler tail`; with a good one it answers null.
 */
export function configErrorResponse(env: Env): Response | null {
  try {
    getConfig(env);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    const list = error.problems.map((problem) => `- ${problem}`).join("\n");
    return new Response(`Ahla is not configured, so it will not serve requests.\n\n${list}\n`, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
