import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../drizzle/schema";
import type { Env } from "./env";
import { getConfig, type Config } from "./lib/config";

export type Database = DrizzleD1Database<typeof schema>;

/** What every service receives first: the request's bindings, never a global connection. */
export interface AppContext {
  env: Env;
  db: Database;
  bucket: R2Bucket;
  config: Config;
  now: () => Date;
}

export function createAppContext(env: Env, options: { now?: () => Date } = {}): AppContext {
  return {
    env,
    db: drizzle(env.DB, { schema }),
    bucket: env.MEDIA,
    config: getConfig(env),
    now: options.now ?? (() => new Date()),
  };
}
