import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { Env } from "./env";
import { getConfig, type Config } from "./lib/config";
import type { D1RequestSession } from "./lib/d1-session";

/**
 * Drizzle's query builder without its relational `db.query` API, which nothing here uses: given the schema,
 * `drizzle()` rebuilds the relations of every table on each call, and this runs twice per request.
 */
export type Database = DrizzleD1Database;

/** What every service receives first: the request's bindings, never a global connection. */
export interface AppContext {
  env: Env;
  /** Reads: a D1 replica when this request may be served by one (server/lib/d1-session.ts). */
  db: Database;
  /**
   * The primary: writes made while serving a GET, the sign-in lookup and entitlement checks. The same
   * handle as `db` on a request that may write, and outside a request (the cron, tests, scripts).
   */
  primary: Database;
  bucket: R2Bucket;
  config: Config;
  now: () => Date;
}

/**
 * `d1` is the request's D1 session (server/app.ts opens one per request); without it both handles are the
 * binding itself, which always goes to the primary.
 */
export function createAppContext(
  env: Env,
  options: { now?: () => Date; d1?: Pick<D1RequestSession, "reads" | "primary"> } = {},
): AppContext {
  const db = drizzle(options.d1?.reads ?? env.DB);
  const primary = options.d1 && options.d1.primary !== options.d1.reads ? drizzle(options.d1.primary) : db;
  return {
    env,
    db,
    primary,
    bucket: env.MEDIA,
    config: getConfig(env),
    now: options.now ?? (() => new Date()),
  };
}

/**
 * The same context with every read and write on the primary: for a service that writes while serving a
 * GET, or reads what was written moments ago (a token from an email link), so the whole flow, down to
 * the helpers it calls, sees and changes the primary.
 */
export function onPrimary(ctx: AppContext): AppContext {
  return ctx.db === ctx.primary ? ctx : { ...ctx, db: ctx.primary };
}
