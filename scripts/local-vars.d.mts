/** The variables to lay over wrangler.toml's [vars] for a local server (scripts/local-vars.mjs). */
export function localVarOverrides(): Record<string, string>;
