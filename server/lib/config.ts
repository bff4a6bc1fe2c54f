import { z } from "zod";
import type { Env } from "../env";

const LOCAL_SECRET = "ahla-local-development-secret-not-for-production";

const configSchema = z.object({
  appName: z.string().min(1).default("Ahla"),
  appUrl: z.url().default("http://localhost:8787"),
  environment: z.enum(["development", "test", "production"]).default("development"),
  jwtSecret: z.string().min(32),
  mediaSigningSecret: z.string().min(32),
  googleClientId: z.string().optional(),
  googleClientSecret: z.string().optional(),
  sentryDsn: z.string().optional(),
  sentryBrowserDsn: z.string().optional(),
  analyticsId: z.string().optional(),
  release: z.string().default("dev"),
  paymentsProvider: z.enum(["local", "stripe"]).default("local"),
  stripeSecretKey: z.string().optional(),
  stripeWebhookSecret: z.string().optional(),
  /** Price ids per plan name; a plan's own `stripe_price_id` column wins over these. */
  stripePriceMonthly: z.string().optional(),
  stripePriceAnnual: z.string().optional(),
  mailProvider: z.enum(["outbox", "resend"]).default("outbox"),
  mailFrom: z.string().default("Ahla <hello@ahla.dev>"),
  resendApiKey: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

const emptyToUndefined = (value: string | undefined) => (value && value.trim() !== "" ? value : undefined);

/**
 * Reads configuration from the Worker env. Secrets fall back to a fixed local value so `npm start`
 * works with nothing set, but never in production, where a missing secret is a start-up error.
 */
export function getConfig(env: Env): Config {
  const environment = emptyToUndefined(env.ENVIRONMENT) ?? "development";
  const isProduction = environment === "production";
  const secret = (value: string | undefined, name: string) => {
    const given = emptyToUndefined(value);
    if (given) return given;
    if (isProduction) throw new Error(`${name} must be set in production`);
    return LOCAL_SECRET;
  };
  const usesStripe = emptyToUndefined(env.PAYMENTS_PROVIDER) === "stripe";
  const stripeSetting = (value: string | undefined, name: string) => {
    const given = emptyToUndefined(value);
    if (!given && usesStripe && isProduction) throw new Error(`${name} must be set when PAYMENTS_PROVIDER=stripe`);
    return given;
  };
  return configSchema.parse({
    appName: emptyToUndefined(env.APP_NAME),
    appUrl: emptyToUndefined(env.APP_URL),
    environment,
    jwtSecret: secret(env.JWT_SECRET, "JWT_SECRET"),
    mediaSigningSecret: secret(env.MEDIA_SIGNING_SECRET, "MEDIA_SIGNING_SECRET"),
    googleClientId: emptyToUndefined(env.GOOGLE_CLIENT_ID),
    googleClientSecret: emptyToUndefined(env.GOOGLE_CLIENT_SECRET),
    sentryDsn: emptyToUndefined(env.SENTRY_DSN),
    sentryBrowserDsn: emptyToUndefined(env.SENTRY_BROWSER_DSN),
    analyticsId: emptyToUndefined(env.ANALYTICS_ID),
    release: emptyToUndefined(env.RELEASE),
    paymentsProvider: emptyToUndefined(env.PAYMENTS_PROVIDER),
    stripeSecretKey: stripeSetting(env.STRIPE_SECRET_KEY, "STRIPE_SECRET_KEY"),
    stripeWebhookSecret: stripeSetting(env.STRIPE_WEBHOOK_SECRET, "STRIPE_WEBHOOK_SECRET"),
    stripePriceMonthly: emptyToUndefined(env.STRIPE_PRICE_MONTHLY),
    stripePriceAnnual: emptyToUndefined(env.STRIPE_PRICE_ANNUAL),
    mailProvider: emptyToUndefined(env.MAIL_PROVIDER),
    mailFrom: emptyToUndefined(env.MAIL_FROM),
    resendApiKey: emptyToUndefined(env.RESEND_API_KEY),
  });
}

export const isGoogleEnabled = (config: Config) => Boolean(config.googleClientId && config.googleClientSecret);
