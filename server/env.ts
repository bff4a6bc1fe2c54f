import type { ReminderQueueMessage } from "./queue-messages";

/** Bindings and variables of the Worker (wrangler.toml, .dev.vars, secrets). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  ASSETS?: Fetcher;
  AI?: Ai;
  /**
   * The reminder fan-out queue (wrangler.toml: producer and consumer in this Worker). Absent where nothing
   * binds it (the workerd tests): the cron then delivers reminders itself (docs/reminders.md).
   */
  REMINDERS?: Queue<ReminderQueueMessage>;
  APP_NAME?: string;
  APP_URL?: string;
  ENVIRONMENT?: string;
  JWT_SECRET?: string;
  MEDIA_SIGNING_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  SENTRY_DSN?: string;
  SENTRY_BROWSER_DSN?: string;
  ANALYTICS_ID?: string;
  RELEASE?: string;
  PAYMENTS_PROVIDER?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_MONTHLY?: string;
  STRIPE_PRICE_ANNUAL?: string;
  /** Staging only: lets production run the in-app test checkout or a Stripe test-mode key. */
  ALLOW_TEST_PAYMENTS?: string;
  MAIL_PROVIDER?: string;
  /** Staging only: lets production keep mail in the D1 outbox instead of sending it. */
  ALLOW_OUTBOX_MAIL?: string;
  MAIL_FROM?: string;
  RESEND_API_KEY?: string;
}
