/**
 * The variables to lay over wrangler.toml's [vars] for a local server listening on `port` (scripts/local-vars.mjs):
 * development defaults and APP_URL at http://localhost:<port>, unless the shell (`env`) or .dev.vars (`devVars`)
 * set them.
 */
export function localVarOverrides(options?: {
  port?: string;
  env?: Record<string, string | undefined>;
  devVars?: Record<string, string>;
}): Record<string, string>;
