// wrangler.toml's top level is production. Local servers (npm start, npm run dev, the e2e server) opt
// into development, the in-app test checkout and the outbox here: the shell wins, then .dev.vars (which
// wrangler reads itself), then these defaults. APP_URL (the address in canonical links, the sitemap, the
// feeds and mails) defaults to the local server's own port, so `PORT=8941 npm start` names :8941.
import { existsSync, readFileSync } from "node:fs";

const LOCAL_DEFAULTS = {
  ENVIRONMENT: "development",
  PAYMENTS_PROVIDER: "local",
  MAIL_PROVIDER: "outbox",
};

/** The name = value pairs of .dev.vars (surrounding quotes dropped), or none when there is no such file. */
export function readDevVars() {
  if (!existsSync(".dev.vars")) return {};
  const vars = {};
  for (const line of readFileSync(".dev.vars", "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^["']|["']$/g, "");
  }
  return vars;
}

/**
 * The variables to lay over wrangler.toml's [vars] for a local server listening on `port` (npm start and
 * the e2e server: $PORT or 8787; npm run dev: Vite's port). `env` and `devVars` are the shell's variables
 * and .dev.vars' (read here unless given: tests/unit/local-vars.test.ts passes its own).
 */
export function localVarOverrides({ port, env = process.env, devVars = readDevVars() } = {}) {
  const environment = env.ENVIRONMENT || devVars.ENVIRONMENT || LOCAL_DEFAULTS.ENVIRONMENT;
  // A local server asked to behave as production names its public https address itself (or fails closed).
  const appUrl = environment === "production" ? {} : { APP_URL: `http://localhost:${port || env.PORT || "8787"}` };
  const defaults = { ...LOCAL_DEFAULTS, ...appUrl };
  const overrides = {};
  for (const [name, value] of Object.entries(defaults)) {
    if (env[name]) overrides[name] = env[name];
    else if (!devVars[name]) overrides[name] = value;
  }
  return overrides;
}
